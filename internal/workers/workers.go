// The worker pool.

package workers

import (
	"context"
	"sync"
)

// Run calls job(ctx, i) for every i from 0 to n-1, on at most k
// goroutines at once (k < 1 counts as 1). Jobs start in the order of i.
//
// The first error a job returns stops the run: the context the jobs see
// is cancelled, no job starts after it, and Run returns that error once
// the running jobs have returned. When ctx ends, no job starts either, and
// Run returns ctx's cause (context.Cause) unless a job failed first. Run
// returns nil when every job ran without error and ctx did not end.
//
// Results come back through the job itself: a job that writes out[i]
// gives them in order (see Map), one that calls a function under a mutex
// gives them as they come.
func Run(ctx context.Context, n, k int, job func(ctx context.Context, i int) error) error {
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if next >= n || first != nil || ctx.Err() != nil {
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range min(max(k, 1), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i, ok := take()
				if !ok {
					return
				}
				if err := job(ctx, i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					cancel()
				}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return context.Cause(parent)
}

// Map calls job for every i from 0 to n-1 as Run does and returns the
// results in the order of i. Where Run returns an error, so does Map,
// with the results of the jobs that finished (the others are zero).
func Map[T any](ctx context.Context, n, k int, job func(ctx context.Context, i int) (T, error)) ([]T, error) {
	out := make([]T, max(n, 0))
	err := Run(ctx, n, k, func(ctx context.Context, i int) error {
		v, err := job(ctx, i)
		if err == nil {
			out[i] = v
		}
		return err
	})
	return out, err
}
