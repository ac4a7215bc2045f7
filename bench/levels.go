// The time the engine's levels take a move.

package bench

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
)

// LevelFigure is the time one level of the engine took a move over the
// positions of LevelPositions, without a clock and without the book.
type LevelFigure struct {
	Level     int
	Positions int
	Nodes     uint64
	// Total is the time of all the moves; Median and Max of one.
	Total, Median, Max time.Duration
}

// Mean returns the mean time of a move.
func (f LevelFigure) Mean() time.Duration {
	if f.Positions == 0 {
		return 0
	}
	return f.Total / time.Duration(f.Positions)
}

// levelEmpties are the stages of the games at which LevelPositions takes
// a position: the opening to the endgame.
var levelEmpties = []int{50, 44, 38, 32, 26, 20, 14}

// LevelPositions returns the positions the levels are timed on: each
// game of NTest's speed test (data/ggf/ntest-TestGames.ggf) when 50, 44,
// 38, 32, 26, 20 and 14 squares are empty (or one empty square fewer,
// after a pass), with the side to move having a move.
func LevelPositions() ([]board.Board, error) {
	games, err := ntestGames()
	if err != nil {
		return nil, err
	}
	var out []board.Board
	for _, g := range games {
		next := 0
		for i := 0; i <= len(g.Moves) && next < len(levelEmpties); i++ {
			b := g.PositionAt(i).Board
			if b.Empties() <= levelEmpties[next] && b.HasMoves() {
				out = append(out, b)
				next++
			}
		}
	}
	return out, nil
}

// LevelTimes plays one move at each level of levels in every position of
// LevelPositions, with the level's settings and no clock (the trained
// evaluation, its selective search, threads threads, a 64 MB table
// cleared before each move), and returns each level's times. progress,
// if not nil, is called after each move with the level and the moves
// done of it.
func LevelTimes(ctx context.Context, levels []int, threads int, progress func(level, done, total int)) ([]LevelFigure, error) {
	positions, err := LevelPositions()
	if err != nil {
		return nil, err
	}
	eng, err := engine.New(engine.Options{Threads: threads})
	if err != nil {
		return nil, err
	}
	var out []LevelFigure
	for _, n := range levels {
		l, err := engine.LevelSettings(n)
		if err != nil {
			return nil, err
		}
		p := engine.NewPlayer(eng, l, fmt.Sprintf("engine:level=%d", n), 1)
		f := LevelFigure{Level: n, Positions: len(positions)}
		times := make([]time.Duration, 0, len(positions))
		for i, b := range positions {
			eng.Clear()
			r, err := eng.Search(ctx, b, p.LimitsFor(engine.Clock{}, b.Empties()), nil)
			if err != nil {
				return nil, err
			}
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			f.Nodes += r.Nodes
			f.Total += r.Elapsed
			times = append(times, r.Elapsed)
			if progress != nil {
				progress(n, i+1, len(positions))
			}
		}
		slices.Sort(times)
		f.Median, f.Max = times[len(times)/2], times[len(times)-1]
		out = append(out, f)
	}
	return out, nil
}
