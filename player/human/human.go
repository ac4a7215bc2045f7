// Package human is a player that reads its moves from a text input (a
// terminal or a pipe) and writes prompts and help to a text output.
//
// Input, one command per line: a square ("d3" or "D3"), "undo" (take back
// your last move and the computer's reply, when the game allows it),
// "resign" (give up: you lose, whatever the discs), "Q" or "count" (stop
// the game and count the discs: more discs wins, as the Q of the original
// course framework), "moves" (list the legal moves), "help". "quit" is
// refused as ambiguous, with the two ways to end the game explained, so
// that neither a loss nor a count comes as a surprise. A line that is not a
// square gets an explanation and the prompt again; a square that is not a
// legal move goes to the referee, who refuses it, counts it as an illegal
// move and asks again.
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
	out  io.Writer

	startOnce sync.Once
	in        io.Reader
	lines     chan string // lines read from in; closed at end of input
	readErr   error       // why the input ended, valid once lines is closed
}

// New returns a human player named name who types on in and reads on out.
func New(name string, in io.Reader, out io.Writer) *Player {
	return &Player{name: name, in: in, out: out}
}

// Name returns the player's name.
func (p *Player) Name() string { return p.name }

// ErrInputClosed is returned when the input ends before the player moved.
var ErrInputClosed = errors.New("input closed")

// start begins reading lines in the background, so that Move can give up
// at its deadline while a read is pending.
func (p *Player) start() {
	p.startOnce.Do(func() {
		p.lines = make(chan string)
		go func() {
			sc := bufio.NewScanner(p.in)
			for sc.Scan() {
				p.lines <- sc.Text()
			}
			p.readErr = sc.Err()
			close(p.lines)
		}()
	})
}

// Move prompts for a move and reads commands until one decides it.
func (p *Player) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	p.start()
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
		case l, ok := <-p.lines:
			if !ok {
				fmt.Fprintln(p.out)
				if p.readErr != nil {
					return player.Reply{}, fmt.Errorf("%w: %v", ErrInputClosed, p.readErr)
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
