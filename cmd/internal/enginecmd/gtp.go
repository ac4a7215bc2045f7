// The gtp subcommand: reversi as an engine for GTP front-ends (Quarry).

package enginecmd

import (
	"context"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/buildinfo"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/gtp"
	"github.com/reversi-engine/reversi/player"
)

// GTP runs reversi gtp with args, its flags: a player (the engine by
// default) serving the Go Text Protocol on the Env's standard input and
// output until the input ends or ctx does.
func GTP(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "gtp", "[--player SPEC] [--level N] [--threads N] [--seed N]", help("gtp"))
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
	shipped.NoteBook(e.Stderr, *spec)
	return gtp.Serve(ctx, e.Stdin, e.Stdout, p, gtp.Options{Name: "reversi", Version: buildinfo.Read().Version + " " + p.Name()})
}
