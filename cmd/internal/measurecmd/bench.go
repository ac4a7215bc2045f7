// The bench subcommand: prints the engine's standard figures (package bench).

package measurecmd

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/reversi-engine/reversi/bench"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// Bench runs reversi bench with args, its flags: the engine's standard
// figures (package bench), or with --ttd, --selective or --levels one
// measure alone.
func Bench(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "bench", "[--perft-depth N] [--seconds S] [--search-depth N] [--ffo N] [--threads N]", help("bench"))
	perftDepth := fs.Int("perft-depth", 12, "perft depth to time from the start (0 to skip)")
	seconds := fs.Float64("seconds", 1, "time spent on each micro-benchmark")
	searchDepth := fs.Int("search-depth", 9, "depth of the engine's midgame search benchmark (0 to skip)")
	ffo := fs.Int("ffo", 0, "solve the first N problems of FFO #40-#59 too (0 to skip; #40-#44 take about 10 s on 2 cores)")
	threads := fs.Int("threads", runtime.NumCPU(), "threads of the parallel solves")
	ttd := fs.Int("ttd", 0, "only time to depth: the engine (trained evaluation, one thread) to this depth on the 12 positions of NTest's speed test (35 empties)")
	selective := fs.String("selective", "", "only the selective endgame: the first N problems of FFO #40-#59, or FFO #A-#B given as A-B (e.g. 50-59), searched to the end at each probability (73% to 100%; --prob: that one alone), on --threads")
	prob := fs.Int("prob", engine.DefaultProbability, "confidence of the selective search's cuts of --ttd, in percent (100: full width); with --selective, the one probability to measure")
	levels := fs.String("levels", "", "only the levels' times: a move of each level N or N-M (e.g. 1-20) in 84 positions of NTest's games, one thread, no book, no clock (the figures of 'reversi help levels')")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file (for go tool pprof, or go build -pgo)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	shipped.NoteEval(e.Stderr) // the solver's move ordering, and the default evaluation
	stop, err := cli.StartCPUProfile(*cpuProfile)
	if err != nil {
		return err
	}
	defer stop()
	if *levels != "" {
		return benchLevels(ctx, e, *levels)
	}
	if *ttd != 0 {
		return benchTimeToDepth(ctx, e, *ttd, *prob)
	}
	if *selective != "" {
		probs := engine.Probabilities()
		if cli.Given(fs, "prob") {
			if !slices.Contains(probs, *prob) {
				return fmt.Errorf("--prob %d: want one of %v", *prob, probs)
			}
			probs = []int{*prob}
		}
		return benchSelective(ctx, e, *selective, *threads, probs)
	}
	if *perftDepth < 0 || *perftDepth > 16 {
		return fmt.Errorf("--perft-depth %d: want 0 to 16", *perftDepth)
	}
	if *seconds <= 0 {
		return fmt.Errorf("--seconds %v: want a positive number", *seconds)
	}
	if *searchDepth < 0 || *searchDepth > 20 || *ffo < 0 || *ffo > 20 || *threads < 1 {
		return fmt.Errorf("--search-depth takes 0 to 20, --ffo 0 to 20, --threads at least 1")
	}
	budget := time.Duration(*seconds * float64(time.Second))
	fmt.Fprintf(e.Stdout, "reversi bench: %s/%s, %d CPUs, %s, move generation: %s, evaluation: %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), board.Implementation(), pattern.Implementation())

	suite := bench.Suite{Budget: budget, PerftDepth: *perftDepth, SearchDepth: *searchDepth, FFO: *ffo, Threads: *threads}
	return suite.Run(ctx, bench.TextReport(e.Stdout))
}

// benchTimeToDepth prints the time and nodes to each depth on NTest's
// speed test positions.
func benchTimeToDepth(ctx context.Context, e *cli.Env, depth, prob int) error {
	if depth < 1 || depth > 35 {
		return fmt.Errorf("--ttd %d: want 1 to 35", depth)
	}
	if !slices.Contains(engine.Probabilities(), prob) {
		return fmt.Errorf("--prob %d: want one of %v", prob, engine.Probabilities())
	}
	bar := e.Progress(12, "time to depth", "positions")
	figs, err := bench.TimeToDepth(ctx, depth, prob, 1, func(int) { bar.Add(1) })
	bar.Finish()
	if err != nil {
		return err
	}
	bench.WriteTimeToDepth(e.Stdout, figs)
	return nil
}

// benchLevels prints the time a move of each level of the range text
// ("N" or "N-M") takes, with bench.LevelTimes.
func benchLevels(ctx context.Context, e *cli.Env, text string) error {
	lo, hi, err := bench.ParseLevels(text)
	if err != nil {
		return fmt.Errorf("--levels %q: %v", text, err)
	}
	fmt.Fprintln(e.Stdout, bench.LevelHeader())
	for n := lo; n <= hi; n++ {
		bar := e.LazyProgress(fmt.Sprintf("level %d", n), "moves")
		figs, err := bench.LevelTimes(ctx, []int{n}, 1, func(_, done, total int) { bar.Report(done, total) })
		bar.Finish()
		if err != nil {
			return err
		}
		fmt.Fprintln(e.Stdout, figs[0].Row())
	}
	return nil
}

// benchSelective prints the selective endgame's figures on the problems
// of FFO #40-#59 that text names ("N": the first N; "A-B": FFO #A to #B)
// at each of probs.
func benchSelective(ctx context.Context, e *cli.Env, text string, threads int, probs []int) error {
	first, last, err := bench.ParseFFORange(text)
	if err != nil {
		return fmt.Errorf("--selective %q: %v", text, err)
	}
	n := last - first + 1
	fmt.Fprintf(e.Stdout, "selective endgame, FFO #%d-#%d, %s:\n", first, last, cli.Counted(threads, "thread"))
	fmt.Fprintln(e.Stdout, bench.SelectiveHeader())
	for _, p := range probs {
		bar := e.Progress(n, fmt.Sprintf("%d%%", p), "problems")
		f, err := bench.SolveSelective(ctx, "fforum-40-59.obf", first-40, last-39, threads, p, func(int) { bar.Add(1) })
		bar.Finish()
		if err != nil {
			return err
		}
		fmt.Fprintln(e.Stdout, f.Row())
	}
	return nil
}
