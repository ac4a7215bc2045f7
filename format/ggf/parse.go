// From GGF text to game records: Parse, ParseGame and the checks of each tag.

package ggf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/clip"
)

// Parse reads every game of a GGF text (see the package documentation).
//
// The moves are replayed under the rules: each must be legal. Passes the
// text leaves out are inserted where the side to move has no legal move.
// The result is set this way:
//
//   - RE with a flag r or t: a resignation or a timeout, lost by the side
//     RE's sign is against (game.Resignation or game.Timeout, By the
//     loser), whatever the discs. A zero score is refused with these
//     flags.
//   - Otherwise, a game whose moves reach the end (neither side can move)
//     gets the normal result counted from the board (game.Normal); RE's
//     score is not checked against it.
//   - Otherwise, RE with flag s: the game was stopped and scored (as
//     Format writes a game.Counted result; on GGS, a score the players
//     agreed); it gets a game.Counted result won by the side RE's sign
//     favours, By board.NoColor.
//   - Otherwise the game is in progress, whatever RE says.
//
// In every case the disc counts of the result are those of the last
// position. GGF does not say who resigned or ran out of time: Parse takes
// the loser; nor who stopped the game to count.
//
// A game that cannot be read is left out and reported: the error joins a
// *ParseError for each such game (use errors.As, or range over
// Unwrap() []error). A fault in the syntax, such as a value with no
// closing ']', makes the rest of the text unreadable and ends the parse.
//
// The text is read game by game: a game longer than MaxGame bytes (or as
// much text between two games) is such a fault, reported as soon as the
// limit is reached, so that a file that is not GGF, or a stream without
// end such as /dev/zero, is refused with little memory.
func Parse(r io.Reader) ([]*game.Game, error) {
	sp := &splitter{r: bufio.NewReader(r)}
	s := &scanner{}
	var games []*game.Game
	var errs []error
	for {
		text, err := sp.next()
		var tooLong *tooLongError
		switch {
		case err == io.EOF:
			return games, errors.Join(errs...)
		case errors.As(err, &tooLong):
			errs = append(errs, &ParseError{Game: s.game + 1, Err: err})
			return games, errors.Join(errs...)
		case err != nil:
			return nil, fmt.Errorf("ggf: %w", err)
		}
		s.text, s.pos, s.end = string(text)+string(sp.peek()), 0, len(text)
		if !s.parse(&games, &errs) {
			return games, errors.Join(errs...)
		}
	}
}

// ParseGame reads a text that holds exactly one game.
func ParseGame(text string) (*game.Game, error) {
	games, err := parseText(text)
	switch {
	case err != nil:
		return nil, err
	case len(games) != 1:
		return nil, fmt.Errorf("ggf: the text holds %d games, want one", len(games))
	}
	return games[0], nil
}

func parseText(text string) ([]*game.Game, error) {
	s := &scanner{text: text, end: len(text)}
	var games []*game.Game
	var errs []error
	s.parse(&games, &errs)
	return games, errors.Join(errs...)
}

// parse appends the games of the scanner's text to games, and to errs
// those that cannot be read. It returns false after a fault in the
// syntax, which ends the parse.
func (s *scanner) parse(games *[]*game.Game, errs *[]error) bool {
	for s.pos < s.end {
		raw, ok, err := s.next()
		if err != nil {
			*errs = append(*errs, err)
			return false
		}
		if !ok {
			return true
		}
		g, berr := build(raw)
		if berr != nil {
			*errs = append(*errs, berr)
			continue
		}
		*games = append(*games, g)
	}
	return true
}

// single are the tags a game may hold once at most.
var single = map[string]bool{"GM": true, "PB": true, "PW": true, "PC": true, "DT": true, "TI": true, "TY": true, "BO": true, "RE": true, "RU": true}

// build turns the tags of a game into a game record.
func build(raw rawGame) (*game.Game, error) {
	fail := func(t tag, move int, err error) error {
		return &ParseError{Game: raw.number, Move: move, Tag: t.name, Value: clip.Text(t.value, quoted), Err: err}
	}
	seen := map[string]tag{}
	for _, t := range raw.tags {
		if !single[t.name] {
			continue
		}
		if _, dup := seen[t.name]; dup {
			return nil, fail(t, 0, fmt.Errorf("tag %s appears twice", t.name))
		}
		seen[t.name] = t
	}
	if t, ok := seen["GM"]; ok && !strings.EqualFold(strings.TrimSpace(t.value), "othello") {
		return nil, fail(t, 0, errors.New("not an Othello game"))
	}
	if t, ok := seen["TY"]; ok {
		if err := parseType(t.value); err != nil {
			return nil, fail(t, 0, err)
		}
	}
	start := board.Start()
	if t, ok := seen["BO"]; ok {
		var err error
		if start, err = parseBoard(t.value); err != nil {
			return nil, fail(t, 0, err)
		}
	}
	rule := game.Standard
	if t, ok := seen["RU"]; ok {
		var err error
		if rule, err = game.ParseRule(t.value); err != nil {
			return nil, fail(t, 0, err)
		}
	}
	var res result
	if t, ok := seen["RE"]; ok {
		var err error
		if res, err = parseResult(t.value); err != nil {
			return nil, fail(t, 0, err)
		}
		if (res.flag == 'r' || res.flag == 't') && res.score == 0 {
			return nil, fail(t, 0, errors.New("a resigned or timed-out game needs a winner: the score cannot be 0"))
		}
	}

	g := game.New(start, rule)
	g.Info = game.Info{
		Black:       seen["PB"].value,
		White:       seen["PW"].value,
		Event:       seen["PC"].value,
		Date:        seen["DT"].value,
		TimeControl: seen["TI"].value,
		Round:       raw.label,
	}
	n := 0
	for _, t := range raw.tags {
		var color board.Color
		switch t.name {
		case "B":
			color = board.Black
		case "W":
			color = board.White
		default:
			continue
		}
		n++
		m, err := parseMove(t.value)
		if err != nil {
			return nil, fail(t, n, err)
		}
		if err := play(g, color, m); err != nil {
			return nil, fail(t, n, err)
		}
	}

	winner := board.NoColor
	switch {
	case res.score > 0:
		winner = board.Black
	case res.score < 0:
		winner = board.White
	}
	end := game.NewResult(g.Position(), game.Normal, board.NoColor)
	switch {
	case res.flag == 'r' || res.flag == 't':
		end.Reason, end.Winner, end.By = game.Resignation, winner, winner.Other()
		if res.flag == 't' {
			end.Reason = game.Timeout
		}
		g.Result = end
	case g.Over():
		g.Finish()
	case res.flag == 's':
		end.Reason, end.Winner = game.Counted, winner
		g.Result = end
	}
	return g, nil
}

// play plays a move tagged with color, first passing for the side to move
// if it must pass and color is the other side.
func play(g *game.Game, color board.Color, m move) error {
	if color != g.Turn() {
		switch {
		case g.Over():
			return errors.New("the game is over: neither side can move")
		case !g.MustPass():
			return fmt.Errorf("it is %v's turn, and %v has legal moves (%s)", g.Turn(), g.Turn(), board.FormatSquares(g.Legal()))
		}
		g.PassIfForced()
	}
	return g.Play(game.Move{Square: m.square, Time: m.time, Eval: m.eval, HasEval: m.hasEval})
}
