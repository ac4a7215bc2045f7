// The accuracy subcommand: how far an evaluation is from the exact scores
// of real positions it was not trained on.

package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/train"
)

func runAccuracy(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "accuracy", "[--eval pattern,classic] [--empties 20,24] [--positions 100] [--depth D] [--seed S]", `
Measures evaluations against exact scores: positions of the WTHOR games of
`+fmt.Sprint(train.HeldOutYear)+` (which training leaves out), one a game, with the given numbers of
empty squares, solved exactly (at 24 empties the database's own exact
"theoretical" scores are used, which reversi's solver confirms); then the
mean absolute error (MAE) and the root mean square error of each
evaluation, in discs. An evaluation whose values are not discs (classic) is
first scaled by least squares (a*value + b) on the same positions, as a fair
comparison. With --depth D the engine's search at that depth is measured
instead of the evaluation alone.`)
	evals := fs.String("eval", "pattern,classic", "evaluations to measure, separated by commas")
	emptiesList := fs.String("empties", "20,24", "numbers of empty squares")
	n := fs.Int("positions", 100, "positions per number of empty squares")
	seed := fs.Uint64("seed", 1, "seed of the choice of games")
	threads := fs.Int("threads", 0, "threads of the exact solves (default: all cores)")
	depth := fs.Int("depth", 0, "measure the engine's search at this depth instead of the static evaluation")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var empties []int
	for _, s := range strings.Split(*emptiesList, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < 1 || v > 36 {
			return fmt.Errorf("--empties: %q is not a number of empty squares from 1 to 36", s)
		}
		empties = append(empties, v)
	}
	if *n < 2 {
		return fmt.Errorf("--positions %d: want at least 2", *n)
	}
	names := strings.Split(*evals, ",")
	for _, name := range names {
		if _, err := engine.EvaluatorByName(strings.TrimSpace(name)); err != nil {
			return err
		}
	}
	games, err := train.WTHORGames(true, 1, 0)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, 0xacc))
	if *threads <= 0 {
		*threads = runtime.NumCPU()
	}
	solver := endgame.New(endgame.Options{Threads: *threads, HashMB: 256, Eval: engine.DefaultEvaluator()}) // the evaluation only orders the moves
	fmt.Fprintf(e.stdout, "%d held-out games of %d; %d positions per number of empties\n", len(games), train.HeldOutYear, *n)
	fmt.Fprintf(e.stdout, "%-8s %-10s %8s %8s %10s\n", "empties", "eval", "MAE", "RMSE", "solve s")
	theoretical, err := train.TheoreticalPositions(true)
	if err != nil {
		return err
	}
	for _, emp := range empties {
		var positions []board.Board
		var scores []float64
		start := time.Now()
		if emp == 24 && len(theoretical) > 0 {
			for _, k := range rng.Perm(len(theoretical)) {
				if len(positions) == *n {
					break
				}
				positions = append(positions, theoretical[k].Board)
				scores = append(scores, float64(theoretical[k].Score))
			}
		}
		for _, gi := range rng.Perm(len(games)) {
			if len(positions) > 0 && emp == 24 {
				break
			}
			if len(positions) == *n {
				break
			}
			g := games[gi]
			for i := 0; i <= len(g.Moves); i++ {
				b := g.PositionAt(i).Board
				if b.Empties() == emp && b.HasMoves() {
					r, err := solver.Solve(ctx, b, endgame.Exact)
					if err != nil {
						return err
					}
					positions = append(positions, b)
					scores = append(scores, float64(r.Score))
					break
				}
			}
		}
		took := time.Since(start)
		for _, name := range names {
			ev, _ := engine.EvaluatorByName(strings.TrimSpace(name))
			values := make([]float64, len(positions))
			var eng *engine.Engine
			if *depth > 0 {
				eng = engine.New(engine.Options{Eval: ev, Threads: *threads, HashMB: 64})
			}
			for i, b := range positions {
				if eng != nil {
					values[i] = float64(eng.Search(ctx, b, b.Moves(), engine.Limits{Depth: *depth}, nil).Value)
					continue
				}
				values[i] = float64(ev.Evaluate(b))
			}
			if u := ev.DiscUnit(); u > 0 {
				for i := range values {
					values[i] /= float64(u)
				}
			} else {
				a, c := leastSquares(values, scores)
				for i := range values {
					values[i] = a*values[i] + c
				}
			}
			mae, rmse := 0.0, 0.0
			for i := range values {
				d := values[i] - scores[i]
				mae += math.Abs(d)
				rmse += d * d
			}
			k := float64(len(values))
			fmt.Fprintf(e.stdout, "%-8d %-10s %8.2f %8.2f %10.1f\n", emp, name, mae/k, math.Sqrt(rmse/k), took.Seconds())
		}
	}
	return nil
}

// leastSquares returns a and b minimising the squared error of a*x + b
// against y.
func leastSquares(x, y []float64) (a, b float64) {
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
