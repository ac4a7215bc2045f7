// The UI: its seats, its events, its run.

package tui

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// Config describes the game the UI shows.
type Config struct {
	// Lang is the language of the screen (English if empty).
	Lang Lang
	// Names are the players' names, indexed by board.Color. A player
	// named by its colour ("black", two humans at one terminal: see
	// textboard.SeatNames) is shown by its side in the UI's language, a
	// built-in player's spec as the web page names it ("engine:level=6":
	// "Engine, level 6"), the unnamed "human" as the web's player.
	Names [2]string
	// Humans says which seats are played from the keys (UI.Seat).
	Humans [2]bool
	// Game is the game as it starts (the standard start if nil), for the
	// first screen; the referee's events follow it.
	Game *game.Game
	// MoveTimes are the time limits of each seat's moves (indexed by
	// board.Color), shown in the header; 0 or less for none.
	MoveTimes [2]time.Duration
	// Analyst, if not nil, returns the player whose analysis (the value
	// of every legal move, player.Request.Analyze) the hint key shows. It
	// is called once, at the first hint.
	Analyst func() (player.Player, error)
}

// UI is the terminal front-end of one game. Its methods are safe for
// concurrent use.
type UI struct {
	cfg     Config
	prog    *tea.Program
	ready   chan struct{} // closed when prog is set
	drawn   chan struct{} // closed when the screen has been drawn
	draw    sync.Once
	once    sync.Once
	analyst player.Player
	err     error
	reports atomic.Uint64 // numbers the progress reports, in order
}

// New returns the UI of a game as cfg describes it.
func New(cfg Config) *UI {
	if cfg.Lang == "" {
		cfg.Lang = English
	}
	return &UI{cfg: cfg, ready: make(chan struct{}), drawn: make(chan struct{})}
}

// shown records that the screen has been drawn.
func (u *UI) shown() { u.draw.Do(func() { close(u.drawn) }) }

// Ready makes the clock of a human seat wait until the screen shows the
// board: the player can see the position before its time runs. It is a
// referee.Config's Ready; a computer's seat goes on at once.
func (u *UI) Ready(ctx context.Context, c board.Color) (done func(), err error) {
	if !u.cfg.Humans[c] {
		return func() {}, nil
	}
	select {
	case <-u.drawn:
		return func() {}, nil
	default:
	}
	select {
	case <-u.drawn:
		return func() {}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// send hands msg to the screen's loop; it returns at once if the program
// has ended.
func (u *UI) send(msg tea.Msg) {
	<-u.ready
	u.prog.Send(msg)
}

// Observe shows an event of the referee; it is a referee.Config's
// Observe.
func (u *UI) Observe(ev referee.Event) {
	u.send(eventMsg{ev: ev, at: time.Now()})
}

// Progress shows what the player of colour c reports while it thinks;
// it is a referee.Config's Progress, and returns at once.
func (u *UI) Progress(c board.Color, t player.Thinking) {
	msg := progressMsg{color: c, thinking: t, at: time.Now(), seq: u.reports.Add(1)}
	go u.send(msg) // the screen keeps the newest (seq), whatever the order they arrive in
}

// Seat returns the player of colour c played from the keys: its Move
// waits for the human's move (or undo, resignation, count) at the
// terminal, or for its context to end.
func (u *UI) Seat(c board.Color) player.Player {
	name := u.cfg.Names[c]
	if name == "" {
		name = c.String()
	}
	return &seat{ui: u, color: c, name: name}
}

// seat is a human at the terminal.
type seat struct {
	ui    *UI
	color board.Color
	name  string
}

func (s *seat) Name() string { return s.name }

func (s *seat) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	t := &turn{color: s.color, req: req, reply: make(chan player.Reply, 1)}
	s.ui.send(turnMsg{t: t, at: time.Now()})
	select {
	case r := <-t.reply:
		return r, nil
	case <-ctx.Done():
		s.ui.send(turnOverMsg{t: t})
		select {
		case r := <-t.reply: // the keys were as quick as the deadline
			return r, nil
		default:
		}
		return player.Reply{}, ctx.Err()
	}
}

// hint runs the analysis of g's position with the Config's Analyst.
func (u *UI) hint(ctx context.Context, g *game.Game) (*player.Thinking, error) {
	u.once.Do(func() { u.analyst, u.err = u.cfg.Analyst() })
	if u.err != nil {
		return nil, u.err
	}
	reply, _, err := player.Analyze(ctx, u.analyst, g, 0)
	if err != nil {
		return nil, err
	}
	if reply.Thinking == nil || len(reply.Thinking.Moves) == 0 {
		return nil, errors.New(u.analyst.Name() + " gave no values")
	}
	return reply.Thinking, nil
}

// ErrQuit is returned by Run when the screen was left before the game
// ended (the terminal closed, say).
var ErrQuit = errors.New("the terminal UI ended before the game")

// Run shows the game on the terminal of in and out until the human
// leaves the final screen: it starts play (which runs the referee with
// the UI's seats, Observe, Progress and Ready) and returns what play
// returned.
// Ctrl-C stops the game: play's context ends, and Run returns at once
// after play does, with its error (referee.ErrAborted).
func (u *UI) Run(ctx context.Context, in io.Reader, out io.Writer, play func(ctx context.Context) (*game.Game, error)) (*game.Game, error) {
	gameCtx, stop := context.WithCancel(ctx)
	defer stop()
	m := newModel(u.cfg, time.Now)
	m.stop, m.shown = stop, u.shown
	if u.cfg.Analyst != nil {
		m.hint = u.hint
	}
	u.prog = tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithoutSignalHandler())
	close(u.ready)
	type result struct {
		g   *game.Game
		err error
	}
	done := make(chan result, 1)
	go func() {
		g, err := play(gameCtx)
		done <- result{g, err}
		u.prog.Send(gameOverMsg{g: g, err: err})
	}()
	_, runErr := u.prog.Run()
	stop()
	r := <-done
	if r.err == nil && runErr != nil && !m.quit {
		return r.g, errors.Join(ErrQuit, runErr)
	}
	return r.g, r.err
}
