// The engine side of the protocol: the command loop over a player.

package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/clip"
	"github.com/reversi-engine/reversi/internal/lines"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// Options configure Serve.
type Options struct {
	// Name is the answer to "name" (default "reversi").
	Name string
	// Version is the answer to "version" (default "(devel)").
	Version string
	// MaxLine bounds the length of a command line, in bytes (default
	// DefaultMaxLine). A longer line ends Serve with an error that says
	// so.
	MaxLine int
}

// commands lists what Serve answers, in the order list_commands gives.
var commands = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard", "final_score",
	"time_settings", "time_left", "reversi-setup_board",
}

// clock is what a side has of its time, as time_settings and time_left
// say.
type clock struct {
	left   time.Duration // time left in the current period
	stones int           // moves to make in it (0: main time, the rest of the game)
}

// session is the state of one connection.
type session struct {
	p    player.Player
	opts Options
	game *game.Game

	// time_settings: main time, byo-yomi time and stones; timed is
	// false when there are no time limits.
	timed     bool
	main, byo time.Duration
	stones    int
	clocks    [2]clock
}

// Serve answers the GTP commands read from in on out, playing the moves
// that genmove asks for with p, until the input ends (nil), "quit" (nil)
// or ctx ends. A command that is unknown, or whose arguments are wrong
// or illegal, gets a "?" answer that says why and changes nothing.
func Serve(ctx context.Context, in io.Reader, out io.Writer, p player.Player, opts Options) error {
	if opts.Name == "" {
		opts.Name = "reversi"
	}
	if opts.Version == "" {
		opts.Version = "(devel)"
	}
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	s := &session{p: p, opts: opts, game: game.NewStandard()}
	w := bufio.NewWriter(out)
	lines, readErr := lines.Read(ctx, in, opts.MaxLine)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				if err := <-readErr; err != nil {
					return fmt.Errorf("reading commands: %w", err)
				}
				return nil
			}
			cmd, err := ParseCommand(line)
			if errors.Is(err, ErrEmpty) {
				continue
			}
			var a Answer
			quit := false
			if err != nil {
				a = Answer{Text: err.Error()}
			} else {
				a = s.do(ctx, cmd)
				a.ID, a.HasID = cmd.ID, cmd.HasID
				quit = cmd.Name == "quit"
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if _, err := w.WriteString(a.String()); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
			if quit {
				return nil
			}
		}
	}
}

// do runs one command.
func (s *session) do(ctx context.Context, c Command) Answer {
	text, err := s.run(ctx, c)
	if err != nil {
		return Answer{Text: err.Error()}
	}
	return Answer{OK: true, Text: text}
}

// args checks the number of arguments of c.
func args(c Command, n int, usage string) error {
	if len(c.Args) != n {
		return fmt.Errorf("syntax error: want %s %s", c.Name, usage)
	}
	return nil
}

func (s *session) run(ctx context.Context, c Command) (string, error) {
	switch c.Name {
	case "protocol_version":
		return "2", nil
	case "name":
		return s.opts.Name, nil
	case "version":
		return s.opts.Version, nil
	case "known_command":
		if err := args(c, 1, "<command>"); err != nil {
			return "", err
		}
		for _, k := range commands {
			if k == c.Args[0] {
				return "true", nil
			}
		}
		return "false", nil
	case "list_commands":
		return strings.Join(commands, "\n"), nil
	case "quit":
		return "", nil
	case "boardsize":
		if err := args(c, 1, "8"); err != nil {
			return "", err
		}
		if n, err := strconv.Atoi(c.Args[0]); err != nil || n != 8 {
			return "", fmt.Errorf("unacceptable size: %q: Othello is played on an 8x8 board", clip.Text(c.Args[0], quoted))
		}
		s.game = game.NewStandard()
		return "", nil
	case "clear_board":
		if err := args(c, 0, ""); err != nil {
			return "", err
		}
		s.game = game.NewStandard()
		return "", nil
	case "komi":
		if err := args(c, 1, "<number>"); err != nil {
			return "", err
		}
		if _, err := strconv.ParseFloat(c.Args[0], 64); err != nil {
			return "", fmt.Errorf("syntax error: komi %q is not a number", clip.Text(c.Args[0], quoted))
		}
		return "", nil // Othello has none: accepted and ignored
	case "reversi-setup_board":
		return "", s.setup(c)
	case "play":
		return "", s.play(c)
	case "genmove":
		return s.genmove(ctx, c)
	case "undo":
		return "", s.undo(c)
	case "showboard":
		return s.showboard(), nil
	case "final_score":
		return s.finalScore()
	case "time_settings":
		return "", s.timeSettings(c)
	case "time_left":
		return "", s.timeLeft(c)
	}
	return "", fmt.Errorf("unknown command %q (list_commands lists them)", clip.Text(c.Name, quoted))
}

// setup starts a game from a position: reversi-setup_board <64 squares>
// [X|O] (black to move if not given).
func (s *session) setup(c Command) error {
	if len(c.Args) < 1 {
		return fmt.Errorf("syntax error: want reversi-setup_board <64 squares A1..H8 of X, O, -> [X|O]")
	}
	text := strings.Join(c.Args, " ")
	if len(c.Args) == 1 && len(c.Args[0]) == 64 {
		text += " X" // GRhino's default
	}
	pos, err := board.ParsePosition(text)
	if err != nil {
		return fmt.Errorf("syntax error: %v", err)
	}
	s.game = game.New(pos, game.Standard)
	return nil
}

// colorArg reads the colour argument of c.
func colorArg(c Command, usage string, n int) (board.Color, error) {
	if err := args(c, n, usage); err != nil {
		return board.NoColor, err
	}
	col, err := ParseColor(c.Args[0])
	if err != nil {
		return board.NoColor, fmt.Errorf("syntax error: %v", err)
	}
	return col, nil
}

// toMove returns the game with side to move: g itself, or a copy with
// the other side's forced pass played (the protocol lets a controller
// leave passes out). It is an error if side is not to move.
func toMove(g *game.Game, side board.Color) (*game.Game, error) {
	if g.Over() {
		return nil, fmt.Errorf("illegal move: the game is over (final_score counts it)")
	}
	if g.Turn() == side {
		return g, nil
	}
	if g.MustPass() {
		c := g.Clone()
		c.PassIfForced()
		return c, nil
	}
	return nil, fmt.Errorf("illegal move: it is %s's turn, not %s's", g.Turn(), side)
}

// play: play <color> <vertex|pass>.
func (s *session) play(c Command) error {
	const usage = "<black|white> <move|pass>"
	side, err := colorArg(c, usage, 2)
	if err != nil {
		return err
	}
	sq, err := ParseVertex(c.Args[1])
	if err != nil {
		return fmt.Errorf("syntax error: %v", err)
	}
	g, err := toMove(s.game, side)
	if err != nil {
		return err
	}
	if g == s.game {
		g = g.Clone()
	}
	if err := g.PlaySquare(sq); err != nil {
		return fmt.Errorf("illegal move: %v", err)
	}
	s.game = g
	return nil
}

// genmove: genmove <color>; the move is played.
func (s *session) genmove(ctx context.Context, c Command) (string, error) {
	side, err := colorArg(c, "<black|white>", 1)
	if err != nil {
		return "", err
	}
	if s.game.Over() {
		return "pass", nil
	}
	g, err := toMove(s.game, side)
	if err != nil {
		return "", err
	}
	if g == s.game {
		g = g.Clone()
	}
	if g.PassIfForced() {
		s.game = g
		return "pass", nil
	}
	req := player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), IllegalLeft: referee.DefaultMaxIllegal}
	req.TimeLeft, req.GameTimeLeft = s.limits(side)
	for {
		start := time.Now()
		reply, err := s.p.Move(ctx, req)
		elapsed := time.Since(start)
		if err != nil {
			return "", fmt.Errorf("%s cannot move: %v", s.p.Name(), err)
		}
		switch {
		case reply.Resign:
			return "resign", nil
		case reply.Count, reply.Undo:
			return "", fmt.Errorf("%s asked to stop and count or to undo, which genmove cannot answer", s.p.Name())
		}
		if err := g.Play(game.Move{Square: reply.Move, Time: elapsed}); err != nil {
			req.IllegalLeft--
			req.Rejected = append(req.Rejected, player.Rejection{Move: reply.Move, Reason: err.Error()})
			if req.IllegalLeft <= 0 {
				return "", fmt.Errorf("%s played %d illegal moves, the last: %v", s.p.Name(), referee.DefaultMaxIllegal, err)
			}
			continue
		}
		s.spend(side, elapsed)
		s.game = g
		return FormatVertex(reply.Move), nil
	}
}

// undo takes back the last move that is not a pass, with the forced
// passes around it (a controller that leaves passes out undoes moves
// only).
func (s *session) undo(c Command) error {
	if err := args(c, 0, ""); err != nil {
		return err
	}
	g := s.game.Clone()
	for g.LastMove() == board.Pass {
		g.Undo()
	}
	if _, ok := g.Undo(); !ok {
		return errors.New("cannot undo: no move to take back")
	}
	for g.LastMove() == board.Pass {
		g.Undo()
	}
	s.game = g
	return nil
}

// showboard draws the board, row 1 at the top.
func (s *session) showboard() string {
	pos := s.game.Position()
	var b strings.Builder
	switch {
	case s.game.Over():
		b.WriteString("game over")
	default:
		fmt.Fprintf(&b, "%s (%c) to move", pos.Turn, pos.Turn.Letter())
	}
	fmt.Fprintf(&b, "; black (X) %d, white (O) %d\n   A B C D E F G H", pos.Count(board.Black), pos.Count(board.White))
	legal := s.game.Legal()
	for r := range 8 {
		fmt.Fprintf(&b, "\n %d", r+1)
		for col := range 8 {
			sq := board.SquareAt(r, col)
			ch := pos.At(sq).Letter()
			if ch == '-' && legal&sq.Bit() != 0 {
				ch = '*'
			}
			b.WriteByte(' ')
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// finalScore writes the score of a finished game: "B+12", "W+2" or "0",
// the empty squares to the winner.
func (s *session) finalScore() (string, error) {
	if !s.game.Over() {
		return "", errors.New("cannot score: the game is not over")
	}
	m := game.NewResult(s.game.Position(), game.Normal, board.NoColor).TournamentMargin()
	switch {
	case m > 0:
		return "B+" + strconv.Itoa(m), nil
	case m < 0:
		return "W+" + strconv.Itoa(-m), nil
	}
	return "0", nil
}

// timeSettings: time_settings <main> <byo-yomi time> <byo-yomi stones>,
// in seconds; a byo-yomi time with no stones means no time limits.
func (s *session) timeSettings(c Command) error {
	if err := args(c, 3, "<main seconds> <byo-yomi seconds> <byo-yomi stones>"); err != nil {
		return err
	}
	var n [3]int
	for i, a := range c.Args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 || v > 1e7 {
			return fmt.Errorf("syntax error: %q is not a number of seconds or stones (0 to 10000000)", clip.Text(a, quoted))
		}
		n[i] = v
	}
	s.main, s.byo, s.stones = time.Duration(n[0])*time.Second, time.Duration(n[1])*time.Second, n[2]
	s.timed = !(n[1] > 0 && n[2] == 0) && (n[0] > 0 || n[1] > 0)
	for i := range s.clocks {
		s.clocks[i] = clock{left: s.main}
		if s.main == 0 {
			s.clocks[i] = clock{left: s.byo, stones: s.stones}
		}
	}
	return nil
}

// timeLeft: time_left <color> <seconds> <stones>.
func (s *session) timeLeft(c Command) error {
	side, err := colorArg(c, "<black|white> <seconds> <stones>", 3)
	if err != nil {
		return err
	}
	var n [2]int
	for i, a := range c.Args[1:] {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 || v > 1e7 {
			return fmt.Errorf("syntax error: %q is not a number of seconds or stones (0 to 10000000)", clip.Text(a, quoted))
		}
		n[i] = v
	}
	s.clocks[side] = clock{left: time.Duration(n[0]) * time.Second, stones: n[1]}
	if !s.timed && s.byo == 0 {
		s.timed = true // time_left without time_settings: a clock all the same
	}
	return nil
}

// limits returns the time the player has for its move and what is left
// of its game clock: in main time, what is left of it (plus a byo-yomi
// period's share of a move); in a byo-yomi period, its share of a move.
func (s *session) limits(side board.Color) (move, clockLeft time.Duration) {
	if !s.timed {
		return 0, 0
	}
	c := s.clocks[side]
	if c.stones > 0 {
		return max(c.left/time.Duration(c.stones), time.Millisecond), 0
	}
	if c.left <= 0 && s.stones > 0 {
		return max(s.byo/time.Duration(s.stones), time.Millisecond), 0
	}
	return max(c.left, time.Millisecond), max(c.left, time.Millisecond)
}

// spend counts the time of a move on side's clock, until the controller
// says how much is left.
func (s *session) spend(side board.Color, d time.Duration) {
	if !s.timed {
		return
	}
	c := &s.clocks[side]
	c.left -= d
	if c.stones > 0 {
		c.stones--
		if c.stones == 0 {
			c.left, c.stones = s.byo, s.stones
		}
	} else if c.left < 0 && s.stones > 0 {
		c.left, c.stones = s.byo, s.stones
	}
	c.left = max(c.left, 0)
}
