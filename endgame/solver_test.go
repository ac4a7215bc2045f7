package endgame

import (
	"bytes"
	"context"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/format/obf"
)

// referenceScore is the exact score of b by plain negamax over every
// legal move: slow and obviously correct.
func referenceScore(b board.Board) int {
	m := b.Moves()
	if m == 0 {
		if !b.Pass().HasMoves() {
			return b.FinalScore()
		}
		return -referenceScore(b.Pass())
	}
	best := -65
	for _, sq := range board.Squares(m) {
		best = max(best, -referenceScore(b.Play(sq)))
	}
	return best
}

// randomPosition plays random moves from the start until empties empty
// squares are left (or the game ends, which is fine too).
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
		if b.Empties() == empties {
			return b
		}
	}
}

// TestAgainstReference solves random positions of 1 to 12 empties and
// compares with plain negamax, in both modes and with narrow windows
// (which exercise the bounds the table keeps).
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	s := mustNew(t, Options{HashMB: 4})
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	withEval := mustNew(t, Options{HashMB: 4, Eval: ev}) // ordering and aspiration by the evaluation
	n := 0
	maxEmpties := 12
	if testing.Short() {
		maxEmpties = 10
	}
	for empties := 1; empties <= maxEmpties; empties++ {
		count := 60
		if empties > 8 {
			count = 6
		}
		for range count {
			b := randomPosition(rng, empties)
			want := referenceScore(b)
			r, err := s.Search(context.Background(), b, Limits{Mode: Exact}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != want {
				t.Fatalf("%v (%d empties): score %d, reference %d", b, empties, r.Score, want)
			}
			if r2, err := withEval.Search(context.Background(), b, Limits{Mode: Exact}, nil); err != nil || r2.Score != want {
				t.Fatalf("%v: with an evaluation: score %d (%v), reference %d", b, r2.Score, err, want)
			}
			w, _ := s.Search(context.Background(), b, Limits{Mode: WLD}, nil)
			if w.Score != sign(want) {
				t.Fatalf("%v: WLD %d, reference %d", b, w.Score, want)
			}
			if !b.GameOver() && (!b.HasMoves()) != (r.Move == board.Pass) {
				t.Fatalf("%v: move %v", b, r.Move)
			}
			checkPV(t, b, r)
			// Null windows around the value must bound it the right way.
			sr, _, done := s.begin(context.Background(), nil)
			for _, a := range []int{want - 2, want - 1, want, want + 1} {
				v := sr.search(b, a, a+1, empties, false)
				if (v > a) != (want > a) {
					t.Fatalf("%v: window (%d,%d) gave %d, value %d", b, a, a+1, v, want)
				}
			}
			done()
			n++
		}
		if empties%4 == 0 {
			s.Clear()
		}
	}
	t.Logf("%d positions", n)
}

// checkPV replays r.PV from b and checks that it ends the game with
// r.Score.
func checkPV(t *testing.T, b board.Board, r Result) {
	t.Helper()
	if b.GameOver() {
		if len(r.PV) != 0 {
			t.Fatalf("%v: PV %v for a finished game", b, r.PV)
		}
		return
	}
	if len(r.PV) == 0 || r.PV[0] != r.Move {
		t.Fatalf("%v: PV %v does not start with %v", b, r.PV, r.Move)
	}
	x, plies := b, 0
	for _, sq := range r.PV {
		if !x.IsLegal(sq) {
			t.Fatalf("%v: PV %v: %v is not legal", b, r.PV, sq)
		}
		x, plies = x.Play(sq), plies+1
	}
	score := x.FinalScore()
	if plies%2 == 1 {
		score = -score
	}
	if !x.GameOver() || score != r.Score {
		t.Fatalf("%v: PV %v ends (over %v) with %d, solve says %d", b, r.PV, x.GameOver(), score, r.Score)
	}
}

func TestAllMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	s := mustNew(t, Options{HashMB: 4})
	for range 20 {
		b := randomPosition(rng, 9)
		r, err := s.Search(context.Background(), b, Limits{AllMoves: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		moves := r.Moves
		if r.Move != moves[0].Move || r.Score != moves[0].Score {
			t.Fatalf("%v: result %v %d, best of the moves %v", b, r.Move, r.Score, moves[0])
		}
		// A rule that forbids the best move: the next best.
		if len(moves) > 1 {
			f, err := s.Search(context.Background(), b, Limits{Forbidden: moves[0].Move.Bit()}, nil)
			if err != nil || f.Move != moves[1].Move || f.Score != moves[1].Score {
				t.Fatalf("%v without %v: %v %d, %v; want %v", b, moves[0].Move, f.Move, f.Score, err, moves[1])
			}
		}
		if len(moves) != bits.OnesCount64(b.Moves()) {
			t.Fatalf("%v: %d move scores for %d moves", b, len(moves), bits.OnesCount64(b.Moves()))
		}
		for i, m := range moves {
			if want := -referenceScore(b.Play(m.Move)); m.Score != want {
				t.Fatalf("%v: %v scores %d, reference %d", b, m.Move, m.Score, want)
			}
			if i > 0 && m.Score > moves[i-1].Score {
				t.Fatalf("%v: not sorted: %v", b, moves)
			}
		}
	}
}

// FForumProblems returns the problems of the embedded FForum file name
// (for the tests of this package and of endgame_test).
func FForumProblems(t testing.TB, name string) []obf.Problem {
	t.Helper()
	text, err := fforum.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	problems, err := obf.Parse(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return problems
}

// TestFForum1to19 solves the easy FForum problems (14 to 16 empties)
// and checks every best score, and that the move found is one of the
// best moves of the file.
func TestFForum1to19(t *testing.T) {
	problems := FForumProblems(t, "fforum-1-19.obf")
	if len(problems) != 19 {
		t.Fatalf("%d problems", len(problems))
	}
	s := mustNew(t, Options{HashMB: 16})
	var nodes uint64
	for i, p := range problems {
		want, _ := p.BestScore()
		r, err := s.Search(context.Background(), p.Position.Board, Limits{Mode: Exact}, nil)
		if err != nil {
			t.Fatal(err)
		}
		nodes += r.Nodes
		if r.Score != want {
			t.Errorf("#%d: score %+d, file %+d", i+1, r.Score, want)
		}
		if v, ok := p.Score(r.Move); ok && v != want {
			t.Errorf("#%d: move %v scores %+d in the file, best is %+d", i+1, r.Move, v, want)
		}
		checkPV(t, p.Position.Board, r)
		w, err := s.Search(context.Background(), p.Position.Board, Limits{Mode: WLD}, nil)
		if err != nil || w.Score != sign(want) {
			t.Errorf("#%d: WLD %+d (%v), want %+d", i+1, w.Score, err, sign(want))
		}
	}
	t.Logf("%d nodes", nodes)
}

func TestSolveSpecialPositions(t *testing.T) {
	s := mustNew(t, Options{})
	// A finished game: no move, the final score.
	over := board.MustParsePosition("XX------------------------------------------------------OO------ X").Board
	r, err := s.Search(context.Background(), over, Limits{Mode: Exact}, nil)
	if err != nil || r.Move != board.NoSquare || r.Score != 0 {
		t.Errorf("finished game 2-2: %+v, %v; want no move and 0", r, err)
	}
	// Positions of random games where the side to move must pass.
	rng := rand.New(rand.NewPCG(5, 5))
	for found := 0; found < 10; {
		b := randomPosition(rng, 10+rng.IntN(4))
		if b.HasMoves() || b.GameOver() {
			continue
		}
		found++
		r, err = s.Search(context.Background(), b, Limits{Mode: Exact}, nil)
		if want := referenceScore(b); err != nil || r.Move != board.Pass || r.Score != want {
			t.Errorf("forced pass %v: %+v, %v; want PA and %d", b, r, err, want)
		}
		checkPV(t, b, r)
	}
	if _, err := s.Search(context.Background(), board.Board{P: 1, O: 1}, Limits{}, nil); err == nil {
		t.Errorf("an overlapping board was solved")
	}
	if _, err := s.Search(context.Background(), board.StartBoard(), Limits{Mode: Exact}, nil); err == nil {
		t.Errorf("the start position (60 empties) was accepted")
	}
}

// stopBound is how long a cancelled solve may take to return in a test:
// far beyond what it takes on an idle machine, far below the solve of 30
// empties it stops, so that the tests do not depend on the machine's load.
const stopBound = 10 * time.Second

func TestSolveStopsWhenCancelled(t *testing.T) {
	s := mustNew(t, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	// 30 empties from a random game: far more than 50 ms.
	pos := randomPosition(rand.New(rand.NewPCG(1, 1)), 30)
	r, err := s.Search(ctx, pos, Limits{Mode: Exact}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stopped {
		t.Fatalf("a 30-empty solve finished in %v: %+v", time.Since(start), r)
	}
	if took := time.Since(start); took > stopBound {
		t.Errorf("cancelled solve returned after %v", took)
	}
	if r.Nodes == 0 {
		t.Errorf("no nodes reported")
	}
}

// TestEvalMustEstimateDiscs: an evaluation that is not in discs (the
// classic heuristic) is refused for ordering; one in discs orders.
func TestEvalMustEstimateDiscs(t *testing.T) {
	if _, err := New(Options{Eval: eval.Course{}}); err == nil || !strings.Contains(err.Error(), "does not estimate discs") {
		t.Errorf("the classic heuristic to order the moves: error %v", err)
	}
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	if s := mustNew(t, Options{Eval: ev}); s.opts.Eval == nil {
		t.Errorf("the pattern evaluation does not order the moves")
	}
}

// TestNewRefuses: options out of range are errors that name them; the
// zero values are the defaults.
func TestNewRefuses(t *testing.T) {
	for _, tt := range []struct {
		o    Options
		want string
	}{
		{Options{Threads: -1}, "threads=-1"},
		{Options{HashMB: -8}, "-8 MB"},
		{Options{Eval: eval.Course{}}, "course does not estimate discs"},
	} {
		if s, err := New(tt.o); err == nil || s != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%+v): %v, %v: want an error with %q", tt.o, s, err, tt.want)
		}
	}
	s := mustNew(t, Options{})
	if s.opts.Threads != 1 || s.opts.HashMB != 64 {
		t.Errorf("the defaults: %+v", s.opts)
	}
}

// mustNew returns a solver with options known to be right.
func mustNew(t testing.TB, o Options) *Solver {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestParallelAgreesWithSerial solves positions of 15 to 18 empties on 1,
// 2 and 4 threads, with and without an evaluation to order the moves:
// the same scores, and a best move of that score.
func TestParallelAgreesWithSerial(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	serial := mustNew(t, Options{HashMB: 8})
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	parallel := []*Solver{mustNew(t, Options{Threads: 2, HashMB: 8}), mustNew(t, Options{Threads: 4, HashMB: 8}),
		mustNew(t, Options{Threads: 2, HashMB: 8, Eval: ev}), mustNew(t, Options{HashMB: 8, Eval: ev})}
	n := 10
	if testing.Short() {
		n = 3
	}
	for i := range n {
		b := randomPosition(rng, 15+i%4) // most above splitEmpties: split points
		want, err := serial.Search(context.Background(), b, Limits{Mode: Exact}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range parallel {
			for _, mode := range []Mode{Exact, WLD} {
				got, err := p.Search(context.Background(), b, Limits{Mode: mode}, nil)
				w := want.Score
				if mode == WLD {
					w = sign(w)
				}
				if err != nil || got.Score != w {
					t.Fatalf("%v, %d threads, %v: %d (%v), serial %d", b, p.opts.Threads, mode, got.Score, err, want.Score)
				}
				if mode == Exact {
					checkPV(t, b, got)
				}
			}
		}
	}
}

func TestParallelCancel(t *testing.T) {
	s := mustNew(t, Options{Threads: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := s.Search(ctx, randomPosition(rand.New(rand.NewPCG(2, 2)), 30), Limits{Mode: Exact}, nil)
	if err != nil || !r.Stopped || time.Since(start) > stopBound {
		t.Errorf("cancelled parallel solve: %+v, %v after %v", r, err, time.Since(start))
	}
}

// playLine plays pv from b and returns the final score for b's side to
// move, and false if the line is illegal or stops before the end.
func playLine(b board.Board, pv []board.Square) (int, bool) {
	sign := 1
	for _, sq := range pv {
		switch {
		case sq == board.Pass && !b.HasMoves():
			b = b.Pass()
		case sq != board.Pass && b.Moves()&sq.Bit() != 0:
			b = b.Play(sq)
		default:
			return 0, false
		}
		sign = -sign
	}
	if !b.GameOver() {
		return 0, false
	}
	return sign * b.FinalScore(), true
}

// TestWholeLine: an exact result's line goes to the end of the game and
// scores what the result says, with every move solved (AllMoves, as the
// analysis and the noisy levels ask) or a move forbidden as well as in a
// plain search (issue 19: the first two gave only the move).
func TestWholeLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 7))
	s := mustNew(t, Options{HashMB: 4})
	tests := []struct {
		name string
		lim  func(b board.Board) Limits
	}{
		{"plain", func(board.Board) Limits { return Limits{} }},
		{"all moves", func(board.Board) Limits { return Limits{AllMoves: true} }},
		{"a move forbidden", func(b board.Board) Limits {
			if bits.OnesCount64(b.Moves()) < 2 {
				return Limits{}
			}
			return Limits{Forbidden: b.Moves() & -b.Moves()}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 10 {
				b := randomPosition(rng, 10)
				if b.GameOver() {
					continue
				}
				r, err := s.Search(context.Background(), b, tt.lim(b), nil)
				if err != nil {
					t.Fatal(err)
				}
				if score, ok := playLine(b, r.PV); !ok || score != r.Score || r.PV[0] != r.Move {
					t.Fatalf("%v: %v %d, line %v (ends %v, scores %d)", b, r.Move, r.Score, r.PV, ok, score)
				}
				for _, m := range r.Moves {
					if score, ok := playLine(b, m.PV); !ok || score != m.Score || m.PV[0] != m.Move {
						t.Fatalf("%v: move %v %d, line %v (ends %v, scores %d)", b, m.Move, m.Score, m.PV, ok, score)
					}
				}
			}
		})
	}
}

// TestLeaves: the searches of another search's line ends agree with the
// solver on positions of 0 to 14 empties, inside and outside the window.
func TestLeaves(t *testing.T) {
	s := mustNew(t, Options{HashMB: 1})
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	leaves := mustNew(t, Options{HashMB: 1, Eval: ev}).Leaves()
	rng := rand.New(rand.NewPCG(5, 6))
	for e := 0; e <= 14; e++ {
		for i := range 10 {
			b := randomPosition(rng, e)
			r, err := s.Search(context.Background(), b, Limits{Mode: Exact}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if v, nodes := leaves.Exact(b, -64, 64, false); v != r.Score || (e > 0 && nodes == 0) {
				t.Fatalf("%d empties, position %d: %d (%d nodes), solver %d", e, i, v, nodes, r.Score)
			}
			for _, w := range [][2]int{{r.Score - 1, r.Score + 1}, {r.Score, r.Score + 1}, {r.Score - 1, r.Score}} {
				v, _ := leaves.Exact(b, w[0], w[1], false)
				switch {
				case v > w[0] && v < w[1] && v != r.Score,
					v <= w[0] && r.Score > w[0] && v < r.Score,
					v >= w[1] && r.Score < w[1]:
					t.Errorf("%d empties, window %v: %d, exact %d", e, w, v, r.Score)
				}
			}
		}
	}
}
