// Results: who won, by how much under both scorings, and why the game ended.

package game

import (
	"fmt"

	"github.com/reversi-engine/reversi/board"
)

// Reason is why a game ended.
type Reason uint8

const (
	// InProgress: the game has not ended.
	InProgress Reason = iota
	// Normal: neither side could move.
	Normal
	// Resignation: a player quit. As in the original course framework the
	// game is then scored by the discs on the board.
	Resignation
	// Timeout: a player ran out of time and lost.
	Timeout
	// IllegalMoves: a player tried too many illegal moves and lost.
	IllegalMoves
	// Forfeit: a player could not go on (an engine crashed, a connection
	// or an input closed) and lost.
	Forfeit
)

var reasonNames = [...]string{"in progress", "normal end", "resignation", "timeout", "illegal moves", "forfeit"}

// String returns a short lower-case description, e.g. "timeout".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Result is the outcome of a game.
type Result struct {
	Reason Reason
	// Winner is the winning colour, or board.NoColor for a draw.
	Winner board.Color
	// By is the player the reason applies to: who resigned, ran out of
	// time or played the illegal moves; board.NoColor for a normal end.
	By board.Color
	// Black and White are the discs of each colour on the final board.
	Black, White int
	// Detail optionally explains the reason, e.g. the error of a player
	// that forfeited.
	Detail string
}

// NewResult scores the final position pos for the given reason. The
// winner is decided by the discs for a normal end and a resignation, and
// is the opponent of `by` for a timeout, illegal moves or a forfeit.
func NewResult(pos board.Position, reason Reason, by board.Color) Result {
	r := Result{Reason: reason, By: by, Black: pos.Count(board.Black), White: pos.Count(board.White)}
	switch {
	case reason == Timeout || reason == IllegalMoves || reason == Forfeit:
		r.Winner = by.Other()
	case r.Black > r.White:
		r.Winner = board.Black
	case r.White > r.Black:
		r.Winner = board.White
	default:
		r.Winner = board.NoColor
	}
	return r
}

// DiscMargin returns Black's discs minus White's on the final board: the
// plain score of the original course framework (empty squares count for
// nobody).
func (r Result) DiscMargin() int { return r.Black - r.White }

// TournamentMargin returns Black's margin under the standard tournament
// convention: empty squares are added to the side with more discs. (For a
// game lost on time, by illegal moves or by forfeit the winner is set by the
// rules, not by this margin.)
func (r Result) TournamentMargin() int {
	e := 64 - r.Black - r.White
	switch {
	case r.Black > r.White:
		return r.Black - r.White + e
	case r.White > r.Black:
		return r.Black - r.White - e
	}
	return 0
}

// String describes the result, e.g. "black wins 40-24 (+16, normal end)"
// or "white wins 30-31 (black ran out of time)".
func (r Result) String() string {
	if r.Reason == InProgress {
		return "in progress"
	}
	who := "draw"
	if r.Winner != board.NoColor {
		who = r.Winner.String() + " wins"
	}
	why := r.Reason.String()
	switch r.Reason {
	case Resignation:
		why = r.By.String() + " resigned"
	case Timeout:
		why = r.By.String() + " ran out of time"
	case IllegalMoves:
		why = r.By.String() + " lost by illegal moves"
	case Forfeit:
		why = r.By.String() + " forfeited"
	}
	if r.Detail != "" {
		why += ": " + r.Detail
	}
	return fmt.Sprintf("%s %d-%d (%+d, %s)", who, r.Black, r.White, r.TournamentMargin(), why)
}
