// The Evaluator and Tracker interfaces, and the tracker of evaluators that
// keep no state.

package eval

import "github.com/reversi-engine/reversi/board"

// Evaluator scores positions for the player to move.
type Evaluator interface {
	// Name identifies the evaluator, e.g. "course".
	Name() string
	// Evaluate returns the value of b for its player to move. b is a
	// position where the game is not over (the search scores finished
	// games with Final).
	Evaluate(b board.Board) int
	// Final returns the value of a finished game whose final score (disc
	// margin, empties to the winner) is score, for the player it is
	// scored for. For an evaluator in discs it is score*DiscUnit; a
	// heuristic puts every win above and every loss below any value that
	// Evaluate returns.
	Final(score int) int
	// DiscUnit is the number of units of one disc of final margin, or 0
	// if the values of Evaluate are not an estimate of the final margin.
	DiscUnit() int
	// NewTracker returns a tracker positioned at b, for one search (one
	// goroutine) at a time.
	NewTracker(b board.Board) Tracker
}

// Tracker follows one search path so that an evaluator can update its
// state incrementally: the search calls Play or Pass before it searches
// a child and Undo when it comes back, in last-in first-out order.
// Evaluate scores the current position, which the search passes again
// (a tracker that keeps no state needs nothing else). A tracker never
// allocates in these calls.
type Tracker interface {
	// Play moves to the child reached by the player to move playing sq,
	// turning over the discs of flips.
	Play(sq board.Square, flips uint64)
	// Pass moves to the child in which the player to move passes.
	Pass()
	// Undo goes back to the parent of the current position.
	Undo()
	// Evaluate returns the value of b, the current position, for its
	// player to move.
	Evaluate(b board.Board) int
	// Reset moves the tracker to b, forgetting its path, so that one
	// tracker serves many short searches (the endgame solver's ordering)
	// without allocating.
	Reset(b board.Board)
}

// MovesEvaluator is implemented by trackers that read the mobility of the
// player to move and can take it from a search that already has it:
// EvaluateMoves(b, moves) equals Evaluate(b) when moves is b.Moves().
type MovesEvaluator interface {
	EvaluateMoves(b board.Board, moves uint64) int
}

// Stateless is the Tracker of an evaluator that needs no state along the
// path: Play, Pass and Undo do nothing and Evaluate calls the evaluator.
type Stateless struct {
	// Eval is the evaluator.
	Eval Evaluator
}

// Play does nothing.
func (Stateless) Play(board.Square, uint64) {}

// Pass does nothing.
func (Stateless) Pass() {}

// Undo does nothing.
func (Stateless) Undo() {}

// Reset does nothing.
func (Stateless) Reset(board.Board) {}

// Evaluate returns t.Eval.Evaluate(b).
func (t Stateless) Evaluate(b board.Board) int { return t.Eval.Evaluate(b) }
