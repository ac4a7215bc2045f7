// The GUI side of the protocol: an NBoard engine run as a child process
// and used as a player of refereed games.

package nboard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
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
	command string
	name    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // the engine's output, closed when it exits
	done    chan struct{} // closed when the process has ended
	quit    chan struct{} // closed when the client gives up on the engine
	quitOne sync.Once
	exitErr error // its exit status, once done is closed
	readErr error // why its output could not be read, once lines is closed

	mu    sync.Mutex
	ping  int
	depth int
	sent  bool // depth sent
}

// SplitCommand splits a command line into words, as a shell would for
// plain words, 'single' and "double" quotes and backslash escapes (no
// variables, no globbing).
func SplitCommand(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	quote := rune(0)
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped, inWord = false, true
		case r == '\\' && quote != '\'':
			escaped = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("command line %q: unterminated quote or escape", line)
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty command line")
	}
	return words, nil
}

// Start runs the engine of a command line, enters NBoard mode ("nboard
// 2"), and waits for it to answer a ping. The engine's "set myname" names
// the player (its command line otherwise).
func Start(commandLine string, opts ClientOptions) (*Client, error) {
	words, err := SplitCommand(commandLine)
	if err != nil {
		return nil, err
	}
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = 10 * time.Second
	}
	cmd := exec.Command(words[0], words[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = opts.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %q does not start: %w", commandLine, err)
	}
	c := &Client{command: commandLine, name: commandLine, cmd: cmd, stdin: stdin,
		lines: make(chan string, 256), done: make(chan struct{}), quit: make(chan struct{}), depth: opts.Depth}
	go func() {
		sc := newLineScanner(stdout, DefaultMaxLine)
	read:
		for sc.Scan() {
			select {
			case c.lines <- sc.Text():
			case <-c.quit:
				break read
			}
		}
		if err := sc.Err(); err != nil {
			// An engine that breaks the protocol is stopped.
			c.readErr = &outputError{fmt.Sprintf("reading its output: %v", err)}
			if errors.Is(err, bufio.ErrTooLong) {
				c.readErr = &outputError{fmt.Sprintf("it wrote a line longer than %d bytes, the limit of an NBoard line, and was stopped", DefaultMaxLine)}
			}
			c.kill()
		}
		close(c.lines)
		if c.cmd.Process != nil {
			io.Copy(io.Discard, stdout) // let a chatty engine finish writing
		}
		c.exitErr = cmd.Wait()
		close(c.done)
	}()
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

func (c *Client) send(line string) error {
	_, err := io.WriteString(c.stdin, line+"\n")
	return err
}

// ErrExited is returned when the engine's process ends.
var ErrExited = errors.New("the engine exited")

// next returns the engine's next line, handling "set myname".
func (c *Client) next(ctx context.Context) (string, error) {
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case l, ok := <-c.lines:
			if !ok {
				if c.readErr != nil {
					return "", c.readErr
				}
				return "", ErrExited
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
		l, err := c.next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				c.kill() // hung or slow: it has lost on time
			}
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

// outputError says why the engine's output could not be read.
type outputError struct{ msg string }

func (e *outputError) Error() string { return e.msg }

// exited explains an error of the engine's process.
func (c *Client) exited(err error) error {
	var oe *outputError
	if errors.As(err, &oe) {
		return fmt.Errorf("engine %q: %w", c.command, err)
	}
	if errors.Is(err, ErrExited) || errors.Is(err, io.ErrClosedPipe) || strings.Contains(err.Error(), "broken pipe") {
		select {
		case <-c.done:
			if c.exitErr != nil {
				return fmt.Errorf("engine %q exited: %v", c.command, c.exitErr)
			}
		case <-time.After(100 * time.Millisecond):
		}
		return fmt.Errorf("engine %q exited", c.command)
	}
	return err
}

func (c *Client) kill() {
	c.quitOne.Do(func() { close(c.quit) })
	if c.cmd.Process != nil {
		c.cmd.Process.Kill()
	}
}

// Close ends the engine: it closes its input, and kills it if it has not
// exited within a second.
func (c *Client) Close() error {
	c.stdin.Close()
	c.quitOne.Do(func() { close(c.quit) })
	select {
	case <-c.done:
	case <-time.After(time.Second):
		c.kill()
		<-c.done
	}
	return nil
}
