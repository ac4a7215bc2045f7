// The GUI side of the protocol: an NBoard engine run as a child process
// and used as a player of refereed games.

package nboard

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/childproc"
	"github.com/reversi-engine/reversi/player"
)

// ClientOptions configure an engine started with Start.
type ClientOptions struct {
	// Depth, if not 0, is sent as "set depth N" before the first move.
	Depth int
	// StartTimeout bounds the wait for the engine's answer to the first
	// ping (default 10 s): an engine that does not start in time is an
	// error.
	StartTimeout time.Duration
	// Stderr receives the engine's standard error (default: discarded).
	Stderr io.Writer
}

// Client is an external engine that speaks NBoard protocol 2, as a
// player.Player. It plays one game at a time; Close ends the process.
type Client struct {
	proc    *childproc.Process
	command string
	name    string

	mu    sync.Mutex
	ping  int
	depth int
	sent  bool // depth sent
}

// Start runs the engine of a command line (split into words as a shell
// splits plain words, 'single' and "double" quotes and backslash escapes;
// no variables, no globbing), enters NBoard mode ("nboard 2"), and waits
// for it to answer a ping. The engine's "set myname" names
// the player (its command line otherwise).
func Start(commandLine string, opts ClientOptions) (*Client, error) {
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = 10 * time.Second
	}
	p, err := childproc.Start(commandLine, childproc.Options{Line: "an NBoard line", MaxLine: DefaultMaxLine, Buffered: 256, Stderr: opts.Stderr})
	if err != nil {
		return nil, err
	}
	c := &Client{proc: p, command: commandLine, name: commandLine, depth: opts.Depth}
	ctx, cancel := context.WithTimeout(context.Background(), opts.StartTimeout)
	defer cancel()
	if err := c.send("nboard 2"); err != nil {
		c.kill()
		return nil, fmt.Errorf("engine %q: %w", commandLine, err)
	}
	if err := c.sync(ctx); err != nil {
		c.kill()
		return nil, fmt.Errorf("engine %q does not answer: %w", commandLine, err)
	}
	return c, nil
}

// Name returns the engine's name ("set myname"), or its command line.
func (c *Client) Name() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.name
}

func (c *Client) send(line string) error { return c.proc.Send(line) }

// ErrExited is returned when the engine's process ends.
var ErrExited = childproc.ErrExited

// next returns the engine's next line, handling "set myname".
func (c *Client) next(ctx context.Context) (string, error) {
	for {
		l, err := c.proc.Next(ctx)
		if err != nil {
			return "", err
		}
		if name, found := strings.CutPrefix(l, "set myname "); found && strings.TrimSpace(name) != "" {
			c.mu.Lock()
			c.name = strings.TrimSpace(name)
			c.mu.Unlock()
			continue
		}
		return l, nil
	}
}

// sync sends a ping and waits for its pong, skipping other lines.
func (c *Client) sync(ctx context.Context) error {
	c.ping++
	n := strconv.Itoa(c.ping)
	if err := c.send("ping " + n); err != nil {
		return err
	}
	for {
		l, err := c.next(ctx)
		if err != nil {
			return err
		}
		if f := strings.Fields(l); len(f) == 2 && f[0] == "pong" && f[1] == n {
			return nil
		}
	}
}

// Move sends the game and "go", and waits for the engine's "=== move"
// until ctx ends; then it kills the engine, which lost on time. Lines it
// does not know are skipped. A reply that is not a square comes back as
// board.NoSquare (the referee refuses it as an illegal move); an engine
// that exits forfeits.
func (c *Client) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	if !c.sent && c.depth > 0 {
		if err := c.send("set depth " + strconv.Itoa(c.depth)); err != nil {
			return player.Reply{}, c.exited(err)
		}
		c.sent = true
	}
	g := withClock(req)
	if err := c.send("set game " + ggf.Format(g)); err != nil {
		return player.Reply{}, c.exited(err)
	}
	if err := c.send("go"); err != nil {
		return player.Reply{}, c.exited(err)
	}
	var found *player.MoveStat // the last search line
	for {
		l, err := c.next(ctx) // the engine is killed when ctx ends: it has lost on time
		if err != nil {
			return player.Reply{}, c.exited(err)
		}
		if m, err := ParseSearch(l); err == nil {
			found = &m
			continue
		}
		rest, ok := strings.CutPrefix(l, "===")
		if !ok {
			continue
		}
		reply := parseAnswer(strings.TrimSpace(rest))
		withSearch(&reply, found)
		return reply, nil
	}
}

// withClock returns the game of req as the engine is told it: with the
// time control (TI) that gives the engine, as Serve reads it (see clock),
// the time the referee allows. A game clock alone is sent as TI[main] with
// main such that the clock, less the times of the engine's moves, is what
// is left of it; with an increment (a Fischer clock), TI[main/increment/],
// main such that the clock, plus the increments and less the times of the
// engine's moves, is what is left. A per-move limit (alone, or shorter than the game clock)
// is sent as a Fischer clock that has the limit now, TI[limit/increment/]
// with the engine's moves timed at the increment: the increment is the
// limit itself, or, under a game clock too, the share of what the game
// clock leaves for each of the engine's next moves if that is less. An
// engine thus never budgets more than the limit for its move. With no
// limit, no TI.
func withClock(req player.Request) *game.Game {
	src := req.Game
	g := src.Clone()
	g.Info.Round = ""
	g.Info.TimeControl = ""
	limit, left := req.TimeLeft, req.GameTimeLeft
	turn := src.Turn()
	switch {
	case left > 0 && (limit <= 0 || limit >= left):
		used, own := time.Duration(0), time.Duration(0)
		for i, m := range src.Moves {
			if src.PositionAt(i).Turn == turn {
				used += m.Time
				own++
			}
		}
		if inc := req.Increment; inc > 0 && left+used-own*inc > 0 {
			g.Info.TimeControl = formatClock(left+used-own*inc) + "/" + formatClock(inc) + "/"
		} else {
			g.Info.TimeControl = formatClock(left+used) + "//"
		}
	case limit > 0:
		inc := limit
		if left > 0 {
			own := max((src.Position().Board.Empties()+1)/2, 2)
			inc = min(inc, (left-limit)/time.Duration(own-1))
		}
		timed := game.New(src.Start, src.Rule)
		timed.Info = g.Info
		for i, m := range src.Moves {
			if src.PositionAt(i).Turn == turn {
				m.Time = inc
			}
			if err := timed.Play(m); err != nil {
				return g // cannot happen: the moves are the game's
			}
		}
		timed.Result = g.Result
		g = timed
		g.Info.TimeControl = formatClock(limit) + "/" + formatClock(inc) + "/"
	}
	return g
}

// formatClock writes a duration as GGF's clocks, as GGS writes them:
// whole seconds, "mm:ss" (minutes may pass 59), so that programs that
// read GGS's times ("[[days.]hours:]minutes:seconds", whole numbers:
// NTest) read them right. A clock of a minute or more is rounded down to
// the second (the engine believes it has at most a second less than it
// has); a shorter one that is not a whole number of seconds keeps its
// milliseconds ("00:00.100"), which GGS cannot write and Serve reads.
func formatClock(d time.Duration) string {
	d = d.Round(time.Millisecond)
	if d >= time.Minute || d%time.Second == 0 {
		d = d.Truncate(time.Second)
		m := d / time.Minute
		return fmt.Sprintf("%02d:%02d", m, (d-m*time.Minute)/time.Second)
	}
	m := d / time.Minute
	sec := (d - m*time.Minute).Seconds()
	return fmt.Sprintf("%02d:%06.3f", m, sec)
}

// withSearch adds to reply what the engine's last search line said of the
// move it chose: how the value was found and the line (and the value, if
// the answer had none).
func withSearch(reply *player.Reply, m *player.MoveStat) {
	if m == nil || m.Move != reply.Move {
		return
	}
	if reply.Thinking == nil {
		reply.Thinking = &player.Thinking{Eval: m.Eval, HasEval: m.HasEval}
	}
	reply.Thinking.Source, reply.Thinking.PV = m.Source, m.PV
}

// parseAnswer reads "move[/eval[/time]]".
func parseAnswer(s string) player.Reply {
	parts := strings.Split(s, "/")
	sq, err := board.ParseSquare(parts[0])
	if err != nil {
		sq = board.NoSquare
	}
	reply := player.Reply{Move: sq}
	if len(parts) > 1 {
		if v, err := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64); err == nil {
			reply.Thinking = &player.Thinking{Eval: v, HasEval: true}
		}
	}
	return reply
}

// exited explains an error of the engine's process.
func (c *Client) exited(err error) error { return c.proc.Explain(err) }

func (c *Client) kill() { c.proc.Kill() }

// Close ends the engine: it closes its input, and kills it if it has not
// exited within a second.
func (c *Client) Close() error {
	c.proc.Close("", time.Second)
	return nil
}
