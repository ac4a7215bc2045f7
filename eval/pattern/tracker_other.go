//go:build !amd64

package pattern

import "github.com/reversi-engine/reversi/board"

// useAVX2 and useGather are false: there is no AVX2 code for this
// architecture.
const useAVX2, useGather = false, false

// playAVX2 is never called on this architecture.
func playAVX2(cur, next *indexes, sq uint, flips uint64, aToMove bool) {
	*next = *cur
	playGeneric(next, board.Square(sq), flips, aToMove)
}

// gatherSum is never called on this architecture.
func gatherSum(flat *int16, idx *indexes) int32 { panic("pattern: no gathers on this architecture") }
