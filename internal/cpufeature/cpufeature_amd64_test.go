package cpufeature

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestIdentifyAgreesWithLinux: the vendor, family and model read from
// CPUID are the ones Linux shows for the first processor.
func TestIdentifyAgreesWithLinux(t *testing.T) {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("no /proc/cpuinfo to compare with: %v", err)
	}
	fields := map[string]string{}
	for line := range strings.Lines(string(data)) {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			if strings.TrimSpace(line) == "" && len(fields) > 0 {
				break // the first processor only
			}
			continue
		}
		fields[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
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
