// Move generation: the legal moves of the player to move, eight directions
// at once, with shifts and no branches (hot path).

package board

// Column masks that stop a horizontal or diagonal shift from wrapping a
// disc from one row into the next.
const (
	notColA  = 0xFEFEFEFEFEFEFEFE // every square but column A
	notColH  = 0x7F7F7F7F7F7F7F7F // every square but column H
	notEdgeH = 0x7E7E7E7E7E7E7E7E // neither column A nor column H
)

// innerColumns is notEdgeH held in a variable: the compiler then keeps
// O&innerColumns in a register instead of re-applying the constant at every
// use, which measurably speeds up moves.
var innerColumns uint64 = notEdgeH

// movesGeneric returns the empty squares from which a disc of P would bracket a
// run of O discs in some direction.
//
// For each line direction (shift 1, 8, 7 or 9) and both senses along it,
// it grows the runs of O discs that start next to a P disc: two single
// steps reach runs of length 2, then two double steps (through squares
// whose predecessor is also an O disc) reach length 6, the longest run
// possible. The squares just past a run are the moves. Horizontal and
// diagonal runs may not include columns A and H, which stops a run from
// wrapping onto the next row. The code is unrolled with constant shifts:
// a helper with a variable shift is neither inlined nor as fast.
func movesGeneric(P, O uint64) uint64 {
	in := O & innerColumns

	// Horizontal (shift 1).
	l := in & (P << 1)
	r := in & (P >> 1)
	l |= in & (l << 1)
	r |= in & (r >> 1)
	pl := in & (in << 1)
	pr := in & (in >> 1)
	l |= pl & (l << 2)
	r |= pr & (r >> 2)
	l |= pl & (l << 2)
	r |= pr & (r >> 2)
	m := l<<1 | r>>1

	// Vertical (shift 8): no wrap possible, every O disc may be in a run.
	l = O & (P << 8)
	r = O & (P >> 8)
	l |= O & (l << 8)
	r |= O & (r >> 8)
	pl = O & (O << 8)
	pr = O & (O >> 8)
	l |= pl & (l << 16)
	r |= pr & (r >> 16)
	l |= pl & (l << 16)
	r |= pr & (r >> 16)
	m |= l<<8 | r>>8

	// Anti-diagonal (shift 7).
	l = in & (P << 7)
	r = in & (P >> 7)
	l |= in & (l << 7)
	r |= in & (r >> 7)
	pl = in & (in << 7)
	pr = in & (in >> 7)
	l |= pl & (l << 14)
	r |= pr & (r >> 14)
	l |= pl & (l << 14)
	r |= pr & (r >> 14)
	m |= l<<7 | r>>7

	// Diagonal (shift 9).
	l = in & (P << 9)
	r = in & (P >> 9)
	l |= in & (l << 9)
	r |= in & (r >> 9)
	pl = in & (in << 9)
	pr = in & (in >> 9)
	l |= pl & (l << 18)
	r |= pr & (r >> 18)
	l |= pl & (l << 18)
	r |= pr & (r >> 18)
	m |= l<<9 | r>>9

	return m &^ (P | O)
}
