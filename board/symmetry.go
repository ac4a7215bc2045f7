// The eight symmetries of the board and the canonical form of a position.

package board

import "math/bits"

// Symmetry is one of the eight symmetries of the square board, numbered
// 0..7. Symmetry s applies, in this order: a transposition about the A1-H8
// diagonal if s&4 != 0, a vertical flip (row 1 <-> row 8) if s&2 != 0, and
// a horizontal mirror (column A <-> column H) if s&1 != 0. Symmetry 0 is the
// identity; 3 is the half turn.
type Symmetry uint8

// Symmetries is the number of symmetries of the board.
const Symmetries = 8

// ApplyMask returns the image of a mask under the symmetry.
func (s Symmetry) ApplyMask(x uint64) uint64 {
	if s&4 != 0 {
		x = transpose(x)
	}
	if s&2 != 0 {
		x = bits.ReverseBytes64(x)
	}
	if s&1 != 0 {
		x = mirrorColumns(x)
	}
	return x
}

// ApplySquare returns the image of a square under the symmetry; Pass and
// NoSquare are left as they are.
func (s Symmetry) ApplySquare(sq Square) Square {
	if !sq.OnBoard() {
		return sq
	}
	row, col := sq.Row(), sq.Col()
	if s&4 != 0 {
		row, col = col, row
	}
	if s&2 != 0 {
		row = 7 - row
	}
	if s&1 != 0 {
		col = 7 - col
	}
	return SquareAt(row, col)
}

// Apply returns the image of a board under the symmetry.
func (s Symmetry) Apply(b Board) Board {
	return Board{P: s.ApplyMask(b.P), O: s.ApplyMask(b.O)}
}

// Inverse returns the symmetry that undoes s.
func (s Symmetry) Inverse() Symmetry {
	// Flips commute with each other; moving the transposition past them
	// swaps the vertical flip and the horizontal mirror.
	if s&4 != 0 && (s&3 == 1 || s&3 == 2) {
		return s ^ 3
	}
	return s
}

// Canonical returns the smallest of the eight images of b (ordered by P,
// then O) and the symmetry that maps b onto it. Positions that are the same
// up to symmetry have the same canonical form.
func (b Board) Canonical() (Board, Symmetry) {
	best, bestSym := b, Symmetry(0)
	for s := Symmetry(1); s < Symmetries; s++ {
		c := s.Apply(b)
		if c.P < best.P || c.P == best.P && c.O < best.O {
			best, bestSym = c, s
		}
	}
	return best, bestSym
}

// mirrorColumns swaps column A with H, B with G, and so on.
func mirrorColumns(x uint64) uint64 {
	x = x>>1&0x5555555555555555 | x&0x5555555555555555<<1
	x = x>>2&0x3333333333333333 | x&0x3333333333333333<<2
	x = x>>4&0x0F0F0F0F0F0F0F0F | x&0x0F0F0F0F0F0F0F0F<<4
	return x
}

// transpose swaps rows and columns, (row, col) -> (col, row), with three
// delta swaps (blocks of 4x4, then 2x2, then single squares).
func transpose(x uint64) uint64 {
	t := 0x0F0F0F0F00000000 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = 0x3333000033330000 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = 0x5500550055005500 & (x ^ x<<7)
	x ^= t ^ t>>7
	return x
}
