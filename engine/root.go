// The root of the midgame search: iterative deepening, aspiration
// windows, the time manager and the helper threads (Lazy SMP).

package engine

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
)

// rootMove is a legal move of the root with what the last iteration
// found.
type rootMove struct {
	sq    board.Square
	flips uint64
	value int
	pv    []board.Square
	depth int // depth of the search that gave value, 0 if none
	// upper says that value is an upper bound: a null window refuted the
	// move (below the best), without its exact value.
	upper bool
}

// iteration is the outcome of one iteration of the main thread.
type iteration struct {
	depth int
	move  board.Square
	value int
	pv    []board.Square
}

// midgame searches b with iterative deepening until a limit is reached.
func (e *Engine) midgame(ctx context.Context, b board.Board, legal uint64, lim Limits, start time.Time, progress func(Info)) Result {
	stop := new(atomic.Bool)
	unwatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer unwatch()
	tm := newTimeManager(lim, start, stop)
	defer tm.done()
	e.deadline = 0
	if tm.hard > 0 {
		e.deadline = start.Add(tm.hard).UnixNano()
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > b.Empties() {
		// Deeper than the empties, every line has reached its end.
		maxDepth = b.Empties()
	}

	// Helper threads: the same iterations, one ply deeper for every
	// other helper, sharing the table.
	var helpers sync.WaitGroup
	var helperNodes atomic.Uint64
	done := new(atomic.Bool)
	for i := 1; i < e.opts.Threads; i++ {
		helpers.Add(1)
		go func(offset int) {
			defer helpers.Done()
			w := e.newWorker(b, stop)
			moves := newRootMoves(b, legal)
			for d := 1 + offset; d <= maxDepth && !stop.Load() && !done.Load(); d++ {
				w.root(b, moves, d, -infinity, infinity, lim.AllMoves)
			}
			helperNodes.Add(w.nodes)
		}(i % 2)
	}

	w := e.newWorker(b, stop)
	moves := newRootMoves(b, legal)
	last := iteration{move: board.NoSquare}
	unit := e.opts.Eval.DiscUnit()
	delta := 2 * unit
	if unit == 0 {
		delta = 400
	}
	for d := 1; d <= maxDepth; d++ {
		tm.startIteration()
		alpha, beta := -infinity, infinity
		if d >= 4 && !lim.AllMoves {
			alpha, beta = last.value-delta, last.value+delta
		}
		var it iteration
		var complete bool
		for {
			it, complete = w.root(b, moves, d, alpha, beta, lim.AllMoves)
			if !complete {
				break
			}
			if it.value <= alpha && alpha > -infinity {
				alpha = max(-infinity, alpha-2*(beta-alpha)) // fail low: widen down
				continue
			}
			if it.value >= beta && beta < infinity {
				beta = min(infinity, beta+2*(beta-alpha)) // fail high: widen up
				continue
			}
			break
		}
		if !complete {
			// Stopped inside the iteration: keep a move whose search
			// finished and beat the previous best.
			if it.move != board.NoSquare && d > 1 && it.move != last.move {
				last.move, last.value, last.pv = it.move, it.value, it.pv
			}
			if last.move == board.NoSquare {
				last = iteration{depth: 0, move: moves[0].sq, value: 0, pv: []board.Square{moves[0].sq}}
			}
			break
		}
		prev := last
		last = it
		if progress != nil {
			progress(Info{Depth: d, Kind: Midgame, Move: it.move, Value: it.value, PV: it.pv,
				Nodes: w.nodes + helperNodes.Load(), Elapsed: time.Since(start), Moves: rootValues(moves)})
		}
		if d > 4 {
			tm.judge(it.move != prev.move, it.value < prev.value-delta, it.value < prev.value-3*delta)
		}
		if !tm.next() {
			break
		}
	}
	done.Store(true)
	stopped := stop.Load() && ctx.Err() != nil
	stop.Store(true) // end the helpers
	helpers.Wait()
	res := Result{
		Move:    last.move,
		Value:   last.value,
		Kind:    Midgame,
		Depth:   last.depth,
		PV:      last.pv,
		Nodes:   w.nodes + helperNodes.Load(),
		Elapsed: time.Since(start),
		Stopped: stopped,
	}
	if lim.AllMoves {
		for _, m := range moves {
			res.Moves = append(res.Moves, MoveValue{Move: m.sq, Value: m.value, Depth: m.depth, Kind: Midgame, PV: m.pv})
		}
	}
	return res
}

// rootValues are the values of the root moves after a completed
// iteration, best first, for its progress report: once an iteration
// (not in the search), without their lines.
func rootValues(moves []rootMove) []MoveValue {
	out := make([]MoveValue, len(moves))
	for i, m := range moves {
		out[i] = MoveValue{Move: m.sq, Value: m.value, Depth: m.depth, Probability: 100, Kind: Midgame, Upper: m.upper}
	}
	return out
}

// timeManager decides when the iterations of a midgame search stop. The
// search stops at the target time, even inside an iteration (the root
// keeps the move that the finished part of it found best): the usual time
// of the move (Limits.Time), stretched up to the hard limit
// (Limits.MaxTime) while the best move keeps changing or its value falls.
// With a fixed time (no room between the two) the search uses all of it;
// with room, it does not start an iteration that it expects to last past
// the target when more than half of the target is gone, keeping the time
// for the moves to come. A search for the values of all the moves
// (Limits.AllMoves) starts no iteration that it expects to last past the
// target, so that its values come from whole iterations.
type timeManager struct {
	start      time.Time
	soft, hard time.Duration // the usual time and the hard limit (0: none)
	target     time.Duration // soft, stretched
	stretch    float64
	timer      *time.Timer
	stop       *atomic.Bool

	// whole asks for whole iterations (Limits.AllMoves: the values of all
	// the moves at one depth): none starts that is expected to end past
	// the target.
	whole bool

	itStart   time.Time
	lastTook  time.Duration
	branching float64
}

func newTimeManager(lim Limits, start time.Time, stop *atomic.Bool) *timeManager {
	tm := &timeManager{start: start, soft: lim.Time, hard: lim.MaxTime, stretch: 1, branching: 3, stop: stop, whole: lim.AllMoves}
	if tm.hard <= 0 {
		tm.hard = tm.soft
	}
	if tm.soft <= 0 || tm.soft > tm.hard {
		tm.soft = tm.hard
	}
	tm.target = tm.soft
	stopAt := tm.target
	if tm.whole {
		stopAt = tm.hard // let an iteration that was started end
	}
	if stopAt > 0 {
		tm.timer = time.AfterFunc(stopAt-time.Since(start), func() { stop.Store(true) })
	}
	return tm
}

// done releases the timer.
func (tm *timeManager) done() {
	if tm.timer != nil {
		tm.timer.Stop()
	}
}

func (tm *timeManager) startIteration() { tm.itStart = time.Now() }

// Stretches of the usual time: a new best move adds changedStretch, a
// value that fell fellStretch (twice that for a fall of more than three
// windows), and a calm iteration takes calmStretch back; never beyond
// maxStretch (nor the hard limit).
const (
	changedStretch = 1
	fellStretch    = 0.5
	calmStretch    = 0.25
)

// judge stretches the target after an iteration whose best move changed,
// or whose value fell (or fell far), and relaxes it after a calm one.
func (tm *timeManager) judge(changed, fell, fellFar bool) {
	switch {
	case changed:
		tm.stretch += changedStretch
	case fellFar:
		tm.stretch += 2 * fellStretch
	case fell:
		tm.stretch += fellStretch
	default:
		tm.stretch -= calmStretch
	}
	tm.stretch = min(max(tm.stretch, 1), maxStretch)
	if tm.soft <= 0 || tm.soft == tm.hard {
		return
	}
	target := min(time.Duration(float64(tm.soft)*tm.stretch), tm.hard)
	if target != tm.target && !tm.whole {
		tm.timer.Reset(max(target-time.Since(tm.start), 0))
	}
	tm.target = target
}

// next reports whether the next iteration starts, after one that
// finished.
func (tm *timeManager) next() bool {
	took := time.Since(tm.itStart)
	if tm.lastTook > 5*time.Millisecond {
		tm.branching = min(max(float64(took)/float64(tm.lastTook), 1.5), 8)
	}
	tm.lastTook = took
	if tm.target <= 0 {
		return true
	}
	elapsed := time.Since(tm.start)
	if elapsed >= tm.target {
		return false
	}
	predicted := elapsed + time.Duration(float64(took)*tm.branching)
	switch {
	case tm.whole:
		return predicted <= tm.target
	case tm.soft == tm.hard:
		return true // a fixed time: use it all
	}
	return predicted <= tm.target || elapsed < tm.target/2
}

func (e *Engine) newWorker(b board.Board, stop *atomic.Bool) *worker {
	w := &worker{tt: e.tt, eval: e.opts.Eval, tracker: e.opts.Eval.NewTracker(b), stop: stop, cut: e.cut, sel: e.sel,
		unit: e.opts.Eval.DiscUnit(), deadline: e.deadline}
	w.withMoves, _ = w.tracker.(eval.MovesEvaluator)
	if w.unit > 0 && b.Empties() <= maxLeafSearch {
		w.leaves = e.solver.Leaves()
	}
	return w
}

func newRootMoves(b board.Board, legal uint64) []rootMove {
	var out []rootMove
	for m := legal; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		out = append(out, rootMove{sq: sq, flips: b.Flips(sq), value: -infinity})
	}
	return out
}

// root searches the root moves depth plies deep in [alpha, beta]: the
// first with the full window, the others with null windows (every one
// with the full window when all is set, for exact values). It sorts moves
// by value, best first, and reports whether the iteration completed.
func (w *worker) root(b board.Board, moves []rootMove, depth, alpha, beta int, all bool) (iteration, bool) {
	best := iteration{depth: depth, move: board.NoSquare, value: -infinity}
	lo := alpha
	for i := range moves {
		mv := &moves[i]
		next := b.PlayFlips(mv.sq, mv.flips)
		a := max(alpha, best.value)
		if all {
			a = alpha
		}
		w.tracker.Play(mv.sq, mv.flips)
		var v int
		if i == 0 || all {
			v = -w.pvs(next, -beta, -a, depth-1, 1, false)
		} else {
			v = -w.pvs(next, -a-1, -a, depth-1, 1, false)
			if v > a && v < beta {
				v = -w.pvs(next, -beta, -v, depth-1, 1, false)
			}
		}
		w.tracker.Undo()
		if w.stop.Load() {
			sortRoot(moves[:i])
			return best, false
		}
		mv.value, mv.depth = v, depth
		if v > best.value {
			pv := append([]board.Square{mv.sq}, w.pvTable[1][:w.pvLen[1]]...)
			best.move, best.value, best.pv = mv.sq, v, pv
		}
		if v > max(a, lo) || i == 0 || all {
			mv.pv = append([]board.Square{mv.sq}, w.pvTable[1][:w.pvLen[1]]...)
			mv.upper = false
		} else {
			mv.value = min(mv.value, best.value-1) // an upper bound: below the best
			mv.upper = true
		}
		if v >= beta && !all {
			break
		}
	}
	sortRoot(moves)
	if !all && best.value > lo && best.value < beta {
		w.tt.store(b.Hash(), best.value, depth, best.move, boundExact, w.sel)
	}
	return best, true
}

// sortRoot sorts root moves by value, best first, keeping the order of
// equals (stable).
func sortRoot(moves []rootMove) {
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && moves[j].value > moves[j-1].value; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}
