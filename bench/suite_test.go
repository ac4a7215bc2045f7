package bench_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/bench"
)

// TestSuite runs a short suite and checks the figures reported, in
// order; a suite whose context has ended reports the rules' figures
// only, with the context's error.
func TestSuite(t *testing.T) {
	suite := bench.Suite{Budget: time.Millisecond, PerftDepth: 6, Threads: 2}
	var got []string
	err := suite.Run(context.Background(), bench.SuiteReport{
		Rules:           func(f []bench.Figure) { got = append(got, fmt.Sprintf("rules %d", len(f))) },
		Perft:           func(p bench.PerftFigure) { got = append(got, fmt.Sprintf("perft %d %d", p.Depth, p.Leaves)) },
		CourseAlphaBeta: func(bench.SearchFigure) { got = append(got, "course") },
		EngineMidgame:   func(bench.SearchFigure) { got = append(got, "engine") },
		Solve: func(f bench.SolveFigure) {
			got = append(got, fmt.Sprintf("solve %s x%d on %d, %d wrong", f.File, f.Problems, f.Threads, f.Wrong))
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"rules 5", "perft 6 8200", "solve fforum-1-19.obf x19 on 1, 0 wrong", "solve fforum-1-19.obf x19 on 2, 0 wrong"}
	if !slices.Equal(got, want) {
		t.Errorf("reported %q, want %q", got, want)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got = nil
	err = bench.Suite{Budget: time.Hour, PerftDepth: 6, SearchDepth: 3, FFO: 1, Threads: 1}.Run(ctx, bench.SuiteReport{
		Rules: func(f []bench.Figure) { got = append(got, fmt.Sprintf("rules %d", len(f))) },
		Perft: func(bench.PerftFigure) { got = append(got, "perft") },
		Solve: func(bench.SolveFigure) { got = append(got, "solve") },
	})
	if err != context.Canceled || !slices.Equal(got, []string{"rules 5"}) {
		t.Errorf("stopped: reported %q and %v, want the rules' figures and context.Canceled", got, err)
	}
}
