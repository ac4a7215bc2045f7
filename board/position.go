// Positions with colours: whose turn it is, the discs of each colour, and
// the 64-character board text used by OBF files.

package board

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/reversi-engine/reversi/internal/clip"
)

// Color is the colour of a disc or of a player.
type Color int8

const (
	// Black moves first. Its discs print as 'X'.
	Black Color = 0
	// White moves second. Its discs print as 'O'.
	White Color = 1
	// NoColor stands for an empty square, or for no winner (a draw).
	NoColor Color = -1
)

// Other returns the opposite colour (NoColor stays NoColor).
func (c Color) Other() Color {
	if c == NoColor {
		return NoColor
	}
	return 1 - c
}

// String returns "black", "white" or "none".
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "none"
}

// Letter returns 'X' for Black, 'O' for White and '-' for NoColor, the
// letters of the board text.
func (c Color) Letter() byte {
	switch c {
	case Black:
		return 'X'
	case White:
		return 'O'
	}
	return '-'
}

// ParseColor reads a colour: "black", "b", "x" or "*" for Black, "white",
// "w" or "o" for White, in either case.
func ParseColor(text string) (Color, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "black", "b", "x", "*":
		return Black, nil
	case "white", "w", "o":
		return White, nil
	}
	return NoColor, fmt.Errorf("%q is not a colour: want black (X) or white (O)", text)
}

// Position is a Board together with the colour of the player to move.
type Position struct {
	Board Board
	Turn  Color
}

// Start returns the standard start position: White on D4 and E5, Black on
// E4 and D5, Black to move.
func Start() Position { return Position{Board: StartBoard(), Turn: Black} }

// NewPosition builds a position from the masks of each colour. It fails if
// a square holds both colours or turn is not Black or White.
func NewPosition(black, white uint64, turn Color) (Position, error) {
	if black&white != 0 {
		return Position{}, fmt.Errorf("squares %s hold both a black and a white disc", FormatSquares(black&white))
	}
	switch turn {
	case Black:
		return Position{Board{P: black, O: white}, Black}, nil
	case White:
		return Position{Board{P: white, O: black}, White}, nil
	}
	return Position{}, fmt.Errorf("turn must be black or white, not %v", turn)
}

// Black returns the mask of Black's discs.
func (p Position) Black() uint64 {
	if p.Turn == Black {
		return p.Board.P
	}
	return p.Board.O
}

// White returns the mask of White's discs.
func (p Position) White() uint64 {
	if p.Turn == Black {
		return p.Board.O
	}
	return p.Board.P
}

// At returns the colour of the disc on sq, or NoColor if it is empty.
func (p Position) At(sq Square) Color {
	bit := sq.Bit()
	switch {
	case p.Board.P&bit != 0:
		return p.Turn
	case p.Board.O&bit != 0:
		return p.Turn.Other()
	}
	return NoColor
}

// Count returns the number of discs of colour c.
func (p Position) Count(c Color) int {
	if c == Black {
		return popCount(p.Black())
	}
	return popCount(p.White())
}

// Play returns the position after the player to move plays sq (a legal
// move or Pass; legality is not checked, see [Board.IsLegal]).
func (p Position) Play(sq Square) Position {
	return Position{Board: p.Board.Play(sq), Turn: p.Turn.Other()}
}

// Pass returns the position with the turn handed to the other colour.
func (p Position) Pass() Position {
	return Position{Board: p.Board.Pass(), Turn: p.Turn.Other()}
}

// String returns the board text: 64 characters from A1 to H8 row by row
// ('X' black, 'O' white, '-' empty), a space and the side to move ('X' or
// 'O'), as in OBF files.
func (p Position) String() string {
	var buf [66]byte
	for sq := Square(0); sq < 64; sq++ {
		buf[sq] = p.At(sq).Letter()
	}
	buf[64] = ' '
	buf[65] = p.Turn.Letter()
	return string(buf[:])
}

// ParsePosition reads a board text: 64 squares from A1 to H8 row by row,
// then the side to move. Squares are 'X', 'x', '*' or 'b' for Black, 'O',
// 'o' or 'w' for White, and '-' or '.' for empty; spaces between squares are
// ignored. The side to move is 'X', 'B' or '*' for Black and 'O' or 'W' for
// White (either case). Anything after the side to move is an error: use
// [ParsePositionPrefix] to read a board at the start of a longer line.
func ParsePosition(text string) (Position, error) {
	p, rest, err := ParsePositionPrefix(text)
	if err != nil {
		return Position{}, err
	}
	if strings.TrimSpace(rest) != "" {
		return Position{}, fmt.Errorf("board text: unexpected %q after the side to move", clip.Text(strings.TrimSpace(rest), 20))
	}
	return p, nil
}

// ParsePositionPrefix reads a board text (see [ParsePosition]) at the start
// of text and returns the rest of the text after the side to move.
func ParsePositionPrefix(text string) (Position, string, error) {
	var black, white uint64
	sq, i := 0, 0
	for ; i < len(text) && sq < 64; i++ {
		switch c := text[i]; c {
		case 'X', 'x', '*', 'b', 'B':
			black |= 1 << uint(sq)
		case 'O', 'o', 'w', 'W':
			white |= 1 << uint(sq)
		case '-', '.':
		case ' ', '\t':
			continue
		default:
			r, _ := utf8.DecodeRuneInString(text[i:])
			return Position{}, "", fmt.Errorf("board text: %q at square %v is not X, O or -", r, Square(sq))
		}
		sq++
	}
	if sq < 64 {
		return Position{}, "", fmt.Errorf("board text: %d squares, want 64 followed by the side to move", sq)
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i == len(text) {
		if h8 := Square(63); black&(1<<h8) == 0 && white&(1<<h8) == 0 {
			return Position{}, "", fmt.Errorf("board text: missing the side to move (X or O) after the 64 squares")
		}
		// A disc last: 64 squares, or 63 and a side read as the 64th.
		return Position{}, "", fmt.Errorf("board text: missing the side to move (X or O) after the 64 squares (if the last letter is meant as the side, the board has 63 squares)")
	}
	var turn Color
	switch text[i] {
	case 'X', 'x', '*', 'B', 'b':
		turn = Black
	case 'O', 'o', 'W', 'w':
		turn = White
	case '-', '.':
		return Position{}, "", fmt.Errorf("board text: more than 64 squares: want 64 followed by the side to move (X or O)")
	default:
		r, _ := utf8.DecodeRuneInString(text[i:])
		return Position{}, "", fmt.Errorf("board text: side to move %q is not X or O", r)
	}
	p, err := NewPosition(black, white, turn)
	return p, text[i+1:], err
}

// MustParsePosition is like [ParsePosition] but panics on an error. It is
// meant for constants in programs and tests.
func MustParsePosition(text string) Position {
	p, err := ParsePosition(text)
	if err != nil {
		panic(err)
	}
	return p
}
