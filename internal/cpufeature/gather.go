package cpufeature

// fastGather reports whether the processor of that vendor, family and
// model does AVX2 gathers faster than the loads they replace. The older
// cores do them slowly (Intel before Skylake, AMD before Zen 3), and
// Intel's cores from Skylake to Tiger Lake and Ice Lake run them several
// times slower under the microcode that mends Gather Data Sampling
// ("Downfall", 2023). So the list is of the cores known to be neither:
// AMD from Zen 3 (family 0x19 on), and Intel's cores from Alder Lake and
// Sapphire Rapids on. Any other processor reads the weights one by one,
// which is never slow.
func fastGather(vendor string, family, model uint32) bool {
	switch vendor {
	case "AuthenticAMD":
		return family >= 0x19
	case "GenuineIntel":
		if family != 6 {
			return false
		}
		switch model {
		case 0x97, 0x9a, // Alder Lake
			0xb7, 0xba, 0xbf, // Raptor Lake
			0xaa, 0xac, // Meteor Lake
			0xbd,       // Lunar Lake
			0xc5, 0xc6, // Arrow Lake
			0x8f,       // Sapphire Rapids
			0xcf,       // Emerald Rapids
			0xad, 0xae: // Granite Rapids
			return true
		}
	}
	return false
}
