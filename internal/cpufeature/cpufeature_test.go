package cpufeature

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// firstCPU returns the fields of the first processor of /proc/cpuinfo
// ("vendor_id", "flags", ...), and skips the test where there is none.
func firstCPU(t *testing.T) map[string]string {
	t.Helper()
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
	return fields
}

// TestAVX2AgreesWithLinux: on Linux, AVX2 is set exactly when the kernel
// lists avx2 among the processor's flags.
func TestAVX2AgreesWithLinux(t *testing.T) {
	flags := strings.Fields(firstCPU(t)["flags"])
	if flags == nil {
		t.Skip("/proc/cpuinfo lists no flags")
	}
	want := runtime.GOARCH == "amd64" && slices.Contains(flags, "avx2")
	if AVX2 != want {
		t.Errorf("AVX2 = %v; /proc/cpuinfo (GOARCH %s) says %v", AVX2, runtime.GOARCH, want)
	}
}
