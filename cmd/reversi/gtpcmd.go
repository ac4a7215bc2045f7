// The gtp subcommand: reversi as an engine for GTP front-ends (Quarry).

package main

import (
	"context"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/buildinfo"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/gtp"
	"github.com/reversi-engine/reversi/player"
)

func runGTP(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "gtp", "[--player SPEC] [--level N] [--threads N] [--seed N]", `
Speaks the Go Text Protocol (version 2, as Quarry and GRhino speak it for
Othello) on standard input and output, playing the moves that genmove asks
for with a player of 'reversi help players' (our engine at its default
level unless --player names another). Add reversi to Quarry as a GTP
engine with the command line "reversi gtp". Commands: protocol_version,
name, version, known_command, list_commands, quit, boardsize (8 only),
clear_board, komi (ignored), play, genmove, undo, showboard, final_score,
time_settings, time_left, and reversi-setup_board <64 squares> [X|O] for a
game from another position. Squares are a column A-H and a row 1-8, row 1
at the top ("play b d3"), as reversi and GRhino write them; a forced pass
may be played ("play w pass") or left out. An unknown command, a bad
argument or an illegal move gets a "?" answer that says why and changes
nothing; see 'go doc github.com/reversi-engine/reversi/gtp'.`)
	spec := fs.String("player", "engine", "the player that answers genmove")
	level := fs.Int("level", 0, "level of the engine player if --player names none")
	threads := fs.Int("threads", 0, "search threads of the player (default: all the cores)")
	seed := fs.Uint64("seed", 1, "seed of the player's random choices")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	p, err := catalog.New(*spec, catalog.Env{Seed: *seed, Level: *level, Threads: *threads})
	if err != nil {
		return err
	}
	defer player.Close(p)
	noteShippedBook(e.stderr, *spec)
	return gtp.Serve(ctx, e.stdin, e.stdout, p, gtp.Options{Name: "reversi", Version: buildinfo.Read().Version + " " + p.Name()})
}
