// The tracker's update with AVX2, where the processor has it.

package pattern

import "github.com/reversi-engine/reversi/internal/cpufeature"

// useAVX2 chooses playAVX2 over playGeneric.
var useAVX2 = cpufeature.AVX2

// playAVX2 copies idx to saved, then makes the changes of playGeneric:
// the powers of the flipped squares summed in six 256-bit registers
// (squarePows[f] for each square f of flips), then idx += squarePows[sq]
// - sum if aToMove, else idx += 2*squarePows[sq] + sum. sq must be a
// square (below 64). It needs AVX2.
//
//go:noescape
func playAVX2(idx, saved *indexes, sq uint, flips uint64, aToMove bool)
