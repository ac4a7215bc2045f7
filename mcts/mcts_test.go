package mcts

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/minimax"
)

func newSearcher(t testing.TB, o Options) *Searcher {
	t.Helper()
	s, err := New(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomPosition plays random moves until empties empty squares remain,
// the side to move having a move.
func randomPosition(rng *rand.Rand, empties int) board.Board {
	for {
		b := board.StartBoard()
		for b.Empties() > empties && !b.GameOver() {
			m := b.Moves()
			if m == 0 {
				b = b.Pass()
				continue
			}
			sqs := board.Squares(m)
			b = b.Play(sqs[rng.IntN(len(sqs))])
		}
		if b.Empties() == empties && b.HasMoves() {
			return b
		}
	}
}

func TestRewards(t *testing.T) {
	tests := []struct {
		r      Reward
		margin float64
		want   float64
	}{
		{WinLoss, 2, 1}, {WinLoss, 0, 0.5}, {WinLoss, -64, 0},
		{Margin, 64, 1}, {Margin, 0, 0.5}, {Margin, -64, 0}, {Margin, 32, 0.75},
		{WinBonus, 64, 1}, {WinBonus, -64, 0}, {WinBonus, 0, 114.0 / 228}, {WinBonus, 2, 166.0 / 228}, {WinBonus, -2, 62.0 / 228},
	}
	for _, tt := range tests {
		if got := tt.r.of(tt.margin, false); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%v of %+g: %v, want %v", tt.r, tt.margin, got, tt.want)
		}
	}
	// Estimates are smooth and ordered.
	if !(WinLoss.of(5, true) > WinLoss.of(0, true) && WinLoss.of(0, true) == 0.5 && WinLoss.of(-5, true) < 0.5) {
		t.Errorf("estimated win/loss rewards are not ordered")
	}
	for _, name := range []string{"winloss", "margin", "bonus"} {
		if r, err := ParseReward(name); err != nil || r.String() != name {
			t.Errorf("%s: %v %v", name, r, err)
		}
	}
	if _, err := ParseReward("points"); err == nil {
		t.Errorf("unknown reward accepted")
	}
	if _, err := ParsePolicy("greedy"); err == nil {
		t.Errorf("unknown policy accepted")
	}
}

func TestBadOptions(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, o := range []Options{{C: -1}, {Epsilon: 2}, {ABDepth: 9}, {Truncate: -1}, {Threads: -2}, {MaxNodes: 10}, {Temperature: -5},
		{C: nan}, {Epsilon: nan}, {Temperature: nan}, {Temperature: inf}} {
		if _, err := New(o, nil); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	// Truncated rollouts need an evaluation: none is an error, not full
	// rollouts without a word.
	if _, err := New(Options{Truncate: 10}, nil); err == nil || !strings.Contains(err.Error(), "need an evaluation") {
		t.Errorf("truncated rollouts without an evaluation: %v", err)
	}
	if s, err := New(Options{Truncate: 10}, eval.Discs{}); err != nil || s.Options().Truncate != 10 {
		t.Errorf("truncated rollouts with an evaluation: %v", err)
	}
}

// TestPolicies checks each rollout policy's defining choice.
func TestPolicies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Roxanne takes a corner when it can.
	r := newRoller(Options{Policy: Roxanne}, 1, nil)
	for range 200 {
		b := randomPosition(rng, 20+rng.IntN(20))
		m := b.Moves()
		sq := r.choose(b, m)
		if m&sq.Bit() == 0 {
			t.Fatalf("roxanne chose %v, not legal", sq)
		}
		const cornerMask = 1<<0 | 1<<7 | 1<<56 | 1<<63
		if m&cornerMask != 0 && cornerMask&sq.Bit() == 0 {
			t.Fatalf("%v: roxanne passed over a corner for %v", b, sq)
		}
	}
	// Epsilon 0 is greedy on the classic evaluation; the alpha-beta
	// policy is the course's alpha-beta.
	g := newRoller(Options{Policy: EpsilonGreedy, Epsilon: 1e-300}, 1, nil)
	ab := newRoller(Options{Policy: AlphaBeta, ABDepth: 2}, 1, nil)
	for range 50 {
		b := randomPosition(rng, 30)
		best, bestV := board.NoSquare, math.MinInt
		for _, sq := range board.Squares(b.Moves()) {
			if v := -g.value(b.Play(sq)); v > bestV {
				best, bestV = sq, v
			}
		}
		if got := g.choose(b, b.Moves()); got != best {
			t.Fatalf("greedy chose %v, best %v", got, best)
		}
		want, _ := minimax.Searcher{Algorithm: minimax.AlphaBetaSearch, Eval: eval.Course{}}.Search(context.Background(), b, minimax.Limits{Depth: 2}, nil)
		if got := ab.choose(b, b.Moves()); got != want.Move {
			t.Fatalf("alpha-beta rollout chose %v, alpha-beta %v", got, want.Move)
		}
	}
	// Softmax: nearly greedy when cold, spread when hot.
	b := randomPosition(rng, 40)
	count := func(temp float64) (bestShare float64, distinct int) {
		s := newRoller(Options{Policy: Softmax, Temperature: temp}, 3, nil)
		seen := map[board.Square]int{}
		for range 400 {
			seen[s.choose(b, b.Moves())]++
		}
		best, bestV := board.NoSquare, math.MinInt
		for _, sq := range board.Squares(b.Moves()) {
			if v := -s.value(b.Play(sq)); v > bestV {
				best, bestV = sq, v
			}
		}
		return float64(seen[best]) / 400, len(seen)
	}
	if share, _ := count(1); share < 0.95 {
		t.Errorf("cold softmax plays the best move %.0f%% of the time", 100*share)
	}
	if _, distinct := count(1e9); distinct < len(board.Squares(b.Moves()))-1 {
		t.Errorf("hot softmax played only %d different moves", distinct)
	}
}

// TestSolverProvesWins: near the end, the search proves the result
// exactly and plays a winning move when there is one.
func TestSolverProvesWins(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	solver, err := endgame.New(endgame.Options{HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	proved := 0
	for range 40 {
		b := randomPosition(rng, 6)
		exact, _ := solver.Search(context.Background(), b, endgame.Limits{Mode: endgame.Exact}, nil)
		s := newSearcher(t, Options{Seed: 1})
		r, _ := s.Search(context.Background(), b, Limits{Iterations: 200000}, nil)
		if !r.Solved {
			t.Fatalf("%v (6 empties): not proven after %d iterations", b, r.Iterations)
		}
		proved++
		if (r.Margin > 0) != (exact.Score > 0) || (r.Margin < 0) != (exact.Score < 0) {
			t.Fatalf("%v: proven %+d, exact %+d", b, r.Margin, exact.Score)
		}
		if exact.Score > 0 {
			if v := -solverValue(solver, b.Play(r.Move)); v <= 0 {
				t.Fatalf("%v: won position (%+d), played %v worth %+d", b, exact.Score, r.Move, v)
			}
		}
	}
	if proved != 40 {
		t.Errorf("%d of 40 proven", proved)
	}
}

// TestSelectionSkipsProvenChildren: a child proven drawn is not visited
// again while a sibling is unproven, even when its mean is the best; a
// child proven won for the side to move is chosen at once; when every
// child is proven, the best of them.
func TestSelectionSkipsProvenChildren(t *testing.T) {
	tr := newTree(board.StartBoard(), 1<<20)
	if !tr.expand(0, rand.New(rand.NewPCG(1, 1))) {
		t.Fatal("expand failed")
	}
	root := tr.at(0)
	first, n := root.first, int32(root.n)
	if n != 4 {
		t.Fatalf("%d children from the start, want 4", n)
	}
	for k := first; k < first+n; k++ {
		tr.at(k).visits, tr.at(k).sum = 100, 20 // poor for the side to move
	}
	root.visits = 400
	draw := tr.at(first)
	draw.solved, draw.margin, draw.sum = true, 0, 100 // proven draw, the best mean
	if got := tr.selectChild(0, 0.7); got == first {
		t.Errorf("selected the proven draw while siblings are unproven")
	}
	won := tr.at(first + 2)
	won.solved, won.margin = true, -10 // the opponent loses there
	if got := tr.selectChild(0, 0.7); got != first+2 {
		t.Errorf("selected child %d, want the proven win %d", got, first+2)
	}
	won.solved = false
	for k := first + 1; k < first+n; k++ {
		tr.at(k).solved, tr.at(k).margin = true, 8 // lost for the side to move
	}
	if got := tr.selectChild(0, 0.7); got != first {
		t.Errorf("all children proven: selected %d, want the draw %d", got, first)
	}
}

func solverValue(s *endgame.Solver, b board.Board) int {
	r, _ := s.Search(context.Background(), b, endgame.Limits{Mode: endgame.Exact}, nil)
	return r.Score
}

// TestTreeReuse: after our move and the reply, the subtree of the new
// position is kept, with its visits.
func TestTreeReuse(t *testing.T) {
	s := newSearcher(t, Options{Seed: 2, Reuse: true})
	b := board.StartBoard()
	r, _ := s.Search(context.Background(), b, Limits{Iterations: 20000}, nil)
	after := b.Play(r.Move)
	reply := r.Moves[0].PV[1] // the most visited answer
	next := after.Play(reply)
	old := s.trees[0]
	var want uint32
	for k := old.at(0).first; k < old.at(0).first+int32(old.at(0).n); k++ {
		if old.at(k).move != r.Move {
			continue
		}
		ch := *old.at(k)
		for g := ch.first; g < ch.first+int32(ch.n); g++ {
			if old.at(g).move == reply {
				want = old.at(g).visits
			}
		}
	}
	kept := old.reroot(next)
	if kept == nil || kept.at(0).b != next || kept.at(0).visits != want || want == 0 {
		t.Fatalf("rerooted tree: %v", kept != nil)
	}
	// Its structure is whole: parents point back, children hold the
	// positions after their moves; every node is reached once.
	reached := 0
	for queue := []int32{0}; len(queue) > 0; queue = queue[1:] {
		i := queue[0]
		nd := *kept.at(i)
		reached++
		for c := nd.first; nd.first >= 0 && c < nd.first+int32(nd.n); c++ {
			queue = append(queue, c)
			ch := *kept.at(c)
			if ch.parent != i {
				t.Fatalf("node %d: child %d has parent %d", i, c, ch.parent)
			}
			if want := nd.b.Play(ch.move); ch.move != board.Pass && ch.b != want || ch.move == board.Pass && ch.b != nd.b.Pass() {
				t.Fatalf("node %d: child %v holds the wrong position", i, ch.move)
			}
		}
	}
	if reached != kept.used {
		t.Fatalf("%d nodes reached from the root, %d in the tree", reached, kept.used)
	}
	// The searcher reuses it: the next search starts with those visits.
	r2, _ := s.Search(context.Background(), next, Limits{Iterations: 1}, nil)
	if total := visits(r2); total < uint64(want) {
		t.Errorf("the next search's root moves have %d visits, the kept subtree %d", total, want)
	}
	// An unrelated position starts afresh.
	other := board.StartBoard().Play(board.MustParseSquare("D3")).Play(board.MustParseSquare("C5"))
	if other != next && s.trees[0].reroot(other) != nil && s.trees[0].at(0).b != other {
		t.Errorf("an unrelated position was found in the tree")
	}
}

func visits(r Result) uint64 {
	var n uint64
	for _, m := range r.Moves {
		n += m.Visits
	}
	return n
}

// TestMemoryBounded plays a whole game with tree reuse and a small pool:
// the tree never grows past it.
func TestMemoryBounded(t *testing.T) {
	for _, par := range []Parallelism{RootParallel, TreeParallel} {
		s := newSearcher(t, Options{Seed: 3, Reuse: true, MaxNodes: 5000, Threads: 2, Parallel: par})
		b := board.StartBoard()
		for !b.GameOver() {
			if !b.HasMoves() {
				b = b.Pass()
				continue
			}
			r, _ := s.Search(context.Background(), b, Limits{Iterations: 3000}, nil)
			for _, tr := range s.trees {
				if tr.used > 5000 {
					t.Fatalf("%v: a tree of %d nodes, bound 5000", par, tr.used)
				}
			}
			if b.Moves()&r.Move.Bit() == 0 {
				t.Fatalf("illegal move %v", r.Move)
			}
			b = b.Play(r.Move)
		}
	}
}

func TestBudgetsAndCancel(t *testing.T) {
	b := board.StartBoard()
	s := newSearcher(t, Options{Seed: 4, Threads: 2})
	if r, _ := s.Search(context.Background(), b, Limits{Iterations: 5000}, nil); r.Iterations != 5000 {
		t.Errorf("%d iterations, budget 5000", r.Iterations)
	}
	// A time budget is used, not cut short; the upper bound only says
	// that the search stops at all (it holds on a loaded machine).
	start := time.Now()
	r, _ := s.Search(context.Background(), b, Limits{Time: 100 * time.Millisecond}, nil)
	if took := time.Since(start); took < 100*time.Millisecond || took > stopBound || r.Iterations == 0 || r.Stopped {
		t.Errorf("100 ms budget: %v, %d iterations", took, r.Iterations)
	}
	// A cancelled context stops a search whose budget is an hour.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start = time.Now()
	r, _ = s.Search(ctx, b, Limits{Time: time.Hour}, nil)
	if took := time.Since(start); took > stopBound || b.Moves()&r.Move.Bit() == 0 || !r.Stopped {
		t.Errorf("cancelled search: %v, move %v, stopped %v", took, r.Move, r.Stopped)
	}
	if _, err := s.Search(context.Background(), board.Board{P: 1, O: 1}, Limits{Iterations: 10}, nil); err == nil {
		t.Error("an invalid board was searched")
	}
}

// stopBound is how long a search stopped by its budget or its context may
// take to return in a test: far beyond what it takes on an idle machine,
// far below the hour it would run if it did not stop, so that the tests
// do not depend on the machine's load.
const stopBound = 10 * time.Second

// TestProgress: a search reports what it has found every progressEvery,
// with root and tree parallelism, iterations growing; the player turns
// the reports into live thinking.
//
// The searches have a budget of a minute and are stopped (their context
// cancelled) by the report that the test waits for: how many reports
// come does not depend on how much of the machine the search gets (with
// a budget of 700 ms, a starved thread 0 could make fewer than two), and
// a search that did not report would run out its minute and fail.
func TestProgress(t *testing.T) {
	const budget = time.Minute
	const want = 3 // reports of each search
	b := board.StartBoard()
	for _, par := range []Parallelism{RootParallel, TreeParallel} {
		s := newSearcher(t, Options{Seed: 9, Threads: 2, Parallel: par})
		ctx, cancel := context.WithCancel(context.Background())
		var reports []Result
		r, _ := s.Search(ctx, b, Limits{Time: budget}, func(r Info) {
			if reports = append(reports, r); len(reports) == want {
				cancel()
			}
		})
		cancel()
		if len(reports) < want {
			t.Fatalf("%v: %d progress reports in %v", par, len(reports), r.Elapsed)
		}
		if reports[0].Elapsed < progressEvery {
			t.Errorf("%v: the first report came after %v, before progressEvery (%v)", par, reports[0].Elapsed, progressEvery)
		}
		for i, p := range reports {
			if len(p.Moves) == 0 || b.Moves()&p.Move.Bit() == 0 || p.Iterations == 0 {
				t.Fatalf("%v: report %d: move %v, %d moves, %d iterations", par, i, p.Move, len(p.Moves), p.Iterations)
			}
			if i > 0 && (p.Iterations <= reports[i-1].Iterations || p.Elapsed <= reports[i-1].Elapsed) {
				t.Errorf("%v: report %d does not move on: %d iterations after %d", par, i, p.Iterations, reports[i-1].Iterations)
			}
		}
		if last := reports[len(reports)-1]; last.Iterations > r.Iterations {
			t.Errorf("%v: a report counts %d iterations, the result %d", par, last.Iterations, r.Iterations)
		}
	}
	s := newSearcher(t, Options{Seed: 9, Threads: 1})
	p := NewPlayer("mcts", s, Limits{Time: budget})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var live []player.Thinking
	reply, err := p.Move(ctx, player.Request{Position: board.Start(), Legal: b.Moves(),
		Progress: func(th player.Thinking) {
			live = append(live, th)
			cancel() // the first report is enough
		}})
	if err != nil || len(live) == 0 {
		t.Fatalf("player: %v, %d live reports", err, len(live))
	}
	if th := live[len(live)-1]; th.Nodes == 0 || len(th.Moves) == 0 || len(th.PV) == 0 || th.Unit != player.UnitRate {
		t.Errorf("live thinking %+v", th)
	}
	if reply.Thinking == nil || reply.Thinking.Nodes < live[len(live)-1].Nodes {
		t.Errorf("final thinking %+v after live %+v", reply.Thinking, live[len(live)-1])
	}
}

func TestRestrictedRoot(t *testing.T) {
	b := board.StartBoard()
	only := board.MustParseSquare("C4").Bit()
	s := newSearcher(t, Options{Seed: 5, Reuse: true})
	r, _ := s.Search(context.Background(), b, Limits{Iterations: 2000, Forbidden: b.Moves() &^ only}, nil)
	if r.Move != board.MustParseSquare("C4") || len(r.Moves) != 1 {
		t.Errorf("restricted to C4: played %v, statistics of %d moves", r.Move, len(r.Moves))
	}
	// The next, unrestricted search does not inherit the exclusion.
	r, _ = s.Search(context.Background(), b, Limits{Iterations: 2000}, nil)
	if len(r.Moves) != 4 {
		t.Errorf("unrestricted search: %d moves", len(r.Moves))
	}
}

func TestStatistics(t *testing.T) {
	b := board.StartBoard()
	for _, o := range []Options{
		{Seed: 6}, {Seed: 6, Reward: Margin}, {Seed: 6, Reward: WinBonus, FinalByValue: true},
		{Seed: 6, Policy: Roxanne}, {Seed: 6, Policy: Softmax}, {Seed: 6, Policy: EpsilonGreedy}, {Seed: 6, Policy: AlphaBeta, ABDepth: 1},
		{Seed: 6, Threads: 2, Parallel: TreeParallel},
	} {
		s := newSearcher(t, o)
		r, _ := s.Search(context.Background(), b, Limits{Iterations: 3000}, nil)
		if len(r.Moves) != 4 || visits(r) != 3000 {
			t.Errorf("%+v: %d moves, %d visits", o, len(r.Moves), visits(r))
		}
		for _, m := range r.Moves {
			if m.Mean < 0 || m.Mean > 1 || len(m.PV) == 0 || m.PV[0] != m.Move {
				t.Errorf("%+v: move %+v", o, m)
			}
		}
		if r.Moves[0].Visits < r.Moves[3].Visits {
			t.Errorf("moves not sorted by visits")
		}
	}
}

// BenchmarkIterations: iterations from the start, random rollouts,
// win/loss rewards, on 1 and 2 threads (root parallelism).
func BenchmarkIterations(b *testing.B) {
	for _, threads := range []int{1, 2} {
		b.Run(map[int]string{1: "threads=1", 2: "threads=2"}[threads], func(b *testing.B) {
			s := newSearcher(b, Options{Seed: 7, Threads: threads})
			var its uint64
			var took time.Duration
			for b.Loop() {
				r, _ := s.Search(context.Background(), board.StartBoard(), Limits{Time: 500 * time.Millisecond}, nil)
				its += r.Iterations
				took += r.Elapsed
			}
			b.ReportMetric(float64(its)/took.Seconds(), "iterations/s")
		})
	}
}

func TestThinkingNote(t *testing.T) {
	for _, tt := range []struct {
		o    Options
		want string
	}{
		{Options{Threads: 1, Parallel: RootParallel}, ", 1 thread"},
		{Options{Threads: 2, Parallel: TreeParallel}, ", 2 threads (tree)"},
	} {
		note := Thinking(Result{Iterations: 10, Elapsed: time.Second}, tt.o).Note
		if !strings.HasPrefix(note, "10 iterations, 10/s, ") || !strings.HasSuffix(note, tt.want) {
			t.Errorf("threads %d: note %q, want it to end in %q", tt.o.Threads, note, tt.want)
		}
	}
}
