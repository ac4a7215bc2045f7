package memclear

import (
	"runtime"
	"sync/atomic"
	"testing"
)

func TestSliceZeroes(t *testing.T) {
	type entry struct{ a, b uint64 }
	for _, n := range []int{0, 1, 100, pieceBytes / 16, pieceBytes/16 + 1, 3*pieceBytes/16 - 1} {
		s := make([]entry, n)
		for i := range s {
			s[i] = entry{uint64(i) + 1, 7}
		}
		Slice(s)
		for i, e := range s {
			if e != (entry{}) {
				t.Fatalf("n=%d: element %d is %v after Slice", n, i, e)
			}
		}
	}
}

// TestSliceLetsOthersRun clears 512 MB on the only processor: the main
// goroutine, which only asks to run again, must be let run before the
// clear ends. A single clear of the slice keeps the processor to the end.
func TestSliceLetsOthersRun(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 512 MB")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	s := make([]uint64, 64<<20) // mapped by the first writes: slow
	var started, done atomic.Bool
	finished := make(chan struct{})
	go func() {
		started.Store(true)
		Slice(s)
		done.Store(true)
		close(finished)
	}()
	for !started.Load() {
		runtime.Gosched()
	}
	runtime.Gosched() // back here only when the clearing goroutine is preempted, or done
	ranDuring := !done.Load()
	<-finished
	if !ranDuring {
		t.Fatal("the clear of 512 MB kept the only processor until it ended")
	}
}
