// The nboard subcommand: reversi as an engine for NBoard and other GUIs.

package main

import (
	"context"
	"fmt"
	"runtime"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/nboard"
)

func runNBoard(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "nboard", "[--depth N] [--threads N] [--hash MB] [--eval pattern|course|discs] [--book on|off]", `
Speaks NBoard protocol version 2 on standard input and output: the engine
protocol of the NBoard GUI (and of NTest and Edax). Add reversi to NBoard
as an engine with the command line "reversi nboard". Commands: nboard,
set depth/game/contempt, move, go, hint, ping, learn, analyze; see
'go doc github.com/reversi-engine/reversi/nboard'. A depth at least the
empty squares of the position solves it exactly (set depth 60: solve);
"go" keeps to the clock of the game (its GGF time control, TI), budgeting
each move from the time left, the moves left and the phase, as deep as
the clock allows unless --depth or "set depth" chose a depth. In a position
of the shipped opening book, "go" and "hint" answer from the book at once
("book <pv> <eval> <games> book depth <d>": "book" in the depth field)
unless, as for the engine's player, the position is worth more than its
best book move; --book off searches every position (NBoard's protocol has
no option to switch the book). A shipped book that cannot be read is
reported on standard error and, for the GUI, in a status line.`)
	depth := fs.Int("depth", 12, "midgame depth until the GUI sets one; not given, a game with a clock is played as deep as the clock allows")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads")
	hash := fs.Int("hash", 64, "transposition table size in MB")
	evalName := fs.String("eval", "pattern", "evaluation: pattern (trained), course (the course's heuristic; classic, its old name, is accepted too) or discs")
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
	// A GUI shows no standard error: the session sends the note of a
	// shipped book that cannot be read as a status line too
	// (Options.BookNote).
	b, note, err := switchBook(e.stderr, *bookMode)
	if err != nil {
		return err
	}
	eng, err := engine.Load(engine.Options{Eval: ev, Threads: *threads, HashMB: *hash})
	if err != nil {
		return err
	}
	opts := nboard.Options{Book: b, BookNote: note}
	if cli.Given(fs, "depth") {
		opts.Depth = *depth
	}
	return nboard.Serve(ctx, e.stdin, e.stdout, eng, opts)
}
