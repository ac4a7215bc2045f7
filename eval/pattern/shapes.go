// The pattern shapes, their instances on the board, and the indexes of
// configurations.

package pattern

import (
	"math/bits"

	"github.com/reversi-engine/reversi/board"
)

// Shape is a pattern: a list of squares in a fixed order (the first is the
// lowest base-3 digit of an index).
type Shape struct {
	Name    string
	Squares []board.Square
}

// Size returns the number of configurations of the shape, 3^k.
func (s Shape) Size() int { return pow3[len(s.Squares)] }

func squares(names ...string) []board.Square {
	out := make([]board.Square, len(names))
	for i, n := range names {
		out[i] = board.MustParseSquare(n)
	}
	return out
}

// Shapes are the pattern shapes, each given at one place (the A1 corner,
// the first row or the A1-H8 direction); the symmetries of the board
// place the others.
var Shapes = []Shape{
	{"corner3x3", squares("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")},
	{"corner2x5", squares("A1", "B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "E2")},
	{"edge2x", squares("A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "B2", "G2")},
	{"row2", squares("A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2")},
	{"row3", squares("A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3")},
	{"row4", squares("A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4")},
	{"diag8", squares("A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8")},
	{"diag7", squares("B1", "C2", "D3", "E4", "F5", "G6", "H7")},
	{"diag6", squares("C1", "D2", "E3", "F4", "G5", "H6")},
	{"diag5", squares("D1", "E2", "F3", "G4", "H5")},
	{"diag4", squares("E1", "F2", "G3", "H4")},
}

// NumShapes is the number of shapes.
const NumShapes = 11

// NumInstances is the number of shape instances on the board.
const NumInstances = 46

// maxSquares bounds the squares of a shape.
const maxSquares = 10

var pow3 = [maxSquares + 1]int{1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049}

// Instance is a shape placed on the board.
type Instance struct {
	Shape   int            // index in Shapes
	Squares []board.Square // the shape's squares under one symmetry, in the shape's order
}

// Instances are the 46 instances: each shape under the eight symmetries,
// keeping one instance per set of squares.
var Instances = func() []Instance {
	var out []Instance
	for si, sh := range Shapes {
		var seen []uint64
		for s := board.Symmetry(0); s < board.Symmetries; s++ {
			var mask uint64
			sq := make([]board.Square, len(sh.Squares))
			for k, x := range sh.Squares {
				sq[k] = s.ApplySquare(x)
				mask |= sq[k].Bit()
			}
			dup := false
			for _, m := range seen {
				dup = dup || m == mask
			}
			if !dup {
				seen = append(seen, mask)
				out = append(out, Instance{Shape: si, Squares: sq})
			}
		}
	}
	return out
}()

// squareTerm says that a square is digit pow of instance inst.
type squareTerm struct {
	inst uint8
	pow  uint32
}

// squareTerms[sq] lists the instances that hold square sq.
var squareTerms = func() (t [64][]squareTerm) {
	for i, in := range Instances {
		for k, sq := range in.Squares {
			t[sq] = append(t[sq], squareTerm{uint8(i), uint32(pow3[k])})
		}
	}
	return t
}()

// Indexes computes the index of every instance on b from scratch: digit 1
// for a disc of the player to move, 2 for the opponent's, 0 for empty.
func Indexes(b board.Board, idx *[NumInstances]uint32) {
	*idx = [NumInstances]uint32{}
	for x := b.P; x != 0; x &= x - 1 {
		sq := bitIndex(x)
		for _, t := range squareTerms[sq] {
			idx[t.inst] += t.pow
		}
	}
	for x := b.O; x != 0; x &= x - 1 {
		sq := bitIndex(x)
		for _, t := range squareTerms[sq] {
			idx[t.inst] += 2 * t.pow
		}
	}
}

// swapIndex returns the index with digits 1 and 2 exchanged: the same
// squares seen from the other side.
func swapIndex(idx, k int) int {
	out := 0
	for d, p := 0, 1; d < k; d, p = d+1, p*3 {
		switch idx / p % 3 {
		case 1:
			out += 2 * p
		case 2:
			out += p
		}
	}
	return out
}

// Canonical maps each index of a shape to the smallest index of the
// configurations that are its images under the symmetries of the board
// that keep the shape's squares in place (a row read backwards, a corner
// block transposed): they must share a weight.
func (s Shape) Canonical() []uint32 {
	k := len(s.Squares)
	var perms [][]int
	for sym := board.Symmetry(1); sym < board.Symmetries; sym++ {
		perm := make([]int, k)
		ok := true
		for i, sq := range s.Squares {
			img := sym.ApplySquare(sq)
			perm[i] = -1
			for j, x := range s.Squares {
				if x == img {
					perm[i] = j
				}
			}
			ok = ok && perm[i] >= 0
		}
		if ok {
			perms = append(perms, perm)
		}
	}
	out := make([]uint32, pow3[k])
	for idx := range out {
		best := idx
		for _, perm := range perms {
			img := 0
			for i := range k {
				img += idx / pow3[i] % 3 * pow3[perm[i]]
			}
			best = min(best, img)
		}
		out[idx] = uint32(best)
	}
	return out
}

func bitIndex(x uint64) int { return bits.TrailingZeros64(x) }
