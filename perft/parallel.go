// Counting on several threads: the tree is split a few plies below the
// root and the subtrees are shared out among workers.

package perft

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/reversi-engine/reversi/board"
)

// CountContext is CountParallel that gives up when ctx ends first: it
// returns ctx's error at once and leaves the count to finish in the
// background (a deep count takes minutes and cannot be stopped midway).
// It starts nothing if ctx has already ended.
func CountContext(ctx context.Context, b board.Board, depth, threads int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	done := make(chan uint64, 1)
	go func() { done <- CountParallel(b, depth, threads) }()
	select {
	case n := <-done:
		return n, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// task is a subtree still to count: a position and the plies below it.
type task struct {
	b     board.Board
	depth int
}

// CountParallel is Count on the given number of threads. It gives the same
// result as Count; it is faster only for depths of about 8 and more.
func CountParallel(b board.Board, depth, threads int) uint64 {
	if threads <= 1 || depth < 6 {
		return Count(b, depth)
	}
	tasks := split(b, depth, 3, nil)
	var next atomic.Int64
	var total atomic.Uint64
	var wg sync.WaitGroup
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var c counter
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				total.Add(c.count(tasks[i].b, tasks[i].depth))
			}
		}()
	}
	wg.Wait()
	return total.Load()
}

// split expands the tree of b for the given number of plies the way count
// recurses, and appends the subtrees below to tasks: their counts add up
// to Count(b, depth).
func split(b board.Board, depth, plies int, tasks []task) []task {
	if plies == 0 || depth <= 1 {
		return append(tasks, task{b, depth})
	}
	m := b.Moves()
	if m == 0 {
		if !b.Pass().HasMoves() {
			return append(tasks, task{b, depth}) // game over: counts 1
		}
		return split(b.Pass(), depth-1, plies-1, tasks)
	}
	for m != 0 {
		var sq board.Square
		sq, m = board.NextSquare(m)
		tasks = split(b.Play(sq), depth-1, plies-1, tasks)
	}
	return tasks
}
