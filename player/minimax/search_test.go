package minimax

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/testpos"
	"github.com/reversi-engine/reversi/player"
)

// positions returns n positions of random games with at least one legal
// move, from the opening to the endgame.
func positions(n int, seed uint64) []board.Board {
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
			if rng.IntN(6) == 0 {
				out = append(out, b)
			}
			sqs := board.Squares(m)
			b = b.Play(sqs[rng.IntN(len(sqs))])
		}
	}
	return out
}

var evaluators = []eval.Evaluator{eval.Discs{}, eval.Course{}}

// run searches b with alg and ev within lim and fails the test on an
// error.
func run(t testing.TB, ctx context.Context, alg Algorithm, ev eval.Evaluator, b board.Board, lim Limits) Result {
	t.Helper()
	r, err := Searcher{Algorithm: alg, Eval: ev}.Search(ctx, b, lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestAlphaBetaEqualsMinimax(t *testing.T) {
	for _, ev := range evaluators {
		for i, b := range positions(120, 1) {
			depth := 1 + i%4
			mm := run(t, context.Background(), MinimaxSearch, ev, b, Limits{Depth: depth})
			ab := run(t, context.Background(), AlphaBetaSearch, ev, b, Limits{Depth: depth})
			if mm.Move != ab.Move || mm.Value != ab.Value {
				t.Fatalf("%s depth %d %v: minimax %v %d, alpha-beta %v %d", ev.Name(), depth, b, mm.Move, mm.Value, ab.Move, ab.Value)
			}
			if depth >= 3 && ab.Nodes > mm.Nodes {
				t.Errorf("alpha-beta visited %d nodes, minimax %d", ab.Nodes, mm.Nodes)
			}
		}
	}
}

// TestMinimaxDepthOneIsGreedyForDiscs: one ply with the disc count is the
// greedy player: the move that flips most, first in board order.
func TestMinimaxDepthOneIsGreedyForDiscs(t *testing.T) {
	for _, b := range positions(200, 2) {
		want, most := board.NoSquare, -1
		for _, sq := range board.Squares(b.Moves()) {
			if n := bits.OnesCount64(b.Flips(sq)); n > most {
				want, most = sq, n
			}
		}
		if got := run(t, context.Background(), MinimaxSearch, eval.Discs{}, b, Limits{Depth: 1}); got.Move != want {
			t.Fatalf("%v: %v, greedy %v", b, got.Move, want)
		}
	}
}

// TestDeepEnoughIsExact: searched to the end of the game, the disc count
// gives the exact score the endgame solver finds.
func TestDeepEnoughIsExact(t *testing.T) {
	solver, err := endgame.New(endgame.Options{HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range positions(3000, 3) {
		if b.Empties() > 8 || n == 40 {
			continue
		}
		n++
		exact, err := solver.Search(context.Background(), b, endgame.Limits{Mode: endgame.Exact}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := run(t, context.Background(), AlphaBetaSearch, eval.Discs{}, b, Limits{Depth: 2*b.Empties() + 1}) // passes are plies too
		if r.Value != 100*exact.Score {
			t.Fatalf("%v: alpha-beta to the end %d, solver %d", b, r.Value, 100*exact.Score)
		}
	}
	if n < 20 {
		t.Fatalf("only %d endgame positions", n)
	}
}

func TestRestrictedMoves(t *testing.T) {
	b := board.StartBoard()
	only := board.MustParseSquare("E6").Bit() | board.MustParseSquare("F5").Bit()
	for _, alg := range []Algorithm{MinimaxSearch, AlphaBetaSearch} {
		if r := run(t, context.Background(), alg, eval.Course{}, b, Limits{Depth: 3, Forbidden: b.Moves() &^ only}); only&r.Move.Bit() == 0 {
			t.Errorf("chose %v outside E6 F5", r.Move)
		}
		if r := run(t, context.Background(), alg, eval.Course{}, b, Limits{Depth: 3, Forbidden: b.Moves()}); r.Move != board.Pass {
			t.Errorf("every move forbidden: %v, want a pass", r.Move)
		}
	}
	over := board.Board{P: 0x0F, O: 0xF0} // A1-D1 against E1-H1: nobody can move
	if r := run(t, context.Background(), AlphaBetaSearch, eval.Discs{}, over, Limits{Depth: 3}); r.Move != board.NoSquare {
		t.Errorf("game over: %v", r.Move)
	}
	if _, err := (Searcher{Eval: eval.Discs{}}).Search(context.Background(), board.Board{P: 1, O: 1}, Limits{Depth: 1}, nil); err == nil {
		t.Error("an invalid board was searched")
	}
	if _, err := (Searcher{}).Search(context.Background(), b, Limits{Depth: 1}, nil); err == nil {
		t.Error("a search without an evaluation ran")
	}
}

// TestProgress: a report after every root move, the last one the
// result.
func TestProgress(t *testing.T) {
	b := board.StartBoard()
	var reports []Info
	r, err := Searcher{Algorithm: AlphaBetaSearch, Eval: eval.Course{}}.Search(context.Background(), b, Limits{Depth: 4}, func(in Info) { reports = append(reports, in) })
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != bits.OnesCount64(b.Moves()) {
		t.Fatalf("%d reports for %d moves", len(reports), bits.OnesCount64(b.Moves()))
	}
	if last := reports[len(reports)-1]; last.Move != r.Move || last.Value != r.Value || last.Nodes != r.Nodes {
		t.Errorf("last report %+v, result %+v", last, r)
	}
}

func TestCancelStopsTheSearch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	b := board.StartBoard()
	r := run(t, ctx, MinimaxSearch, eval.Course{}, b, Limits{Depth: 14})
	// Depth 14 from the start would run for hours: returning at all,
	// within a bound no load reaches, shows the cancellation.
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("stopped after %v", took)
	}
	if !r.Stopped || b.Moves()&r.Move.Bit() == 0 {
		t.Errorf("result %+v: want stopped with a legal move", r)
	}
}

func TestPlayerThroughTheGame(t *testing.T) {
	p := NewPlayer(AlphaBetaSearch, 3, eval.Course{})
	if p.Name() != "alphabeta:depth=3,eval=course" {
		t.Errorf("name %q", p.Name())
	}
	g := game.New(board.Start(), game.Standard)
	for !g.Over() {
		if g.PassIfForced() {
			continue
		}
		pos := g.Position()
		reply, err := p.Move(context.Background(), player.Request{Game: g.Clone(), Position: pos, Legal: g.Legal()})
		if err != nil {
			t.Fatal(err)
		}
		if g.Legal()&reply.Move.Bit() == 0 {
			t.Fatalf("illegal move %v", reply.Move)
		}
		th := reply.Thinking
		if th == nil || !th.HasEval || th.Unit != player.UnitPoints || th.Nodes == 0 || th.Source != (player.Source{Kind: player.Midgame, Depth: 3}) {
			t.Fatalf("thinking %+v", th)
		}
		if err := g.PlaySquare(reply.Move); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkCourseAlphaBeta times the course's alpha-beta at depth 7 with
// the classic evaluation on midgame positions of real games (20 to 40
// discs).
func BenchmarkCourseAlphaBeta(b *testing.B) {
	mid, err := testpos.Midgame(12)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	i := 0
	for b.Loop() {
		p := mid[i%len(mid)]
		nodes += run(b, context.Background(), AlphaBetaSearch, eval.Course{}, p, Limits{Depth: 7}).Nodes
		i++
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/move")
}

func TestPlayerAnalyzes(t *testing.T) {
	for _, algorithm := range []Algorithm{MinimaxSearch, AlphaBetaSearch} {
		p := NewPlayer(algorithm, 3, eval.Discs{})
		for _, b := range positions(20, 8) {
			pos := board.Position{Board: b, Turn: board.Black}
			reply, err := p.Move(context.Background(), player.Request{Position: pos, Legal: b.Moves(), Analyze: true})
			if err != nil {
				t.Fatal(err)
			}
			moves := reply.Thinking.Moves
			if len(moves) != len(board.Squares(b.Moves())) {
				t.Fatalf("%d values for %d moves", len(moves), len(board.Squares(b.Moves())))
			}
			if moves[0].Eval != reply.Thinking.Eval {
				t.Fatalf("%v %v: best listed %v %v, chosen %v %v", algorithm, b, moves[0].Move, moves[0].Eval, reply.Move, reply.Thinking.Eval)
			}
		}
	}
}
