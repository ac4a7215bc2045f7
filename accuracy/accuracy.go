// The measurement: positions chosen from real games, their exact scores,
// the values of an evaluation or a search, and the errors.

package accuracy

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/workers"
	"github.com/reversi-engine/reversi/train"
)

// Item is a position of the measurement and its exact score for the side
// to move, once known.
type Item struct {
	// Position is the position with the side to move, as a SolvedFile
	// keeps it (zero for a position of the database's exact scores).
	Position board.Position
	// Board is the position, side-relative.
	Board board.Board
	// Score is the exact final disc margin for the side to move, once
	// Known.
	Score int
	// Known reports that Score is known.
	Known bool
}

// Choose returns n positions with the given number of empty squares, in
// an order drawn from rng: at 24 empties (when theoretical holds any)
// positions of the database's exact "theoretical" scores, already known;
// otherwise one position a game, from games, where the side to move has a
// legal move. Fewer than n come back if the games have fewer.
func Choose(rng *rand.Rand, games []*game.Game, theoretical []train.Labelled, empties, n int) []Item {
	var items []Item
	if empties == 24 && len(theoretical) > 0 {
		for _, k := range rng.Perm(len(theoretical)) {
			if len(items) == n {
				break
			}
			items = append(items, Item{Board: theoretical[k].Board, Score: theoretical[k].Score, Known: true})
		}
		return items
	}
	for _, gi := range rng.Perm(len(games)) {
		if len(items) == n {
			break
		}
		g := games[gi]
		for i := 0; i <= len(g.Moves); i++ {
			p := g.PositionAt(i)
			if p.Board.Empties() == empties && p.Board.HasMoves() {
				items = append(items, Item{Position: p, Board: p.Board})
				break
			}
		}
	}
	return items
}

// SolveOptions say how Solve works.
type SolveOptions struct {
	// Threads is the number of threads of each exact solve (at least 1).
	Threads int
	// Concurrency is the number of positions solved at once (at least 1).
	Concurrency int
	// HashMB is the size of each solver's table in MB (0:
	// DefaultHashMB); TableMB says what the tables of a Solve take.
	HashMB int
	// Keep, if not nil, receives every solve as it ends (SolvedFile.Add),
	// before Solved is called; an error of Add stops the solves and is
	// returned as a *KeepError.
	Keep *SolvedFile
	// Solved, if not nil, is called after each solve, one call at a time
	// per solver, with the item's index and the best move found; an error
	// it returns stops the solves.
	Solved func(i int, move board.Square) error
}

// DefaultHashMB is the size in MB of each solver's table when
// SolveOptions.HashMB is 0.
const DefaultHashMB = 256

// TableMB returns the MB that the solvers' tables of a Solve of n
// positions with o take at most: one table of HashMB (DefaultHashMB when
// 0) for each of the Concurrency solvers (at least 1), which are never
// more than the positions.
func (o SolveOptions) TableMB(n int) int {
	return max(min(o.Concurrency, n), 1) * o.hashMB()
}

// hashMB is the size in MB of each solver's table.
func (o SolveOptions) hashMB() int {
	if o.HashMB <= 0 {
		return DefaultHashMB
	}
	return o.HashMB
}

// KeepError is an error of SolveOptions.Keep's file: a solve that could
// not be kept.
type KeepError struct {
	// File is the name of the file.
	File string
	// Err is the error of SolvedFile.Add.
	Err error
}

func (e *KeepError) Error() string { return "keeping a solve in " + e.File + ": " + e.Err.Error() }

func (e *KeepError) Unwrap() error { return e.Err }

// Solve finds the exact score of items[i] for every i in todo, o.Concurrency
// positions at once with o.Threads each; the trained evaluation orders
// the moves. It returns the first error (the context's when it ends); the
// items solved before keep their scores.
func Solve(ctx context.Context, items []Item, todo []int, o SolveOptions) error {
	solvers := make(chan *endgame.Solver, max(o.Concurrency, 1))
	ordering := engine.DefaultEvaluator()
	if ordering.DiscUnit() <= 0 {
		ordering = nil // the course heuristic, without trained weights: mobility orders the moves
	}
	return workers.Run(ctx, len(todo), o.Concurrency, func(ctx context.Context, k int) error {
		var solver *endgame.Solver
		select {
		case solver = <-solvers:
		default: // one solver (and its table) per worker, made when first needed
			s, err := endgame.New(endgame.Options{Threads: max(o.Threads, 1), HashMB: o.hashMB(), Eval: ordering})
			if err != nil {
				return err
			}
			solver = s
		}
		defer func() { solvers <- solver }()
		i := todo[k]
		r, err := solver.Search(ctx, items[i].Board, endgame.Limits{Mode: endgame.Exact}, nil)
		if err != nil {
			return err
		}
		if r.Stopped {
			return context.Cause(ctx)
		}
		items[i].Score, items[i].Known = r.Score, true
		if o.Keep != nil {
			if err := o.Keep.Add(items[i].Position, r.Move, r.Score); err != nil {
				return &KeepError{File: o.Keep.Name(), Err: err}
			}
		}
		if o.Solved != nil {
			return o.Solved(i, r.Move)
		}
		return nil
	})
}

// Known returns how many of the items of todo (indexes into items) have
// a known score: after Solve, those it solved.
func Known(items []Item, todo []int) int {
	n := 0
	for _, i := range todo {
		if items[i].Known {
			n++
		}
	}
	return n
}

// SearchOptions say what Values and Measure measure: an evaluation
// alone, or the engine's search with it.
type SearchOptions struct {
	// Depth is the depth of the engine's search (0: no search, the
	// evaluation alone). A depth of at least a position's empty squares
	// searches to the end of the game: its result is a score in discs
	// (exact, but for the selective search's cuts at the engine's default
	// confidence).
	Depth int
	// Threads is the number of threads of the search (0 counts as 1).
	Threads int
}

// searchHashMB is the size in MB of the search's midgame table, and of
// its endgame solver's.
const searchHashMB = 64

// newSearch returns the engine that searches the items of Values with ev
// as o says.
func newSearch(ev eval.Evaluator, o SearchOptions) (*engine.Engine, error) {
	return engine.New(engine.Options{Eval: ev, Threads: max(o.Threads, 1), HashMB: searchHashMB})
}

// Values returns the value of every item in discs for the side to move:
// ev's static evaluation, or with o.Depth > 0 the value of the engine's
// search with ev to that depth, each converted as engine.Discs does for
// its kind: a midgame value over ev's DiscUnit, the score of a search that
// reached the end of the game as it is. The values of a heuristic that
// does not estimate discs (DiscUnit 0, such as course) get the engine's
// rough conversion of its points, and are worth comparing once scaled
// (Errors with scale, as Measure does).
func Values(ctx context.Context, items []Item, ev eval.Evaluator, o SearchOptions) ([]float64, error) {
	values := make([]float64, len(items))
	var eng *engine.Engine
	if o.Depth > 0 {
		var err error
		if eng, err = newSearch(ev, o); err != nil {
			return nil, err
		}
	}
	for i, it := range items {
		if eng != nil {
			r, err := eng.Search(ctx, it.Board, engine.Limits{Depth: o.Depth}, nil)
			if err != nil {
				return nil, err
			}
			values[i] = engine.Discs(ev, r.Kind, r.Value)
			continue
		}
		values[i] = engine.Discs(ev, engine.Midgame, ev.Evaluate(it.Board))
	}
	return values, ctx.Err()
}

// Measurement is how far an evaluation, or a search, is from the exact
// scores, in discs.
type Measurement struct {
	// MAE is the mean absolute error, RMSE the root mean square error.
	MAE, RMSE float64
	// Mean is the mean of the values minus the scores: the bias.
	Mean float64
}

// Measure returns how far ev (with o.Depth > 0, the engine's search to
// that depth with ev) is from the scores of the items, which must be
// known: Values, then Errors, scaling the values of an evaluation that
// does not estimate discs (DiscUnit 0), and MeanError against Scores.
func Measure(ctx context.Context, items []Item, ev eval.Evaluator, o SearchOptions) (Measurement, error) {
	values, err := Values(ctx, items, ev, o)
	if err != nil {
		return Measurement{}, err
	}
	scores := Scores(items)
	var m Measurement
	m.MAE, m.RMSE = Errors(values, scores, ev.DiscUnit() <= 0)
	m.Mean = MeanError(values, scores)
	return m, nil
}

// Scores returns the exact scores of the items, in discs.
func Scores(items []Item) []float64 {
	scores := make([]float64, len(items))
	for i, it := range items {
		scores[i] = float64(it.Score)
	}
	return scores
}

// Errors returns the mean absolute error and the root mean square error,
// in discs, of values (in discs, as Values gives them) against scores.
// With scale, the values are first scaled by least squares (a*value + b)
// on the same positions, in place: a fair comparison of an evaluation
// whose values are not discs.
func Errors(values, scores []float64, scale bool) (mae, rmse float64) {
	if scale {
		a, c := LeastSquares(values, scores)
		for i := range values {
			values[i] = a*values[i] + c
		}
	}
	for i := range values {
		d := values[i] - scores[i]
		mae += math.Abs(d)
		rmse += d * d
	}
	k := float64(len(values))
	return mae / k, math.Sqrt(rmse / k)
}

// MeanError returns the mean of values minus scores, in discs (after
// Errors, of the values as it scaled them): how far an evaluation or a
// search is biased, for the side to move.
func MeanError(values, scores []float64) float64 {
	sum := 0.0
	for i := range values {
		sum += values[i] - scores[i]
	}
	return sum / float64(len(values))
}

// LeastSquares returns a and b minimising the squared error of a*x + b
// against y.
func LeastSquares(x, y []float64) (a, b float64) {
	n := float64(len(x))
	var sx, sy, sxx, sxy float64
	for i := range x {
		sx += x[i]
		sy += y[i]
		sxx += x[i] * x[i]
		sxy += x[i] * y[i]
	}
	den := n*sxx - sx*sx
	if den == 0 {
		return 0, sy / n
	}
	a = (n*sxy - sx*sy) / den
	return a, (sy - a*sx) / n
}
