package cpufeature

import "testing"

func TestFastGather(t *testing.T) {
	for _, c := range []struct {
		vendor        string
		family, model uint32
		want          bool
	}{
		{"GenuineIntel", 6, 0xcf, true},  // Emerald Rapids
		{"GenuineIntel", 6, 0x97, true},  // Alder Lake
		{"GenuineIntel", 6, 0x8f, true},  // Sapphire Rapids
		{"GenuineIntel", 6, 0x55, false}, // Skylake-SP, Cascade Lake: Downfall
		{"GenuineIntel", 6, 0x6a, false}, // Ice Lake-SP: Downfall
		{"GenuineIntel", 6, 0x8c, false}, // Tiger Lake: Downfall
		{"GenuineIntel", 6, 0x3f, false}, // Haswell-E: slow gathers
		{"GenuineIntel", 0x13, 0xcf, false},
		{"AuthenticAMD", 0x17, 0x31, false}, // Zen 2
		{"AuthenticAMD", 0x19, 0x21, true},  // Zen 3
		{"AuthenticAMD", 0x1a, 0x44, true},  // Zen 5
		{"HygonGenuine", 0x18, 0x01, false},
		{"", 0, 0, false},
	} {
		if got := fastGather(c.vendor, c.family, c.model); got != c.want {
			t.Errorf("fastGather(%q, %#x, %#x) = %v, want %v", c.vendor, c.family, c.model, got, c.want)
		}
	}
}
