package cpufeature

import "encoding/binary"

// AVX2 reports whether the processor and the operating system support
// AVX2 instructions; it is set once, when the package is loaded.
var AVX2 = detectAVX2()

// FastGather reports whether AVX2 is there and the processor is one whose
// gathers (VPGATHERDD) are known to be faster than as many loads: see
// fastGather.
var FastGather = AVX2 && fastGather(identify())

// detectAVX2 reads the processor's feature flags (CPUID) and the registers
// the operating system saves (XGETBV).
func detectAVX2() bool {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return false
	}
	_, _, ecx, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx&osxsave == 0 || ecx&avx == 0 {
		return false
	}
	// The operating system must save the XMM and YMM registers.
	if xcr0, _ := xgetbv(); xcr0&6 != 6 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<5) != 0
}

// identify returns the processor's vendor ("GenuineIntel",
// "AuthenticAMD", ...), family and model, with the extended fields added
// as Intel's and AMD's manuals say (the numbers Linux shows in
// /proc/cpuinfo).
func identify() (vendor string, family, model uint32) {
	_, ebx, ecx, edx := cpuid(0, 0)
	var v [12]byte
	binary.LittleEndian.PutUint32(v[0:], ebx)
	binary.LittleEndian.PutUint32(v[4:], edx)
	binary.LittleEndian.PutUint32(v[8:], ecx)
	eax, _, _, _ := cpuid(1, 0)
	family, model = eax>>8&0xf, eax>>4&0xf
	if family == 0xf {
		family += eax >> 20 & 0xff
	}
	if family == 0x6 || family >= 0xf {
		model += eax >> 16 & 0xf << 4
	}
	return string(v[:]), family, model
}

func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)
