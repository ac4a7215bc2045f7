// Flips: the discs a move turns over, found line by line with small lookup
// tables (hot path).

package board

// flips returns the O discs that a P disc on the (empty) square sq turns
// over; 0 if the move is illegal.
func flips(P, O uint64, sq Square) uint64 {
	return play(P, O, sq).O &^ (P | 1<<uint(sq&63))
}

// playGeneric returns the board after a P disc is placed on the empty square sq,
// from the opponent's side. Computing the flips and making the new board in
// one function saves a call on the hottest path of every search.
//
// Each of the four lines through sq (row, column, diagonal, anti-diagonal)
// is gathered into a byte, one bit per square of the line, and two tables
// give the answer for that line: outflank[i][o] holds the squares just past
// the runs of opponent discs on either side of position i (o the line's
// opponent discs at positions 1..6: the discs at both ends of a line can
// never be flipped), and flippedLine[i][x] holds the squares between
// position i and the squares of x. The flipped squares of the line are then
// spread back onto the board.
//
// Gathering: a row is a byte of the mask already; a column is gathered by a
// multiplication that moves bit 8k to bit 56+k; a diagonal (whose squares
// all lie in different columns) by a multiplication that adds up the eight
// bytes. Spreading back uses the same multiplications in reverse.
func playGeneric(P, O uint64, sq Square) Board {
	const (
		colA   = 0x0101010101010101
		gather = 0x0102040810204080 // bit 8k -> bit 56+k
		spread = 0x0002040810204081 // bit k -> bit 8k, for k = 1..6
	)
	s := uint(sq & 63)
	row, col := s>>3, s&7
	shift := (row * 8) & 63

	// Row: position col in the line.
	f := uint64(flippedLine[col][outflank[col][O>>shift>>1&63]&uint8(P>>shift)]) << shift

	// Column: position row in the line.
	oc := uint8((O >> col & colA) * gather >> 56)
	pc := uint8((P >> col & colA) * gather >> 56)
	f |= (uint64(flippedLine[row][outflank[row][oc>>1&63]&pc]) * spread & colA) << col

	// Diagonals: position col in the line.
	d := diagonalOf[s]
	od := uint8((O & d) * colA >> 56)
	pd := uint8((P & d) * colA >> 56)
	f |= uint64(flippedLine[col][outflank[col][od>>1&63]&pd]) * colA & d

	a := antiDiagonalOf[s]
	oa := uint8((O & a) * colA >> 56)
	pa := uint8((P & a) * colA >> 56)
	f |= uint64(flippedLine[col][outflank[col][oa>>1&63]&pa]) * colA & a
	return Board{O &^ f, P | f | 1<<s}
}

// outflank[i][o] is the set of positions just past the run of opponent
// discs next to position i, on each side, for the opponent discs o<<1 of a
// line of eight squares (empty if there is no run or it reaches the end).
// flippedLine[i][x] is the set of positions strictly between i and each
// position of x.
var outflank, flippedLine = makeLineTables()

func makeLineTables() (out *[8][64]uint8, flipped *[8][256]uint8) {
	out, flipped = new([8][64]uint8), new([8][256]uint8)
	for i := 0; i < 8; i++ {
		for o6 := 0; o6 < 64; o6++ {
			o := o6 << 1
			for _, step := range [2]int{-1, 1} {
				j, run := i+step, 0
				for j >= 0 && j < 8 && o>>j&1 == 1 {
					j, run = j+step, run+1
				}
				if run > 0 && j >= 0 && j < 8 {
					out[i][o6] |= 1 << j
				}
			}
		}
		for x := 0; x < 256; x++ {
			for j := 0; j < 8; j++ {
				if x>>j&1 == 0 {
					continue
				}
				lo, hi := min(i, j), max(i, j)
				for k := lo + 1; k < hi; k++ {
					flipped[i][x] |= 1 << k
				}
			}
		}
	}
	return out, flipped
}

// diagonalOf[sq] and antiDiagonalOf[sq] are the masks of the A1-H8 and
// H1-A8 direction lines through sq.
var diagonalOf, antiDiagonalOf = makeDiagonalsOf()

func makeDiagonalsOf() (d, a *[64]uint64) {
	d, a = new([64]uint64), new([64]uint64)
	for sq := 0; sq < 64; sq++ {
		for s := 0; s < 64; s++ {
			if s/8-s%8 == sq/8-sq%8 {
				d[sq] |= 1 << uint(s)
			}
			if s/8+s%8 == sq/8+sq%8 {
				a[sq] |= 1 << uint(s)
			}
		}
	}
	return d, a
}
