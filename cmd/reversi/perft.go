// The perft subcommand: leaf counts per depth, with their speed.

package main

import (
	"context"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/cli"
	"github.com/reversi-engine/reversi/perft"
)

func runPerft(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "perft", "--depth N [--board \"<64 squares> X|O\"] [--threads N]", `
Counts the leaves of the game tree from a position (the start by default)
at every depth from 1 to N, with the time and leaves per second of each.
A pass counts as one ply; a game over before the depth counts as one leaf.
From the start the counts are checked against the published ones.`)
	depth := fs.Int("depth", 9, "last depth to count (1-20)")
	threads := fs.Int("threads", 1, "threads to count with")
	boardText := fs.String("board", "", "position: 64 squares A1..H8 (X black, O white, - empty) and the side to move")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *threads < 1 {
		return fmt.Errorf("--threads %d: want at least 1", *threads)
	}
	if *depth < 1 || *depth > 20 {
		return fmt.Errorf("--depth %d: want 1 to 20", *depth)
	}
	pos := board.Start()
	if *boardText != "" {
		var err error
		if pos, err = board.ParsePosition(*boardText); err != nil {
			return fmt.Errorf("--board: %v", err)
		}
	}
	published := map[int]uint64{}
	if pos == board.Start() {
		var err error
		if published, err = perft.Published(); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "perft from %s\n%5s %20s %10s %14s\n", pos, "depth", "leaves", "seconds", "leaves/s")
	for d := 1; d <= *depth; d++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		start := time.Now()
		n, err := perft.CountContext(ctx, pos.Board, d, *threads)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		check := ""
		if want, ok := published[d]; ok {
			if n != want {
				return fmt.Errorf("depth %d: %d leaves, the published count is %d", d, n, want)
			}
			check = "  (matches the published count)"
		}
		fmt.Fprintf(e.stdout, "%5d %20d %10.3f %14.0f%s\n", d, n, secs, float64(n)/max(secs, 1e-9), check)
	}
	return nil
}
