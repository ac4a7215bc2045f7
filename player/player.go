// The Player interface and what a player reports.

package player

import (
	"context"
	"strconv"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Player chooses moves.
type Player interface {
	// Name identifies the player in records and displays, e.g.
	// "roxanne" or "mcts:time=1s".
	Name() string
	// Move returns the player's decision for req. It should reply before
	// ctx's deadline (req.TimeLeft from the call) and return promptly when
	// ctx is cancelled. An error means the player cannot go on (a crashed
	// engine, a closed input) and loses the game.
	Move(ctx context.Context, req Request) (Reply, error)
}

// Request is what a player receives when it is its turn. Every field is a
// copy: changing it changes nothing in the game.
type Request struct {
	// Game is a copy of the game so far, start position and rule included.
	Game *game.Game
	// Position is the current position, Game.Position().
	Position board.Position
	// Legal is the mask of the legal moves under the game's rule. It is
	// never empty: passes are played by the referee.
	Legal uint64
	// TimeLeft is the time the player has for this move: the per-move
	// limit, or what is left of its game clock if that is shorter; 0 if
	// there is no limit.
	TimeLeft time.Duration
	// GameTimeLeft is what is left of the player's game clock, 0 if the
	// game has none.
	GameTimeLeft time.Duration
	// Increment is what the game clock gains after each of the player's
	// moves (a Fischer clock), 0 if none; it is not in GameTimeLeft yet.
	Increment time.Duration
	// Rejected lists the player's refused attempts at this move, newest
	// last, with the reasons; empty on the first request of a move.
	Rejected []Rejection
	// IllegalLeft is the number of illegal moves the player may still try
	// in this game before it loses.
	IllegalLeft int
	// CanUndo reports whether the player may ask to take back its last
	// move (games of a human against the computer).
	CanUndo bool
	// Progress, if not nil, may be called by the player while it thinks
	// with what it has found so far (the best move's value, depth and
	// line after each iteration, say), for displays. It returns at once;
	// the Thinking is the callee's to keep.
	Progress func(Thinking)
	// Analyze asks the player for the value of every legal move
	// (Thinking.Moves), as an analysis does, even if it costs time; a
	// player that cannot says nothing about the other moves.
	Analyze bool
}

// Rejection is an attempt the referee refused.
type Rejection struct {
	Move   board.Square // what the player asked for (NoSquare for an undo)
	Reason string       // e.g. "E3 is not legal here; legal moves: D3 C4 F5 E6"
}

// Reply is a player's decision.
type Reply struct {
	// Move is the square to play. It is ignored if Resign, Count or Undo
	// is set.
	Move board.Square
	// Resign gives up: the game ends and the player loses, whatever the
	// discs on the board (game.Resignation).
	Resign bool
	// Count stops the game and counts the discs: the side with more discs
	// on the board wins, whoever asked (game.Counted). This is the Q of
	// the original course framework. Resign, if also set, takes
	// precedence.
	Count bool
	// Undo asks to take back the player's last move (and the opponent's
	// reply); the referee refuses it if req.CanUndo is false.
	Undo bool
	// Thinking optionally describes how the move was chosen.
	Thinking *Thinking
}

// Thinking is what a player reports about its choice, for displays,
// records and analysis. Every field is optional.
type Thinking struct {
	// Eval is the value of the chosen move for the player, if HasEval,
	// in Unit.
	Eval    float64
	HasEval bool
	// Unit is the unit of Eval: UnitDiscs (the zero value), UnitPoints
	// or UnitRate.
	Unit Unit
	// Source says how Eval was found: the kind of search, its depth and
	// its confidence (Kind, Depth, Probability).
	Source
	// Stopped reports that the search at Depth was stopped before it was
	// complete (by the clock): Eval is the best of the moves it finished.
	Stopped bool
	// Nodes is the number of positions examined (or playouts for Monte
	// Carlo players).
	Nodes uint64
	// Elapsed is the time the player spent.
	Elapsed time.Duration
	// PV is the principal variation, starting with the chosen move.
	PV []board.Square
	// Moves holds per-move statistics, e.g. the value of every legal move.
	Moves []MoveStat
	// Note is free text, e.g. "rollouts=roxanne".
	Note string
}

// Unit is the unit of a value a player reports.
type Unit uint8

// Units of Thinking.Eval and MoveStat.Eval.
const (
	// UnitDiscs: a final disc margin, exact or estimated.
	UnitDiscs Unit = iota
	// UnitPoints: the points of a heuristic evaluation (such as the
	// course's classic one), larger is better, not discs.
	UnitPoints
	// UnitRate: a mean reward in [0, 1], such as a Monte Carlo win rate.
	UnitRate
)

// String returns "discs", "points" or "rate".
func (u Unit) String() string {
	switch u {
	case UnitDiscs:
		return "discs"
	case UnitPoints:
		return "points"
	case UnitRate:
		return "rate"
	}
	return "unit(" + strconv.Itoa(int(u)) + ")"
}

// Kind is the kind of search that found a value.
type Kind uint8

// The kinds of search.
const (
	// KindUnknown: the player did not say.
	KindUnknown Kind = iota
	// Midgame: a full-width search Depth plies deep with a heuristic
	// evaluation at its leaves.
	Midgame
	// Selective: a search Depth plies deep that prunes moves it
	// expects to be bad (ProbCut), right with the confidence
	// Probability.
	Selective
	// Exact: the endgame solved to the final disc margin (Depth empty
	// squares).
	Exact
	// WLD: the endgame solved for win, loss or draw only (the value is
	// +1, 0 or -1 disc, or a bound of the right sign).
	WLD
	// Book: a value from an opening book.
	Book
	// Playouts: Monte Carlo playouts (Nodes of them); Depth is the
	// length of the line the tree reached.
	Playouts
)

var kindNames = [...]string{"", "midgame", "selective", "exact", "wld", "book", "playouts"}

// String returns "midgame", "selective", "exact", "wld", "book",
// "playouts", or "" for KindUnknown.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, bool) {
	for k, n := range kindNames {
		if n == s {
			return Kind(k), true
		}
	}
	return KindUnknown, false
}

// Solved reports whether k is an endgame solve (Exact or WLD).
func (k Kind) Solved() bool { return k == Exact || k == WLD }

// Source says how a value was found.
type Source struct {
	// Kind is the kind of search.
	Kind Kind
	// Depth is how far it looked: plies for Midgame and Selective, the
	// empty squares for Exact and WLD, the length of the line for
	// Playouts; 0 if unknown.
	Depth int
	// Probability is the confidence of a Selective search in percent
	// (e.g. 95); 0 otherwise.
	Probability int
}

// DepthText writes how far the search looked as NBoard, Edax and NTest
// write it: plies for a midgame search ("12"), plies and confidence for a
// selective one ("18@95%", or "95%" at an unknown depth), "100%" for an
// exact endgame solve, "100%W" for a win/loss/draw solve. A book value,
// Monte Carlo playouts or an unknown kind write their depth in plies.
func (s Source) DepthText() string {
	switch s.Kind {
	case Exact:
		return "100%"
	case WLD:
		return "100%W"
	case Selective:
		if s.Depth == 0 {
			return strconv.Itoa(s.Probability) + "%"
		}
		return strconv.Itoa(s.Depth) + "@" + strconv.Itoa(s.Probability) + "%"
	}
	return strconv.Itoa(s.Depth)
}

// MoveStat is what a player found about one candidate move.
type MoveStat struct {
	Move board.Square
	// Eval is the value of the move for the player, if HasEval, in
	// Unit.
	Eval    float64
	HasEval bool
	Unit    Unit
	// Source says how Eval was found.
	Source
	Visits uint64 // Monte Carlo visits, or 0
	PV     []board.Square
	// Upper says that Eval is an upper bound, not the move's value: a
	// search that values the best move alone, reporting as it thinks,
	// found this one worse than that without its exact value.
	Upper bool
}

// Func adapts a function that picks a square to the Player interface, for
// simple players that need no context, clock or memory.
type Func struct {
	PlayerName string
	Choose     func(req Request) board.Square
}

// Name returns f.PlayerName.
func (f Func) Name() string { return f.PlayerName }

// Move calls f.Choose.
func (f Func) Move(ctx context.Context, req Request) (Reply, error) {
	return Reply{Move: f.Choose(req)}, nil
}
