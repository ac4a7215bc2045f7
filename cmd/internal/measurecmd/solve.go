// The solve subcommand: exact (or win/loss/draw) solves of the positions
// of an OBF file, checked against the file's scores.

package measurecmd

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/progress"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/endgame/problems"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/format/obf"
)

// Solve runs reversi solve with args, the OBF file and the flags: every
// position of the file solved exactly (or win/loss/draw) and checked
// against its score; a wrong score is an error.
func Solve(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "solve", "FILE.obf [--threads N] [--wld] [--hash MB] [--eval pattern|none] [--first N] [--time-limit T]", help("solve"))
	threads := fs.Int("threads", runtime.NumCPU(), "goroutines per solve")
	wld := fs.Bool("wld", false, "solve for win/loss/draw only (faster)")
	hashMB := fs.Int("hash", 64, "transposition table size in MB")
	first := fs.Int("first", 0, "solve only the first N positions (0 for all)")
	limit := fs.Duration("time-limit", 0, "give up on a position after this long (0 for no limit)")
	evalName := fs.String("eval", "pattern", "evaluation that orders the moves far from the end: pattern, or none (mobility only)")
	file, rest := cli.FileArg(fs, args)
	if err := cli.Parse(fs, rest); err != nil {
		return err
	}
	if file == "" {
		fmt.Fprintln(e.Stderr, "reversi solve: no OBF file given")
		fs.Usage()
		return cli.ErrUsage
	}
	if *threads < 1 || *hashMB < 1 || *first < 0 || *limit < 0 {
		return fmt.Errorf("--threads, --hash must be at least 1; --first and --time-limit not negative")
	}
	in, source, err := cli.Open(e.Stdin, file)
	if err != nil {
		return err
	}
	list, err := obf.Parse(in)
	in.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	if len(list) == 0 {
		return fmt.Errorf("%s: no position in the file: nothing to solve", source)
	}
	if *first > 0 && *first < len(list) {
		list = list[:*first]
	}
	mode := endgame.Exact
	if *wld {
		mode = endgame.WLD
	}
	var ordering eval.Evaluator
	switch *evalName {
	case "none":
	case "pattern":
		if ordering, err = pattern.Default(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("--eval %q: want pattern or none", *evalName)
	}
	solver, err := endgame.New(endgame.Options{Threads: *threads, HashMB: *hashMB, Eval: ordering})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "solving %s of %s, %s, %s, %d MB table, ordering by %s\n",
		cli.Counted(len(list), "position"), source, mode, cli.Counted(*threads, "thread"), *hashMB, *evalName)
	fmt.Fprintln(e.Stdout, problems.Header())
	start := func(i int, p obf.Problem) func() {
		num, line, empties := i+1, p.Line, p.Position.Board.Empties()
		return progress.Heartbeat(e.News, func(d time.Duration) {
			fmt.Fprintf(e.Stderr, "#%d (line %d, %d empties): solving, %.0f s so far\n", num, line, empties, d.Seconds())
		})
	}
	t, err := problems.Solve(ctx, solver, list, problems.Options{Mode: mode, TimeLimit: *limit, Start: start}, func(c problems.Checked) {
		fmt.Fprintln(e.Stdout, c.Row())
	})
	if err != nil {
		return fmt.Errorf("%s %w", source, err)
	}
	fmt.Fprintln(e.Stdout, t.Summary(len(list)))
	if t.Wrong > 0 {
		return fmt.Errorf("%d wrong scores", t.Wrong)
	}
	return ctx.Err()
}
