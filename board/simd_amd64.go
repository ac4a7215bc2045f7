// Move generation and flips on amd64: the AVX2 versions where the
// processor has them, the portable ones elsewhere.

package board

// hasAVX2 is set once, when the package is loaded, from the processor's
// feature flags.
var hasAVX2 = detectAVX2()

// moves returns the legal moves of P against O (see movesGeneric).
func moves(P, O uint64) uint64 {
	if hasAVX2 {
		return movesAVX2(P, O)
	}
	return movesGeneric(P, O)
}

// play returns the board after a P disc is placed on the empty square sq,
// from the opponent's side (see playGeneric).
func play(P, O uint64, sq Square) Board {
	if hasAVX2 {
		return playAVX2(P, O, sq)
	}
	return playGeneric(P, O, sq)
}

// playAVX2 is playGeneric computed another way: the runs of O discs from sq
// in the eight directions are grown in the lanes of two 256-bit registers,
// as movesAVX2 grows them from P, and a run is kept if a P disc closes it.
//
//go:noescape
func playAVX2(P, O uint64, sq Square) Board

// movesAVX2 is movesGeneric with the four line directions computed at once
// in the lanes of a 256-bit register. It needs AVX2.
//
//go:noescape
func movesAVX2(P, O uint64) uint64

// detectAVX2 reports whether the processor and the operating system support
// AVX2 instructions.
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

func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

// Implementation names the move generation code in use: "avx2" or
// "generic".
func Implementation() string {
	if hasAVX2 {
		return "avx2"
	}
	return "generic"
}
