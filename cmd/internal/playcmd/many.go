// Many games between computer players, without display, added up.

package playcmd

import (
	"context"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/textboard"
)

func playMany(ctx context.Context, e *cli.Env, o options) error {
	if catalog.IsHuman(o.black) || catalog.IsHuman(o.white) {
		return fmt.Errorf("--games %d: a human cannot play many games without display; use computer players", o.games)
	}
	fmt.Fprintf(e.Stdout, "%s (black) vs %s (white): %d games, %s rules, %s per move, seed %d\n",
		o.black, o.white, o.games, o.rule, textboard.MoveLimit(o.moveTime), o.seed)
	prog := e.Progress(o.games, "games", "games")
	start := time.Now()
	run := &arena.Games{
		Count: o.games, Start: o.start, MoveTime: o.moveTime, GameTime: o.gameTime, Increment: o.increment, Concurrency: o.parallel, Seed: o.seed,
		New: func(s arena.Seat) (player.Player, error) {
			return newPlayer(e, nil, o, [2]string{o.black, o.white}[s.Color], s.Seed)
		},
	}
	tally, err := run.Tally(ctx, func() { prog.Add(1) })
	prog.Finish()
	took := time.Since(start)
	if tally.Score.Games() == 0 {
		if ctx.Err() != nil {
			return cli.ErrInterrupted
		}
		return err
	}
	fmt.Fprint(e.Stdout, tally.Report(o.black, o.games, took))
	if ctx.Err() != nil {
		return cli.ErrInterrupted
	}
	return err
}
