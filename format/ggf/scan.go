// The GGF syntax: games in "(;" ";)", tags NAME[value], and the parse errors.

package ggf

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/reversi-engine/reversi/internal/clip"
)

// quoted is the most bytes of a text quoted in a message (clip.Text).
const quoted = 24

// ParseError reports a game of a GGF text that could not be read.
type ParseError struct {
	// Game is the 1-based number of the game in the text.
	Game int
	// Move is the 1-based number of the move tag (B or W) at fault, or 0.
	Move int
	// Tag is the name of the tag at fault, e.g. "BO" or "W"; "" when the
	// fault is not in one tag.
	Tag string
	// Value is the tag's value as written (shortened if long).
	Value string
	// Err says what is wrong.
	Err error
}

// Error returns a message such as "ggf: game 2: move 14 W[c9]: C9 is not a
// square: rows go from 1 to 8".
func (e *ParseError) Error() string {
	msg := fmt.Sprintf("ggf: game %d: ", e.Game)
	if e.Move > 0 {
		msg += fmt.Sprintf("move %d ", e.Move)
	}
	if e.Tag != "" {
		msg += fmt.Sprintf("%s[%s]: ", e.Tag, e.Value)
	}
	return msg + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// tag is one NAME[value] of a game, its value unescaped.
type tag struct {
	name, value string
}

// rawGame is a game as written: its number in the text, the number
// written before it (GGS writes "17 (;...;)"), if any, and its tags.
type rawGame struct {
	number int
	label  string
	tags   []tag
}

// scanner splits a GGF text into games and tags.
type scanner struct {
	text  string
	pos   int
	end   int    // where the text of the games to read ends; text may go on
	game  int    // number of the last game started
	label string // a number read before the next game
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.text) && isSpace(s.text[s.pos]) {
		s.pos++
	}
}

// next returns the next game, or false at the end of the text. After an
// error the rest of the text cannot be read.
func (s *scanner) next() (rawGame, bool, *ParseError) {
	for {
		s.skipSpace()
		if s.pos == len(s.text) {
			return rawGame{}, false, nil
		}
		c := s.text[s.pos]
		if c >= '0' && c <= '9' { // a game number, as GGS writes "1 (;...;)"
			start := s.pos
			for s.pos < len(s.text) && s.text[s.pos] >= '0' && s.text[s.pos] <= '9' {
				s.pos++
			}
			s.label = s.text[start:s.pos]
			continue
		}
		if !strings.HasPrefix(s.text[s.pos:], "(;") {
			return rawGame{}, false, &ParseError{Game: s.game + 1, Err: fmt.Errorf(
				"unexpected %q where a game should start with \"(;\"", clip.Text(s.text[s.pos:], quoted))}
		}
		s.game++
		s.pos += 2
		g, err := s.tags()
		g.label, s.label = s.label, ""
		return g, true, err
	}
}

// tags reads the tags of a game up to its ";)".
func (s *scanner) tags() (rawGame, *ParseError) {
	g := rawGame{number: s.game}
	fail := func(format string, args ...any) (rawGame, *ParseError) {
		return g, &ParseError{Game: s.game, Err: fmt.Errorf(format, args...)}
	}
	for {
		s.skipSpace()
		rest := s.text[s.pos:]
		switch {
		case rest == "":
			return fail("the text ends before the game's \";)\"")
		case strings.HasPrefix(rest, ";)"):
			s.pos += 2
			return g, nil
		case rest[0] < 'A' || rest[0] > 'Z':
			return fail("unexpected %q where a tag (capital letters and a value in [ ]) or the game's end \";)\" should be", clip.Text(rest, quoted))
		}
		start := s.pos
		for s.pos < len(s.text) && s.text[s.pos] >= 'A' && s.text[s.pos] <= 'Z' {
			s.pos++
		}
		name := s.text[start:s.pos]
		if s.pos == len(s.text) || s.text[s.pos] != '[' {
			return fail("tag %s is not followed by '[' and a value", name)
		}
		s.pos++
		var value strings.Builder
		for {
			if s.pos == len(s.text) {
				return fail("the value of tag %s has no closing ']'", name)
			}
			c := s.text[s.pos]
			s.pos++
			if c == ']' {
				break
			}
			if c == '\\' && s.pos < len(s.text) && (s.text[s.pos] == ']' || s.text[s.pos] == '\\') {
				c = s.text[s.pos]
				s.pos++
			}
			value.WriteByte(c)
		}
		g.tags = append(g.tags, tag{name, value.String()})
	}
}

// MaxGame is the longest text of one game, in bytes, that Parse reads:
// what precedes the game (spaces and its number) and the game from "(;"
// to ";)". A game takes a few KB, even with its evaluations, times and
// comments; the limit leaves room for far more while keeping a file that
// is not GGF, or a stream without end, from growing the memory for ever.
const MaxGame = 1 << 20

// tooLongError reports a game (or a gap between games) longer than
// MaxGame.
type tooLongError struct{ msg string }

func (e *tooLongError) Error() string { return e.msg }

// splitter cuts a GGF stream into the texts of its games, so that Parse
// holds one game at a time. It follows the syntax just enough to find
// where a game ends: the ";)" outside the values. Whatever the scanner
// will refuse ends the text at once.
type splitter struct {
	r   *bufio.Reader
	buf []byte
}

// next returns the text of the next game: what precedes it (spaces, a
// game number) and the game up to its ";)". It stops at the first byte
// that cannot start a game, which the scanner will report; at the end of
// the stream, it returns what remains (the scanner says what is missing),
// then io.EOF. A game or gap longer than MaxGame is a *tooLongError.
func (sp *splitter) next() ([]byte, error) {
	const (
		between = iota // before a game
		open           // after its '('
		tags           // in a game, outside the values
		value          // in a tag's value
		escaped        // in a value, after a '\'
	)
	sp.buf = sp.buf[:0]
	state, semicolon := between, false
	for {
		if len(sp.buf) > MaxGame {
			if state == between {
				return nil, &tooLongError{fmt.Sprintf("more than %d bytes of spaces and digits where a game should start with \"(;\": not a GGF file?", MaxGame)}
			}
			return nil, &tooLongError{fmt.Sprintf("the game is longer than %d bytes, the limit of a game (which takes a few KB), and has not ended with \";)\": not a GGF file?", MaxGame)}
		}
		c, err := sp.r.ReadByte()
		switch {
		case err == io.EOF && len(sp.buf) > 0:
			return sp.buf, nil
		case err != nil:
			return nil, err
		}
		sp.buf = append(sp.buf, c)
		switch state {
		case between:
			switch {
			case isSpace(c) || '0' <= c && c <= '9':
			case c == '(':
				state = open
			default:
				return sp.buf, nil
			}
		case open:
			if c != ';' {
				return sp.buf, nil
			}
			state, semicolon = tags, false
		case tags:
			switch {
			case c == ')' && semicolon:
				return sp.buf, nil
			case c == '[':
				state = value
			}
			semicolon = c == ';'
		case value:
			switch c {
			case ']':
				state, semicolon = tags, false
			case '\\':
				state = escaped
			}
		case escaped:
			// The byte after '\' is part of the value, whatever it is: an
			// escaped ']' or '\', or a byte after a plain '\'.
			state = value
		}
	}
}

// peek returns the next bytes of the stream, without reading them: the
// text the scanner may quote after a fault at the end of a game's text.
func (sp *splitter) peek() []byte {
	more, _ := sp.r.Peek(peekSize)
	return more
}

// peekSize is enough for the scanner to quote the text after a fault (see
// clip).
const peekSize = 32

// escape writes a value so that the scanner reads it back: '\' and ']'
// are preceded by '\'.
func escape(v string) string {
	if !strings.ContainsAny(v, `\]`) {
		return v
	}
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(v)
}
