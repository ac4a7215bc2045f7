// Package problems solves the problems of an OBF file with the endgame
// solver, one after another, and checks each against the file's best
// score: the solve subcommand and the FForum benchmarks.
//
//	t, err := problems.Solve(ctx, solver, list, problems.Options{Mode: endgame.Exact}, func(c problems.Checked) { ... })
//
// It sits on the floor above the solver (endgame) and the file format
// (format/obf), so that neither needs the other.
package problems

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/format/obf"
)

// Options says how Solve solves each problem.
type Options struct {
	Mode endgame.Mode // endgame.Exact (the zero value) or endgame.WLD

	// TimeLimit gives up on a problem after this long (0: no limit).
	TimeLimit time.Duration

	// Start, if not nil, is called before each solve (the problem's index
	// in the list, from 0, and the problem); the function it returns is
	// called when the solve ends. A command starts its news of a long
	// solve there.
	Start func(i int, p obf.Problem) (done func())
}

// Checked is the solve of one problem and its check against the file.
type Checked struct {
	Index   int // in the list of problems, from 0
	Problem obf.Problem
	Result  endgame.Result // Result.Stopped: ctx ended or the time limit passed
	Want    int            // the file's best score (its sign in WLD mode), if HasWant
	HasWant bool           // the file gives the problem's scores
}

// Right reports whether the problem was solved and its score is the
// file's best score.
func (c Checked) Right() bool { return !c.Result.Stopped && c.HasWant && c.Result.Score == c.Want }

// Wrong reports whether the problem was solved and its score is not the
// file's best score.
func (c Checked) Wrong() bool { return !c.Result.Stopped && c.HasWant && c.Result.Score != c.Want }

// Tally sums the solves of Solve.
type Tally struct {
	Solved, Right, Wrong int
	Unchecked            int           // solved, without a score in the file
	Nodes                uint64        // of every solve, stopped ones included
	Elapsed              time.Duration // the same
}

// NodesPerSecond returns the nodes searched per second.
func (t Tally) NodesPerSecond() float64 {
	return endgame.Result{Nodes: t.Nodes, Elapsed: t.Elapsed}.NodesPerSecond()
}

// Solve solves the problems one after another with s, calls
// each (if not nil) with every outcome as it comes, and returns the
// tally. A solve stopped by its time limit goes on to the next problem;
// one stopped by the end of ctx ends the run (each has seen it). The
// error, "line N: ...", is the solver's for an invalid position.
func Solve(ctx context.Context, s *endgame.Solver, problems []obf.Problem, o Options, each func(Checked)) (Tally, error) {
	var t Tally
	for i, p := range problems {
		pctx, cancel := ctx, context.CancelFunc(func() {})
		if o.TimeLimit > 0 {
			pctx, cancel = context.WithTimeout(ctx, o.TimeLimit)
		}
		done := func() {}
		if o.Start != nil {
			done = o.Start(i, p)
		}
		r, err := s.Search(pctx, p.Position.Board, endgame.Limits{Mode: o.Mode}, nil)
		done()
		cancel()
		t.Nodes += r.Nodes
		t.Elapsed += r.Elapsed
		if err != nil {
			return t, fmt.Errorf("line %d: %w", p.Line, err)
		}
		c := Checked{Index: i, Problem: p, Result: r}
		if c.Want, c.HasWant = p.BestScore(); c.HasWant && o.Mode == endgame.WLD {
			c.Want = cmp.Compare(c.Want, 0)
		}
		switch {
		case r.Stopped:
		case c.Right():
			t.Solved++
			t.Right++
		case c.Wrong():
			t.Solved++
			t.Wrong++
		default:
			t.Solved++
			t.Unchecked++
		}
		if each != nil {
			each(c)
		}
		if r.Stopped && ctx.Err() != nil {
			break
		}
	}
	return t, nil
}

// Header returns the head of the table of Checked.Row (reversi solve's).
func Header() string {
	return fmt.Sprintf("%4s %5s %4s %5s %5s %14s %9s %12s  %s", "#", "line", "emp", "move", "score", "nodes", "seconds", "nodes/s", "check")
}

// Row returns the solve as a row under Header: the problem's number and
// line, its empties, the move and score found (- and ? for a solve
// stopped), nodes, seconds, nodes per second and the check against the
// file: ok, WRONG with the file's score, - without one, or stopped.
func (c Checked) Row() string {
	r, p := c.Result, c.Problem
	if r.Stopped {
		return fmt.Sprintf("%4d %5d %4d %5s %5s %14d %9.3f %12.0f  stopped", c.Index+1, p.Line, p.Position.Board.Empties(), "-", "?", r.Nodes, r.Elapsed.Seconds(), r.NodesPerSecond())
	}
	check := "-"
	if c.Right() {
		check = "ok"
	} else if c.Wrong() {
		check = fmt.Sprintf("WRONG: file says %+d", c.Want)
	}
	return fmt.Sprintf("%4d %5d %4d %5v %+5d %14d %9.3f %12.0f  %s", c.Index+1, p.Line, p.Position.Board.Empties(), r.Move, r.Score, r.Nodes, r.Elapsed.Seconds(), r.NodesPerSecond(), check)
}

// Summary returns the line that sums up the solves of n problems.
func (t Tally) Summary(n int) string {
	return fmt.Sprintf("solved %d of %d: %d right, %d wrong, %d without a score to check; %d nodes in %.3f s, %.0f nodes/s",
		t.Solved, n, t.Right, t.Wrong, t.Unchecked, t.Nodes, t.Elapsed.Seconds(), t.NodesPerSecond())
}
