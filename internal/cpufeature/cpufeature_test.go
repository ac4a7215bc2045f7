package cpufeature

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestAVX2AgreesWithLinux: on Linux, AVX2 is set exactly when the kernel
// lists avx2 among the processor's flags.
func TestAVX2AgreesWithLinux(t *testing.T) {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("no /proc/cpuinfo to compare with: %v", err)
	}
	var flags []string
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			flags = strings.Fields(v)
			break
		}
	}
	if flags == nil {
		t.Skip("/proc/cpuinfo lists no flags")
	}
	want := runtime.GOARCH == "amd64" && slices.Contains(flags, "avx2")
	if AVX2 != want {
		t.Errorf("AVX2 = %v; /proc/cpuinfo (GOARCH %s) says %v", AVX2, runtime.GOARCH, want)
	}
}
