package bench_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/bench"
)

// TestRules: every figure measures something, whatever the machine's
// load: with no budget at all, each is one batch of 1024 operations (a
// loop that read the clock before doing any work measured none on a
// loaded machine).
func TestRules(t *testing.T) {
	figures, err := bench.Rules(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"move generation", "flips", "play", "stable discs", "random game"}
	if len(figures) != len(want) {
		t.Fatalf("%d figures, want %d", len(figures), len(want))
	}
	for i, f := range figures {
		if f.Name != want[i] || f.Ops != 1024 || f.Elapsed <= 0 || f.NsPerOp() <= 0 || f.PerSecond() <= 0 {
			t.Errorf("figure %d: %+v", i, f)
		}
	}
}

func TestRulesStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	figures, err := bench.Rules(ctx, time.Hour)
	if err != context.Canceled || len(figures) != 5 {
		t.Fatalf("got %d figures and %v, want 5 and context.Canceled", len(figures), err)
	}
}

func TestPerft(t *testing.T) {
	p, err := bench.Perft(context.Background(), 6)
	if err != nil {
		t.Fatal(err)
	}
	if p.Depth != 6 || p.Leaves != 8200 {
		t.Fatalf("%+v: want 8200 leaves at depth 6", p)
	}
}

func TestSearches(t *testing.T) {
	if testing.Short() {
		t.Skip("the course alpha-beta takes a while")
	}
	ctx := context.Background()
	ab, err := bench.CourseAlphaBeta(ctx)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := bench.EngineMidgame(ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []bench.SearchFigure{ab, eng} {
		if s.Positions != 12 || s.Nodes == 0 || s.MsPerMove() <= 0 || s.NodesPerSecond() <= 0 {
			t.Errorf("%+v", s)
		}
	}
	if ab.Depth != 7 || eng.Depth != 3 {
		t.Errorf("depths %d and %d, want 7 and 3", ab.Depth, eng.Depth)
	}
}

func TestSolve(t *testing.T) {
	f, err := bench.Solve(context.Background(), "fforum-1-19.obf", 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if f.Problems != 3 || f.Threads != 1 || f.Wrong != 0 || f.Nodes == 0 || f.Err() != nil {
		t.Fatalf("%+v", f)
	}
	if _, err := bench.Solve(context.Background(), "no-such.obf", 1, 1); err == nil {
		t.Fatal("no error for a file that is not embedded")
	}
	if err := (bench.SolveFigure{File: "x.obf", Wrong: 2}).Err(); err == nil || err.Error() != "2 wrong scores in x.obf" {
		t.Fatalf("Err: %v", err)
	}
}

func ExamplePerft() {
	p, err := bench.Perft(context.Background(), 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("perft %d: %d leaves\n", p.Depth, p.Leaves)
	// Output: perft 5: 1396 leaves
}

func TestTimeToDepth(t *testing.T) {
	ps, err := bench.NTestPositions()
	if err != nil || len(ps) != 12 {
		t.Fatalf("%d positions, %v; want 12", len(ps), err)
	}
	var full, selective []bench.DepthFigure
	for _, prob := range []int{100, 73} {
		done := 0
		f, err := bench.TimeToDepth(context.Background(), 5, prob, 1, func(n int) { done = n })
		if err != nil || len(f) != 5 || done != 12 {
			t.Fatalf("prob %d: %d figures, %d positions, %v", prob, len(f), done, err)
		}
		for i, d := range f {
			if d.Depth != i+1 || d.Positions != 12 || d.Nodes == 0 || d.Probability != prob || (i > 0 && d.Nodes <= f[i-1].Nodes) {
				t.Errorf("prob %d: depth figure %+v", prob, d)
			}
		}
		if prob == 100 {
			full = f
		} else {
			selective = f
		}
	}
	if selective[4].Nodes >= full[4].Nodes {
		t.Errorf("depth 5: %d nodes at 73%%, %d at full width", selective[4].Nodes, full[4].Nodes)
	}
}

func TestSolveSelective(t *testing.T) {
	for _, prob := range []int{73, 100} {
		f, err := bench.SolveSelective(context.Background(), "fforum-1-19.obf", 2, 5, 1, prob, nil)
		if err != nil {
			t.Fatal(err)
		}
		if f.Problems != 3 || f.Nodes == 0 || f.Probability != prob || f.RightScores > 3 || f.RightMoves > 3 {
			t.Errorf("%d%%: %+v", prob, f)
		}
		if prob == 100 && (f.RightScores != 3 || f.RightMoves != 3 || f.MeanError != 0) {
			t.Errorf("the full-width search to the end is not exact: %+v", f)
		}
	}
	for _, r := range [][2]int{{-1, 2}, {3, 3}, {18, 20}} {
		if _, err := bench.SolveSelective(context.Background(), "fforum-1-19.obf", r[0], r[1], 1, 73, nil); err == nil {
			t.Errorf("problems %d to %d of 19 accepted", r[0], r[1]-1)
		}
	}
}
