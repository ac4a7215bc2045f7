// The engine side of the protocol: the command loop and the searches it
// runs in the background.

package nboard

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/lines"
)

// Options configure Serve.
type Options struct {
	// Name is the engine's name for "set myname" (default "reversi").
	Name string
	// Depth is the midgame depth until the GUI sets one. 0: 12 for a
	// game without a clock, and as deep as the clock allows (as "set
	// depth 60" asks) for a game with one.
	Depth int
	// MaxLine bounds the length of a command line, in bytes (default
	// DefaultMaxLine). A longer line ends Serve with an error that says
	// so, as soon as the limit is reached.
	MaxLine int
	// Book is the opening book that "go" and "hint" answer from in its
	// positions (nil: none, every answer is searched).
	Book *book.Book
	// BookNote, if not empty, says why there is no book (a shipped book
	// that cannot be read, say): Serve sends it as a status line after
	// its answer to the first "nboard" command, where the GUI shows it
	// (a GUI shows no standard error).
	BookNote string
}

// DefaultMaxLine is the longest line, in bytes, that Serve (by default)
// and Client read: far more than the protocol needs (its longest line,
// "set game", carries a GGF game of a few KB), little enough that a peer
// that never ends a line is found out with little memory.
const DefaultMaxLine = 1 << 20

// session is the state of one connection.
type session struct {
	eng  *engine.Engine
	opts Options
	out  *lineWriter

	// game is the game to work on: the start until "set game" gives
	// one, nil after a "set game" that was refused (refused says why),
	// until one is accepted.
	game    *game.Game
	refused string
	tags    map[string]string // the time tags of the game's text (timeTags)
	depth   int
	// depthSet reports that the depth was chosen (Options.Depth or "set
	// depth"): without it, a game with a clock is played to the clock.
	depthSet bool
	contempt int
	// noted reports that Options.BookNote was sent.
	noted bool

	// The player that plays "go" at the depth playerDepth: it keeps
	// what it learns of the machine's lag from move to move.
	player      *engine.Player
	playerDepth int

	// The search running in the background, if any.
	job *job
}

// job is a search running in the background.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
	hint   bool // a hint runs until stopped; a go search ends by itself
}

// lineWriter writes whole lines, one at a time, from any goroutine.
type lineWriter struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (lw *lineWriter) printf(format string, args ...any) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return
	}
	fmt.Fprintf(lw.w, format, args...)
	lw.w.WriteByte('\n')
	lw.err = lw.w.Flush()
}

// Serve runs the engine side of the protocol: it reads commands from in
// until it ends (or a "quit" line, or ctx ends) and writes the answers
// to out, searching with e. It returns nil at the end of the input.
func Serve(ctx context.Context, in io.Reader, out io.Writer, e *engine.Engine, opts Options) error {
	if opts.Name == "" {
		opts.Name = "reversi"
	}
	depthSet := opts.Depth > 0
	if !depthSet {
		opts.Depth = 12
	}
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	s := &session{
		eng:      e,
		opts:     opts,
		out:      &lineWriter{w: bufio.NewWriter(out)},
		game:     game.New(board.Start(), game.Standard),
		depth:    opts.Depth,
		depthSet: depthSet,
	}
	lines, readErr := lines.Read(ctx, in, opts.MaxLine)
	defer s.stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				s.wait()
				if err := <-readErr; err != nil {
					// No "nboard:" before it: the command that runs
					// Serve says which protocol it speaks.
					return fmt.Errorf("reading commands: %w", err)
				}
				return s.out.err
			}
			if quit := s.command(ctx, line); quit {
				return s.out.err
			}
		}
	}
}

// stop cancels the background search, if any, and waits for it.
func (s *session) stop() {
	if s.job != nil {
		s.job.cancel()
		<-s.job.done
		s.job = nil
	}
}

// wait lets a go search finish (a hint is stopped).
func (s *session) wait() {
	if s.job == nil {
		return
	}
	if s.job.hint {
		s.stop()
		return
	}
	<-s.job.done
	s.job = nil
}

// command handles one line and reports whether the session ends.
func (s *session) command(ctx context.Context, line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, args := fields[0], fields[1:]
	if cmd == "ping" {
		s.stop()
		n := "0"
		if len(args) > 0 {
			n = args[0]
		}
		s.out.printf("pong %s", n)
		return false
	}
	if cmd == "quit" {
		s.stop()
		return true
	}
	s.wait()
	switch cmd {
	case "nboard":
		if len(args) != 1 || args[0] != "2" {
			s.out.printf("status this engine speaks NBoard protocol version 2, not %q", strings.Join(args, " "))
			return false
		}
		s.out.printf("set myname %s", s.opts.Name)
		if s.opts.BookNote != "" && !s.noted {
			s.out.printf("status %s", strings.ReplaceAll(s.opts.BookNote, "\n", "; "))
			s.noted = true
		}
	case "set":
		s.set(line, args)
	case "move":
		s.move(args)
	case "go":
		s.goSearch(ctx)
	case "hint":
		n := 1
		if len(args) > 0 {
			v, err := strconv.Atoi(args[0])
			if err != nil || v < 1 {
				s.out.printf("status hint needs a number of moves (1 or more), not %q", args[0])
				return false
			}
			n = v
		}
		s.hint(ctx, n)
	case "learn":
		s.out.printf("learned")
	case "analyze":
		s.analyze(ctx)
	}
	// Anything else is a command of a later protocol or another program:
	// ignored, as the protocol asks.
	return false
}

func (s *session) set(line string, args []string) {
	if len(args) == 0 {
		s.out.printf("status set needs a name: depth, game or contempt")
		return
	}
	switch args[0] {
	case "depth":
		if len(args) != 2 {
			s.out.printf("status set depth needs one number from 1 to 60")
			return
		}
		d, err := strconv.Atoi(args[1])
		if err != nil || d < 1 || d > 60 {
			s.out.printf("status set depth %s: want a number from 1 to 60", args[1])
			return
		}
		s.depth, s.depthSet = d, true
	case "contempt":
		if len(args) != 2 {
			s.out.printf("status set contempt needs one number (centi-discs)")
			return
		}
		c, err := strconv.Atoi(args[1])
		if err != nil || c < -6400 || c > 6400 {
			s.out.printf("status set contempt %s: want centi-discs from -6400 to 6400", args[1])
			return
		}
		s.contempt = c
	case "game":
		_, text, _ := strings.Cut(line, "game")
		g, err := ggf.ParseGame(strings.TrimSpace(text))
		if err != nil {
			// The GUI's game is not the one the engine had: keeping that
			// one would answer for a position the GUI no longer shows.
			s.game, s.tags, s.refused = nil, nil, oneLine(err)
			s.out.printf("status cannot read the game: %s; no game until a valid set game", s.refused)
			return
		}
		s.game, s.tags, s.refused = g, timeTags(text), ""
		for _, bad := range badControls(g, s.tags) {
			// The position is right: only the clock cannot be trusted.
			s.out.printf("status set game: time control %s; ignored: the side it times plays without a clock, to the depth", bad)
		}
	}
	// Other variables (e.g. "set time") are ignored.
}

func (s *session) move(args []string) {
	if len(args) != 1 {
		s.out.printf("status move needs one move: <square>[/<eval>[/<time>]]")
		return
	}
	if s.noGame("move " + args[0]) {
		return
	}
	m, err := parseMove(args[0])
	if err != nil {
		s.out.printf("status move %s: %v", args[0], err)
		return
	}
	if s.game.Over() {
		s.out.printf("status move %s: the game is over", args[0])
		return
	}
	g := s.game.Clone()
	if m.Square != board.Pass {
		g.PassIfForced() // the GUI may leave out a forced pass
	}
	// The move keeps its evaluation and time, as the moves of "set game"
	// do: the time counts on the mover's clock.
	if err := g.Play(m); err != nil {
		s.out.printf("status move %s: %v", args[0], err)
		return
	}
	s.game = g
}

// noGame reports whether there is no game to work on, after a "set
// game" that was refused, and if so says so in a status line that starts
// with what (the command refused).
func (s *session) noGame(what string) bool {
	if s.game != nil {
		return false
	}
	s.out.printf("status %s: no valid game (the last set game was refused: %s); send set game", what, s.refused)
	return true
}

// oneLine joins the lines of an error, for a status line.
func oneLine(err error) string {
	return strings.ReplaceAll(err.Error(), "\n", "; ")
}
