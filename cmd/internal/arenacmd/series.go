// What match and tournament share: a recorded, resumable run
// (arena.Tournament.RunRecorded) with its progress.

package arenacmd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/progress"
)

// runSeries plays the games of t, recorded in out and resumed from it
// (see arena.Tournament.RunRecorded), with a progress bar. count is called
// once for every game, resumed or new, one call at a time; it returns
// false to stop. status returns a line of news printed now and then.
func runSeries(ctx context.Context, e *cli.Env, t *arena.Tournament, out string, count func(arena.Result) bool, status func() string) ([]arena.Result, error) {
	scheduled := t.Scheduled()
	var prog *progress.Progress
	lastLine := time.Now()
	results, err := t.RunRecorded(ctx, arena.Recording{
		Out:   out,
		Count: count,
		Resumed: func(n, others int) {
			if n > 0 {
				fmt.Fprintf(e.Stdout, "resuming: %s already in %s: %s\n", cli.Counted(n, "game"), out, status())
			}
			if others > 0 {
				fmt.Fprintf(e.Stdout, "%s of other shards in %s: kept there, not played or counted by this shard\n", cli.Counted(others, "game"), out)
			}
			prog = e.Progress(scheduled, "games", "games")
			prog.Add(n)
		},
		Played: func(n int) {
			prog.Add(1)
			if time.Since(lastLine) > 10*time.Second || !e.StderrIsTTY && n%max(scheduled/10, 1) == 0 {
				lastLine = time.Now()
				prog.Line(fmt.Sprintf("%d/%d: %s", n, scheduled, status()))
			}
		},
	})
	if prog != nil {
		prog.Finish()
	}
	return results, err
}

// seriesEnd returns what a match or tournament returns once its results
// are written: nil when Ctrl-C stopped it (after saying how to resume),
// else err.
func seriesEnd(e *cli.Env, err error) error {
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(e.Stdout, "stopped before the end: run the same command again to resume (with --out)")
		return nil
	}
	return err
}
