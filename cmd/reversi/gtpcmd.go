// The gtp subcommand: reversi as an engine for GTP front-ends (Quarry).

package main

import (
	"context"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/buildinfo"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/gtp"
	"github.com/reversi-engine/reversi/player"
)

func runGTP(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "gtp", "[--player SPEC] [--level N] [--threads N] [--seed N]", help("gtp"))
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
	shipped.NoteBook(e.stderr, *spec)
	return gtp.Serve(ctx, e.stdin, e.stdout, p, gtp.Options{Name: "reversi", Version: buildinfo.Read().Version + " " + p.Name()})
}
