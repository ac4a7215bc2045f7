// Squares: numbering, names ("A1".."H8", "PA") and (row, col) coordinates.

package board

import (
	"fmt"
	"strings"
)

// Square is a square of the board (0..63, see the package documentation) or
// one of the special values [Pass] and [NoSquare].
type Square int8

const (
	// Pass is the move of a player who has no legal move. It prints as "PA".
	Pass Square = 64
	// NoSquare marks the absence of a move, e.g. the last move before the
	// first one.
	NoSquare Square = -1
)

// Named squares used often enough to deserve a name.
const (
	A1 Square = 0
	H1 Square = 7
	A8 Square = 56
	H8 Square = 63
)

// SquareAt returns the square at row and column (both 0..7). It panics if
// either is out of range.
func SquareAt(row, col int) Square {
	if row < 0 || row > 7 || col < 0 || col > 7 {
		panic(fmt.Sprintf("board: no square at row %d, column %d", row, col))
	}
	return Square(row*8 + col)
}

// Row returns the row (0 for row "1" .. 7 for row "8") of a board square.
func (s Square) Row() int { return int(s) >> 3 }

// Col returns the column (0 for "A" .. 7 for "H") of a board square.
func (s Square) Col() int { return int(s) & 7 }

// OnBoard reports whether s is one of the 64 squares (not Pass or NoSquare).
func (s Square) OnBoard() bool { return s >= 0 && s < 64 }

// Bit returns the one-bit mask of a board square, 0 for Pass and NoSquare.
func (s Square) Bit() uint64 {
	if !s.OnBoard() {
		return 0
	}
	return 1 << uint(s)
}

// String returns "A1".."H8" for a board square, "PA" for Pass and "--" for
// NoSquare.
func (s Square) String() string {
	switch {
	case s.OnBoard():
		return string([]byte{'A' + byte(s.Col()), '1' + byte(s.Row())})
	case s == Pass:
		return "PA"
	case s == NoSquare:
		return "--"
	}
	return fmt.Sprintf("Square(%d)", int(s))
}

// ParseSquare reads a square name: a column letter A-H and a row digit 1-8
// in either case ("e4", "E4"), or a pass written "PA" or "pass". Surrounding
// spaces are ignored. The error says what is wrong with the text.
func ParseSquare(text string) (Square, error) {
	t := strings.TrimSpace(text)
	switch strings.ToLower(t) {
	case "pa", "pass":
		return Pass, nil
	case "":
		return NoSquare, fmt.Errorf("empty square: want a column A-H and a row 1-8, e.g. D3")
	}
	if len(t) != 2 {
		return NoSquare, fmt.Errorf("%q is not a square: want a column A-H and a row 1-8, e.g. D3", t)
	}
	c, r := t[0]|0x20, t[1] // lower-case the letter
	switch {
	case c >= 'a' && c <= 'h' && r >= '1' && r <= '8':
	case c >= 'a' && c <= 'h' && r >= '0' && r <= '9':
		return NoSquare, fmt.Errorf("%s is not a square: rows go from 1 to 8", strings.ToUpper(t))
	case c >= 'i' && c <= 'z' && r >= '1' && r <= '8':
		return NoSquare, fmt.Errorf("%s is not a square: columns go from A to H", strings.ToUpper(t))
	default:
		return NoSquare, fmt.Errorf("%q is not a square: want a column A-H and a row 1-8, e.g. D3", t)
	}
	return Square(int(r-'1')*8 + int(c-'a')), nil
}

// MustParseSquare is like [ParseSquare] but panics on an invalid name. It
// is meant for constants in programs and tests.
func MustParseSquare(text string) Square {
	s, err := ParseSquare(text)
	if err != nil {
		panic(err)
	}
	return s
}

// Squares returns the squares of a mask in increasing order. It allocates;
// hot paths iterate with [NextSquare] instead.
func Squares(mask uint64) []Square {
	out := make([]Square, 0, popCount(mask))
	for mask != 0 {
		var s Square
		s, mask = NextSquare(mask)
		out = append(out, s)
	}
	return out
}

// NextSquare returns the lowest square of a non-empty mask and the mask
// without it:
//
//	for m := moves; m != 0; {
//		var sq board.Square
//		sq, m = board.NextSquare(m)
//		...
//	}
func NextSquare(mask uint64) (Square, uint64) {
	return Square(trailingZeros(mask)), mask & (mask - 1)
}

// FormatSquares writes the squares of a mask as names separated by spaces,
// e.g. "D3 C4 F5 E6", in the order rows first then columns.
func FormatSquares(mask uint64) string {
	var b strings.Builder
	for mask != 0 {
		var s Square
		s, mask = NextSquare(mask)
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.String())
	}
	return b.String()
}
