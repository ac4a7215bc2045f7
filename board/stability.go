// Stable discs: discs that no sequence of moves can ever turn over.

package board

// StableDiscs returns a mask of discs of the player to move that can never
// be flipped, whatever moves either side plays later. (For the opponent's,
// use b.Pass().StableDiscs().)
//
// A disc can only be flipped along one of the four lines through it
// (horizontal, vertical and the two diagonals), and only by a move on that
// line. So a disc is stable when, on each of the four lines, it is safe:
// the line is full (no move can land on it), or the disc touches the edge
// of the board along the line, or its neighbour on the line is itself a
// stable disc of the same colour (a run can only be flipped as a whole).
// The discs on the four edges are first settled exactly, by a table of
// every edge configuration solved over all sequences of moves on that edge;
// then the rule above is applied until no further disc is found.
//
// The result is sound (every disc it returns is truly stable) and finds
// far more than corner-anchored counts; like every fast method it may miss
// a few discs that are stable for reasons that span several lines.
func (b Board) StableDiscs() uint64 {
	P := b.P
	occ := b.P | b.O
	fullH, fullV, fullD, fullA := fullLines(occ)
	s := P & (edgeStable(b.P, b.O) | fullH&fullV&fullD&fullA)
	if s == 0 {
		return 0
	}
	const (
		colA  = 0x0101010101010101
		colH  = 0x8080808080808080
		row1  = 0x00000000000000FF
		row8  = 0xFF00000000000000
		edges = colA | colH | row1 | row8
	)
	for {
		h := fullH | s<<1&notColA | s>>1&notColH | colA | colH
		v := fullV | s<<8 | s>>8 | row1 | row8
		d := fullD | s<<9&notColA | s>>9&notColH | edges
		a := fullA | s<<7&notColH | s>>7&notColA | edges
		next := s | P&h&v&d&a
		if next == s {
			return s
		}
		s = next
	}
}

// StableCount returns the number of stable discs of the player to move
// (see [Board.StableDiscs]).
func (b Board) StableCount() int { return popCount(b.StableDiscs()) }

// fullLines returns, for each of the four line directions, the mask of the
// squares whose line in that direction is completely filled.
func fullLines(occ uint64) (h, v, d, a uint64) {
	// A row is full when its eight bits are set: fold each row onto its
	// first column, then spread the result back along the row.
	t := occ & (occ >> 4)
	t &= t >> 2
	t &= t >> 1
	h = (t & 0x0101010101010101) * 0xFF
	// A column is full when its eight bits are set: fold rows onto row 1.
	t = occ & (occ >> 32)
	t &= t >> 16
	t &= t >> 8
	v = (t & 0xFF) * 0x0101010101010101
	for _, m := range diagonalLines {
		if occ&m == m {
			d |= m
		}
	}
	for _, m := range antiDiagonalLines {
		if occ&m == m {
			a |= m
		}
	}
	return h, v, d, a
}

// diagonalLines and antiDiagonalLines list the 15 lines of each diagonal
// direction (A1-H8 and H1-A8 directions), corners included.
var diagonalLines, antiDiagonalLines = makeDiagonals()

func makeDiagonals() (diag, anti [15]uint64) {
	for sq := 0; sq < 64; sq++ {
		row, col := sq/8, sq%8
		diag[row-col+7] |= 1 << uint(sq)
		anti[row+col] |= 1 << uint(sq)
	}
	return diag, anti
}

// edgeStable returns the discs (of both colours) on the four edges that are
// stable along their edge.
func edgeStable(P, O uint64) uint64 {
	return uint64(edgeTable[uint8(P)][uint8(O)]) |
		uint64(edgeTable[uint8(P>>56)][uint8(O>>56)])<<56 |
		columnOfByte[edgeTable[columnByte(P, 0)][columnByte(O, 0)]] |
		columnOfByte[edgeTable[columnByte(P, 7)][columnByte(O, 7)]]<<7
}

// columnByte gathers column col of x into a byte, row 1 in bit 0.
func columnByte(x uint64, col uint) uint8 {
	return uint8((x >> col & 0x0101010101010101) * 0x0102040810204080 >> 56)
}

// columnOfByte[b] spreads byte b over column A, bit k to row k.
var columnOfByte = func() (t [256]uint64) {
	for b := range t {
		for k := 0; k < 8; k++ {
			if b>>k&1 != 0 {
				t[b] |= 1 << uint(8*k)
			}
		}
	}
	return t
}()

// edgeTable[p][o] is the mask of the discs of a line of eight squares (p
// and o the discs of each colour) that no sequence of moves on the line can
// flip. On an edge a disc may be placed on any empty square by either
// colour (it may flip discs along other lines), so the table considers
// every sequence of placements, flipping along the line as the rules do.
var edgeTable = makeEdgeTable()

func makeEdgeTable() *[256][256]uint8 {
	t := new([256][256]uint8)
	var done [256][256]bool
	var solve func(p, o uint8) uint8
	solve = func(p, o uint8) uint8 {
		if done[p][o] {
			return t[p][o]
		}
		stable := p | o
		empty := ^stable
		for e := 0; e < 8 && stable != 0; e++ {
			if empty>>e&1 == 0 {
				continue
			}
			for side := 0; side < 2; side++ {
				me, you := p, o
				if side == 1 {
					me, you = o, p
				}
				f := lineFlips(me, you, e)
				me |= f | 1<<e
				you &^= f
				np, no := me, you
				if side == 1 {
					np, no = you, me
				}
				unchanged := p&np | o&no
				stable &= unchanged & solve(np, no)
			}
		}
		done[p][o], t[p][o] = true, stable
		return stable
	}
	for p := 0; p < 256; p++ {
		for o := 0; o < 256; o++ {
			if p&o == 0 {
				solve(uint8(p), uint8(o))
			}
		}
	}
	return t
}

// lineFlips returns the discs of you flipped when me plays on square e of a
// line of eight squares.
func lineFlips(me, you uint8, e int) uint8 {
	var f uint8
	for _, step := range [2]int{-1, 1} {
		var run uint8
		i := e + step
		for i >= 0 && i < 8 && you>>i&1 != 0 {
			run |= 1 << i
			i += step
		}
		if i >= 0 && i < 8 && me>>i&1 != 0 {
			f |= run
		}
	}
	return f
}
