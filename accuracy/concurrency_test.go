package accuracy

import (
	"runtime"
	"strings"
	"testing"
)

// TestSolveConcurrency: --threads and --concurrency are bounded, and the
// solvers' tables may take at most 1/TableShare of the memory: a larger
// --concurrency is refused with the most it may be, the default one is
// lowered to fit (--concurrency 100 ran out of memory).
func TestSolveConcurrency(t *testing.T) {
	const gb = 24 * 1024 // a machine of 24 GB: 12 GB of tables, 48 solvers
	most := gb / TableShare / DefaultHashMB
	tests := []struct {
		threads, concurrency, positions, memoryMB int
		want                                      int
		err                                       string
	}{
		{1, 2, 100, gb, 2, ""},
		{4, most, 100, gb, most, ""},
		{1, 100, 1000, gb, 0, "--concurrency 100: 100 solves at once take 25600 MB of tables (256 MB each), more than 1/2 of this machine's 24576 MB of memory: give --concurrency 48 or less"},
		{1, 100, 10, gb, 100, ""},                           // no more solvers than positions
		{1, 100, 1000, 0, 100, ""},                          // the memory unknown
		{1, 2, 100, 300, 0, "give --concurrency 1 or less"}, // one solver always runs
		{1, 1, 100, 300, 1, ""},
		{1, 0, 100, 300, 1, ""}, // the default, lowered to fit
		{1, 0, 100, gb, min(runtime.NumCPU(), most), ""},
		{0, 1, 100, gb, 0, "--threads 0: want at least 1"},
		{257, 1, 100, gb, 0, "--threads 257: want at least 1 and at most 256"},
		{1, -1, 100, gb, 0, "--concurrency -1: want at least 1"},
		{1, 257, 100, 0, 0, "--concurrency 257: want at least 1 and at most 256"},
	}
	for _, tt := range tests {
		got, err := SolveConcurrency(tt.threads, tt.concurrency, tt.positions, tt.memoryMB)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("threads %d, concurrency %d, %d positions, %d MB: %d, %v; want an error with %q", tt.threads, tt.concurrency, tt.positions, tt.memoryMB, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("threads %d, concurrency %d, %d positions, %d MB: %d, %v; want %d", tt.threads, tt.concurrency, tt.positions, tt.memoryMB, got, err, tt.want)
		}
	}
}

// TestPositionsUsed: the first line of reversi accuracy says how many
// positions are measured, and that there are fewer than asked.
func TestPositionsUsed(t *testing.T) {
	tests := []struct {
		empties, counts []int
		want            string
	}{
		{[]int{20, 24}, []int{100, 100}, "100 positions per number of empties"},
		{[]int{20, 24}, []int{1919, 1919}, "1919 positions per number of empties (all there are; 3000 asked)"},
		{[]int{20, 24}, []int{1919, 1926}, "positions: 1919 at 20 empties (all there are; 3000 asked), 1926 at 24 (all there are; 3000 asked)"},
		{[]int{12, 24}, []int{3000, 1926}, "positions: 3000 at 12 empties, 1926 at 24 (all there are; 3000 asked)"},
	}
	for _, tt := range tests {
		asked := 100
		if tt.counts[0] != 100 {
			asked = 3000
		}
		if got := PositionsUsed(tt.empties, tt.counts, asked); got != tt.want {
			t.Errorf("PositionsUsed(%v, %v, %d) = %q, want %q", tt.empties, tt.counts, asked, got, tt.want)
		}
	}
}
