package workers

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRunEveryJobOnce(t *testing.T) {
	for _, tt := range []struct{ n, k int }{{0, 3}, {1, 1}, {10, 1}, {10, 3}, {3, 10}, {100, 0}} {
		t.Run(fmt.Sprintf("n%d_k%d", tt.n, tt.k), func(t *testing.T) {
			counts := make([]atomic.Int32, tt.n)
			var running, most atomic.Int32
			err := Run(context.Background(), tt.n, tt.k, func(ctx context.Context, i int) error {
				r := running.Add(1)
				for {
					m := most.Load()
					if r <= m || most.CompareAndSwap(m, r) {
						break
					}
				}
				time.Sleep(time.Millisecond)
				counts[i].Add(1)
				running.Add(-1)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for i := range counts {
				if c := counts[i].Load(); c != 1 {
					t.Errorf("job %d ran %d times", i, c)
				}
			}
			if limit := int32(max(tt.k, 1)); most.Load() > limit {
				t.Errorf("%d jobs at once, want at most %d", most.Load(), limit)
			}
		})
	}
}

func TestRunStartsInOrder(t *testing.T) {
	var mu sync.Mutex
	var order []int
	err := Run(context.Background(), 50, 1, func(ctx context.Context, i int) error {
		mu.Lock()
		order = append(order, i)
		mu.Unlock()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(order) != 50 {
		t.Fatalf("%d jobs started, want 50", len(order))
	}
	for i, v := range order {
		if v != i {
			t.Fatalf("job %d started %dth", v, i)
		}
	}
}

func TestFirstErrorStops(t *testing.T) {
	boom := errors.New("boom")
	var started atomic.Int32
	err := Run(context.Background(), 1000, 4, func(ctx context.Context, i int) error {
		started.Add(1)
		if i == 5 {
			return boom
		}
		if i > 5 {
			<-ctx.Done() // the others see the run stopped
			return ctx.Err()
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	if n := started.Load(); n > 5+4 {
		t.Fatalf("%d jobs started, want no new job after the error", n)
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	// A job counts as late when it starts after cancel has returned. The
	// other worker may have taken its job just before the cancellation
	// and start it just after: one late job at most with two workers.
	var started, late atomic.Int32
	var cancelled atomic.Bool
	err := Run(ctx, 1000, 2, func(ctx context.Context, i int) error {
		if cancelled.Load() {
			late.Add(1)
		}
		if started.Add(1) == 3 {
			cancel()
			cancelled.Store(true)
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if n := late.Load(); n > 1 {
		t.Fatalf("%d jobs started after the cancellation", n)
	}
}

func TestMapInOrder(t *testing.T) {
	out, err := Map(context.Background(), 20, 3, func(ctx context.Context, i int) (int, error) {
		time.Sleep(time.Duration(20-i) * 100 * time.Microsecond)
		return i * i, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 20 {
		t.Fatalf("%d results, want 20", len(out))
	}
	for i, v := range out {
		if v != i*i {
			t.Fatalf("out[%d] = %d, want %d", i, v, i*i)
		}
	}
}

func ExampleMap() {
	squares, err := Map(context.Background(), 5, 2, func(ctx context.Context, i int) (int, error) {
		return i * i, nil
	})
	fmt.Println(squares, err)
	// Output: [0 1 4 9 16] <nil>
}
