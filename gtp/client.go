// The controller side of the protocol: a GTP engine run as a child
// process and used as a player of refereed games.

package gtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/childproc"
	"github.com/reversi-engine/reversi/internal/clip"
	"github.com/reversi-engine/reversi/player"
)

// SetupCommands are the commands, in the order tried, by which a Client
// gives an engine a start position other than the standard one: GRhino's
// extension and reversi's own, both "<command> <64 squares> <X|O>" (the
// squares from A1 to H8 row by row, X black, O white, - empty; then the
// side to move).
var SetupCommands = []string{"grhino-setup_board", "reversi-setup_board"}

// ClientOptions configure an engine started with Start.
type ClientOptions struct {
	// StartTimeout bounds the wait for the engine's answers to the
	// first commands (default 10 s): an engine that does not answer in
	// time is an error.
	StartTimeout time.Duration
	// Stderr receives the engine's standard error (default: discarded).
	Stderr io.Writer
}

// Client is an external engine that speaks GTP, as a player.Player. It
// plays one game at a time; Close ends the process.
type Client struct {
	proc    *childproc.Process
	command string
	name    string
	known   map[string]bool // the engine's list_commands

	mu sync.Mutex // one exchange at a time
	id int        // the last command's id

	// What the engine has been told of the game: its start and the
	// moves played since (its own included), if synced.
	synced  bool
	start   board.Position
	moves   []board.Square
	timeSet bool // time_settings sent since the last clear_board
}

// Start runs the engine of a command line (split into words as a shell
// splits plain words, 'single' and "double" quotes and backslash escapes;
// no variables, no globbing) and asks it for its protocol version, name,
// version and commands, and for an 8x8 board. The engine's name (and
// version) names the player; its command line if it gives none.
func Start(commandLine string, opts ClientOptions) (*Client, error) {
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = 10 * time.Second
	}
	p, err := childproc.Start(commandLine, childproc.Options{Line: "a GTP line", MaxLine: DefaultMaxLine, Buffered: 64, Stderr: opts.Stderr})
	if err != nil {
		return nil, err
	}
	c := &Client{proc: p, command: commandLine, name: commandLine, known: map[string]bool{}}
	ctx, cancel := context.WithTimeout(context.Background(), opts.StartTimeout)
	defer cancel()
	fail := func(err error) (*Client, error) {
		p.Kill()
		<-p.Done()
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("engine %q does not answer within %v: %w", commandLine, opts.StartTimeout, err)
		}
		return nil, p.Explain(err)
	}
	// protocol_version, name and version are optional for an engine of
	// protocol 1: a failure ("?") leaves the defaults.
	if _, err := c.ask(ctx, "protocol_version"); err != nil && !isRefusal(err) {
		return fail(err)
	}
	name, err := c.ask(ctx, "name")
	if err != nil && !isRefusal(err) {
		return fail(err)
	}
	if name = strings.TrimSpace(name); name != "" {
		version, err := c.ask(ctx, "version")
		if err != nil && !isRefusal(err) {
			return fail(err)
		}
		if version = strings.TrimSpace(version); version != "" {
			name += " " + version
		}
		c.name = name
	}
	list, err := c.ask(ctx, "list_commands")
	if err != nil && !isRefusal(err) {
		return fail(err)
	}
	for _, l := range strings.Split(list, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			c.known[l] = true
		}
	}
	if _, err := c.ask(ctx, "boardsize", "8"); err != nil {
		if isRefusal(err) {
			return fail(fmt.Errorf("it does not play on an 8x8 board: %w", err))
		}
		return fail(err)
	}
	return c, nil
}

// Name returns the engine's name and version ("GTP GRhino 0.16.1"), or
// its command line.
func (c *Client) Name() string { return c.name }

// Known reports whether the engine listed the command (list_commands).
func (c *Client) Known(command string) bool { return c.known[command] }

// refusal is a "?" answer of the engine.
type refusal struct {
	command string
	text    string
}

func (r *refusal) Error() string {
	if r.text == "" {
		return r.command + " failed"
	}
	return r.command + " failed: " + r.text
}

func isRefusal(err error) bool {
	var r *refusal
	return errors.As(err, &r)
}

// ask sends a command and returns the text of its answer: a *refusal
// for a "?" answer; any other error (an exit, a line that is not an
// answer, an answer to another command, ctx's end) means that the
// engine cannot go on, and it is stopped.
func (c *Client) ask(ctx context.Context, name string, args ...string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.id++
	cmd := Command{ID: c.id, HasID: true, Name: name, Args: args}
	plain := Command{Name: name, Args: args}.String() // for the errors
	if err := c.proc.Send(cmd.String()); err != nil {
		return "", err
	}
	var a Answer
	var text []string
	for {
		l, err := c.proc.Next(ctx) // killed when ctx ends: it has lost on time
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(l) == "" {
			continue // a blank line before the answer
		}
		if a, err = ParseAnswerLine(l); err != nil {
			c.proc.Kill()
			return "", fmt.Errorf("it broke the protocol after %q: %v", plain, err)
		}
		if a.HasID && a.ID != c.id {
			c.proc.Kill()
			return "", fmt.Errorf("it broke the protocol: the answer to %q (id %d) has the id %d", plain, c.id, a.ID)
		}
		break
	}
	text = append(text, a.Text)
	for {
		l, err := c.proc.Next(ctx)
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(l) == "" {
			break
		}
		text = append(text, strings.TrimRight(l, "\r"))
	}
	if !a.OK {
		return "", &refusal{command: plain, text: strings.Join(text, "\n")}
	}
	return strings.Join(text, "\n"), nil
}

// Move tells the engine the moves made since it last saw the game (or
// the whole game again after clear_board, or a board set-up, if the game
// is not the one it knows, as after an undo or a refused move), the
// clock if the game has one and the engine knows time_left, and asks for
// a move with genmove. It waits until ctx ends; then it kills the
// engine, which lost on time. A pass, a move that is not a square, or an
// illegal one come back as such (board.Pass, board.NoSquare, the square)
// for the referee to refuse; "resign" resigns. An engine that exits,
// refuses a command that sets up the game or genmove, or breaks the
// protocol cannot go on: Move returns an error.
func (c *Client) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	g := req.Game
	if g.Rule != game.Standard {
		return player.Reply{}, fmt.Errorf("engine %q: GTP cannot tell an engine the %s rule", c.command, g.Rule)
	}
	if err := c.sync(ctx, g); err != nil {
		return player.Reply{}, c.failed(err)
	}
	turn := g.Turn()
	if err := c.clock(ctx, req, turn); err != nil {
		return player.Reply{}, c.failed(err)
	}
	start := time.Now()
	text, err := c.ask(ctx, "genmove", FormatColor(turn))
	if err != nil {
		c.synced = false
		return player.Reply{}, c.failed(err)
	}
	gm := ParseGenmove(text)
	reply := player.Reply{Move: gm.Move, Resign: gm.Resign,
		Thinking: &player.Thinking{Elapsed: time.Since(start), Note: "genmove: " + clip.Text(text, quoted)}}
	if gm.Move.OnBoard() || gm.Move == board.Pass {
		c.moves = append(c.moves, gm.Move) // the engine played it
	} else {
		c.synced = false
	}
	return reply, nil
}

// sync brings the engine to the game g: the moves it has not seen, or
// the whole game from a cleared (or set up) board.
func (c *Client) sync(ctx context.Context, g *game.Game) error {
	squares := make([]board.Square, len(g.Moves))
	for i, m := range g.Moves {
		squares[i] = m.Square
	}
	if !c.synced || c.start != g.Start || len(c.moves) > len(squares) || !slices.Equal(c.moves, squares[:len(c.moves)]) {
		c.synced = false
		if g.Start == board.Start() {
			if _, err := c.ask(ctx, "clear_board"); err != nil {
				return err
			}
		} else {
			setup := ""
			for _, s := range SetupCommands {
				if c.known[s] {
					setup = s
					break
				}
			}
			if setup == "" {
				return fmt.Errorf("the game starts from another position than the standard one (%s), and the engine lists no command to set up a board (%s)",
					g.Start, strings.Join(SetupCommands, ", "))
			}
			pos := g.Start.String()
			if _, err := c.ask(ctx, setup, pos[:64], pos[65:]); err != nil {
				return err
			}
		}
		c.start, c.moves, c.timeSet, c.synced = g.Start, nil, false, true
	}
	for i := len(c.moves); i < len(g.Moves); i++ {
		m := g.Moves[i]
		_, err := c.ask(ctx, "play", FormatColor(m.Color), FormatVertex(m.Square))
		switch {
		case err == nil:
		case m.Square == board.Pass && isRefusal(err):
			// Engines that pass by themselves (GRhino) refuse a pass
			// they have already made.
		default:
			c.synced = false
			return fmt.Errorf("move %d of the game (%s %s): %w", i+1, m.Color, FormatVertex(m.Square), err)
		}
		c.moves = append(c.moves, m.Square)
	}
	return nil
}

// clock tells the engine the time it has, if the game has a clock and
// the engine knows time_left: a game clock as main time (time_left
// <side> <seconds> 0), a per-move limit shorter than the game clock (or
// alone) as a byo-yomi period of one move (time_left <side> <seconds>
// 1). time_settings, if the engine knows it, first says which.
func (c *Client) clock(ctx context.Context, req player.Request, turn board.Color) error {
	if (req.TimeLeft <= 0 && req.GameTimeLeft <= 0) || !c.known["time_left"] {
		return nil
	}
	gameClock := req.GameTimeLeft > 0 && (req.TimeLeft <= 0 || req.TimeLeft >= req.GameTimeLeft)
	if !c.timeSet && c.known["time_settings"] {
		var err error
		if gameClock {
			_, err = c.ask(ctx, "time_settings", seconds(req.GameTimeLeft+used(req.Game, turn)), "0", "0")
		} else {
			_, err = c.ask(ctx, "time_settings", "0", seconds(req.TimeLeft), "1")
		}
		if err != nil && !isRefusal(err) {
			return err
		}
		c.timeSet = true
	}
	var err error
	if gameClock {
		_, err = c.ask(ctx, "time_left", FormatColor(turn), seconds(req.GameTimeLeft), "0")
	} else {
		_, err = c.ask(ctx, "time_left", FormatColor(turn), seconds(req.TimeLeft), "1")
	}
	if err != nil && !isRefusal(err) {
		return err
	}
	return nil
}

// used returns the time side's moves of g took.
func used(g *game.Game, side board.Color) time.Duration {
	var d time.Duration
	for _, m := range g.Moves {
		if m.Color == side {
			d += m.Time
		}
	}
	return d
}

// seconds writes a duration in whole seconds, rounded down, at least 1
// (GTP's clocks count whole seconds; 0 would mean no time at all).
func seconds(d time.Duration) string {
	return strconv.FormatInt(max(int64(d/time.Second), 1), 10)
}

// failed words an error of Move for the referee.
func (c *Client) failed(err error) error {
	var r *refusal
	if errors.As(err, &r) {
		return fmt.Errorf("engine %q: %w", c.command, err)
	}
	return c.proc.Explain(err)
}

// Close ends the engine: it sends quit, closes its input, and kills it if
// it has not exited within a second.
func (c *Client) Close() error {
	c.proc.Close("quit", time.Second)
	return nil
}
