// The train refit subcommand: the second generation's weights (more
// phases, smoothed), fitted to the labels of 'reversi train label'.

package traincmd

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/atomicfile"
	"github.com/reversi-engine/reversi/train"
)

func runRefit(ctx context.Context, e *cli.Env, args []string) error {
	def := train.DefaultRefitConfig()
	fs := cli.NewFlags(e.Stderr, "train refit", "--labels DIR[,DIR] [--theoretical] [--results N] [--game-positions] [--fraction F] [--out weights2.bin] [--phases 30] [--prior FILE] [--prior-lambda L] [--smooth S] [--window W]", help("train refit"))
	cfg := def
	labels := fs.String("labels", "", "folders of label files, separated by commas")
	theoretical := fs.Bool("theoretical", false, "add the database's exact scores at 24 empties (training years)")
	results := fs.Int("results", 0, "add the positions of the training games from this many empty squares down to 25, labelled with their games' exact scores at 24 empties (0: none)")
	gamesOnly := fs.Bool("game-positions", false, "keep only the labelled positions that a training game reaches (none after a random move)")
	gamesFiles := fs.String("games", "", "with --game-positions: GGF files of more games (the labels' 'train label --games')")
	fraction := fs.Float64("fraction", 1, "keep this share of the labelled positions (0 to 1, by board hash; for learning curves)")
	out := fs.String("out", "weights2.bin", "the weights file to write")
	report := fs.String("report", "", "file of the per-phase report (JSON; none if empty)")
	noPrior := fs.Bool("no-prior", false, "pull toward zero weights instead of the prior's")
	priorFile := fs.String("prior", "", "weights file to pull toward (default: the shipped weights)")
	fs.IntVar(&cfg.Phases, "phases", def.Phases, "phases of the weights: 15, 30 or 60")
	fs.IntVar(&cfg.Window, "window", def.Window, "disc counts either side of a phase that fit it too")
	fs.Float64Var(&cfg.PriorLambda, "prior-lambda", def.PriorLambda, "pull toward the prior's weights, in positions")
	fs.Float64Var(&cfg.Smooth, "smooth", def.Smooth, "pull toward the next phase, in positions")
	fs.IntVar(&cfg.Epochs, "epochs", def.Epochs, "iterations of each phase's fit, at most")
	fs.BoolVar(&cfg.BiasOnly, "bias-only", def.BiasOnly, "fit only each phase's bias (the pattern weights stay the prior's)")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "threads")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	var games []*game.Game
	if *gamesFiles != "" {
		if !*gamesOnly {
			return fmt.Errorf("--games is for --game-positions: give both, or neither")
		}
		var err error
		if games, _, err = readGames(strings.Split(*gamesFiles, ",")); err != nil {
			return err
		}
	}
	if *labels == "" && !*theoretical && *results == 0 {
		return fmt.Errorf("--labels: no folder of labels (and no --theoretical or --results)")
	}
	if *results != 0 && (*results < 25 || *results > 59) {
		return fmt.Errorf("--results %d: want 25 to 59 empty squares (or 0: none)", *results)
	}
	if !(*fraction > 0 && *fraction <= 1) {
		return fmt.Errorf("--fraction %v: want more than 0 and at most 1", *fraction)
	}
	if cfg.Threads < 1 {
		return fmt.Errorf("--threads %d: want at least 1", cfg.Threads)
	}
	if *report != "" && filepath.Clean(*report) == filepath.Clean(*out) {
		return fmt.Errorf("--report %s is --out too: give the report another file", *report)
	}
	for _, f := range []struct{ flag, file string }{{"out", *out}, {"report", *report}} {
		if f.file == "" {
			continue
		}
		if err := atomicfile.CheckWritable(f.file); err != nil {
			return fmt.Errorf("--%s: %w", f.flag, err)
		}
	}
	if *noPrior && *priorFile != "" {
		return fmt.Errorf("--prior %s and --no-prior: give one of them", *priorFile)
	}
	var dirs []string
	if *labels != "" {
		dirs = strings.Split(*labels, ",")
	}
	cfg.Log = e.Stderr
	run := train.RefitRun{Config: cfg, Prior: *priorFile, NoPrior: *noPrior,
		Set: train.RefitSet{Labels: dirs, GamePositions: *gamesOnly, Games: games, Theoretical: *theoretical,
			Results: *results != 0, ResultsMaxEmpties: *results, Fraction: *fraction}}
	w, reps, positions, err := run.Run(ctx)
	if err != nil {
		return err
	}
	notes := e.Notes(*out, *report) // before the files replace what the paths name
	if err := train.WriteWeights(*out, w); err != nil {
		return err
	}
	if *report != "" {
		if err := train.WriteRefitReport(*report, reps); err != nil {
			return err
		}
	}
	fmt.Fprintf(notes, "weights: %s (%d phases, %d positions)\n", *out, cfg.Phases, positions)
	return train.WriteRefitTable(notes, reps)
}
