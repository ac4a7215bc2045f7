// The Solver: solves of whole positions, the value of every move, and the
// principal variation.

package endgame

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
)

// Mode says what a solve finds out.
type Mode int

const (
	// Exact finds the exact final margin with perfect play.
	Exact Mode = iota
	// WLD finds only whether the side to move wins, draws or loses; the
	// score is then +1, 0 or -1 (times nothing: not a margin).
	WLD
)

// String returns "exact" or "wld".
func (m Mode) String() string {
	if m == WLD {
		return "wld"
	}
	return "exact"
}

// Options configure a Solver. The zero value of a field is its default;
// New refuses a value out of range.
type Options struct {
	// Threads is the number of goroutines a solve uses (0: 1).
	Threads int
	// HashMB is the size of the transposition table in megabytes
	// (0: 64; a larger table is not faster on FFO #40-#46).
	HashMB int
	// Eval, if not nil, orders the moves where many squares are empty:
	// a good evaluation makes the solve much faster. It must estimate
	// discs (DiscUnit above 0).
	Eval eval.Evaluator
}

// Solver solves endgame positions. It keeps its transposition table from
// one solve to the next (positions of one game share much of their
// trees). A Solver runs one solve at a time.
type Solver struct {
	opts Options
	tt   *table
}

// New returns a solver with the given options, checked: a negative
// number of threads or megabytes, or an evaluation that does not estimate
// discs, is an error.
func New(opts Options) (*Solver, error) {
	switch {
	case opts.Threads < 0:
		return nil, fmt.Errorf("endgame: threads=%d: want 1 or more (0: 1)", opts.Threads)
	case opts.HashMB < 0:
		return nil, fmt.Errorf("endgame: a table of %d MB: want 1 or more (0: 64)", opts.HashMB)
	case opts.Eval != nil && opts.Eval.DiscUnit() <= 0:
		return nil, fmt.Errorf("endgame: the evaluation %s does not estimate discs: it cannot order the solve's moves", opts.Eval.Name())
	}
	opts.Threads = max(opts.Threads, 1)
	if opts.HashMB == 0 {
		opts.HashMB = 64
	}
	return &Solver{opts: opts, tt: newTable(opts.HashMB)}, nil
}

// Clear empties the transposition table. Like a solve, it must not run
// while another solve of the same Solver runs.
func (s *Solver) Clear() { s.tt.clear() }

// Limits say what a search finds out and among which moves.
type Limits struct {
	// Mode is Exact (the final margin, the zero value) or WLD.
	Mode Mode
	// AllMoves asks for the value of every legal move (Result.Moves), as
	// an analysis does; the search is then slower.
	AllMoves bool
	// Forbidden holds the moves a rule variant forbids at the root (0:
	// none): the search chooses among b.Moves() &^ Forbidden, and passes
	// if that leaves none. The tree below follows the standard rules.
	Forbidden uint64
	// Cuts, if not nil, make the solve selective: the scores are then
	// exact with the cuts' probability (see Cuts). They need a solver
	// with an evaluation.
	Cuts *Cuts
}

// Info is the progress of a search: a root move solved (Limits.AllMoves),
// or the whole position.
type Info struct {
	Move    board.Square
	Score   int // exact margin, or +1/0/-1 in WLD mode
	Mode    Mode
	Nodes   uint64
	Elapsed time.Duration
}

// Result is the outcome of a search.
type Result struct {
	// Move is a best move: board.Pass if the side to move must pass,
	// board.NoSquare if the game is over.
	Move board.Square
	// Score is the exact final margin for the side to move (Exact), or
	// +1, 0 or -1 for a win, draw or loss (WLD).
	Score int
	// Mode is the mode of the solve.
	Mode Mode
	// PV is the principal variation: best play from the position to the
	// end of the game (passes included), starting with Move. A WLD solve,
	// or one of every move, gives only its first move.
	PV []board.Square
	// Nodes is the number of positions searched.
	Nodes uint64
	// Elapsed is the time the solve took.
	Elapsed time.Duration
	// Moves holds the value of every allowed move when Limits.AllMoves is
	// set, best first (board order among equals).
	Moves []MoveScore
	// Stopped reports that the context ended the search before it was
	// done: Score, PV and Moves are then not known.
	Stopped bool
}

// NodesPerSecond returns Nodes divided by Elapsed.
func (r Result) NodesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Elapsed.Seconds()
}

// MoveScore is the value of one move.
type MoveScore struct {
	Move  board.Square
	Score int // exact margin, or +1/0/-1 in WLD mode
	// PV is the perfect line after Move, starting with it, in Exact mode;
	// nil in WLD mode.
	PV []board.Square
}

// ErrInvalid is returned for a board whose two masks overlap.
var ErrInvalid = errors.New("invalid board: a square holds two discs")

// MaxEmpties bounds the positions a solve accepts: more empty squares
// than this would take longer than anyone waits.
const MaxEmpties = 40

// Search finds the value of b for its side to move and a best move
// (among the moves lim.Forbidden leaves), or with lim.AllMoves the value
// of every move. progress, if not nil, is called from the calling
// goroutine after every root move solved (lim.AllMoves) and when the
// position is solved. When ctx ends, the search stops within milliseconds
// and returns the nodes searched so far with Stopped set, and a nil
// error: the error reports only invalid input (an overlapping board, more
// than MaxEmpties empty squares).
func (s *Solver) Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error) {
	start := time.Now()
	if !b.Valid() {
		return Result{Move: board.NoSquare}, ErrInvalid
	}
	mode := lim.Mode
	res := Result{Mode: mode, Move: board.NoSquare}
	if b.GameOver() {
		res.Score = final(b)
		if mode == WLD {
			res.Score = sign(res.Score)
		}
		res.Elapsed = time.Since(start)
		return res, nil
	}
	empties := b.Empties()
	if empties > MaxEmpties {
		return res, fmt.Errorf("%d empty squares: the solver takes at most %d", empties, MaxEmpties)
	}
	if lim.Cuts != nil {
		if s.opts.Eval == nil {
			return res, errors.New("selective solve: the solver has no evaluation to predict with")
		}
		if err := lim.Cuts.check(); err != nil {
			return res, err
		}
	}
	if lim.AllMoves || b.Moves()&lim.Forbidden != 0 {
		res = s.searchMoves(ctx, b, lim, progress)
		res.Elapsed = time.Since(start)
		return res, nil
	}
	alpha, beta := -64, 64
	if mode == WLD {
		alpha, beta = -1, 1
	}
	sr, stop, done := s.begin(ctx, lim.Cuts)
	defer done() // again on return paths: it runs once
	var v int
	if b.HasMoves() {
		v, res.Move = sr.aspirate(b, alpha, beta, empties)
	} else {
		v = -sr.search(b.Pass(), -beta, -alpha, empties, true)
		res.Move = board.Pass
	}
	if stop.Load() {
		done()
		res.Nodes = sr.nodes
		res.Elapsed = time.Since(start)
		res.Stopped = true
		return res, nil
	}
	res.Score = v
	if mode == WLD {
		res.Score = sign(v)
		res.PV = []board.Square{res.Move}
	} else {
		res.PV = sr.principalVariation(b, v)
	}
	done()
	res.Nodes = sr.nodes
	res.Elapsed = time.Since(start)
	if progress != nil {
		progress(Info{Move: res.Move, Score: res.Score, Mode: mode, Nodes: res.Nodes, Elapsed: res.Elapsed})
	}
	return res, nil
}

// searchMoves solves every allowed move of b (which is valid, not over,
// within MaxEmpties) and returns them best first; the best is the
// result's move. A rule that forbids every move makes it pass.
func (s *Solver) searchMoves(ctx context.Context, b board.Board, lim Limits, progress func(Info)) Result {
	start := time.Now()
	mode := lim.Mode
	res := Result{Mode: mode, Move: board.NoSquare}
	empties := b.Empties()
	sr, _, done := s.begin(ctx, lim.Cuts)
	defer done()
	alpha, beta := -64, 64
	if mode == WLD {
		alpha, beta = -1, 1
	}
	var out []MoveScore
	legal := b.Moves() &^ lim.Forbidden
	report := func(m MoveScore) {
		if progress != nil {
			progress(Info{Move: m.Move, Score: m.Score, Mode: mode, Nodes: sr.nodes, Elapsed: time.Since(start)})
		}
	}
	if legal == 0 { // every move forbidden: a pass
		v := -sr.search(b.Pass(), -beta, -alpha, empties, true)
		if mode == WLD {
			v = sign(v)
		}
		out = append(out, MoveScore{Move: board.Pass, Score: v})
		if sr.stopped() {
			res.Nodes, res.Stopped = sr.nodes, true
			return res
		}
		report(out[0])
	}
	for m := legal; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		v := -sr.search(b.Play(sq), -beta, -alpha, empties-1, false)
		if sr.stopped() {
			res.Nodes, res.Stopped = sr.nodes, true
			return res
		}
		if mode == WLD {
			v = sign(v)
		}
		out = append(out, MoveScore{Move: sq, Score: v})
		report(out[len(out)-1])
	}
	for i := 1; i < len(out); i++ { // insertion sort, best first
		for j := i; j > 0 && out[j].Score > out[j-1].Score; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if mode == Exact { // the whole line: of the best move, and of every move reported
		for i := range out {
			if i > 0 && !lim.AllMoves {
				break
			}
			next := b.Pass()
			if out[i].Move != board.Pass {
				next = b.Play(out[i].Move)
			}
			out[i].PV = append([]board.Square{out[i].Move}, sr.principalVariation(next, -out[i].Score)...)
		}
	}
	done()
	res.Move, res.Score, res.PV, res.Nodes = out[0].Move, out[0].Score, []board.Square{out[0].Move}, sr.nodes
	if mode == Exact {
		res.PV = out[0].PV
	}
	if lim.AllMoves {
		res.Moves = out
	}
	return res
}

// begin prepares a searcher for a solve under ctx: a flag set when ctx is
// done, the helpers of the other threads, and a function to call at the
// end. The searcher's node count includes the helpers' once end is
// called.
func (s *Solver) begin(ctx context.Context, cuts *Cuts) (*searcher, *atomic.Bool, func()) {
	stop := new(atomic.Bool)
	sr := &searcher{tt: s.tt, stops: []*atomic.Bool{stop}, eval: s.opts.Eval, tr: newTracker(s.opts.Eval), cuts: cuts, sure: exactSure}
	if cuts != nil {
		sr.sure = uint8(cuts.Probability)
	}
	if d, ok := ctx.Deadline(); ok {
		sr.deadline = d.UnixNano()
	}
	if s.opts.Threads > 1 {
		sr.pool = newPool(s.opts.Threads-1, s.tt, s.opts.Eval)
	}
	unwatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	var once sync.Once
	return sr, stop, func() {
		once.Do(func() {
			unwatch()
			if sr.pool != nil {
				sr.pool.close()
				sr.nodes += sr.pool.nodes.Load()
			}
		})
	}
}

// root searches the moves of b (which has some) in [alpha, beta] and
// returns the value and a best move.
func (sr *searcher) root(b board.Board, alpha, beta, empties int) (int, board.Square) {
	var list [maxMoves]move
	_, _, ttMove, _ := sr.tt.probe(b, b.Hash(), sr.sure)
	n := sr.rateMoves(b, b.Moves(), empties, ttMove, &list)
	sortMoves(list[:n])
	best, bestMove := -65, list[0].sq
	lo := alpha
	for i, mv := range list[:n] {
		next := b.PlayFlips(mv.sq, mv.flips)
		a := max(alpha, best)
		var v int
		if i == 0 {
			v = -sr.search(next, -beta, -a, empties-1, false)
		} else {
			v = -sr.search(next, -a-1, -a, empties-1, false)
			if v > a && v < beta {
				v = -sr.search(next, -beta, -v, empties-1, false)
			}
		}
		if sr.stopped() {
			return 0, bestMove
		}
		if v > best {
			best, bestMove = v, mv.sq
			if v >= beta {
				break
			}
		}
		if i == 0 && sr.pool != nil && empties >= splitEmpties && n > 2 && !sr.stopped() {
			best, bestMove = sr.split(b, alpha, beta, empties, list[1:n], best, bestMove)
			if sr.stopped() {
				return 0, bestMove
			}
			break
		}
	}
	lower, upper := -64, 64
	switch {
	case best >= beta:
		lower = best
	case best <= lo:
		upper = best
	default:
		lower, upper = best, best
	}
	sr.tt.store(b, b.Hash(), lower, upper, bestMove, empties, sr.sure)
	return best, bestMove
}

// sortMoves sorts a short move list by value, best first.
func sortMoves(list []move) {
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].value > list[j-1].value; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}

// principalVariation returns best play from b, whose exact value is v,
// to the end of the game: at each position, a move whose value is the
// value of the position (the transposition table makes these searches
// cheap).
func (sr *searcher) principalVariation(b board.Board, v int) []board.Square {
	var pv []board.Square
	for !b.GameOver() && !sr.stopped() {
		if !b.HasMoves() {
			pv = append(pv, board.Pass)
			b, v = b.Pass(), -v
			continue
		}
		empties := b.Empties()
		found := false
		// Try the stored best move first.
		_, _, ttMove, _ := sr.tt.probe(b, b.Hash(), sr.sure)
		order := b.Moves()
		try := func(sq board.Square) bool {
			next := b.Play(sq)
			return -sr.search(next, -v-1, -v+1, empties-1, false) == v
		}
		if ttMove.OnBoard() && order&ttMove.Bit() != 0 && try(ttMove) {
			pv = append(pv, ttMove)
			b, v, found = b.Play(ttMove), -v, true
			continue
		}
		for m := order; m != 0 && !found; m &= m - 1 {
			sq := board.Square(bits.TrailingZeros64(m))
			if sq != ttMove && try(sq) {
				pv = append(pv, sq)
				b, v, found = b.Play(sq), -v, true
			}
		}
		if !found {
			break // only if the search was stopped
		}
	}
	return pv
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

// aspirationWidth is the half width, in discs, of the first window of an
// exact solve with an evaluation.
var aspirationWidth = 4

// aspirate searches the root in [alpha, beta]. With an evaluation and a
// wide window, it first tries a narrow window around the evaluation's
// estimate, which settles most of the tree with cheap cutoffs, and widens
// on the side the score falls.
func (sr *searcher) aspirate(b board.Board, alpha, beta, empties int) (int, board.Square) {
	if sr.eval == nil || beta-alpha <= 2*aspirationWidth || aspirationWidth == 0 {
		return sr.root(b, alpha, beta, empties)
	}
	u := sr.eval.DiscUnit()
	sr.tr.Reset(b)
	g := sr.shallow(b, 2, -1<<30, 1<<30)
	guess := max(alpha+1, min(beta-1, 2*int(math.Round(float64(g)/float64(2*u)))))
	lo, hi := max(alpha, guess-aspirationWidth), min(beta, guess+aspirationWidth)
	v, mv := sr.root(b, lo, hi, empties)
	switch {
	case sr.stopped():
	case v <= lo && lo > alpha:
		return sr.root(b, alpha, v+1, empties)
	case v >= hi && hi < beta:
		return sr.root(b, v-1, beta, empties)
	}
	return v, mv
}

// Leaves solves the ends of another search's lines (the engine's
// selective endgame hands its nodes near the end to the solver). It
// shares the solver's transposition table; each goroutine needs its own.
type Leaves struct {
	s searcher
}

// Leaves returns a searcher of line ends for one goroutine.
func (s *Solver) Leaves() *Leaves {
	return &Leaves{s: searcher{tt: s.tt, eval: s.opts.Eval, tr: newTracker(s.opts.Eval), sure: exactSure}}
}

// Exact searches b to the end in [alpha, beta] (in discs) and returns its
// value (exact inside the window, a fail-soft bound outside it) and the
// nodes it searched. It does not check for cancellation: the caller keeps
// it to positions that take milliseconds. passed reports that the
// opponent has just passed.
func (l *Leaves) Exact(b board.Board, alpha, beta int, passed bool) (int, uint64) {
	before := l.s.nodes
	v := l.s.search(b, alpha, beta, b.Empties(), passed)
	return v, l.s.nodes - before
}
