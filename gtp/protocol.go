// The protocol's text: commands, answers, colours and vertices.

package gtp

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/clip"
)

// quoted is the most bytes of a text quoted in a message (clip.Text).
const quoted = 60

// DefaultMaxLine is the longest line, in bytes, that Serve (by default)
// and Client read. GTP's lines are short (the longest, a board set-up, is
// about 80 bytes); the bound finds out a peer that never ends a line
// with little memory.
const DefaultMaxLine = 64 << 10

// Command is one command line: an optional numeric id, the command's
// name and its arguments.
type Command struct {
	// ID is the command's id; meaningful only if HasID.
	ID    int
	HasID bool
	// Name is the command, e.g. "genmove".
	Name string
	// Args are the words after the name.
	Args []string
}

// String writes the command as a line, without its newline.
func (c Command) String() string {
	var b strings.Builder
	if c.HasID {
		b.WriteString(strconv.Itoa(c.ID))
		b.WriteByte(' ')
	}
	b.WriteString(c.Name)
	for _, a := range c.Args {
		b.WriteByte(' ')
		b.WriteString(a)
	}
	return b.String()
}

// ErrEmpty is the error of ParseCommand for a line that holds no command
// (blank, or a comment): the protocol says to skip it.
var ErrEmpty = errors.New("no command on the line")

// Clean preprocesses a line as the protocol says: control characters
// other than tab are removed, a '#' and what follows it is a comment,
// tabs become spaces, and the line is trimmed.
func Clean(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\t':
			b.WriteByte(' ')
		case c < 32 || c == 127:
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

// ParseCommand reads a command line (see [Clean]): "[id] name [args...]".
// A line with no command is ErrEmpty; an id that is not a number below
// 2^31 is an error.
func ParseCommand(line string) (Command, error) {
	f := strings.Fields(Clean(line))
	if len(f) == 0 {
		return Command{}, ErrEmpty
	}
	var c Command
	if first := f[0][0]; first >= '0' && first <= '9' {
		id, err := strconv.ParseInt(f[0], 10, 32)
		if err != nil {
			return Command{}, fmt.Errorf("id %q: want a number from 0 to %d", f[0], int32(^uint32(0)>>1))
		}
		c.ID, c.HasID = int(id), true
		f = f[1:]
		if len(f) == 0 {
			return Command{}, fmt.Errorf("id %d without a command", c.ID)
		}
	}
	c.Name, c.Args = f[0], f[1:]
	return c, nil
}

// Answer is an engine's answer to a command.
type Answer struct {
	// OK is true for a success ("="), false for a failure ("?").
	OK bool
	// ID is the id the answer repeats; meaningful only if HasID.
	ID    int
	HasID bool
	// Text is the answer without its "=" or "?" and id: one line, or
	// several joined by "\n" (list_commands, showboard).
	Text string
}

// String writes the answer as the protocol does, its closing blank line
// included.
func (a Answer) String() string {
	var b strings.Builder
	if a.OK {
		b.WriteByte('=')
	} else {
		b.WriteByte('?')
	}
	if a.HasID {
		b.WriteString(strconv.Itoa(a.ID))
	}
	if a.Text != "" {
		b.WriteByte(' ')
		b.WriteString(a.Text)
	}
	b.WriteString("\n\n")
	return b.String()
}

// ParseAnswerLine reads the first line of an answer: "=" or "?", an
// optional id, and the text after a space. Anything else is an error
// that quotes the line.
func ParseAnswerLine(line string) (Answer, error) {
	line = strings.TrimRight(line, "\r")
	if line == "" || (line[0] != '=' && line[0] != '?') || strings.ContainsRune(line, '\n') {
		return Answer{}, fmt.Errorf("%q is not a GTP answer (want '= ...' or '? ...')", clip.Text(line, quoted))
	}
	a := Answer{OK: line[0] == '='}
	rest := line[1:]
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i > 0 {
		id, err := strconv.ParseInt(rest[:i], 10, 32)
		if err != nil {
			return Answer{}, fmt.Errorf("%q: its id is not a number below 2^31", clip.Text(line, quoted))
		}
		a.ID, a.HasID = int(id), true
	}
	rest = rest[i:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return Answer{}, fmt.Errorf("%q is not a GTP answer (want '= ...' or '? ...')", clip.Text(line, quoted))
	}
	a.Text = strings.TrimSpace(rest)
	return a, nil
}

// ParseColor reads a GTP colour: "b", "black", "w" or "white", in any
// case.
func ParseColor(s string) (board.Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return board.Black, nil
	case "w", "white":
		return board.White, nil
	}
	return board.NoColor, fmt.Errorf("invalid color %q: want black or white (b, w)", clip.Text(s, quoted))
}

// FormatColor writes a colour as "b" or "w".
func FormatColor(c board.Color) string {
	if c == board.White {
		return "w"
	}
	return "b"
}

// ParseVertex reads a move: a square, column A-H and row 1-8 counted from
// the top as reversi and GRhino count them ("D3", "d3"), or "pass" in any
// case. It does not read "resign": see [ParseGenmove].
func ParseVertex(s string) (board.Square, error) {
	if strings.EqualFold(s, "pass") {
		return board.Pass, nil
	}
	if len(s) != 2 {
		return board.NoSquare, fmt.Errorf("invalid coordinate %q: want a column A-H and a row 1-8, e.g. D3, or pass", clip.Text(s, quoted))
	}
	sq, err := board.ParseSquare(s)
	if err != nil || !sq.OnBoard() {
		return board.NoSquare, fmt.Errorf("invalid coordinate %q: want a column A-H and a row 1-8, e.g. D3, or pass", clip.Text(s, quoted))
	}
	return sq, nil
}

// FormatVertex writes a move as GTP does: "D3", or "pass".
func FormatVertex(sq board.Square) string {
	if sq == board.Pass {
		return "pass"
	}
	return sq.String()
}

// Genmove is what an engine answered to genmove.
type Genmove struct {
	// Move is the square played, board.Pass for a pass, board.NoSquare
	// for an answer that is not a move (Err says why).
	Move board.Square
	// Resign is true when the engine resigned.
	Resign bool
	// Err explains an answer that is neither a move, a pass nor "resign".
	Err error
}

// ParseGenmove reads the text of a successful answer to genmove: a
// vertex, "pass" or "resign" (any case).
func ParseGenmove(text string) Genmove {
	t := strings.TrimSpace(text)
	if strings.EqualFold(t, "resign") {
		return Genmove{Move: board.NoSquare, Resign: true}
	}
	sq, err := ParseVertex(t)
	if err != nil {
		return Genmove{Move: board.NoSquare, Err: fmt.Errorf("genmove answered %q, not a move", clip.Text(t, quoted))}
	}
	return Genmove{Move: sq}
}
