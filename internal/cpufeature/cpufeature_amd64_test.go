package cpufeature

import (
	"strconv"
	"testing"
)

// TestIdentifyAgreesWithLinux: the vendor, family and model read from
// CPUID are the ones Linux shows for the first processor.
func TestIdentifyAgreesWithLinux(t *testing.T) {
	fields := firstCPU(t)
	family, err1 := strconv.ParseUint(fields["cpu family"], 10, 32)
	model, err2 := strconv.ParseUint(fields["model"], 10, 32)
	if fields["vendor_id"] == "" || err1 != nil || err2 != nil {
		t.Skipf("/proc/cpuinfo gives no vendor, family and model: %q", fields)
	}
	vendor, f, m := identify()
	if vendor != fields["vendor_id"] || uint64(f) != family || uint64(m) != model {
		t.Errorf("identify() = %q, family %d, model %d; /proc/cpuinfo says %q, %d, %d", vendor, f, m, fields["vendor_id"], family, model)
	}
	if want := AVX2 && fastGather(vendor, f, m); FastGather != want {
		t.Errorf("FastGather = %v, want %v", FastGather, want)
	}
}
