// Square weight tables of the positional player and their text form.

package course

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/internal/clip"
)

// quoted is the most bytes of a text quoted in a message (clip.Text).
const quoted = 40

// Table holds a weight for each square, indexed by board.Square (A1 = 0,
// B1 = 1, ..., H8 = 63).
type Table [64]int

// courseTable is the course's table, shared with the classic evaluation;
// it has the eight symmetries of the board.
var courseTable = Table(eval.CourseSquares())

// CourseTable returns the weights of the course, the default of the
// positional player:
//
//	     A   B   C   D   E   F   G   H
//	1   20  -3  11   8   8  11  -3  20
//	2   -3  -7  -4   1   1  -4  -7  -3
//	3   11  -4   2   2   2   2  -4  11
//	4    8   1   2  -3  -3   2   1   8
//	5-8 rows 4 to 1 again
func CourseTable() Table { return courseTable }

// triangle lists the ten squares that, with the eight symmetries of the
// board, cover every square: the short form of a symmetric table.
var triangle = [10]board.Square{0, 1, 2, 3, 9, 10, 11, 18, 19, 27} // A1 B1 C1 D1 B2 C2 D2 C3 D3 D4

// SymmetricTable returns the table with the eight symmetries of the board
// whose weights on the triangle A1 B1 C1 D1 B2 C2 D2 C3 D3 D4 are w, in
// that order.
func SymmetricTable(w [10]int) Table {
	var t Table
	for i, sq := range triangle {
		for s := board.Symmetry(0); s < board.Symmetries; s++ {
			t[s.ApplySquare(sq)] = w[i]
		}
	}
	return t
}

// symmetric reports whether t has the eight symmetries of the board, and
// then returns its triangle weights.
func (t Table) symmetric() ([10]int, bool) {
	var w [10]int
	for i, sq := range triangle {
		w[i] = t[sq]
	}
	return w, SymmetricTable(w) == t
}

// String returns the text form of t that [ParseTable] reads: the ten
// weights of A1 B1 C1 D1 B2 C2 D2 C3 D3 D4 separated by '/' if t has the
// eight symmetries of the board, else all 64 weights from A1 to H8, row by
// row. The course table is "20/-3/11/8/-7/-4/1/2/2/-3".
func (t Table) String() string {
	w, ok := t.symmetric()
	ws := w[:]
	if !ok {
		ws = t[:]
	}
	parts := make([]string, len(ws))
	for i, v := range ws {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, "/")
}

// ParseTable reads a table: "course" for [CourseTable], ten integers
// separated by '/' for a symmetric table (see [SymmetricTable]), or 64
// integers separated by '/' from A1 to H8, row by row. Spaces around the
// integers are ignored.
func ParseTable(text string) (Table, error) {
	text = strings.TrimSpace(text)
	if strings.EqualFold(text, "course") {
		return CourseTable(), nil
	}
	fields := strings.Split(text, "/")
	if len(fields) != 10 && len(fields) != 64 {
		return Table{}, fmt.Errorf("table %q has %d weights: want \"course\", 10 weights (A1/B1/C1/D1/B2/C2/D2/C3/D3/D4) or 64 (A1 to H8), separated by '/'",
			clip.Text(text, quoted), len(fields))
	}
	ws := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return Table{}, fmt.Errorf("table weight %d (%s) is %q: want an integer", i+1, weightSquare(i, len(fields)), clip.Text(f, quoted))
		}
		ws[i] = v
	}
	if len(ws) == 10 {
		return SymmetricTable([10]int(ws)), nil
	}
	return Table(ws), nil
}

// weightSquare names the square of the i-th weight of an n-weight table.
func weightSquare(i, n int) board.Square {
	if n == 10 {
		return triangle[i]
	}
	return board.Square(i)
}
