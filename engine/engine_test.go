package engine

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/format/obf"
)

// positions returns n positions of random games with a legal move and at
// least minEmpties empty squares.
type boardAndDepth struct {
	b     board.Board
	depth int
}

func positions(n, minEmpties int, seed uint64) []board.Board {
	rng := rand.New(rand.NewPCG(seed, 0))
	var out []board.Board
	for len(out) < n {
		b := board.StartBoard()
		for !b.GameOver() && len(out) < n {
			m := b.Moves()
			if m == 0 {
				b = b.Pass()
				continue
			}
			if rng.IntN(8) == 0 && b.Empties() >= minEmpties {
				out = append(out, b)
			}
			sqs := board.Squares(m)
			b = b.Play(sqs[rng.IntN(len(sqs))])
		}
	}
	return out
}

// checkPV fails the test if pv is not a sequence of legal moves from b
// starting with move.
func checkPV(t *testing.T, b board.Board, move board.Square, pv []board.Square) {
	t.Helper()
	if len(pv) == 0 || pv[0] != move {
		t.Fatalf("%v: PV %v does not start with %v", b, pv, move)
	}
	for _, sq := range pv {
		if !b.IsLegal(sq) {
			t.Fatalf("PV %v: %v is not legal in %v", pv, sq, b)
		}
		b = b.Play(sq)
	}
}

// negamax is the plain minimax value of b searched depth plies deep, with
// the engine's convention that a pass does not count as a ply.
func negamax(b board.Board, depth int, ev eval.Evaluator) int {
	if b.GameOver() {
		return ev.Final(b.FinalScore())
	}
	if depth == 0 {
		return ev.Evaluate(b)
	}
	m := b.Moves()
	if m == 0 {
		return -negamax(b.Pass(), depth, ev)
	}
	best := -infinity
	for _, sq := range board.Squares(m) {
		best = max(best, -negamax(b.Play(sq), depth-1, ev))
	}
	return best
}

// TestFixedDepthEqualsMinimax: NegaScout with its table, ordering and
// aspiration windows finds the minimax value at the same depth.
func TestFixedDepthEqualsMinimax(t *testing.T) {
	pat := DefaultEvaluator()
	if pat.Name() != "pattern" {
		t.Fatalf("the default evaluation is %s", pat.Name())
	}
	for _, ev := range []eval.Evaluator{eval.Course{}, eval.Discs{}, pat} {
		n := 60
		if testing.Short() {
			n = 20
		}
		for i, b := range positions(n, 10, 1) {
			depth := 1 + i%6
			e := mustNew(t, Options{Eval: ev, HashMB: 1})
			r, _ := e.Search(context.Background(), b, Limits{Depth: depth, Probability: 100}, nil)
			want := negamax(b, depth, ev)
			if r.Value != want || r.Kind != Midgame || r.Depth != depth {
				t.Fatalf("%s depth %d %v: engine %v %d (depth %d), minimax %d", ev.Name(), depth, b, r.Move, r.Value, r.Depth, want)
			}
			if b.Moves()&r.Move.Bit() == 0 {
				t.Fatalf("illegal move %v", r.Move)
			}
			checkPV(t, b, r.Move, r.PV)
		}
	}
}

func TestAllMovesValues(t *testing.T) {
	ev := eval.Course{}
	for _, b := range positions(15, 20, 2) {
		e := mustNew(t, Options{Eval: ev, HashMB: 1})
		r, _ := e.Search(context.Background(), b, Limits{Depth: 4, AllMoves: true}, nil)
		if len(r.Moves) != len(board.Squares(b.Moves())) {
			t.Fatalf("%d move values for %d moves", len(r.Moves), len(board.Squares(b.Moves())))
		}
		for i, m := range r.Moves {
			if want := -negamax(b.Play(m.Move), 3, ev); m.Value != want {
				t.Fatalf("%v: move %v value %d, alpha-beta %d", b, m.Move, m.Value, want)
			}
			if i > 0 && m.Value > r.Moves[i-1].Value {
				t.Fatalf("moves not sorted")
			}
		}
		if r.Moves[0].Move != r.Move || r.Moves[0].Value != r.Value {
			t.Fatalf("best %v %d, first of the list %v %d", r.Move, r.Value, r.Moves[0].Move, r.Moves[0].Value)
		}
	}
}

// TestEndgameIsExact: with few empties the engine solves (and without the
// solver, searching to the end gives the same exact value).
func TestEndgameIsExact(t *testing.T) {
	solver, err := endgame.New(endgame.Options{HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range positions(400, 0, 3) {
		if b.Empties() > 10 {
			continue
		}
		want, err := solver.Search(context.Background(), b, endgame.Limits{Mode: endgame.Exact}, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := mustNew(t, Options{Eval: eval.Discs{}, HashMB: 1})
		r, _ := e.Search(context.Background(), b, Limits{ExactEmpties: 12}, nil)
		if r.Kind != Exact || r.Value != want.Score {
			t.Fatalf("%v: engine %v %d, solver %d", b, r.Kind, r.Value, want.Score)
		}
		checkPV(t, b, r.Move, r.PV)
		w, _ := e.Search(context.Background(), b, Limits{WLDEmpties: 12}, nil)
		if w.Kind != WLD || w.Value != sign(want.Score) {
			t.Fatalf("%v: WLD %v %d, solver %d", b, w.Kind, w.Value, want.Score)
		}
		m, _ := e.Search(context.Background(), b, Limits{Probability: 100}, nil) // midgame search to the end
		if m.Kind != Exact || m.Value != want.Score || m.Probability != 100 || m.Depth != b.Empties() {
			t.Fatalf("%v: midgame search to the end %v %d at %d%%, solver %d", b, m.Kind, m.Value, m.Probability, want.Score)
		}
	}
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func TestCancellationAndTime(t *testing.T) {
	b := positions(1, 40, 4)[0]
	for _, threads := range []int{1, 2} {
		e := mustNew(t, Options{Threads: threads})
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		start := time.Now()
		r, _ := e.Search(ctx, b, Limits{}, nil)
		cancel()
		if took := time.Since(start); took > stopBound {
			t.Errorf("%d threads: cancelled search returned after %v", threads, took)
		}
		if !r.Stopped || b.Moves()&r.Move.Bit() == 0 {
			t.Errorf("%d threads: cancelled search: %+v", threads, r)
		}
		start = time.Now()
		r, _ = e.Search(context.Background(), b, Limits{Time: 100 * time.Millisecond, MaxTime: 250 * time.Millisecond}, nil)
		if took := time.Since(start); took > stopBound || r.Depth < 1 {
			t.Errorf("%d threads: 100 ms budget: took %v, depth %d", threads, took, r.Depth)
		}
	}
}

// stopBound is how long a search stopped by its context or its time
// limits may take to return in a test: far beyond what it takes on an
// idle machine (a few milliseconds), far below a search that does not
// stop, so that the tests do not depend on the machine's load.
const stopBound = 10 * time.Second

func TestRestrictedRoot(t *testing.T) {
	b := board.StartBoard()
	only := board.MustParseSquare("C4").Bit()
	e := mustNew(t, Options{})
	if r, _ := e.Search(context.Background(), b, Limits{Depth: 5, Forbidden: b.Moves() &^ only}, nil); r.Move != board.MustParseSquare("C4") {
		t.Errorf("restricted to C4, played %v", r.Move)
	}
}

func TestPassAndGameOver(t *testing.T) {
	e := mustNew(t, Options{Eval: eval.Discs{}})
	over := board.Board{P: 0x0F, O: 0xF0} // A1-D1 against E1-H1: nobody can move
	if r, _ := e.Search(context.Background(), over, Limits{Depth: 3}, nil); r.Kind != Over || r.Move != board.NoSquare || r.Value != over.FinalScore() {
		t.Errorf("game over: %+v", r)
	}
	// A rule that forbids every move: the engine passes.
	if r, _ := e.Search(context.Background(), board.StartBoard(), Limits{Depth: 3, Forbidden: board.StartBoard().Moves()}, nil); r.Move != board.Pass {
		t.Errorf("every move forbidden: %+v", r)
	}
	if _, err := e.Search(context.Background(), board.Board{P: 1, O: 1}, Limits{Depth: 1}, nil); err == nil {
		t.Error("an invalid board was searched")
	}
	for _, b := range positions(3000, 0, 5) {
		if b.HasMoves() || b.GameOver() {
			continue
		}
		r, _ := e.Search(context.Background(), b, Limits{Depth: 4}, nil)
		if r.Move != board.Pass || len(r.PV) == 0 || r.PV[0] != board.Pass {
			t.Fatalf("forced pass: %+v", r)
		}
	}
}

func TestParallelSearch(t *testing.T) {
	for _, b := range positions(10, 20, 6) {
		e := mustNew(t, Options{Threads: 2, Eval: eval.Course{}})
		r, _ := e.Search(context.Background(), b, Limits{Depth: 6}, nil)
		if r.Depth != 6 || b.Moves()&r.Move.Bit() == 0 {
			t.Fatalf("%v: %+v", b, r)
		}
		checkPV(t, b, r.Move, r.PV)
	}
}

// TestSearchToTheEnd: a search to the end below 100% is the solver's
// selective solve (an exact score with the cuts' probability, right on
// FForum #1-#4 at 99%), and at 100% the exact solve.
func TestSearchToTheEnd(t *testing.T) {
	text, err := fforum.ReadFile("fforum-1-19.obf")
	if err != nil {
		t.Fatal(err)
	}
	problems, err := obf.Parse(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	e := mustNew(t, Options{Threads: 1, HashMB: 16})
	for i, p := range problems[:4] {
		b := p.Position.Board
		want, _ := p.BestScore()
		for _, prob := range []int{99, 100} {
			e.Clear()
			r, err := e.Search(context.Background(), b, Limits{Depth: b.Empties(), Probability: prob}, nil)
			if err != nil || r.Kind != Exact || r.Probability != prob || r.Depth != b.Empties() || r.Value != want {
				t.Errorf("#%d at %d%%: %v %d at %d%%, depth %d (%v); want exact %d", i+1, prob, r.Kind, r.Value, r.Probability, r.Depth, err, want)
			}
		}
	}
}

// TestSearchReadsTheClock: a search whose hard limit has passed (and no
// context to stop it) stops by reading the clock within its first
// deadlineEvery+1 nodes, and a few more to unwind; pvs1 counts several
// nodes at a time, past the multiples the clock is read at.
func TestSearchReadsTheClock(t *testing.T) {
	for _, b := range positions(4, 30, 3) {
		e := mustNew(t, Options{HashMB: 1, Threads: 1, Probability: 100})
		e.deadline = time.Now().Add(-time.Second).UnixNano()
		w := e.newWorker(b, new(atomic.Bool))
		w.pvs(b, -infinity, infinity, 10, 0, false)
		if !w.stop.Load() {
			t.Fatalf("%v: a search past its hard limit did not stop (%d nodes)", b, w.nodes)
		}
		if most := uint64(2*(deadlineEvery+1) + maxMoves); w.nodes > most {
			t.Errorf("%v: %d nodes searched past the hard limit, want at most %d", b, w.nodes, most)
		}
	}
}

// mustNew returns New(o), failing the test on an error.
func mustNew(tb testing.TB, o Options) *Engine {
	tb.Helper()
	e, err := New(o)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// TestFallbackSaid: the fallback to the course heuristic happens only
// when asked for (DefaultEvaluatorNote), and then the note says so and
// why; New, asked for nothing, returns the error of a shipped file that
// cannot be read instead.
func TestFallbackSaid(t *testing.T) {
	damaged := errors.New("pattern weights: checksum mismatch")
	noWeights := func() (*pattern.Evaluator, error) { return nil, damaged }
	if e, err := newEngine(Options{HashMB: 1}, noWeights, DefaultProbCut); e != nil || !errors.Is(err, damaged) || err.Error() != "engine: no trained evaluation: pattern weights: checksum mismatch" {
		t.Errorf("New without the trained weights: %v, %v", e, err)
	}
	noParams := func() (*ProbCut, error) { return nil, errors.New("probcut parameters: no cells") }
	if e, err := newEngine(Options{HashMB: 1}, pattern.Default, noParams); e != nil || err == nil || err.Error() != "engine: probcut parameters: no cells" {
		t.Errorf("New without the shipped parameters: %v, %v", e, err)
	}
	ev, note := fallbackNote(noWeights)
	if ev.Name() != "course" || note != "no trained evaluation: pattern weights: checksum mismatch; using the course heuristic (points, not discs)" {
		t.Errorf("weights unreadable: %s evaluation, note %q", ev.Name(), note)
	}
	ev, note = DefaultEvaluatorNote()
	if ev.Name() != "pattern" || note != "" {
		t.Errorf("the shipped weights: %s evaluation, note %q", ev.Name(), note)
	}
}

// TestNewAnalystRefuses: NewAnalyst refuses what is out of range, as New
// does, where it took another value without a word; its evaluation is
// the one asked for, the trained one by default.
func TestNewAnalystRefuses(t *testing.T) {
	for _, tt := range []struct {
		o    AnalystOptions
		want string
	}{
		{AnalystOptions{Depth: -1}, "analysis depth -1"},
		{AnalystOptions{Depth: 61}, "analysis depth 61"},
		{AnalystOptions{Exact: -2}, "exact solves from -2 empties"},
		{AnalystOptions{Time: -time.Second}, "analysis time -1s"},
		{AnalystOptions{Threads: -1}, "threads=-1"},
	} {
		if p, err := NewAnalyst(tt.o); p != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, %v; want an error saying %q", tt.o, p, err, tt.want)
		}
	}
	for _, tt := range []struct {
		ev   eval.Evaluator
		want string
	}{{nil, "pattern"}, {eval.Course{}, "course"}} {
		p, err := NewAnalyst(AnalystOptions{Depth: 2, Threads: 1, Eval: tt.ev})
		if err != nil || p.Engine().Eval().Name() != tt.want {
			t.Errorf("evaluation %v: %v, %v; want the %s evaluation", tt.ev, p, err, tt.want)
		}
	}
}
