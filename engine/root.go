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
)

// rootMove is a legal move of the root with what the last iteration
// found.
type rootMove struct {
	sq    board.Square
	flips uint64
	value int
	pv    []board.Square
	depth int // depth of the search that gave value, 0 if none
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
	hard := lim.MaxTime
	if hard <= 0 {
		hard = lim.Time
	}
	if hard > 0 {
		t := time.AfterFunc(hard-time.Since(start), func() { stop.Store(true) })
		defer t.Stop()
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
	var lastTook time.Duration
	branching := 3.0
	unit := e.opts.Eval.DiscUnit()
	delta := 2 * unit
	if unit == 0 {
		delta = 400
	}
	for d := 1; d <= maxDepth; d++ {
		itStart := time.Now()
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
		took := time.Since(itStart)
		if lastTook > 5*time.Millisecond {
			branching = min(max(float64(took)/float64(lastTook), 1.5), 8)
		}
		lastTook = took
		if progress != nil {
			progress(Info{Depth: d, Kind: Midgame, Move: it.move, Value: it.value, PV: it.pv,
				Nodes: w.nodes + helperNodes.Load(), Elapsed: time.Since(start)})
		}
		if lim.Time > 0 {
			budget := lim.Time
			// A move that changed, or a value that fell, deserves more time.
			if d > 4 && (it.move != prev.move || it.value < prev.value-delta) {
				budget = min(budget*2, max(hard, budget))
			}
			if elapsed := time.Since(start); elapsed+time.Duration(float64(took)*branching) > budget {
				break
			}
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

func (e *Engine) newWorker(b board.Board, stop *atomic.Bool) *worker {
	return &worker{tt: e.tt, eval: e.opts.Eval, tracker: e.opts.Eval.NewTracker(b), stop: stop, cut: e.cut, finalLimit: 64 * e.opts.Eval.DiscUnit(), unit: e.opts.Eval.DiscUnit()}
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
		} else {
			mv.value = min(mv.value, best.value-1) // an upper bound: below the best
		}
		if v >= beta && !all {
			break
		}
	}
	sortRoot(moves)
	if !all && best.value > lo && best.value < beta {
		w.tt.store(b.Hash(), best.value, depth, best.move, boundExact)
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
