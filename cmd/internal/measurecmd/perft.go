// The perft subcommand: leaf counts per depth, with their speed.

package measurecmd

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/perft"
)

// Perft runs reversi perft with args, its flags: the leaves of the game
// tree at each depth up to --depth from a position, timed, and checked
// against the published counts from the start.
func Perft(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "perft", "--depth N [--board \"<64 squares> X|O\"] [--threads N]", help("perft"))
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
	pos, err := cli.Board(*boardText)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "perft from %s\n%5s %20s %10s %14s\n", pos, "depth", "leaves", "seconds", "leaves/s")
	return perft.Table(ctx, pos, *depth, *threads, func(r perft.Row) {
		check := ""
		if r.Checked {
			check = "  (matches the published count)"
		}
		fmt.Fprintf(e.Stdout, "%5d %20d %10.3f %14.0f%s\n", r.Depth, r.Leaves, r.Elapsed.Seconds(), r.LeavesPerSecond(), check)
	})
}
