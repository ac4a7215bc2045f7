// The Engine: iterative deepening with aspiration windows at the root,
// the parallel threads, and the switch to the endgame solver.

package engine

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// Options configure an Engine.
type Options struct {
	// Eval is the evaluation (nil: the trained one; New returns the
	// error if the shipped weights cannot be read. A caller that would
	// rather fall back to the course heuristic asks for it with
	// DefaultEvaluatorNote, and says so).
	Eval eval.Evaluator
	// Threads is the number of search threads (0: 1).
	Threads int
	// HashMB is the size of the midgame transposition table in
	// megabytes (0: 64); the endgame solver has a table of the same
	// size.
	HashMB int
	// ProbCut holds the parameters of the selective search (nil: the
	// shipped ones when they were fitted for Eval, else none, and every
	// search is full width). Parameters fitted for another evaluation
	// are an error of New (ProbCut.Matches says so beforehand).
	ProbCut *ProbCut
	// Probability is the confidence of the cuts of the searches whose
	// Limits ask for none: one of Probabilities(), or 100 (0:
	// DefaultProbability).
	Probability int
}

// Limits bound one search.
type Limits struct {
	// Depth is the deepest midgame iteration (0: up to the end of the
	// game).
	Depth int
	// Time is the usual time of the move: the search stops there, even
	// inside an iteration (keeping the best move of its finished part),
	// and may stretch up to MaxTime while its best choice keeps changing
	// or its value falls; with room between the two it does not start an
	// iteration it expects to last well past Time. 0: no budget (Depth or
	// the context decides).
	Time time.Duration
	// MaxTime is the hard limit of the move (0: Time, or none). The
	// context's deadline is a hard limit too.
	MaxTime time.Duration
	// ExactEmpties: with this many empty squares or fewer, the engine
	// solves the position exactly. 0 never.
	ExactEmpties int
	// WLDEmpties: with this many empty squares or fewer (and more than
	// ExactEmpties), the engine solves for win/loss/draw. 0 never.
	WLDEmpties int
	// AllMoves asks for the value of every legal move (Result.Moves), as
	// an analysis does; the search is then slower.
	AllMoves bool
	// Forbidden holds the moves a rule variant forbids at the root (0:
	// none): the search chooses among b.Moves() &^ Forbidden, and passes
	// if that leaves none.
	Forbidden uint64
	// Probability is the confidence of the selective search's cuts
	// (Multi-ProbCut), in percent: one of Probabilities(). 0 is
	// DefaultProbability; 100 is a full-width search, every result as
	// sure as its depth. Without parameters for the evaluation every
	// search is full width.
	Probability int
}

// DefaultProbability is the confidence of the midgame search's cuts
// unless a search asks for another.
const DefaultProbability = 87

// Kind says how a result was found.
type Kind int

const (
	// Midgame: a depth-limited search with the evaluation.
	Midgame Kind = iota
	// Exact: the endgame solver found the exact final margin.
	Exact
	// WLD: the endgame solver found win, loss or draw.
	WLD
	// Over: the game is over; Value is its final score.
	Over
)

// String returns "midgame", "exact", "wld" or "over".
func (k Kind) String() string {
	return [...]string{"midgame", "exact", "wld", "over"}[k]
}

// MoveValue is the value of one legal move (Limits.AllMoves).
type MoveValue struct {
	Move        board.Square
	Value       int // in the evaluator's units (Kind Midgame), or discs
	Depth       int
	Probability int // of the search's cuts, 100 for none
	Kind        Kind
	PV          []board.Square
	// Upper says that Value is an upper bound, not the move's value: the
	// search showed the move worse than the best without valuing it
	// exactly. Only in the progress of a search that values the best
	// move alone (without Limits.AllMoves).
	Upper bool
}

// Result is what a search found.
type Result struct {
	// Move is the chosen move: board.Pass when the side to move has no
	// move, board.NoSquare when the game is over.
	Move board.Square
	// Value is the value of Move for the side to move: in the
	// evaluator's units for a Midgame result; in discs for Exact and
	// Over; +1, 0 or -1 for WLD.
	Value int
	// Kind says which of those Value is.
	Kind Kind
	// Depth is the depth of the last completed iteration (Midgame), or
	// the number of empty squares (Exact, WLD).
	Depth int
	// Probability is the confidence of the search's selective cuts in
	// percent, 100 for a full-width search or an exact solve.
	Probability int
	// PV is the principal variation, starting with Move.
	PV []board.Square
	// Nodes is the number of positions searched, all threads together.
	Nodes uint64
	// Elapsed is the time the search took.
	Elapsed time.Duration
	// Moves holds the value of every legal move when Limits.AllMoves is
	// set, best first.
	Moves []MoveValue
	// Stopped reports that the context ended the search before its
	// limits did.
	Stopped bool
}

// Info is the progress of a search, reported after every iteration.
type Info struct {
	Depth       int
	Probability int
	Kind        Kind
	Move        board.Square
	Value       int
	PV          []board.Square
	Nodes       uint64
	Elapsed     time.Duration
	// Moves are the values of the legal moves after a midgame iteration
	// (Depth), best first: each exact with Limits.AllMoves; without, the
	// best's exact and the others' upper bounds (MoveValue.Upper) for
	// those the search refuted. Without lines (PV); nil after a solve.
	Moves []MoveValue
}

// quickDepth is the depth of the midgame search that runs before a solve,
// to have a move ready if the solve cannot finish in time.
const quickDepth = 6

// preSolveShare: under a clock, the midgame search before a solve goes
// on past quickDepth for 1/preSolveShare of the move's usual time.
const preSolveShare = 10

// Engine searches positions. It keeps its transposition tables between
// searches. An Engine runs one search at a time.
type Engine struct {
	opts   Options
	tt     *ttable
	solver *endgame.Solver
	mu     sync.Mutex
	// cuts[p] is the table of probability p, built at its first search.
	cuts map[int]*cutTable
	// cut is the table of the running search (nil: full width);
	// deadline is its hard limit in Unix nanoseconds (0: none).
	cut      *cutTable
	sel      uint8
	deadline int64
}

// New returns an engine with the given options, checked: a negative
// number of threads or megabytes, a probability that is not one of
// Probabilities() or 100, ProbCut parameters out of range (as ReadProbCut
// checks them) or fitted for another evaluation, and shipped files that
// cannot be read (the weights of a nil Eval, the parameters of a nil
// ProbCut) are errors. No option falls back to another without being
// asked to.
func New(opts Options) (*Engine, error) {
	return newEngine(opts, pattern.Default, DefaultProbCut)
}

// newEngine is New with the shipped files read by weights and params.
func newEngine(opts Options, weights func() (*pattern.Evaluator, error), params func() (*ProbCut, error)) (*Engine, error) {
	switch {
	case opts.Threads < 0:
		return nil, fmt.Errorf("engine: threads=%d: want 1 or more (0: 1)", opts.Threads)
	case opts.HashMB < 0:
		return nil, fmt.Errorf("engine: a table of %d MB: want 1 or more (0: 64)", opts.HashMB)
	}
	if _, ok := deviations(opts.Probability); !ok && opts.Probability != 0 && opts.Probability != 100 {
		return nil, fmt.Errorf("engine: probability %d%%: want one of %v", opts.Probability, Probabilities())
	}
	if opts.Eval == nil {
		ev, err := weights()
		if err != nil {
			return nil, fmt.Errorf("engine: no trained evaluation: %w", err)
		}
		opts.Eval = ev
	}
	if opts.ProbCut == nil {
		pc, err := params()
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		if pc.Matches(opts.Eval) == nil {
			opts.ProbCut = pc
		}
	} else if err := cmp.Or(opts.ProbCut.Check(), opts.ProbCut.Matches(opts.Eval)); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	opts.Threads = max(opts.Threads, 1)
	if opts.HashMB == 0 {
		opts.HashMB = 64
	}
	solver, err := endgame.New(endgame.Options{Threads: opts.Threads, HashMB: opts.HashMB, Eval: orderingEval(opts.Eval)})
	if err != nil {
		return nil, err
	}
	return &Engine{
		cuts:   map[int]*cutTable{},
		opts:   opts,
		tt:     newTTable(opts.HashMB),
		solver: solver,
	}, nil
}

// orderingEval returns the evaluation that orders the solver's moves: the
// engine's if it estimates discs, none otherwise (the classic heuristic
// orders worse than mobility alone).
func orderingEval(ev eval.Evaluator) eval.Evaluator {
	if ev.DiscUnit() > 0 {
		return ev
	}
	return nil
}

// Eval returns the engine's evaluator.
func (e *Engine) Eval() eval.Evaluator { return e.opts.Eval }

// Threads returns the number of search threads.
func (e *Engine) Threads() int { return e.opts.Threads }

// ProbCut returns the parameters of the engine's selective search, nil
// if it has none.
func (e *Engine) ProbCut() *ProbCut { return e.opts.ProbCut }

// cutTable returns the table of a search at probability p (nil: full
// width).
func (e *Engine) cutTable(p int) *cutTable {
	if p == 100 || e.opts.ProbCut == nil {
		return nil
	}
	t, ok := e.cuts[p]
	if !ok {
		t = e.opts.ProbCut.table(p, e.opts.Eval.DiscUnit())
		e.cuts[p] = t
	}
	return t
}

// probability returns the probability a search with lim runs at.
func (e *Engine) probability(lim Limits) int {
	if e.opts.ProbCut == nil || lim.Probability == 100 || (lim.Probability == 0 && e.opts.Probability == 100) {
		return 100
	}
	switch {
	case lim.Probability != 0:
		return lim.Probability
	case e.opts.Probability != 0:
		return e.opts.Probability
	}
	return DefaultProbability
}

// Clear forgets everything the tables hold (a new game). It waits for a
// running search to end.
func (e *Engine) Clear() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.clear()
	e.solver.Clear()
}

// ErrInvalid is returned for a board whose two masks overlap (the same
// error as the endgame solver's).
var ErrInvalid = endgame.ErrInvalid

// Search finds a move for the side to move of b (among the moves
// lim.Forbidden leaves) within lim. progress, if not nil, is called after
// every completed iteration from the search goroutine. When ctx ends, the
// search stops within a few milliseconds and returns the best move found
// so far with Stopped set, and a nil error: the error reports only invalid
// input.
func (e *Engine) Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error) {
	if !b.Valid() {
		return Result{Move: board.NoSquare}, ErrInvalid
	}
	if p := lim.Probability; p != 0 && p != 100 {
		if _, ok := deviations(p); !ok {
			return Result{Move: board.NoSquare}, fmt.Errorf("probability %d%%: want one of %v", p, Probabilities())
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.search(ctx, b, b.Moves()&^lim.Forbidden, lim, progress), nil
}

func (e *Engine) search(ctx context.Context, b board.Board, legal uint64, lim Limits, progress func(Info)) Result {
	start := time.Now()
	if legal == 0 {
		if b.GameOver() {
			return Result{Move: board.NoSquare, Value: b.FinalScore(), Kind: Over, Elapsed: time.Since(start)}
		}
		// A forced pass: the value is the opponent's, negated.
		r := e.search(ctx, b.Pass(), b.Pass().Moves(), lim, nil)
		r.Move, r.Value, r.PV, r.Moves = board.Pass, -r.Value, append([]board.Square{board.Pass}, r.PV...), nil
		return r
	}
	e.tt.newSearch()
	prob := e.probability(lim)
	e.cut, e.sel = e.cutTable(prob), selectivity(prob)
	empties := b.Empties()
	// A search to the end at 100% is the exact solver's work.
	exact := empties <= lim.ExactEmpties || (lim.Depth >= empties && prob == 100 && empties <= endgame.MaxEmpties)
	wld := !exact && empties <= lim.WLDEmpties
	// An exact solve asked for is exact: the selective cuts of a search
	// to the end apply only above ExactEmpties.
	var cuts *endgame.Cuts
	if !exact {
		cuts = e.solverCuts(b, lim, prob)
	}
	if exact || wld || cuts != nil {
		// A quick midgame search first: its move stands if the solve
		// cannot finish in time. It keeps to the move's hard limit too
		// (a loaded machine or the race detector can make even it slow).
		hard := lim.MaxTime
		if hard <= 0 {
			hard = lim.Time
		}
		quick := e.midgame(ctx, b, legal, Limits{Depth: min(quickDepth, empties), AllMoves: lim.AllMoves, MaxTime: hard}, start, nil)
		if lim.Time > 0 && !quick.Stopped && empties > quickDepth+1 {
			// Under a clock, the midgame goes deeper for a small share of
			// the move, so that a solve the clock stops leaves a move
			// worth playing, not the quick one.
			share := lim.Time / preSolveShare
			deeper := e.midgame(ctx, b, legal, Limits{Depth: empties - 1, AllMoves: lim.AllMoves, Time: share, MaxTime: share}, time.Now(), nil)
			deeper.Nodes += quick.Nodes
			if deeper.Depth > quick.Depth {
				quick = deeper
			} else {
				quick.Nodes = deeper.Nodes
			}
		}
		r, ok := e.solve(ctx, b, legal, lim, exact, cuts, start, progress)
		if !ok {
			quick.Nodes += r.Nodes
			quick.Elapsed = time.Since(start)
			quick.Stopped = ctx.Err() != nil
			return quick
		}
		r.Nodes += quick.Nodes
		if cuts != nil {
			r = e.surer(ctx, b, legal, lim, start, r, progress)
		}
		return r
	}
	r := e.selective(ctx, b, legal, lim, start, prob, progress)
	return e.surer(ctx, b, legal, lim, start, r, progress)
}

// solverCuts returns the cuts of a selective solve of b under lim at
// probability prob: a search to the end (lim.Depth at least the empty
// squares) below 100% is a solve with cuts when the parameters have the
// solver's cells and the evaluation estimates discs; nil otherwise.
func (e *Engine) solverCuts(b board.Board, lim Limits, prob int) *endgame.Cuts {
	empties := b.Empties()
	if prob == 100 || lim.Depth < empties || empties > endgame.MaxEmpties || e.opts.Eval.DiscUnit() <= 0 {
		return nil
	}
	if t := e.cutTable(prob); t != nil {
		return t.solve
	}
	return nil
}

// hasSolverCuts reports whether the engine's parameters give the solver
// cuts (at every probability but 100).
func (e *Engine) hasSolverCuts() bool {
	if e.opts.Eval.DiscUnit() <= 0 || e.opts.ProbCut == nil {
		return false
	}
	for _, c := range e.opts.ProbCut.Cells {
		if c.Solver {
			return true
		}
	}
	return false
}

// surer goes on after r, a search to the end of b at a probability below
// 100%, while the move's usual time allows: the same search at surer and
// surer probabilities (the selective endgame), each kept if it finishes.
// 100% is the exact solver's work, at the level's ExactEmpties.
func (e *Engine) surer(ctx context.Context, b board.Board, legal uint64, lim Limits, start time.Time, r Result, progress func(Info)) Result {
	empties := b.Empties()
	for r.Kind == Exact && r.Probability < 100 && !r.Stopped && lim.Time > 0 && 3*time.Since(start) < lim.Time {
		next := nextProbability(r.Probability)
		if next == 100 {
			break
		}
		surer := lim
		surer.Depth = empties
		var s Result
		if cuts := e.solverCuts(b, surer, next); cuts != nil {
			var ok bool
			if s, ok = e.solve(ctx, b, legal, surer, true, cuts, start, progress); !ok {
				r.Nodes += s.Nodes
				r.Elapsed = time.Since(start)
				break
			}
		} else {
			s = e.selective(ctx, b, legal, surer, start, next, progress)
		}
		if s.Kind != Exact {
			r.Nodes += s.Nodes
			r.Elapsed = s.Elapsed
			break
		}
		s.Nodes += r.Nodes
		r = s
	}
	return r
}

// selective runs the midgame search at probability prob, reporting prob
// in its progress and result, and makes a result that reached the end an
// Exact one.
func (e *Engine) selective(ctx context.Context, b board.Board, legal uint64, lim Limits, start time.Time, prob int, progress func(Info)) Result {
	e.cut, e.sel = e.cutTable(prob), selectivity(prob)
	if progress != nil {
		inner := progress
		progress = func(i Info) {
			i.Probability = prob
			for j := range i.Moves {
				i.Moves[j].Probability = prob
			}
			inner(i)
		}
	}
	r := e.midgame(ctx, b, legal, lim, start, progress)
	r.Probability = prob
	for i := range r.Moves {
		r.Moves[i].Probability = prob
	}
	e.toTheEnd(&r, b.Empties())
	return r
}

// toTheEnd makes the result of a midgame search that reached the end of
// every line (depth at least the empties) a result in discs, of kind
// Exact: exact at 100%, with the selective search's confidence below.
func (e *Engine) toTheEnd(r *Result, empties int) {
	unit := e.opts.Eval.DiscUnit()
	if unit <= 0 {
		return // a heuristic's wins are not disc margins
	}
	discs := func(v int) int { return int(math.Round(float64(v) / float64(unit))) }
	if r.Kind == Midgame && r.Depth >= empties {
		r.Kind, r.Value, r.Depth = Exact, discs(r.Value), empties
	}
	for i := range r.Moves {
		if m := &r.Moves[i]; m.Kind == Midgame && m.Depth >= empties {
			m.Kind, m.Value, m.Depth = Exact, discs(m.Value), empties
		}
	}
}
