// The tracker's update with AVX2, where the processor has it.

package pattern

import "github.com/reversi-engine/reversi/internal/cpufeature"

// useAVX2 chooses playAVX2 over playGeneric, useGather gatherSum over
// the loads of score.
var useAVX2, useGather = cpufeature.AVX2, cpufeature.FastGather

// playAVX2 writes to next the indexes of cur changed as playGeneric
// changes them: the powers of the flipped squares summed in six 256-bit
// registers (squarePows[f] for each square f of flips), then next = cur +
// squarePows[sq] - sum if aToMove, else cur + 2*squarePows[sq] + sum. sq
// must be a square (below 64). It needs AVX2.
//
//go:noescape
func playAVX2(cur, next *indexes, sq uint, flips uint64, aToMove bool)

// gatherSum returns the sum of the weights flat[idx[i]] of all the lanes,
// read by six gathers of 32 bits (so flat must have a weight past the
// largest index read). It needs AVX2.
//
//go:noescape
func gatherSum(flat *int16, idx *indexes) int32
