// A study as GGF: one game a line of its tree, and such games merged back
// into a tree.

package study

import (
	"errors"
	"fmt"
	"io"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

// Games returns the games of the study's lines (Lines), in order: each
// from the start along one line, the title as its place (Info.Event),
// and a result where the line ends the game.
func (s *Study) Games() ([]*game.Game, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	var games []*game.Game
	for _, line := range s.Lines() {
		g := game.New(s.Start, s.Rule)
		g.Info.Event = s.Title
		for k, m := range line {
			if err := g.PlaySquare(m); err != nil {
				return nil, &MoveError{Line: line[:k], Move: m, Err: err}
			}
		}
		g.Finish()
		games = append(games, g)
	}
	return games, nil
}

// WriteGGF writes the study as GGF: a game a line (Games), one a text
// line, the main line first. Comments and marks are left out.
func (s *Study) WriteGGF(w io.Writer) error {
	games, err := s.Games()
	if err != nil {
		return err
	}
	return ggf.Write(w, games)
}

// ReadGGF reads the games of a GGF text (such as WriteGGF writes) and
// merges them into a study: each game a line from their common start,
// the first game's the main line, its place (PC) the title. Every game
// must start from the same position under the same rule.
func ReadGGF(r io.Reader) (*Study, error) {
	games, err := ggf.Parse(io.LimitReader(r, MaxText+1))
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	return FromGames(games)
}

// FromGames merges games into a study (see ReadGGF).
func FromGames(games []*game.Game) (*Study, error) {
	if len(games) == 0 {
		return nil, errors.New("study: no game to read")
	}
	first := games[0]
	s := New(first.PositionAt(0), first.Rule)
	s.Title = cleanTitle(first.Info.Event)
	for i, g := range games {
		if g.PositionAt(0) != s.Start || g.Rule != s.Rule {
			return nil, fmt.Errorf("study: game %d starts from another position or rule than the first", i+1)
		}
		line := make([]board.Square, len(g.Moves))
		for k, m := range g.Moves {
			line[k] = m.Square
		}
		if _, err := s.AddLine(Path{}, line); err != nil {
			return nil, fmt.Errorf("study: game %d: %w", i+1, err)
		}
	}
	return s, nil
}
