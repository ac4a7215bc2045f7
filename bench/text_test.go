package bench

import (
	"strings"
	"testing"
	"time"
)

// TestText: the rows line up under their heads, and a suite's figures are
// written a line each.
func TestText(t *testing.T) {
	l := LevelFigure{Level: 3, Median: 1500 * time.Microsecond, Max: 2 * time.Millisecond, Nodes: 1234}
	if h, r := LevelHeader(), l.Row(); len(h) != len(r) || !strings.HasPrefix(r, "    3 ") {
		t.Errorf("level row %q under %q", r, h)
	}
	s := SelectiveFigure{Probability: 87, Problems: 10, RightScores: 9, RightMoves: 8, Elapsed: time.Second, Nodes: 99}
	if h, r := SelectiveHeader(), s.Row(); len(h) != len(r) || !strings.Contains(r, "87%") || !strings.Contains(r, " 9/10") {
		t.Errorf("selective row %q under %q", r, h)
	}
	var out strings.Builder
	rep := TextReport(&out)
	rep.Solve(SolveFigure{File: "fforum-1-19.obf", Problems: 19, Threads: 1, Elapsed: time.Second, Nodes: 1000})
	rep.Solve(SolveFigure{File: "fforum-1-19.obf", Problems: 19, Threads: 2, Elapsed: time.Second, Nodes: 1000, Wrong: 1})
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "solve fforum-1-19 x19") || !strings.Contains(lines[0], "1 thread ") ||
		!strings.Contains(lines[1], "2 threads") || !strings.HasSuffix(lines[1], "1 wrong") {
		t.Errorf("solve lines:\n%s", out.String())
	}
}
