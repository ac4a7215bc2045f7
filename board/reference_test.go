// A slow, obviously-correct implementation of the rules on an 8x8 array,
// used to check the bitboard code.

package board

// refBoard is the board as an array: refBoard[row][col] is 1 for a disc of
// the player to move, 2 for an opponent disc, 0 for empty.
type refBoard [8][8]int8

var refDirections = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

func toRef(b Board) refBoard {
	var r refBoard
	for sq := 0; sq < 64; sq++ {
		switch {
		case b.P>>sq&1 == 1:
			r[sq/8][sq%8] = 1
		case b.O>>sq&1 == 1:
			r[sq/8][sq%8] = 2
		}
	}
	return r
}

func fromRef(r refBoard) Board {
	var b Board
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			switch r[row][col] {
			case 1:
				b.P |= 1 << uint(row*8+col)
			case 2:
				b.O |= 1 << uint(row*8+col)
			}
		}
	}
	return b
}

// flips walks from (row, col) in each direction over opponent discs and
// keeps the walk if it ends on a disc of the player to move.
func (r refBoard) flips(row, col int) [][2]int {
	if r[row][col] != 0 {
		return nil
	}
	var out [][2]int
	for _, d := range refDirections {
		var run [][2]int
		y, x := row+d[0], col+d[1]
		for y >= 0 && y < 8 && x >= 0 && x < 8 && r[y][x] == 2 {
			run = append(run, [2]int{y, x})
			y, x = y+d[0], x+d[1]
		}
		if y >= 0 && y < 8 && x >= 0 && x < 8 && r[y][x] == 1 && len(run) > 0 {
			out = append(out, run...)
		}
	}
	return out
}

func (r refBoard) moves() [][2]int {
	var out [][2]int
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			if len(r.flips(row, col)) > 0 {
				out = append(out, [2]int{row, col})
			}
		}
	}
	return out
}

// play places a disc, flips, and swaps the roles of the two sides.
func (r refBoard) play(row, col int) refBoard {
	for _, f := range r.flips(row, col) {
		r[f[0]][f[1]] = 1
	}
	r[row][col] = 1
	return r.pass()
}

func (r refBoard) pass() refBoard {
	for row := range r {
		for col := range r[row] {
			if r[row][col] != 0 {
				r[row][col] = 3 - r[row][col]
			}
		}
	}
	return r
}

func (r refBoard) gameOver() bool {
	return len(r.moves()) == 0 && len(r.pass().moves()) == 0
}

// neighbourOf reports whether some of the 8 squares around (row, col) holds v.
func (r refBoard) neighbourOf(row, col int, v int8) bool {
	for _, d := range refDirections {
		y, x := row+d[0], col+d[1]
		if y >= 0 && y < 8 && x >= 0 && x < 8 && r[y][x] == v {
			return true
		}
	}
	return false
}
