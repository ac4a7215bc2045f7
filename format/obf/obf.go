// OBF lines: parsing, checking and writing a position with scored moves.

package obf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/clip"
)

// quoted is the most bytes of a text quoted in a message (clip.Text).
const quoted = 30

// MoveScore is a move of a problem and its score: the final disc margin
// of the side to move after the move and perfect play.
type MoveScore struct {
	Square board.Square // a board square, or board.Pass
	Score  int          // -64..64
}

// String returns the move as OBF writes it, e.g. "A2:+38".
func (m MoveScore) String() string { return fmt.Sprintf("%v:%+d", m.Square, m.Score) }

// Problem is one line of an OBF file: a position and the scores of some
// or all of its moves, usually from best to worst.
type Problem struct {
	Position board.Position
	Moves    []MoveScore
	// Line is the 1-based line number of the problem in the text Parse
	// read, 0 for ParseLine.
	Line int
}

// String returns the canonical OBF line of the problem, which ParseLine
// reads back: the board text, the side to move, ';' and each move as
// " A2:+38;".
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.Position.String())
	b.WriteByte(';')
	for _, m := range p.Moves {
		b.WriteByte(' ')
		b.WriteString(m.String())
		b.WriteByte(';')
	}
	return b.String()
}

// BestScore returns the highest score of the moves; false if the problem
// lists no move.
func (p Problem) BestScore() (int, bool) {
	if len(p.Moves) == 0 {
		return 0, false
	}
	best := p.Moves[0].Score
	for _, m := range p.Moves[1:] {
		best = max(best, m.Score)
	}
	return best, true
}

// BestMoves returns the moves with the highest score, in the order of the
// line: every one of them is a correct answer. It is empty if the problem
// lists no move.
func (p Problem) BestMoves() []board.Square {
	best, ok := p.BestScore()
	if !ok {
		return nil
	}
	var out []board.Square
	for _, m := range p.Moves {
		if m.Score == best {
			out = append(out, m.Square)
		}
	}
	return out
}

// Score returns the score of move sq; false if the problem does not list
// it.
func (p Problem) Score(sq board.Square) (int, bool) {
	for _, m := range p.Moves {
		if m.Square == sq {
			return m.Score, true
		}
	}
	return 0, false
}

// Error reports a line that is not a valid OBF problem.
type Error struct {
	Line int    // 1-based line number; 0 when ParseLine was given the line alone
	Move int    // 1-based number of the move at fault in the list, or 0
	Text string // the move as written, when Move > 0
	Err  error  // what is wrong
}

// Error returns a message such as "obf: line 3: move 2 (C9:+4): C9 is not
// a square: rows go from 1 to 8".
func (e *Error) Error() string {
	msg := "obf: "
	if e.Line > 0 {
		msg += fmt.Sprintf("line %d: ", e.Line)
	}
	if e.Move > 0 {
		msg += fmt.Sprintf("move %d (%s): ", e.Move, e.Text)
	}
	return msg + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// ParseLine reads one OBF line (see the package documentation). A
// comment after a '%' is ignored. The error, an *Error, says what is
// wrong: the board, the side to move, a move that is not a square or not
// legal, a score out of -64..64, a move listed twice.
func ParseLine(line string) (Problem, error) {
	if i := strings.IndexByte(line, '%'); i >= 0 {
		line = line[:i]
	}
	pos, rest, err := board.ParsePositionPrefix(line)
	if err != nil {
		return Problem{}, &Error{Err: err}
	}
	p := Problem{Position: pos}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return p, nil
	}
	if rest[0] != ';' {
		return Problem{}, &Error{Err: fmt.Errorf("%q after the side to move: want ';' and the moves", clip.Text(rest, quoted))}
	}
	items := strings.Split(rest[1:], ";")
	// Only the item after the last ';' may be empty.
	if strings.TrimSpace(items[len(items)-1]) == "" {
		items = items[:len(items)-1]
	}
	var seen uint64
	passSeen := false
	for i, item := range items {
		text := strings.TrimSpace(item)
		m, err := parseMove(text, pos.Board)
		if err != nil {
			return Problem{}, &Error{Move: i + 1, Text: clip.Text(text, quoted), Err: err}
		}
		if m.Square == board.Pass && passSeen || seen&m.Square.Bit() != 0 {
			return Problem{}, &Error{Move: i + 1, Text: clip.Text(text, quoted), Err: fmt.Errorf("%v is listed twice", m.Square)}
		}
		seen |= m.Square.Bit()
		passSeen = passSeen || m.Square == board.Pass
		p.Moves = append(p.Moves, m)
	}
	return p, nil
}

// parseMove reads "<square>:<score>" and checks that the move is legal
// on b.
func parseMove(text string, b board.Board) (MoveScore, error) {
	if text == "" {
		return MoveScore{}, errors.New("empty move: want <square>:<score>, e.g. A2:+38")
	}
	sqText, scoreText, ok := strings.Cut(text, ":")
	if !ok {
		return MoveScore{}, errors.New("no ':' between the move and its score: want <square>:<score>, e.g. A2:+38")
	}
	sq, err := board.ParseSquare(sqText)
	if err != nil {
		return MoveScore{}, err
	}
	if scoreText = strings.TrimSpace(scoreText); scoreText == "" {
		return MoveScore{}, fmt.Errorf("no score after %v and its colon", sq)
	}
	score, err := strconv.Atoi(scoreText)
	if err != nil || score < -64 || score > 64 {
		return MoveScore{}, fmt.Errorf("score %q is not a whole number from -64 to +64", clip.Text(scoreText, quoted))
	}
	legal := b.Moves()
	switch {
	case b.IsLegal(sq):
	case b.GameOver():
		return MoveScore{}, fmt.Errorf("%v is not legal: the game is over, neither side can move", sq)
	case sq == board.Pass:
		return MoveScore{}, fmt.Errorf("a pass is not legal: the side to move has moves (%s)", board.FormatSquares(legal))
	case legal == 0:
		return MoveScore{}, fmt.Errorf("%v is not legal: the side to move has no move and must pass (PA)", sq)
	default:
		return MoveScore{}, fmt.Errorf("%v is not legal here; legal moves: %s", sq, board.FormatSquares(legal))
	}
	return MoveScore{Square: sq, Score: score}, nil
}

// MaxLine is the longest line, in bytes, that Parse reads: far more than
// an OBF line needs (a board, the side to move and at most 33 scored
// moves take under 500 bytes, a comment a few more), little enough that a
// file that is not OBF text, or a stream that never ends a line such as
// /dev/zero, is refused at once with little memory.
const MaxLine = 64 << 10

// errLineTooLong says that a line exceeds MaxLine.
var errLineTooLong = fmt.Errorf("the line is longer than %d bytes, the limit of an OBF line (which takes under 500): not an OBF file?", MaxLine)

// Parse reads an OBF file: one problem a line, skipping blank lines and
// comment lines (starting with '%'). It stops at the first bad line and
// returns no problem; the error is an *Error with the line number. A line
// longer than MaxLine bytes is an error too, reported as soon as the limit
// is reached.
func Parse(r io.Reader) ([]Problem, error) {
	sc := bufio.NewScanner(r)
	// Room for MaxLine bytes and a "\r\n" ending.
	sc.Buffer(make([]byte, 0, 4096), MaxLine+2)
	var out []Problem
	n := 1
	for ; sc.Scan(); n++ {
		line := sc.Text()
		if text := strings.TrimSpace(line); text == "" || text[0] == '%' {
			continue
		}
		p, err := ParseLine(line)
		if err != nil {
			e := err.(*Error)
			e.Line = n
			return nil, e
		}
		p.Line = n
		out = append(out, p)
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, &Error{Line: n, Err: errLineTooLong}
	case err != nil:
		return nil, fmt.Errorf("obf: line %d: %w", n, err)
	}
	return out, nil
}
