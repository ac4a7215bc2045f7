// One game in the terminal: full-screen on a terminal (package tui),
// line by line through a pipe or with --plain (textboard.Lines).

package playcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/human"
	"github.com/reversi-engine/reversi/referee"
	"github.com/reversi-engine/reversi/textboard"
	"github.com/reversi-engine/reversi/tui"
)

func playOne(ctx context.Context, e *cli.Env, o options) error {
	if !o.plain && !o.quiet && cli.IsTerminal(e.Stdin) && cli.IsTerminal(e.Stdout) {
		return playScreen(ctx, e, o)
	}
	in := human.NewInput(e.Stdin) // one reader for both seats if both are human
	black, err := newPlayer(e, in, o, o.black, arena.GameSeed(o.seed, 0, board.Black))
	if err != nil {
		return err
	}
	white, err := newPlayer(e, in, o, o.white, arena.GameSeed(o.seed, 0, board.White))
	if err != nil {
		return err
	}
	humans := o.humans()
	names := o.seatNames([2]player.Player{black, white})
	o.header(e.Stdout, names)
	g, err := referee.Play(ctx, black, white, o.referee(textboard.Lines(e.Stdout, names, humans, o.quiet)))
	if errors.Is(err, referee.ErrAborted) {
		if ctx.Err() != nil {
			fmt.Fprintf(e.Stdout, "game stopped (interrupted) after %d moves: %s; nothing was recorded as a result\n", g.Ply(), g.Transcript())
			return cli.ErrInterrupted
		}
		fmt.Fprintf(e.Stdout, "game stopped after %d moves: %s\n", g.Ply(), g.Transcript())
	}
	return err
}

// hintTime is how long the engine analyses a position for the hint key of
// the full-screen UI.
const hintTime = 2 * time.Second

// playScreen plays a game in the full-screen terminal UI (package tui):
// the human seats are the UI's, the referee runs the game, and the result
// is written on the terminal as the line mode writes it once the screen
// is left. If the analysis of the UI's key v has no trained evaluation,
// it says so on standard error before the screen starts
// (shipped.NoteEval).
func playScreen(ctx context.Context, e *cli.Env, o options) error {
	shipped.NoteEval(e.Stderr)
	humans := o.humans()
	var seats [2]player.Player
	for c, spec := range []string{o.black, o.white} {
		in := io.Reader(nil)
		if humans[c] {
			in = strings.NewReader("") // for its name (human:name=...): the seat is the UI's
		}
		p, err := newPlayer(e, in, o, spec, arena.GameSeed(o.seed, 0, board.Color(c)))
		if err != nil {
			return err
		}
		defer player.Close(p)
		seats[c] = p
	}
	names := o.seatNames(seats)
	ui := tui.New(tui.Config{
		Lang: o.lang, Names: names, Humans: humans, Game: o.start, MoveTimes: o.moveTimes(),
		Analyst: func() (player.Player, error) {
			return engine.NewAnalyst(engine.AnalystOptions{Time: hintTime, Exact: 14, Threads: o.threads, Eval: engine.DefaultEvaluator()})
		},
	})
	for c := range seats {
		if humans[c] {
			seats[c] = ui.Seat(board.Color(c))
		}
	}
	cfg := o.referee(ui.Observe)
	cfg.Progress, cfg.Ready = ui.Progress, ui.Ready // a person's clock starts once the board is on the screen
	g, err := ui.Run(ctx, e.Stdin, e.Stdout, func(ctx context.Context) (*game.Game, error) {
		return referee.Play(ctx, seats[0], seats[1], cfg)
	})
	if g == nil {
		return err
	}
	o.header(e.Stdout, names)
	if errors.Is(err, referee.ErrAborted) {
		fmt.Fprintf(e.Stdout, "game stopped (interrupted) after %d moves: %s; nothing was recorded as a result\n", g.Ply(), g.Transcript())
		return cli.ErrInterrupted // Ctrl-C, a key of the screen, or a signal
	}
	textboard.Render(e.Stdout, g.Position(), textboard.ForGame(g, names))
	textboard.WriteEvent(e.Stdout, referee.Event{Kind: referee.Ended, Game: g}, names, humans)
	return err
}
