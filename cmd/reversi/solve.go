// The solve subcommand: exact (or win/loss/draw) solves of the positions
// of an OBF file, checked against the file's scores.

package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"runtime"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/format/obf"
	"github.com/reversi-engine/reversi/internal/progress"
)

func runSolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve", "FILE.obf [--threads N] [--wld] [--hash MB] [--eval pattern|none] [--first N] [--time-limit T]", `
Solves every position of an OBF file (one position a line: 64 squares, the
side to move, and optionally "; move:score; ..."): prints the best move, the
exact score (or win/loss/draw with --wld), nodes, time, nodes per second,
and whether the score matches the file's best score; a summary at the end.

FILE may be "-" for standard input. The data sets shipped with reversi can
be named without a path: fforum-1-19.obf (easy, 14-16 empties) and
fforum-40-59.obf (the classic FFO #40-#59 benchmark, 20-34 empties).
A solve that takes long says so on standard error every 30 seconds.
Ctrl-C stops the solve in progress and prints what was found so far.`)
	threads := fs.Int("threads", runtime.NumCPU(), "goroutines per solve")
	wld := fs.Bool("wld", false, "solve for win/loss/draw only (faster)")
	hashMB := fs.Int("hash", 64, "transposition table size in MB")
	first := fs.Int("first", 0, "solve only the first N positions (0 for all)")
	limit := fs.Duration("time-limit", 0, "give up on a position after this long (0 for no limit)")
	evalName := fs.String("eval", "pattern", "evaluation that orders the moves far from the end: pattern, or none (mobility only)")
	file, rest := splitFileArg(fs, args)
	if err := parseFlags(fs, rest); err != nil {
		return err
	}
	if file == "" {
		fmt.Fprintln(e.stderr, "reversi solve: no OBF file given")
		fs.Usage()
		return errUsage
	}
	if *threads < 1 || *hashMB < 1 || *first < 0 || *limit < 0 {
		return fmt.Errorf("--threads, --hash must be at least 1; --first and --time-limit not negative")
	}
	in, source, err := openDataFile(e, file)
	if err != nil {
		return err
	}
	problems, err := obf.Parse(in)
	in.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	if len(problems) == 0 {
		return fmt.Errorf("%s: no position in the file: nothing to solve", source)
	}
	if *first > 0 && *first < len(problems) {
		problems = problems[:*first]
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
	solver := endgame.New(endgame.Options{Threads: *threads, HashMB: *hashMB, Eval: ordering})
	fmt.Fprintf(e.stdout, "solving %s of %s, %s, %s, %d MB table, ordering by %s\n",
		counted(len(problems), "position"), source, mode, counted(*threads, "thread"), *hashMB, *evalName)
	fmt.Fprintf(e.stdout, "%4s %5s %4s %5s %5s %14s %9s %12s  %s\n", "#", "line", "emp", "move", "score", "nodes", "seconds", "nodes/s", "check")
	start := func(i int, p obf.Problem) func() {
		num, line, empties := i+1, p.Line, p.Position.Board.Empties()
		return progress.Heartbeat(newsEvery, func(d time.Duration) {
			fmt.Fprintf(e.stderr, "#%d (line %d, %d empties): solving, %.0f s so far\n", num, line, empties, d.Seconds())
		})
	}
	t, err := solver.SolveProblems(ctx, problems, endgame.ProblemOptions{Mode: mode, TimeLimit: *limit, Start: start}, func(c endgame.Checked) {
		r, p := c.Result, c.Problem
		if r.Stopped {
			fmt.Fprintf(e.stdout, "%4d %5d %4d %5s %5s %14d %9.3f %12.0f  stopped\n", c.Index+1, p.Line, p.Position.Board.Empties(), "-", "?", r.Nodes, r.Elapsed.Seconds(), r.NodesPerSecond())
			return
		}
		check := "-"
		if c.Right() {
			check = "ok"
		} else if c.Wrong() {
			check = fmt.Sprintf("WRONG: file says %+d", c.Want)
		}
		fmt.Fprintf(e.stdout, "%4d %5d %4d %5v %+5d %14d %9.3f %12.0f  %s\n", c.Index+1, p.Line, p.Position.Board.Empties(), r.Move, r.Score, r.Nodes, r.Elapsed.Seconds(), r.NodesPerSecond(), check)
	})
	if err != nil {
		return fmt.Errorf("%s %w", source, err)
	}
	fmt.Fprintf(e.stdout, "solved %d of %d: %d right, %d wrong, %d without a score to check; %d nodes in %.3f s, %.0f nodes/s\n",
		t.Solved, len(problems), t.Right, t.Wrong, t.Unchecked, t.Nodes, t.Elapsed.Seconds(), t.NodesPerSecond())
	if t.Wrong > 0 {
		return fmt.Errorf("%d wrong scores", t.Wrong)
	}
	return ctx.Err()
}

// splitFileArg takes the first argument that is not a flag (or "-") as
// the file, so that flags may come before or after it.
func splitFileArg(fs *flag.FlagSet, args []string) (string, []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || (a != "" && a[0] != '-') {
			// A non-flag argument that follows a flag needing a value is that value.
			if i > 0 && needsValue(fs, args[i-1]) {
				continue
			}
			return a, append(append([]string{}, args[:i]...), args[i+1:]...)
		}
	}
	return "", args
}

// needsValue reports whether a flag argument of fs is written without
// its value ("--threads" followed by "2", not "--threads=2", nor a
// boolean flag such as "--wld").
func needsValue(fs *flag.FlagSet, a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	name := strings.TrimLeft(a, "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false // -h, --help or an unknown flag: the parser says so
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// openDataFile opens a file named on the command line: "-" for standard
// input, a path, or the name of a data set shipped with reversi. It
// returns the file to read and its name for messages. The caller reads it
// with a parser that bounds its lines or records (obf.Parse,
// arena.ReadOpenings): a file is never read whole, so that a huge or
// endless one (/dev/zero) is refused with little memory.
func openDataFile(e *env, name string) (io.ReadCloser, string, error) {
	if name == "-" {
		return io.NopCloser(e.stdin), "standard input", nil
	}
	f, err := os.Open(name)
	if err == nil {
		return f, name, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		if eb, eerr := fforum.ReadFile(path.Base(name)); eerr == nil && path.Base(name) == name {
			return io.NopCloser(bytes.NewReader(eb)), name + " (embedded copy)", nil
		}
	}
	return nil, "", err
}
