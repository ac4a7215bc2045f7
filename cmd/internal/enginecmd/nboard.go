// The nboard subcommand: reversi as an engine for NBoard and other GUIs.

package enginecmd

import (
	"context"
	"fmt"
	"runtime"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/nboard"
)

// NBoard runs reversi nboard with args, its flags: the engine serving
// the NBoard protocol on the Env's standard input and output until the
// input ends or ctx does.
func NBoard(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "nboard", "[--depth N] [--threads N] [--hash MB] [--eval pattern|course|discs] [--weights FILE --probcut FILE] [--prob P] [--book on|off]", help("nboard"))
	depth := fs.Int("depth", 12, "midgame depth until the GUI sets one; not given, a game with a clock is played as deep as the clock allows")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads")
	hash := fs.Int("hash", 64, "transposition table size in MB")
	evalName := fs.String("eval", "pattern", "evaluation: pattern (trained), course (the course's heuristic; classic, its old name, is accepted too) or discs")
	weights := fs.String("weights", "", "a pattern weights file of 'reversi train refit' evaluated instead of the shipped weights (needs --probcut fitted for them, or --prob 100)")
	probcut := fs.String("probcut", "", "a Multi-ProbCut parameters file of 'reversi train mpc' for the evaluation (for --weights FILE: 'reversi train mpc --weights FILE')")
	prob := fs.Int("prob", engine.DefaultProbability, fmt.Sprintf("confidence of the selective search's cuts in percent: one of %v, or 100 (full width)", engine.Probabilities()))
	bookMode := fs.String("book", "on", "on: answer from the shipped opening book in its positions; off: always search")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	ev, err := engine.EvaluatorByName(*evalName)
	if err != nil {
		return err
	}
	if *depth < 1 || *depth > 60 || *threads < 1 || *hash < 1 {
		return fmt.Errorf("--depth takes 1 to 60, --threads and --hash at least 1")
	}
	opts := engine.Options{Eval: ev, Threads: *threads, HashMB: *hash, Probability: *prob}
	if err := engineFiles(&opts, *weights, *probcut); err != nil {
		return err
	}
	// A GUI shows no standard error: the session sends the note of a
	// shipped book that cannot be read as a status line too
	// (Options.BookNote).
	b, note, err := shipped.Book(e.Stderr, *bookMode)
	if err != nil {
		return err
	}
	eng, err := engine.New(opts)
	if err != nil {
		return err
	}
	session := nboard.Options{Book: b, BookNote: note}
	if cli.Given(fs, "depth") {
		session.Depth = *depth
	}
	return nboard.Serve(ctx, e.Stdin, e.Stdout, eng, session)
}

// engineFiles reads into opts the weights file that replaces the shipped
// weights and the selective search's parameters file, either path empty
// for none, under the catalog's rules (catalog.EngineFiles), with errors
// that name the flags.
func engineFiles(opts *engine.Options, weights, probcut string) error {
	ev, pc, err := catalog.EngineFiles(weights, probcut, opts.Eval, opts.Probability, catalog.FlagStyle)
	if fe, ok := err.(*catalog.FileError); ok {
		return fmt.Errorf("--%s: %w", fe.Option, fe.Err)
	}
	if err != nil {
		return err
	}
	opts.Eval, opts.ProbCut = ev, pc
	return nil
}
