// The accuracy subcommand: how far an evaluation is from the exact scores
// of real positions it was not trained on.

package measurecmd

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/reversi-engine/reversi/accuracy"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/train"
)

// Accuracy runs reversi accuracy with args, its flags: how far
// evaluations (or searches at a depth) are from the exact scores of
// positions of held-out real games, solved or read from the file of
// solved positions.
func Accuracy(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "accuracy", "[--eval pattern,course] [--weights FILE] [--empties 20,24] [--positions 100] [--depth D] [--threads N] [--concurrency N] [--seed S] [--solved FILE]", help("accuracy", "{held-out-year}", fmt.Sprint(train.HeldOutYear), "{table-mb}", fmt.Sprint(accuracy.DefaultHashMB), "{table-share}", fmt.Sprint(accuracy.TableShare)))
	evals := fs.String("eval", "pattern,course", "evaluations to measure, separated by commas: pattern (trained), course (the course's heuristic; classic, its old name, is accepted too), discs")
	emptiesList := fs.String("empties", "20,24", "numbers of empty squares")
	n := fs.Int("positions", 100, "positions per number of empty squares (fewer where the games have fewer)")
	seed := fs.Uint64("seed", 1, "seed of the choice of games")
	threads := fs.Int("threads", 1, fmt.Sprintf("threads of each exact solve, and of the search of --depth (1 to %d)", accuracy.MaxThreads))
	concurrency := fs.Int("concurrency", 0, fmt.Sprintf("positions solved at once, %d at most and as many tables as the memory can hold (default: the cores divided by --threads)", accuracy.MaxConcurrency))
	solvedName := fs.String("solved", accuracy.DefaultSolvedFile(), "file of solved positions, read first and appended to ('none': solve everything again, keep nothing)")
	depth := fs.Int("depth", 0, "measure the engine's search at this depth (with --threads) instead of the static evaluation")
	weights := fs.String("weights", "", "pattern weights files to measure too (e.g. of 'reversi train refit'), separated by commas")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	shipped.NoteEval(e.Stderr) // the solver's move ordering, and the default evaluation
	empties, err := accuracy.ParseEmpties(*emptiesList)
	if err != nil {
		return fmt.Errorf("--empties: %v", err)
	}
	if *n < 2 {
		return fmt.Errorf("--positions %d: want at least 2", *n)
	}
	solves, err := accuracy.SolveConcurrency(*threads, *concurrency, *n, accuracy.PhysicalMemoryMB())
	if err != nil {
		return err
	}
	if *depth < 0 {
		return fmt.Errorf("--depth %d: want 0 (the evaluation alone) or more", *depth)
	}
	evs, err := accuracy.Evaluations(*evals)
	if err != nil {
		return err
	}
	files, err := accuracy.WeightsFiles(*weights)
	if err != nil {
		return fmt.Errorf("--weights: %w", err)
	}
	evs = append(evs, files...)
	var solved *accuracy.SolvedFile
	if *solvedName != "none" && *solvedName != "" {
		var err error
		if solved, err = accuracy.OpenSolved(*solvedName); err != nil {
			return fmt.Errorf("--solved: %w", err)
		}
		defer solved.Close()
	}
	games, err := train.WTHORGames(true, 1, 0)
	if err != nil {
		return err
	}
	theoretical, err := train.TheoreticalPositions(true)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, 0xacc))
	chosen := make([][]accuracy.Item, len(empties))
	counts := make([]int, len(empties))
	for k, emp := range empties {
		chosen[k] = accuracy.Choose(rng, games, theoretical, emp, *n)
		if counts[k] = len(chosen[k]); counts[k] == 0 {
			return fmt.Errorf("--empties %d: no held-out game has a position with %d empty squares and a move", emp, emp)
		}
	}
	fmt.Fprintf(e.Stdout, "%d held-out games of %d; %s\n", len(games), train.HeldOutYear, accuracy.PositionsUsed(empties, counts, *n))
	fmt.Fprintln(e.Stdout, accuracy.Header())
	search := accuracy.SearchOptions{Depth: *depth, Threads: *threads}
	for i, emp := range empties {
		items := chosen[i]
		start := time.Now()
		if err := solveItems(ctx, e, items, emp, *threads, solves, solved); err != nil {
			return err
		}
		took := time.Since(start)
		for _, ev := range evs {
			m, err := accuracy.Measure(ctx, items, ev.Eval, search)
			if err != nil {
				return err
			}
			fmt.Fprintln(e.Stdout, m.Row(emp, ev.Name, took))
		}
	}
	return nil
}

// solveItems finds the exact score of every item not known yet: first in
// the file of solved positions, then by solving, concurrency positions at
// once with threads each, appending every result to the file as it ends
// (accuracy.SolveOptions.Keep). It shows progress on e's standard error.
func solveItems(ctx context.Context, e *cli.Env, items []accuracy.Item, empties, threads, concurrency int, solved *accuracy.SolvedFile) error {
	todo, fromFile := solved.Fill(items)
	if fromFile > 0 {
		fmt.Fprintf(e.Stderr, "%d empties: %d of %d positions already solved in %s\n", empties, fromFile, len(items), solved.Name())
	}
	if len(todo) == 0 {
		return nil
	}
	prog := e.Progress(len(todo), fmt.Sprintf("solves at %d empties", empties), "positions")
	defer prog.Finish()
	err := accuracy.Solve(ctx, items, todo, accuracy.SolveOptions{Threads: threads, Concurrency: concurrency, Keep: solved,
		Solved: func(int, board.Square) error { prog.Add(1); return nil }})
	var ke *accuracy.KeepError
	if errors.As(err, &ke) {
		return fmt.Errorf("--solved: %w", ke.Err)
	}
	if err != nil && solved != nil && ctx.Err() != nil {
		return fmt.Errorf("stopped after %d of %d solves at %d empties; the positions solved are kept in %s: run the same command again to go on", accuracy.Known(items, todo), len(todo), empties, solved.Name())
	}
	return err
}
