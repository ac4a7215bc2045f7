// The figures as reversi bench prints them, a line each.

package bench

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// TextReport returns the report of a Suite that writes each figure to w
// as a line of reversi bench.
func TextReport(w io.Writer) SuiteReport {
	return SuiteReport{
		Rules: func(figures []Figure) {
			for _, f := range figures {
				fmt.Fprintf(w, "%-22s %8.2f ns/op %14.0f %s\n", f.Name, f.NsPerOp(), f.PerSecond(), f.Unit)
			}
		},
		Perft: func(p PerftFigure) {
			fmt.Fprintf(w, "perft %-16d %8.3f s    %14.0f leaves/s (%d leaves)\n", p.Depth, p.Elapsed.Seconds(),
				p.LeavesPerSecond(), p.Leaves)
		},
		CourseAlphaBeta: func(s SearchFigure) {
			fmt.Fprintf(w, "course alpha-beta d7   %8.2f ms/move  %12.0f nodes/s\n", s.MsPerMove(), s.NodesPerSecond())
		},
		EngineMidgame: func(s SearchFigure) {
			fmt.Fprintf(w, "engine midgame d%-2d     %8.2f ms/move  %12.0f nodes/s\n", s.Depth, s.MsPerMove(), s.NodesPerSecond())
		},
		Solve: func(f SolveFigure) {
			name := fmt.Sprintf("solve %s x%d", strings.TrimSuffix(f.File, ".obf"), f.Problems)
			threads := fmt.Sprintf("%d threads", f.Threads)
			if f.Threads == 1 {
				threads = "1 thread"
			}
			fmt.Fprintf(w, "%-22s %8.3f s  %-10s %12.0f nodes/s  %d wrong\n", name, f.Elapsed.Seconds(), threads,
				f.NodesPerSecond(), f.Wrong)
		},
	}
}

// WriteTimeToDepth writes the figures of TimeToDepth as a table, under a
// line that names the positions, the probability and the code in use.
func WriteTimeToDepth(w io.Writer, figs []DepthFigure) {
	fmt.Fprintf(w, "time to depth on NTest's 12 test positions (35 empties), one thread, %d%% (move generation: %s, evaluation: %s):\n",
		figs[0].Probability, board.Implementation(), pattern.Implementation())
	fmt.Fprintf(w, "%5s %10s %14s %12s\n", "depth", "seconds", "nodes", "nodes/s")
	for _, f := range figs {
		fmt.Fprintf(w, "%5d %10.3f %14d %12.0f\n", f.Depth, f.Elapsed.Seconds(), f.Nodes, float64(f.Nodes)/f.Elapsed.Seconds())
	}
}

// LevelHeader returns the head of the rows of LevelFigure.Row.
func LevelHeader() string {
	return fmt.Sprintf("%5s %12s %12s %12s %14s", "level", "median", "longest", "mean", "nodes")
}

// Row returns the figure as a row under LevelHeader.
func (f LevelFigure) Row() string {
	return fmt.Sprintf("%5d %12v %12v %12v %14d", f.Level, f.Median.Round(time.Microsecond), f.Max.Round(time.Microsecond), f.Mean().Round(time.Microsecond), f.Nodes)
}

// SelectiveHeader returns the head of the rows of SelectiveFigure.Row.
func SelectiveHeader() string {
	return fmt.Sprintf("%11s %10s %14s %12s %12s %11s", "probability", "seconds", "nodes", "right score", "right move", "mean error")
}

// Row returns the figure as a row under SelectiveHeader.
func (f SelectiveFigure) Row() string {
	return fmt.Sprintf("%10d%% %10.2f %14d %9d/%-2d %9d/%-2d %11.2f", f.Probability, f.Elapsed.Seconds(), f.Nodes, f.RightScores, f.Problems, f.RightMoves, f.Problems, f.MeanError)
}
