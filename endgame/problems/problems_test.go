package problems_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/endgame/problems"
	"github.com/reversi-engine/reversi/format/obf"
)

func TestSolve(t *testing.T) {
	list := fforumProblems(t, "fforum-1-19.obf")
	list = list[:3]
	// The second problem without its scores, the third with a wrong one.
	noScore, err := obf.Parse(strings.NewReader(list[1].Position.String() + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	list[1] = noScore[0]
	best, _ := list[2].BestScore()
	sq := board.Squares(list[2].Position.Board.Moves())[0]
	wrong, err := obf.Parse(strings.NewReader(fmt.Sprintf("%s; %v:%+d\n", list[2].Position, sq, best+2)))
	if err != nil {
		t.Fatal(err)
	}
	list[2] = wrong[0]
	for _, mode := range []endgame.Mode{endgame.Exact, endgame.WLD} {
		s, err := endgame.New(endgame.Options{Threads: 1, HashMB: 8})
		if err != nil {
			t.Fatal(err)
		}
		var seen []problems.Checked
		starts, dones := 0, 0
		start := func(i int, p obf.Problem) func() {
			if i != starts {
				t.Errorf("start %d called for problem %d", starts, i)
			}
			starts++
			return func() { dones++ }
		}
		tally, err := problems.Solve(context.Background(), s, list, problems.Options{Mode: mode, Start: start}, func(c problems.Checked) { seen = append(seen, c) })
		if err != nil {
			t.Fatal(err)
		}
		if starts != 3 || dones != 3 || len(seen) != 3 {
			t.Fatalf("%v: %d starts, %d dones, %d outcomes", mode, starts, dones, len(seen))
		}
		if !seen[0].Right() || seen[1].HasWant || seen[1].Right() || seen[1].Wrong() {
			t.Errorf("%v: %+v %+v", mode, seen[0], seen[1])
		}
		if exact := mode == endgame.Exact; seen[2].Wrong() != exact {
			t.Errorf("%v: problem 3 (file says %+d, WLD sign the same) wrong: %v", mode, best+2, seen[2].Wrong())
		}
		if tally.Solved != 3 || tally.Right+tally.Wrong != 2 || tally.Unchecked != 1 || tally.Nodes == 0 || tally.NodesPerSecond() <= 0 {
			t.Errorf("%v: tally %+v", mode, tally)
		}
		if r := seen[0].Row(); !strings.HasSuffix(r, "  ok") || strings.Index(problems.Header(), "  check") != len(r)-len("  ok") {
			t.Errorf("%v: row %q under %q", mode, r, problems.Header())
		}
		if r := seen[1].Row(); !strings.HasSuffix(r, "  -") {
			t.Errorf("%v: row without a score to check %q", mode, r)
		}
		if s := tally.Summary(3); !strings.HasPrefix(s, "solved 3 of 3: ") || !strings.Contains(s, "1 without a score to check") {
			t.Errorf("%v: summary %q", mode, s)
		}
	}
}

func TestSolveStopped(t *testing.T) {
	list := fforumProblems(t, "fforum-40-59.obf")
	list = list[:2]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	s, err := endgame.New(endgame.Options{Threads: 1, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	tally, err := problems.Solve(ctx, s, list, problems.Options{}, func(c problems.Checked) {
		calls++
		if !c.Result.Stopped || c.Right() || c.Wrong() {
			t.Errorf("%+v", c)
		}
		if r := c.Row(); !strings.HasSuffix(r, "  stopped") {
			t.Errorf("the row of a stopped solve: %q", r)
		}
	})
	if calls != 1 || tally.Solved != 0 {
		t.Fatalf("%d outcomes, tally %+v, error %v: want one stopped outcome", calls, tally, err)
	}
}

// fforumProblems returns the problems of the embedded FForum file name.
func fforumProblems(t testing.TB, name string) []obf.Problem {
	t.Helper()
	text, err := fforum.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	list, err := obf.Parse(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return list
}
