//go:build !amd64

// Move generation and flips on processors without an optimised version.

package board

// hasAVX2 is false: there is no AVX2 code for this architecture.
const hasAVX2 = false

// moves returns the legal moves of P against O (see movesGeneric).
func moves(P, O uint64) uint64 { return movesGeneric(P, O) }

// movesAVX2 is never called on this architecture.
func movesAVX2(P, O uint64) uint64 { return movesGeneric(P, O) }

// play returns the board after a P disc is placed on sq (see playGeneric).
func play(P, O uint64, sq Square) Board { return playGeneric(P, O, sq) }

// playAVX2 is never called on this architecture.
func playAVX2(P, O uint64, sq Square) Board { return playGeneric(P, O, sq) }

// Implementation names the move generation code in use: "generic" on this
// architecture.
func Implementation() string { return "generic" }
