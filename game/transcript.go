// Transcripts: a game as the concatenation of its moves, "f5d6c3d3c4".

package game

import (
	"fmt"
	"strings"

	"github.com/reversi-engine/reversi/board"
)

// Transcript returns the moves as lower-case squares with nothing between
// them and the passes left out, e.g. "f5d6c3d3c4": the usual way to write
// a game, which PlayTranscript reads back (passes are re-inserted there).
func (g *Game) Transcript() string {
	var b strings.Builder
	for _, m := range g.Moves {
		if m.Square != board.Pass {
			b.WriteString(strings.ToLower(m.Square.String()))
		}
	}
	return b.String()
}

// TranscriptWithPasses is Transcript with each pass written "PA".
func (g *Game) TranscriptWithPasses() string {
	var b strings.Builder
	for _, m := range g.Moves {
		if m.Square == board.Pass {
			b.WriteString("PA")
		} else {
			b.WriteString(strings.ToLower(m.Square.String()))
		}
	}
	return b.String()
}

// ParseTranscript returns the game from the standard start under the
// standard rules made of the moves of a transcript (see PlayTranscript).
func ParseTranscript(text string) (*Game, error) {
	g := NewStandard()
	if err := g.PlayTranscript(text); err != nil {
		return nil, err
	}
	return g, nil
}

// TranscriptError reports the move of a transcript that could not be
// played.
type TranscriptError struct {
	Index int    // 1-based number of the move in the transcript
	Text  string // the move as written
	Err   error
}

func (e *TranscriptError) Error() string {
	return fmt.Sprintf("transcript move %d (%s): %v", e.Index, e.Text, e.Err)
}

func (e *TranscriptError) Unwrap() error { return e.Err }

// PlayTranscript plays the moves of a transcript: squares such as "f5" or
// "F5" written one after the other, optionally separated by spaces,
// commas, semicolons or dashes. A forced pass may be written "PA" (or
// "pass") or left out, in which case it is inserted; a pass while a legal
// move exists is refused. On error the game is left as it was and the
// error (a *TranscriptError) names the move and what is wrong with it.
func (g *Game) PlayTranscript(text string) error {
	work := g.Clone()
	i, n := 0, 0
	for {
		for i < len(text) && strings.IndexByte(" \t\r\n,;-", text[i]) >= 0 {
			i++
		}
		if i == len(text) {
			break
		}
		n++
		j := i + 2
		if len(text)-i >= 4 && strings.EqualFold(text[i:i+4], "pass") {
			j = i + 4
		}
		j = min(j, len(text))
		token := text[i:j]
		sq, err := board.ParseSquare(token)
		if err != nil {
			return &TranscriptError{Index: n, Text: token, Err: err}
		}
		if sq != board.Pass {
			work.PassIfForced()
		}
		if err := work.PlaySquare(sq); err != nil {
			return &TranscriptError{Index: n, Text: token, Err: err}
		}
		i = j
	}
	*g = *work
	return nil
}
