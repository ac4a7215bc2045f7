// The search: iterations until the budget is spent, on one or several
// threads, and what the tree says at the end.

package mcts

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
)

// Limits bound a search: a number of iterations, a time, or both (the
// first reached ends it). The context can end it earlier.
type Limits struct {
	Iterations uint64
	Time       time.Duration
	// Forbidden holds the moves a rule variant forbids at the root (0:
	// none): the search chooses among b.Moves() &^ Forbidden, and passes
	// if that leaves none.
	Forbidden uint64
}

// Info is the progress of a search, reported every progressEvery: what
// the first thread's tree holds so far (all the threads' iterations) and
// the time spent, the Result the search would return now.
type Info = Result

// progressEvery is the interval between two progress reports.
const progressEvery = 200 * time.Millisecond

// MoveStat is what the search found of a root move.
type MoveStat struct {
	Move   board.Square
	Visits uint64
	// Mean is the mean reward of the move for the side to move, in
	// [0, 1] (the win rate under win/loss rewards).
	Mean float64
	// Solved reports a proven result: Margin is then the final margin
	// (a lower bound for a win) for the side to move.
	Solved bool
	Margin int
	// PV is the most visited line, starting with Move.
	PV []board.Square
}

// Result is what a search found.
type Result struct {
	// Move is the move to play (board.Pass without legal moves,
	// board.NoSquare when the game is over).
	Move board.Square
	// Mean is the chosen move's mean reward.
	Mean float64
	// Iterations is the number of iterations, all threads together.
	Iterations uint64
	// Elapsed is the time the search took.
	Elapsed time.Duration
	// Nodes is the number of nodes of the tree(s) at the end.
	Nodes int
	// Moves holds the statistics of every legal move, most visited
	// first.
	Moves []MoveStat
	// Solved reports that the search proved the root's result, Margin
	// for the side to move (a lower bound for a win).
	Solved bool
	Margin int
	// Stopped reports that the context ended the search before its
	// limits did.
	Stopped bool
}

// ErrInvalid is returned for a board whose two masks overlap.
var ErrInvalid = errors.New("invalid board: a square holds two discs")

// Searcher runs searches and keeps its trees from one to the next. It
// runs one search at a time.
type Searcher struct {
	opts  Options
	trees []*tree
	runs  uint64
	// restricted: the last search's root had moves excluded, so its
	// trees are not kept.
	restricted bool
	// truncEv evaluates truncated rollouts.
	truncEv eval.Evaluator
}

// New returns a searcher with the given options, checked (an option out of
// range is an error that names it), evaluating truncated rollouts with ev
// (the pattern evaluation, usually; nil only when opts.Truncate is 0:
// truncated rollouts without an evaluation are an error).
func New(opts Options, ev eval.Evaluator) (*Searcher, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if o.Truncate > 0 && ev == nil {
		return nil, fmt.Errorf("truncate=%d: truncated rollouts need an evaluation, and none is given", o.Truncate)
	}
	return &Searcher{opts: o, truncEv: ev}, nil
}

// Options returns the searcher's options, defaults filled in.
func (s *Searcher) Options() Options { return s.opts }

// worker is one thread of a search.
type worker struct {
	roller *roller
	rng    *rand.Rand
}

// Search searches b (among the moves lim.Forbidden leaves) within lim.
// progress, if not nil, is called during the search, every
// progressEvery, from one of the search's goroutines: for live displays.
// When ctx ends, the search stops within milliseconds and returns what
// the trees say with Stopped set, and a nil error: the error reports only
// invalid input (a board whose masks overlap).
func (s *Searcher) Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error) {
	if !b.Valid() {
		return Result{Move: board.NoSquare}, ErrInvalid
	}
	return s.search(ctx, b, b.Moves()&^lim.Forbidden, lim, progress), nil
}

func (s *Searcher) search(ctx context.Context, b board.Board, legal uint64, budget Limits, progress func(Info)) Result {
	start := time.Now()
	s.runs++
	if legal == 0 {
		res := Result{Move: board.NoSquare}
		if !b.GameOver() {
			res.Move = board.Pass
		}
		return res
	}
	restricted := legal != b.Moves()
	ntrees := 1
	if s.opts.Parallel == RootParallel {
		ntrees = s.opts.Threads
	}
	if len(s.trees) != ntrees || !s.opts.Reuse || restricted || s.restricted {
		s.trees = make([]*tree, ntrees)
	}
	s.restricted = restricted
	for i := range s.trees {
		var t *tree
		if s.trees[i] != nil {
			t = s.trees[i].reroot(b)
		}
		if t == nil {
			t = newTree(b, s.opts.MaxNodes)
		}
		if restricted {
			t.exclude(legal, rand.New(rand.NewPCG(s.opts.Seed, s.runs)))
		}
		s.trees[i] = t
	}

	stop := new(atomic.Bool)
	unwatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer unwatch()
	if budget.Time > 0 {
		// The budget counts from the call: rerooting a large tree (or a
		// collection it triggers) comes out of it, not on top of it.
		timer := time.AfterFunc(max(budget.Time-time.Since(start), 0), func() { stop.Store(true) })
		defer timer.Stop()
	}
	var count atomic.Uint64 // the iterations started, under an iteration budget
	counts := make([]paddedCount, s.opts.Threads)
	total := func() uint64 {
		n := uint64(0)
		for i := range counts {
			n += counts[i].n.Load()
		}
		return n
	}
	var mu sync.Mutex // the shared tree, under tree parallelism
	var wg sync.WaitGroup
	for th := range s.opts.Threads {
		w := &worker{
			roller: newRoller(s.opts, s.opts.Seed^(s.runs<<20)^uint64(th+1)*0x9E3779B97F4A7C15, s.truncEv),
			rng:    rand.New(rand.NewPCG(s.opts.Seed+uint64(th), s.runs)),
		}
		t := s.trees[0]
		var lock *sync.Mutex
		if s.opts.Parallel == RootParallel {
			t = s.trees[th]
		} else if s.opts.Threads > 1 {
			lock = &mu
		}
		wg.Add(1)
		report := th == 0 && progress != nil
		go func() {
			defer wg.Done()
			mine := &counts[th].n // the threads do not share a counter
			lastReport := start
			for !stop.Load() {
				if budget.Iterations > 0 && count.Add(1) > budget.Iterations {
					break
				}
				n := mine.Add(1)
				if w.iterate(t, s.opts, lock) {
					stop.Store(true) // the root is proven
				}
				if report && n%256 == 0 && time.Since(lastReport) >= progressEvery {
					lastReport = time.Now()
					if lock != nil {
						lock.Lock()
					}
					r := s.resultOf([]*tree{t}, legal)
					if lock != nil {
						lock.Unlock()
					}
					r.Iterations, r.Elapsed = total(), time.Since(start)
					progress(r)
				}
			}
		}()
	}
	wg.Wait()
	res := s.resultOf(s.trees, legal)
	res.Iterations = total()
	res.Elapsed = time.Since(start)
	res.Stopped = ctx.Err() != nil
	return res
}

// paddedCount is a thread's iteration count, alone on its cache line
// (atomic, so that progress reports can read it).
type paddedCount struct {
	n atomic.Uint64
	_ [56]byte
}

// iterate runs one iteration on t (locking it with lock if not nil) and
// reports whether the root is proven.
func (w *worker) iterate(t *tree, o Options, lock *sync.Mutex) bool {
	vl := int32(0)
	if lock != nil {
		vl = 1
		lock.Lock()
	}
	i := int32(0)
	for {
		t.at(i).vloss += vl
		if t.at(i).solved {
			break
		}
		if t.at(i).first < 0 {
			if t.at(i).visits == 0 && i != 0 {
				break
			}
			if !t.expand(i, w.rng) {
				break
			}
		}
		i = t.selectChild(i, o.C)
		if t.at(i).visits == 0 && !t.at(i).solved {
			t.at(i).vloss += vl
			break
		}
	}
	leaf := *t.at(i)
	if lock != nil {
		lock.Unlock()
	}
	var margin float64
	estimated := false
	if leaf.solved {
		margin = float64(leaf.margin)
	} else {
		margin, estimated = w.roller.play(leaf.b)
	}
	if lock != nil {
		lock.Lock()
		defer lock.Unlock()
	}
	t.backup(i, margin, estimated, o.Reward, vl)
	if leaf.solved {
		t.prove(i)
	}
	return t.at(0).solved
}

// exclude marks the root's children that legal does not allow as lost,
// so that the search never chooses them (a rule variant).
func (t *tree) exclude(legal uint64, rng *rand.Rand) {
	if t.at(0).first < 0 && !t.expand(0, rng) {
		return
	}
	root := *t.at(0)
	for k := root.first; k < root.first+int32(root.n); k++ {
		if legal&t.at(k).move.Bit() == 0 {
			t.at(k).solved, t.at(k).margin = true, 64
		}
	}
}

// resultOf gathers the statistics of the root moves of trees.
func (s *Searcher) resultOf(trees []*tree, legal uint64) Result {
	byMove := map[board.Square]*MoveStat{}
	nodes := 0
	var res Result
	for _, t := range trees {
		nodes += t.used
		root := t.at(0)
		if root.solved {
			res.Solved, res.Margin = true, int(root.margin)
		}
		for k := root.first; k >= 0 && k < root.first+int32(root.n); k++ {
			ch := t.at(k)
			if legal&ch.move.Bit() == 0 && ch.move != board.Pass {
				continue
			}
			st := byMove[ch.move]
			if st == nil {
				st = &MoveStat{Move: ch.move}
				byMove[ch.move] = st
			}
			st.Mean = (st.Mean*float64(st.Visits) + ch.sum) / max(float64(st.Visits)+float64(ch.visits), 1)
			st.Visits += uint64(ch.visits)
			if ch.solved {
				st.Solved, st.Margin = true, -int(ch.margin)
			}
			if st.PV == nil || ch.visits > 0 {
				st.PV = append([]board.Square{ch.move}, t.pv(k, 20)...)
			}
		}
	}
	res.Nodes = nodes
	for _, st := range byMove {
		res.Moves = append(res.Moves, *st)
	}
	sort.Slice(res.Moves, func(i, j int) bool {
		a, b := res.Moves[i], res.Moves[j]
		if a.Visits != b.Visits {
			return a.Visits > b.Visits
		}
		return a.Move < b.Move
	})
	// The move: a proven win, else the most visited (or best mean) of
	// the moves not proven lost.
	best := -1
	key := func(m MoveStat) float64 {
		switch {
		case m.Solved && m.Margin > 0:
			return 1e12 + float64(m.Margin)
		case m.Solved && m.Margin < 0:
			return -1e12 + float64(m.Margin)
		case s.opts.FinalByValue && m.Visits > 0:
			return m.Mean
		case s.opts.FinalByValue:
			return -1
		}
		return float64(m.Visits)
	}
	for i, m := range res.Moves {
		if best < 0 || key(m) > key(res.Moves[best]) {
			best = i
		}
	}
	if best < 0 { // no statistics at all (stopped at once): any legal move
		res.Move = board.Square(bits.TrailingZeros64(legal))
		return res
	}
	res.Move, res.Mean = res.Moves[best].Move, res.Moves[best].Mean
	return res
}
