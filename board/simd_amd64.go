// Move generation and flips on amd64: the AVX2 versions where the
// processor has them, the portable ones elsewhere.

package board

import "github.com/reversi-engine/reversi/internal/cpufeature"

// hasAVX2 is set once, when the package is loaded, from the processor's
// feature flags.
var hasAVX2 = cpufeature.AVX2

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

// Implementation names the move generation code in use: "avx2" or
// "generic".
func Implementation() string {
	if hasAVX2 {
		return "avx2"
	}
	return "generic"
}
