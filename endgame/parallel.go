// Parallel search: young brothers wait. A node searches its first move
// alone; if that does not cut off, its other moves are shared with the
// idle goroutines of the pool, each taking the next move until none is
// left.

package endgame

import (
	"sync"
	"sync/atomic"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
)

// splitEmpties: nodes with fewer empty squares are searched by one
// goroutine (sharing them costs more than it saves). Measured on FFO
// #40-#49, 2 threads, ordered by sortDepth (before the root was ordered
// and the tracker used): 12 empties 69.7 s, 14: 61.7 s, 16: 60.0 s,
// 18: 61.4 s, 20: 68.6 s.
const splitEmpties = 16

// pool is the goroutines of one solve that help at split points.
type pool struct {
	tasks chan *splitPoint // unbuffered: a send succeeds only to an idle helper
	idle  atomic.Int32
	nodes atomic.Uint64 // nodes searched by helpers, added after each task
	quit  chan struct{}
	wg    sync.WaitGroup
}

// newPool starts helpers goroutines.
func newPool(helpers int, tt *table, ev eval.Evaluator) *pool {
	p := &pool{tasks: make(chan *splitPoint), quit: make(chan struct{})}
	for range helpers {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			tr := newTracker(ev) // this goroutine's, for every task
			for {
				p.idle.Add(1)
				select {
				case sp := <-p.tasks:
					p.idle.Add(-1)
					p.help(sp, tt, tr)
				case <-p.quit:
					p.idle.Add(-1)
					return
				}
			}
		}()
	}
	return p
}

// close stops the helpers and waits for them.
func (p *pool) close() {
	close(p.quit)
	p.wg.Wait()
}

// help works on a split point with a searcher of its own and the
// goroutine's tracker.
func (p *pool) help(sp *splitPoint, tt *table, tr eval.Tracker) {
	s := &searcher{tt: tt, stops: sp.stops, pool: p, eval: sp.eval, tr: tr, cuts: sp.cuts, sure: sp.sure}
	sp.work(s)
	p.nodes.Add(s.nodes)
	sp.leave()
}

// splitPoint is a node whose remaining moves are shared.
type splitPoint struct {
	b       board.Board
	empties int
	beta    int
	moves   []move
	next    atomic.Int32 // index of the next move to hand out
	abort   atomic.Bool  // set on a cutoff: the other moves are not needed
	stops   []*atomic.Bool
	eval    eval.Evaluator
	cuts    *Cuts
	sure    uint8

	mu       sync.Mutex
	alpha    int // the best lower bound so far: max(alpha, best)
	best     int
	bestMove board.Square
	helpers  int           // helpers at work
	finished chan struct{} // a signal when the helpers' count falls to zero
}

// work searches moves of the split point until none is left.
func (sp *splitPoint) work(s *searcher) {
	for !s.stopped() {
		i := int(sp.next.Add(1)) - 1
		if i >= len(sp.moves) {
			return
		}
		mv := sp.moves[i]
		next := sp.b.PlayFlips(mv.sq, mv.flips)
		sp.mu.Lock()
		a := sp.alpha
		sp.mu.Unlock()
		if a >= sp.beta {
			return
		}
		v := -s.search(next, -a-1, -a, sp.empties-1, false)
		if v > a && v < sp.beta && !s.stopped() {
			v = -s.search(next, -sp.beta, -v, sp.empties-1, false)
		}
		if s.stopped() {
			return
		}
		sp.mu.Lock()
		if v > sp.best {
			sp.best, sp.bestMove = v, mv.sq
			sp.alpha = max(sp.alpha, v)
			if v >= sp.beta {
				sp.abort.Store(true)
			}
		}
		sp.mu.Unlock()
	}
}

// leave signals that a helper is done with the split point.
func (sp *splitPoint) leave() {
	sp.mu.Lock()
	sp.helpers--
	last := sp.helpers == 0
	sp.mu.Unlock()
	if last {
		// A signal may be waiting already (from an earlier helper that
		// was the last for a moment): one is enough.
		select {
		case sp.finished <- struct{}{}:
		default:
		}
	}
}

// split searches the moves of b after the first (already searched, with
// value best for move bestMove) in parallel and returns the best value
// and move of the node.
func (s *searcher) split(b board.Board, alpha, beta, empties int, moves []move, best int, bestMove board.Square) (int, board.Square) {
	sp := &splitPoint{
		b: b, empties: empties, beta: beta,
		moves: append(make([]move, 0, len(moves)), moves...), // a copy, so that the caller's list stays on its stack
		alpha: max(alpha, best), best: best, bestMove: bestMove,
		finished: make(chan struct{}, 1),
	}
	sp.stops = append(append(make([]*atomic.Bool, 0, len(s.stops)+1), s.stops...), &sp.abort)
	sp.eval, sp.cuts, sp.sure = s.eval, s.cuts, s.sure
	// Offer the split point to every idle helper.
	for range s.pool.idle.Load() {
		sp.mu.Lock()
		sp.helpers++
		sp.mu.Unlock()
		select {
		case s.pool.tasks <- sp:
		default:
			sp.mu.Lock()
			sp.helpers--
			sp.mu.Unlock()
		}
	}
	// Work on it too, with the split point's stop flags.
	own := &searcher{tt: s.tt, stops: sp.stops, pool: s.pool, eval: s.eval, tr: s.tr, deadline: s.deadline, cuts: s.cuts, sure: s.sure}
	sp.work(own)
	s.nodes += own.nodes
	// Wait for the helpers, helping elsewhere meanwhile. A signal on
	// finished says the count may have reached zero: check it.
	for {
		sp.mu.Lock()
		n := sp.helpers
		sp.mu.Unlock()
		if n == 0 {
			break
		}
		s.pool.idle.Add(1)
		select {
		case <-sp.finished:
			s.pool.idle.Add(-1)
		case other := <-s.pool.tasks:
			s.pool.idle.Add(-1)
			s.pool.help(other, s.tt, s.tr)
		}
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.best, sp.bestMove
}
