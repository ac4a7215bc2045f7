// A human at a text terminal.

package human

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
)

// Player is a human at a text terminal. It is safe for one game at a time.
type Player struct {
	name string
	in   *Input
	out  io.Writer
}

// New returns a human player named name who types on in and reads on out.
// If in is an [*Input], the player shares it with the other players given
// the same Input (two humans at one terminal); any other reader gets an
// Input of its own.
func New(name string, in io.Reader, out io.Writer) *Player {
	input, ok := in.(*Input)
	if !ok {
		input = NewInput(in)
	}
	return &Player{name: name, in: input, out: out}
}

// Name returns the player's name.
func (p *Player) Name() string { return p.name }

// ErrInputClosed is returned when the input ends before the player moved.
var ErrInputClosed = errors.New("input closed")

// Input is a text input read line by line in the background, so that a
// player can give up at its deadline while a read is pending. One Input
// serves every human player of a terminal: each line goes to the player
// that asks for one next, that is the one whose turn it is, and a line
// typed before a prompt waits for it. Reading the underlying reader from
// elsewhere as well would lose lines.
type Input struct {
	r       io.Reader
	once    sync.Once
	lines   chan string // lines read from r; closed at the end of the input
	err     error       // why the input ended, valid once lines is closed
	pending []byte      // what Read has not returned yet of a line
}

// NewInput returns an Input that reads the lines of r. Nothing is read
// before a line is asked for.
func NewInput(r io.Reader) *Input {
	return &Input{r: r}
}

// Lines returns the channel of the lines of the input, without their
// end of line ("\n" or "\r\n"); it is closed when the input ends (see Err).
// The first call starts reading.
func (in *Input) Lines() <-chan string {
	in.once.Do(func() {
		in.lines = make(chan string)
		go func() {
			sc := bufio.NewScanner(in.r)
			for sc.Scan() {
				in.lines <- sc.Text()
			}
			in.err = sc.Err()
			close(in.lines)
		}()
	})
	return in.lines
}

// Err returns why the input ended, nil for its end (io.EOF); it is
// valid once the channel of Lines is closed.
func (in *Input) Err() error { return in.err }

// Read reads the lines of the input, each ended by "\n", so that an Input
// can be passed where an io.Reader is asked for (catalog.Env.In) and
// still be shared. It takes lines from the same channel as the players:
// do not call it while one of them is waiting for a move.
func (in *Input) Read(b []byte) (int, error) {
	if len(in.pending) == 0 {
		l, ok := <-in.Lines()
		if !ok {
			if in.err != nil {
				return 0, in.err
			}
			return 0, io.EOF
		}
		in.pending = []byte(l + "\n")
	}
	n := copy(b, in.pending)
	in.pending = in.pending[n:]
	return n, nil
}

// Move prompts for a move and reads commands until one decides it.
func (p *Player) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	lines := p.in.Lines()
	turn := req.Position.Turn
	if n := len(req.Rejected); n > 0 {
		r := req.Rejected[n-1]
		fmt.Fprintf(p.out, "%s", r.Reason)
		if r.Move != board.NoSquare {
			fmt.Fprintf(p.out, " (%d illegal move%s left before you lose)", req.IllegalLeft, plural(req.IllegalLeft))
		}
		fmt.Fprintln(p.out)
	}
	deadline, hasDeadline := ctx.Deadline()
	for {
		prompt := fmt.Sprintf("%s (%c) to move, legal: %s", turn, turn.Letter(), board.FormatSquares(req.Legal))
		if hasDeadline {
			prompt += fmt.Sprintf(" [%ds left]", int(time.Until(deadline).Seconds()))
		}
		fmt.Fprintf(p.out, "%s > ", prompt)
		var line string
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				fmt.Fprintln(p.out, "\ntime is up")
			} else {
				fmt.Fprintln(p.out, "\ngame stopped")
			}
			return player.Reply{}, ctx.Err()
		case l, ok := <-lines:
			if !ok {
				fmt.Fprintln(p.out)
				if err := p.in.Err(); err != nil {
					return player.Reply{}, fmt.Errorf("%w: %v", ErrInputClosed, err)
				}
				return player.Reply{}, ErrInputClosed
			}
			line = strings.TrimSpace(l)
		}
		switch strings.ToLower(line) {
		case "":
			continue
		case "resign":
			return player.Reply{Resign: true}, nil
		case "q", "count":
			return player.Reply{Count: true}, nil
		case "quit", "exit":
			fmt.Fprintln(p.out, quitHelp)
			continue
		case "undo", "u":
			if !req.CanUndo {
				fmt.Fprintln(p.out, "undo is not available now (it is only allowed against the computer, after one of your moves)")
				continue
			}
			return player.Reply{Undo: true}, nil
		case "moves", "legal":
			fmt.Fprintf(p.out, "legal moves: %s\n", board.FormatSquares(req.Legal))
			continue
		case "help", "?", "h":
			fmt.Fprintln(p.out, "type a square such as d3, 'undo' to take back your last move, 'moves' to list the legal moves, 'resign' to give up (you lose), or Q (or 'count') to stop the game and count the discs (more discs wins)")
			continue
		}
		sq, err := board.ParseSquare(line)
		if err != nil {
			fmt.Fprintln(p.out, err)
			continue
		}
		if sq == board.Pass {
			fmt.Fprintf(p.out, "you cannot pass: you have legal moves (%s); passes are automatic\n", board.FormatSquares(req.Legal))
			continue
		}
		return player.Reply{Move: sq}, nil
	}
}

// quitHelp answers "quit", which could mean either way of ending a game.
const quitHelp = "to end the game, type 'resign' to give up (you lose, whatever the discs), or Q (or 'count') to stop and count the discs (more discs wins)"

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
