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
	// Resignation: a player resigned and lost, whatever the discs on the
	// board say.
	Resignation
	// Timeout: a player ran out of time and lost.
	Timeout
	// IllegalMoves: a player tried too many illegal moves and lost.
	IllegalMoves
	// Forfeit: a player could not go on (an engine crashed, a connection
	// or an input closed) and lost.
	Forfeit
	// Counted: a player stopped the game and had it scored by the discs
	// on the board, as the original course framework's Q did; the side
	// with more discs wins, whoever asked.
	Counted
	// Abandoned: the game was given up before it could be played out
	// (a game server's invitation that nobody took): nobody wins; By is
	// the side that never came.
	Abandoned
)

// Reasons are stored by their String, so the values and names above only
// ever grow at the end.
var reasonNames = [...]string{"in progress", "normal end", "resignation", "timeout", "illegal moves", "forfeit", "stopped and counted", "abandoned"}

// ScoredByDiscs reports whether a game that ended for reason r is won by
// the side with more discs on the board (a normal end, a game stopped and
// counted), rather than decided by a rule against the player By
// (resignation, timeout, illegal moves, forfeit).
func (r Reason) ScoredByDiscs() bool { return r == Normal || r == Counted }

// ParseReason reads a reason back from its String, e.g. "timeout"; the
// error names the text and the reasons.
func ParseReason(text string) (Reason, error) {
	for r := range Reason(len(reasonNames)) {
		if reasonNames[r] == text {
			return r, nil
		}
	}
	return InProgress, fmt.Errorf("%q is not a reason a game ends for: want one of %q", text, reasonNames[1:])
}

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
	// time, played the illegal moves, forfeited, or stopped the game to
	// count; board.NoColor for a normal end (or when a record does not
	// say).
	By board.Color
	// Black and White are the discs of each colour on the final board,
	// whatever the reason.
	Black, White int
	// Detail optionally explains the reason, e.g. the error of a player
	// that forfeited.
	Detail string
}

// NewResult scores the final position pos for the given reason. The
// winner is decided by the discs for a normal end and a game stopped and
// counted, and is the opponent of `by` for a resignation, a timeout,
// illegal moves or a forfeit. Black and White are the discs on pos in
// every case.
func NewResult(pos board.Position, reason Reason, by board.Color) Result {
	r := Result{Reason: reason, By: by, Black: pos.Count(board.Black), White: pos.Count(board.White)}
	switch {
	case reason == Resignation || reason == Timeout || reason == IllegalMoves || reason == Forfeit:
		r.Winner = by.Other()
	case reason == Abandoned:
		r.Winner = board.NoColor
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
// nobody). It ignores the reason: after a resignation it can favour the
// loser.
func (r Result) DiscMargin() int { return r.Black - r.White }

// TournamentMargin returns Black's margin, with the sign of the winner
// (0 for a draw):
//
//   - a game scored by the discs (Reason.ScoredByDiscs) gets the standard
//     tournament score: the disc difference with the empty squares added
//     to the side with more discs;
//   - a game decided by a rule (resignation, timeout, illegal moves,
//     forfeit) gives the winner all 64, +64 or -64, as GGS records such
//     games ("+64.000:r"), whatever the discs on the board;
//   - so does a game scored by the discs whose winner is not the side
//     with more discs (an agreed score read from a record).
//
// A result in progress gets the tournament score of its discs.
func (r Result) TournamentMargin() int {
	e := 64 - r.Black - r.White
	m := 0
	switch {
	case r.Black > r.White:
		m = r.Black - r.White + e
	case r.White > r.Black:
		m = r.Black - r.White - e
	}
	if r.Reason == InProgress {
		return m
	}
	var all int // the winner's margin when it takes everything
	switch r.Winner {
	case board.Black:
		all = 64
	case board.White:
		all = -64
	}
	if !r.Reason.ScoredByDiscs() || (m > 0) != (all > 0) || (m < 0) != (all < 0) {
		return all
	}
	return m
}

// String describes the result. A game scored by the discs shows them and
// Black's TournamentMargin, e.g. "black wins 40-24 (+16, normal end)" or
// "black wins 40-20 (+24, white stopped and counted)"; a game decided by a
// rule shows the margin, the reason and then the discs, e.g. "white wins
// (-64, black resigned; board 40-24)".
func (r Result) String() string {
	if r.Reason == InProgress {
		return "in progress"
	}
	who := "draw"
	if r.Winner != board.NoColor {
		who = r.Winner.String() + " wins"
	}
	if r.Reason == Abandoned {
		who = "no result"
	}
	why := r.Why()
	if r.Reason.ScoredByDiscs() {
		return fmt.Sprintf("%s %d-%d (%+d, %s)", who, r.Black, r.White, r.TournamentMargin(), why)
	}
	return fmt.Sprintf("%s (%+d, %s; board %d-%d)", who, r.TournamentMargin(), why, r.Black, r.White)
}

// Why says why the game ended, naming the player By when there is one:
// "normal end", "black resigned", "white ran out of time", "black lost by
// illegal moves", "white forfeited", "white stopped and counted" (or
// "stopped and counted" when By is not known), followed by ": " and the
// Detail if there is one.
func (r Result) Why() string {
	why := r.Reason.String()
	by := r.By != board.NoColor
	switch r.Reason {
	case Resignation:
		why = r.By.String() + " resigned"
	case Timeout:
		why = r.By.String() + " ran out of time"
	case IllegalMoves:
		why = r.By.String() + " lost by illegal moves"
	case Forfeit:
		why = r.By.String() + " forfeited"
	case Counted:
		if by {
			why = r.By.String() + " stopped and counted"
		}
	case Abandoned:
		if by {
			why = "abandoned: " + r.By.String() + " never came"
		}
	}
	if r.Detail != "" {
		why += ": " + r.Detail
	}
	return why
}
