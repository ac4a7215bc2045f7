package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/accuracy"
)

// TestAccuracyDepthToTheEnd: a search to the end of the game (--depth at
// least the empty squares) finds the exact scores, which were divided by
// the evaluation's unit (an MAE of 23 discs at 10 empties and --depth 10,
// 1.7 at --depth 9).
func TestAccuracyDepthToTheEnd(t *testing.T) {
	for _, tt := range []struct {
		depth string
		exact bool
	}{{"5", false}, {"6", true}, {"99", true}} {
		t.Run("depth "+tt.depth, func(t *testing.T) {
			code, stdout, stderr := runCommand(t, "", "accuracy", "--empties", "6", "--positions", "8", "--eval", "pattern,discs",
				"--depth", tt.depth, "--threads", "1", "--concurrency", "1", "--solved", "none")
			if code != 0 {
				t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
			}
			rows := regexp.MustCompile(`(?m)^6 +(pattern|discs) +([0-9.]+) +([0-9.]+) +[-+][0-9.]+ +[0-9.]+$`).FindAllStringSubmatch(stdout, -1)
			if len(rows) != 2 {
				t.Fatalf("want 2 rows of figures, got %d:\n%s", len(rows), stdout)
			}
			for _, r := range rows {
				if mae, _ := strconv.ParseFloat(r[2], 64); (mae == 0) != tt.exact {
					t.Errorf("%s, --depth %s at 6 empties: MAE %v; want 0 exactly when the depth reaches the end\n%s", r[1], tt.depth, mae, stdout)
				}
			}
		})
	}
}

// TestSolveConcurrency: --threads and --concurrency are bounded, and the
// solvers' tables may take at most 1/tableShare of the memory: a larger
// --concurrency is refused with the most it may be, the default one is
// lowered to fit (--concurrency 100 ran out of memory).
func TestSolveConcurrency(t *testing.T) {
	const gb = 24 * 1024 // a machine of 24 GB: 12 GB of tables, 48 solvers
	most := gb / tableShare / accuracy.DefaultHashMB
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
		got, err := solveConcurrency(tt.threads, tt.concurrency, tt.positions, tt.memoryMB)
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

// TestAccuracyRefusesTooManySolves: the command refuses, before any work,
// a --concurrency whose tables this machine cannot hold, and --threads
// beyond the bound.
func TestAccuracyRefusesTooManySolves(t *testing.T) {
	mem := physicalMemoryMB()
	if mem == 0 {
		t.Skip("the machine's memory is unknown here")
	}
	most := max(1, mem/tableShare/accuracy.DefaultHashMB)
	if most >= maxConcurrency {
		t.Skipf("%d MB of memory hold the tables of the most solves at once", mem)
	}
	solved := filepath.Join(t.TempDir(), "solved.obf")
	for _, tt := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"--concurrency", strconv.Itoa(most + 1)}, []string{"give --concurrency " + strconv.Itoa(most) + " or less", "MB of memory"}},
		{[]string{"--threads", "300", "--concurrency", "1"}, []string{"--threads 300: want at least 1 and at most 256"}},
	} {
		// At 24 empties nothing is solved (the database's scores): a
		// concurrency let through would only measure, and succeed.
		args := append([]string{"accuracy", "--empties", "24", "--positions", "1000", "--eval", "discs", "--solved", solved}, tt.args...)
		code, stdout, stderr := runCommand(t, "", args...)
		if code == 0 || stdout != "" {
			t.Errorf("%s: exit code %d, stdout %q; want a refusal before any work", strings.Join(args, " "), code, stdout)
		}
		mustContain(t, "the error", stderr, tt.wants...)
		if _, err := os.Stat(solved); err == nil {
			t.Errorf("%s: the solved file was made before the refusal", strings.Join(args, " "))
		}
	}
}

// TestAccuracyPositionsUsed: the first line says how many positions are
// measured, and that there are fewer than asked (it said 3000 where the
// games had 1,926).
func TestAccuracyPositionsUsed(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "accuracy", "--empties", "24", "--positions", "3000", "--eval", "discs", "--solved", "none")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	m := regexp.MustCompile(`; (\d+) positions per number of empties \(all there are; 3000 asked\)\n`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no count of the positions used, fewer than asked:\n%s", stdout)
	}
	if n, _ := strconv.Atoi(m[1]); n < 2 || n >= 3000 {
		t.Errorf("%d positions used; want fewer than the 3000 asked", n)
	}

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
		if got := positionsUsed(tt.empties, tt.counts, asked); got != tt.want {
			t.Errorf("positionsUsed(%v, %v, %d) = %q, want %q", tt.empties, tt.counts, asked, got, tt.want)
		}
	}
}
