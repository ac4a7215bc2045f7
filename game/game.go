// The game record: start, moves, legality, passes, undo and the end.

package game

import (
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/board"
)

// Move is one move of a game record.
type Move struct {
	Square board.Square  // a board square or board.Pass
	Color  board.Color   // who played it
	Time   time.Duration // time the player took; 0 if unknown
	// Eval is the mover's evaluation after choosing the move, in discs
	// from the mover's side; meaningful only if HasEval.
	Eval    float64
	HasEval bool
}

// Info is the metadata of a game file: who played, where, when and how.
type Info struct {
	Black, White string // player names
	Event        string // tournament or place
	Date         string // as the source gives it, e.g. "2003-07-14" or "2003"
	TimeControl  string // e.g. "05:00//02:00" (GGF) or "60s/move"
	Round        string // the game's number in its match or event, e.g. "17"
}

// Game is a game record. The zero Game is not ready for use: make one with
// [New] or [Parse]. Its fields are read-only to callers except Info and
// Result; change the moves with Play, PlaySquare, PlayTranscript and Undo.
type Game struct {
	Start  board.Position
	Rule   Rule
	Moves  []Move
	Info   Info
	Result Result // Reason is InProgress until the game ends

	pos board.Position // the position after Moves
}

// New returns a game with no moves from start under the given rule.
func New(start board.Position, rule Rule) *Game {
	return &Game{Start: start, Rule: rule, pos: start}
}

// NewStandard returns a game from the standard start under the standard
// rules.
func NewStandard() *Game { return New(board.Start(), Standard) }

// Position returns the current position.
func (g *Game) Position() board.Position { return g.pos }

// Turn returns the colour to move.
func (g *Game) Turn() board.Color { return g.pos.Turn }

// Ply returns the number of moves played, passes included.
func (g *Game) Ply() int { return len(g.Moves) }

// LastMove returns the last move's square (board.Pass for a pass) or
// board.NoSquare if no move has been played.
func (g *Game) LastMove() board.Square {
	if len(g.Moves) == 0 {
		return board.NoSquare
	}
	return g.Moves[len(g.Moves)-1].Square
}

// Legal returns the mask of the legal moves of the side to move under the
// game's rule.
func (g *Game) Legal() uint64 { return g.Rule.Legal(g.pos, g.LastMove()) }

// Over reports whether neither side can move (under the game's rule). A
// game ended by resignation, timeout or illegal moves is finished too: see
// Result.
func (g *Game) Over() bool {
	// After a pass nothing is forbidden, so the opponent's plain moves
	// decide.
	return g.Legal() == 0 && !g.pos.Board.Pass().HasMoves()
}

// Finished reports whether the game has ended for any reason.
func (g *Game) Finished() bool { return g.Over() || g.Result.Reason != InProgress }

// MustPass reports whether the side to move has no legal move while the
// game goes on.
func (g *Game) MustPass() bool { return g.Legal() == 0 && !g.Over() }

// IllegalMoveError explains why a move was refused.
type IllegalMoveError struct {
	Square board.Square
	Color  board.Color
	Legal  uint64 // the legal moves at that point
	Reason string
}

func (e *IllegalMoveError) Error() string { return e.Reason }

// Play appends a move after checking it: the square must be a legal move,
// or the move a pass when the side to move has none. m.Color is set to the
// side to move. The game is unchanged on error.
func (g *Game) Play(m Move) error {
	if err := g.check(m.Square); err != nil {
		return err
	}
	m.Color = g.pos.Turn
	g.Moves = append(g.Moves, m)
	if m.Square == board.Pass {
		g.pos = g.pos.Pass()
	} else {
		g.pos = g.pos.Play(m.Square)
	}
	return nil
}

// PlaySquare is Play with a move that carries no time or evaluation.
func (g *Game) PlaySquare(sq board.Square) error { return g.Play(Move{Square: sq}) }

func (g *Game) check(sq board.Square) error {
	turn := g.pos.Turn
	legal := g.Legal()
	fail := func(format string, args ...any) error {
		return &IllegalMoveError{Square: sq, Color: turn, Legal: legal, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case g.Result.Reason != InProgress:
		return fail("the game has ended (%s)", g.Result.Reason)
	case g.Over():
		return fail("the game is over: neither side can move")
	case sq == board.Pass:
		if legal != 0 {
			return fail("%s cannot pass with legal moves: %s", turn, board.FormatSquares(legal))
		}
		return nil
	case !sq.OnBoard():
		return fail("%v is not a move", sq)
	case legal&sq.Bit() != 0:
		return nil
	case legal == 0:
		return fail("%v is not legal here: %s has no legal move and must pass", sq, turn)
	case g.pos.At(sq) != board.NoColor:
		return fail("%v is not legal here: the square is taken; legal moves: %s", sq, board.FormatSquares(legal))
	case g.Rule == NoAdjacent && g.pos.Board.IsLegal(sq):
		return fail("%v is not legal here: it is next to the opponent's last move %v (no-adjacent rule); legal moves: %s",
			sq, g.LastMove(), board.FormatSquares(legal))
	}
	return fail("%v is not legal here; legal moves: %s", sq, board.FormatSquares(legal))
}

// PassIfForced plays a pass if the side to move must pass and reports
// whether it did.
func (g *Game) PassIfForced() bool {
	if !g.MustPass() {
		return false
	}
	g.Moves = append(g.Moves, Move{Square: board.Pass, Color: g.pos.Turn})
	g.pos = g.pos.Pass()
	return true
}

// Undo removes the last move and returns it; false if there is none. The
// result of a finished game is cleared.
func (g *Game) Undo() (Move, bool) {
	if len(g.Moves) == 0 {
		return Move{}, false
	}
	last := g.Moves[len(g.Moves)-1]
	g.Moves = g.Moves[:len(g.Moves)-1]
	g.Result = Result{}
	g.replay()
	return last, true
}

// replay recomputes the current position from the start and the moves.
func (g *Game) replay() {
	p := g.Start
	for _, m := range g.Moves {
		if m.Square == board.Pass {
			p = p.Pass()
		} else {
			p = p.Play(m.Square)
		}
	}
	g.pos = p
}

// Clone returns a deep copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.Moves = append([]Move(nil), g.Moves...)
	return &c
}

// PositionAt returns the position before move i (0 <= i <= Ply()); i =
// Ply() gives the current position.
func (g *Game) PositionAt(i int) board.Position {
	p := g.Start
	for _, m := range g.Moves[:i] {
		if m.Square == board.Pass {
			p = p.Pass()
		} else {
			p = p.Play(m.Square)
		}
	}
	return p
}

// Finish sets the result of a game that ended normally (neither side can
// move), from the discs on the board. It returns false and changes
// nothing if the game is not over.
func (g *Game) Finish() bool {
	if !g.Over() {
		return false
	}
	g.Result = NewResult(g.pos, Normal, board.NoColor)
	return true
}
