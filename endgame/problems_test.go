package endgame_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/format/obf"
)

func TestSolveProblems(t *testing.T) {
	problems := endgame.FForumProblems(t, "fforum-1-19.obf")
	problems = problems[:3]
	// The second problem without its scores, the third with a wrong one.
	noScore, err := obf.Parse(strings.NewReader(problems[1].Position.String() + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	problems[1] = noScore[0]
	best, _ := problems[2].BestScore()
	sq := board.Squares(problems[2].Position.Board.Moves())[0]
	wrong, err := obf.Parse(strings.NewReader(fmt.Sprintf("%s; %v:%+d\n", problems[2].Position, sq, best+2)))
	if err != nil {
		t.Fatal(err)
	}
	problems[2] = wrong[0]
	for _, mode := range []endgame.Mode{endgame.Exact, endgame.WLD} {
		s := endgame.New(endgame.Options{Threads: 1, HashMB: 8})
		var seen []endgame.Checked
		starts, dones := 0, 0
		start := func(i int, p obf.Problem) func() {
			if i != starts {
				t.Errorf("start %d called for problem %d", starts, i)
			}
			starts++
			return func() { dones++ }
		}
		tally, err := s.SolveProblems(context.Background(), problems, endgame.ProblemOptions{Mode: mode, Start: start}, func(c endgame.Checked) { seen = append(seen, c) })
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
	}
}

func TestSolveProblemsStopped(t *testing.T) {
	problems := endgame.FForumProblems(t, "fforum-40-59.obf")
	problems = problems[:2]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	tally, err := endgame.New(endgame.Options{Threads: 1, HashMB: 1}).SolveProblems(ctx, problems, endgame.ProblemOptions{}, func(c endgame.Checked) {
		calls++
		if !c.Result.Stopped || c.Right() || c.Wrong() {
			t.Errorf("%+v", c)
		}
	})
	if calls != 1 || tally.Solved != 0 {
		t.Fatalf("%d outcomes, tally %+v, error %v: want one stopped outcome", calls, tally, err)
	}
}
