// The train subcommand: the pattern evaluation's weights, from the data
// shipped with reversi.

package traincmd

import (
	"context"
	"fmt"
	"runtime"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/plot"
	"github.com/reversi-engine/reversi/train"
)

// Train runs reversi train with args: the subcommand label, mpc or refit
// and its flags, or the flags of the first-generation training from the
// shipped data.
func Train(ctx context.Context, e *cli.Env, args []string) error {
	if len(args) > 0 && args[0] == "mpc" {
		return runMPC(ctx, e, args[1:])
	}
	if len(args) > 0 && args[0] == "label" {
		return runLabel(ctx, e, args[1:])
	}
	if len(args) > 0 && args[0] == "refit" {
		return runRefit(ctx, e, args[1:])
	}
	def := train.DefaultConfig()
	fs := cli.NewFlags(e.Stderr, "train", "[--out weights.bin] [--work DIR] [--seed S] [--fraction F] [--self-play N] [--plot loss.png]", help("train", "{held-out-year}", fmt.Sprint(train.HeldOutYear)))
	out := fs.String("out", "weights.bin", "the weights file to write")
	work := fs.String("work", "train-work", "folder of the intermediate files (resumable)")
	cfg := def
	fs.Uint64Var(&cfg.Seed, "seed", def.Seed, "seed of every random choice")
	fs.Float64Var(&cfg.Fraction, "fraction", def.Fraction, "share of the WTHOR games used (0 to 1)")
	fs.IntVar(&cfg.SelfPlay, "self-play", def.SelfPlay, "self-play games added")
	fs.IntVar(&cfg.ExactEmpties, "exact", def.ExactEmpties, "exact labels up to this many empty squares")
	fs.IntVar(&cfg.Depth, "depth", def.Depth, "depth of the searches that label the other positions")
	fs.BoolVar(&cfg.Theoretical, "theoretical", def.Theoretical, "label the WTHOR positions at 24 empties with the database's exact scores")
	fs.IntVar(&cfg.MaxPerPhase, "max-per-phase", def.MaxPerPhase, "positions per phase, at most")
	fs.IntVar(&cfg.Fit.Epochs, "epochs", def.Fit.Epochs, "passes of the fitting, at most")
	fs.Float64Var(&cfg.Fit.Lambda, "lambda", def.Fit.Lambda, "L2 regularisation, in positions")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "threads")
	plotPath := fs.String("plot", "", "plot of the fitting error per phase and epoch (.png or .svg)")
	tiny := fs.Bool("tiny", false, "a tiny run (a few hundred games, small phases): seconds, to check the pipeline")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *tiny {
		for _, name := range []string{"fraction", "self-play", "max-per-phase", "exact", "epochs"} {
			if cli.Given(fs, name) {
				return fmt.Errorf("--tiny sets --%s itself: give one of them", name)
			}
		}
		cfg.Tiny()
	}
	if cfg.Threads < 1 {
		return fmt.Errorf("--threads %d: want at least 1", cfg.Threads)
	}
	if *plotPath != "" {
		if err := plot.CheckPath(*plotPath); err != nil {
			return fmt.Errorf("--plot %w", err)
		}
	}
	cfg.Work, cfg.Out, cfg.Log = *work, *out, e.Stderr
	notes := e.Notes(*out, *plotPath) // before the files replace what the paths name
	rep, err := train.Run(ctx, cfg)
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("stopped; the work folder %s keeps what was done: run the same command again to go on", *work)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(notes, "weights: %s (%d WTHOR games, %d self-play games, %d positions)\n", *out, rep.Games, rep.SelfPlay, rep.Positions)
	if err := rep.WriteTable(notes); err != nil {
		return err
	}
	if *plotPath != "" {
		if err := plot.Loss(*plotPath, rep); err != nil {
			return err
		}
		fmt.Fprintf(notes, "plot: %s\n", *plotPath)
	}
	return nil
}
