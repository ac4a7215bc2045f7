package main

import (
	"os"
	"path/filepath"
	"regexp"
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

// TestAccuracyRefusesTooManySolves: the command refuses, before any work,
// a --concurrency whose tables this machine cannot hold, and --threads
// beyond the bound.
func TestAccuracyRefusesTooManySolves(t *testing.T) {
	mem := accuracy.PhysicalMemoryMB()
	if mem == 0 {
		t.Skip("the machine's memory is unknown here")
	}
	most := max(1, mem/accuracy.TableShare/accuracy.DefaultHashMB)
	if most >= accuracy.MaxConcurrency {
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

}
