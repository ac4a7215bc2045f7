// The counts of every depth in turn, timed, and checked against the
// published counts from the start: what reversi perft prints.

package perft

import (
	"context"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/board"
)

// Row is the count of one depth.
type Row struct {
	Depth   int
	Leaves  uint64
	Elapsed time.Duration
	// Checked says that the count was checked against the published one
	// (from the start position, to depth 16) and matches.
	Checked bool
}

// LeavesPerSecond returns the speed of the count.
func (r Row) LeavesPerSecond() float64 {
	return float64(r.Leaves) / max(r.Elapsed.Seconds(), 1e-9)
}

// Table counts the leaves from pos at every depth from 1 to depth, on
// threads, and calls row after each. From the start position every count
// is checked against the published ones (Published): a count that
// differs stops the table with an error that says both. It stops with
// ctx's error when ctx ends.
func Table(ctx context.Context, pos board.Position, depth, threads int, row func(Row)) error {
	published := map[int]uint64{}
	if pos == board.Start() {
		var err error
		if published, err = Published(); err != nil {
			return err
		}
	}
	for d := 1; d <= depth; d++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		start := time.Now()
		n, err := CountContext(ctx, pos.Board, d, threads)
		if err != nil {
			return err
		}
		r := Row{Depth: d, Leaves: n, Elapsed: time.Since(start)}
		if want, ok := published[d]; ok {
			if n != want {
				return fmt.Errorf("depth %d: %d leaves, the published count is %d", d, n, want)
			}
			r.Checked = true
		}
		row(r)
	}
	return nil
}
