// The train mpc subcommand: the parameters of the engine's selective
// search (Multi-ProbCut), sampled and fitted.

package traincmd

import (
	"context"
	"fmt"
	"runtime"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/internal/atomicfile"
	"github.com/reversi-engine/reversi/train"
)

func runMPC(ctx context.Context, e *cli.Env, args []string) error {
	def := train.DefaultProbCutConfig()
	fs := cli.NewFlags(e.Stderr, "train mpc", "[--work DIR] [--positions N] [--depth D] [--shard i/n] [--out probcut.json] [--fit-only] [--weights FILE]", help("train mpc"))
	cfg := def
	fs.StringVar(&cfg.Work, "work", "mpc-work", "folder of the sample files (resumable)")
	fs.IntVar(&cfg.Positions, "positions", def.Positions, "positions of the whole sample (all shards)")
	fs.Uint64Var(&cfg.Seed, "seed", def.Seed, "seed of the choice of positions")
	fs.IntVar(&cfg.Depth, "depth", def.Depth, "deepest search of each position")
	fs.IntVar(&cfg.ExactEmpties, "exact", def.ExactEmpties, "solve positions with this many empty squares or fewer (selective endgame)")
	fs.IntVar(&cfg.MinEmpties, "min-empties", def.MinEmpties, "fewest empty squares of a position")
	fs.IntVar(&cfg.MaxEmpties, "max-empties", def.MaxEmpties, "most empty squares of a position")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "positions searched at once")
	shard := fs.String("shard", "0/1", "sample only the positions i modulo n (i/n), and do not fit")
	out := fs.String("out", "probcut.json", "the parameters file to write")
	fitOnly := fs.Bool("fit-only", false, "fit the samples already in the work folder (with their own settings), without sampling")
	weights := fs.String("weights", "", "pattern weights file (e.g. of 'reversi train refit') to sample and fit for, instead of the shipped weights")
	fit := train.ProbCutFit{}
	fs.IntVar(&fit.Bucket, "bucket", 4, "width of the ranges of empty squares of the cells")
	fs.IntVar(&fit.MinSamples, "min-samples", 30, "fewest positions of a fitted cell")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	var err error
	if cfg.Shard, cfg.Shards, err = arena.ParseShard(*shard); err != nil {
		return fmt.Errorf("--shard %w", err)
	}
	run := train.ProbCutRun{Config: cfg, Fit: fit, FitOnly: *fitOnly, Weights: *weights}
	// Every option is checked before the sampling, which takes hours.
	if err := run.Check(); err != nil {
		return err
	}
	if run.Fits() {
		if err := atomicfile.CheckWritable(*out); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
	}
	run.Config.Log = e.Stderr
	notes := e.Notes(*out)
	pc, samples, err := run.Run(ctx)
	if err != nil {
		return err
	}
	if pc == nil {
		fmt.Fprintf(notes, "shard %d/%d sampled into %s; fit when every shard is there: reversi train mpc --fit-only --work %s\n", cfg.Shard, cfg.Shards, cfg.Work, cfg.Work)
		return nil
	}
	if err := train.WriteProbCut(*out, pc); err != nil {
		return err
	}
	fmt.Fprintf(notes, "parameters: %s (%d cells from %d positions)\n", *out, len(pc.Cells), samples)
	return train.WriteProbCutTable(notes, pc)
}
