// The GGF syntax: games in "(;" ";)", tags NAME[value], and the parse errors.

package ggf

import (
	"fmt"
	"strings"
)

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
				"unexpected %q where a game should start with \"(;\"", clip(s.text[s.pos:]))}
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
			return fail("unexpected %q where a tag (capital letters and a value in [ ]) or the game's end \";)\" should be", clip(rest))
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

// escape writes a value so that the scanner reads it back: '\' and ']'
// are preceded by '\'.
func escape(v string) string {
	if !strings.ContainsAny(v, `\]`) {
		return v
	}
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(v)
}

func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "..."
	}
	return s
}
