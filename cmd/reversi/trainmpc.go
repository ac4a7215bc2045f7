// The train mpc subcommand: the parameters of the engine's selective
// search (Multi-ProbCut), sampled and fitted.

package main

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/internal/atomicfile"
	"github.com/reversi-engine/reversi/train"
)

func runTrainMPC(ctx context.Context, e *env, args []string) error {
	def := train.DefaultProbCutConfig()
	fs := cli.NewFlags(e.stderr, "train mpc", "[--work DIR] [--positions N] [--depth D] [--shard i/n] [--out probcut.json] [--fit-only] [--weights FILE]", help("train mpc"))
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
	// Every option is checked before the sampling, which takes hours.
	if err := cfg.Check(); err != nil {
		return err
	}
	if err := fit.Check(); err != nil {
		return err
	}
	fits := *fitOnly || cfg.Shards == 1
	if fits {
		if err := atomicfile.CheckWritable(*out); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
	}
	// Samples of the course heuristic would be parameters for it, not for
	// the evaluation the engine plays with: the trained weights or none.
	var ev eval.Evaluator
	if *weights != "" {
		pe, err := pattern.ReadWeightsFile(*weights)
		if err != nil {
			return fmt.Errorf("--weights: %w", err)
		}
		ev = pe
	} else {
		pe, err := pattern.Default()
		if err != nil {
			return fmt.Errorf("no trained evaluation: %w: give --weights, or mend the build", err)
		}
		ev = pe
	}
	cfg.Log = e.stderr
	notes := e.notes(*out)
	if !*fitOnly {
		if _, err := train.SampleProbCut(ctx, cfg, ev); err != nil {
			return err
		}
		if !fits {
			fmt.Fprintf(notes, "shard %d/%d sampled into %s; fit when every shard is there: reversi train mpc --fit-only --work %s\n", cfg.Shard, cfg.Shards, cfg.Work, cfg.Work)
			return nil
		}
	}
	set, err := train.ReadProbCutSamples(cfg.Work)
	if err != nil {
		return err
	}
	if err := set.Matches(ev); err != nil {
		return err
	}
	samples := set.Samples
	note := train.ProbCutNote(set.Config, fit, len(samples))
	if *weights != "" {
		note = strings.Replace(note, "reversi train mpc", "reversi train mpc --weights "+*weights, 1)
	}
	pc, err := train.FitProbCut(samples, ev, fit, note)
	if err != nil {
		return err
	}
	if err := train.WriteProbCut(*out, pc); err != nil {
		return err
	}
	fmt.Fprintf(notes, "parameters: %s (%d cells from %d positions)\n", *out, len(pc.Cells), len(samples))
	return train.WriteProbCutTable(notes, pc)
}
