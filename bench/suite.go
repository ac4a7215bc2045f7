// The standard run of reversi bench: its figures in order, each reported
// as soon as it is measured.

package bench

import (
	"context"
	"time"
)

// Suite says which of the standard figures to measure, in this order:
// the rules micro-benchmarks, perft from the start, the course alpha-beta
// and the engine's midgame search, FForum #1-#19 solved on one thread and
// on Threads, and the first FFO problems of FFO #40-#59 on Threads.
type Suite struct {
	// Budget is the time of each micro-benchmark of Rules.
	Budget time.Duration
	// PerftDepth is the depth of Perft (0: none).
	PerftDepth int
	// SearchDepth is the depth of EngineMidgame (0: neither midgame
	// search, CourseAlphaBeta included).
	SearchDepth int
	// FFO is the number of problems of FFO #40-#59 solved (0: none).
	FFO int
	// Threads is the number of threads of the parallel solves.
	Threads int
}

// SuiteReport receives the figures of a Suite as they are measured; a
// nil function drops its figures.
type SuiteReport struct {
	// Rules receives the figures of Rules, also those measured before an
	// error.
	Rules func([]Figure)
	// Perft receives the figure of Perft.
	Perft func(PerftFigure)
	// CourseAlphaBeta and EngineMidgame receive the midgame searches'
	// figures.
	CourseAlphaBeta, EngineMidgame func(SearchFigure)
	// Solve receives the figure of each solve, also one with wrong
	// scores (which then stop the suite with SolveFigure.Err).
	Solve func(SolveFigure)
}

// solveSets returns the solves of the suite, in order, as arguments of
// Solve: the file, how many of its first problems and on how many
// threads. A set of 0 problems (FFO 0) is left out.
func (s Suite) solveSets() []solveSet {
	sets := []solveSet{{"fforum-1-19.obf", 19, 1}, {"fforum-1-19.obf", 19, s.Threads}, {"fforum-40-59.obf", s.FFO, s.Threads}}
	out := sets[:0]
	for _, set := range sets {
		if set.first > 0 {
			out = append(out, set)
		}
	}
	return out
}

// solveSet is one solve of a Suite: the first first problems of file,
// solved on threads threads.
type solveSet struct {
	file           string
	first, threads int
}

// Run measures the figures of s in order, passing each to r as soon as
// it is measured. It stops at the first error (a measurement's, the
// wrong scores of a solve, or the context's once it ends) and returns it.
func (s Suite) Run(ctx context.Context, r SuiteReport) error {
	figures, err := Rules(ctx, s.Budget)
	if r.Rules != nil {
		r.Rules(figures)
	}
	if err != nil {
		return err
	}
	if s.PerftDepth > 0 {
		p, err := Perft(ctx, s.PerftDepth)
		if err != nil {
			return err
		}
		if r.Perft != nil {
			r.Perft(p)
		}
	}
	if s.SearchDepth > 0 {
		ab, err := CourseAlphaBeta(ctx)
		if err != nil {
			return err
		}
		if r.CourseAlphaBeta != nil {
			r.CourseAlphaBeta(ab)
		}
		eng, err := EngineMidgame(ctx, s.SearchDepth)
		if err != nil {
			return err
		}
		if r.EngineMidgame != nil {
			r.EngineMidgame(eng)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	for _, set := range s.solveSets() {
		f, err := Solve(ctx, set.file, set.first, set.threads)
		if err != nil {
			return err
		}
		if r.Solve != nil {
			r.Solve(f)
		}
		if err := f.Err(); err != nil {
			return err
		}
	}
	return nil
}
