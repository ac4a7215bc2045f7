// Minimax and alpha-beta to a fixed depth.

package minimax

import (
	"context"
	"math/bits"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
)

// Result is the outcome of a fixed-depth search.
type Result struct {
	// Move is the best move found: the first in board order (A1, B1, ...)
	// among equals; board.Pass if the side to move has no move;
	// board.NoSquare if the game is over.
	Move board.Square
	// Value is the value of Move in the evaluator's units (see
	// eval.Evaluator): finished games inside the tree are scored by
	// Final.
	Value int
	// Nodes is the number of positions visited.
	Nodes uint64
	// Stopped reports that ctx was cancelled: Move is the best of the
	// moves searched completely, if any.
	Stopped bool
}

// Minimax searches every line to depth plies (a pass counts as a ply;
// finished games are scored exactly) and returns the best move for the
// side to move among legal (a mask of legal moves of b, such as
// b.Moves(), or a subset of it under a rule variant). It is the textbook
// algorithm: every node is visited, so keep depth small (5 or 6).
func Minimax(ctx context.Context, b board.Board, legal uint64, depth int, ev eval.Evaluator) Result {
	s := searcher{ctx: ctx, ev: ev}
	return s.root(b, legal, depth, false)
}

// AlphaBeta is [Minimax] with alpha-beta pruning: the same move and value
// for far fewer nodes. It is the course's version: a fixed depth, moves
// tried in board order, no table, no ordering.
func AlphaBeta(ctx context.Context, b board.Board, legal uint64, depth int, ev eval.Evaluator) Result {
	s := searcher{ctx: ctx, ev: ev}
	return s.root(b, legal, depth, true)
}

type searcher struct {
	ctx     context.Context
	ev      eval.Evaluator
	nodes   uint64
	stopped bool
}

const infinity = 1 << 30

func (s *searcher) root(b board.Board, legal uint64, depth int, prune bool) Result {
	if legal == 0 {
		if b.GameOver() {
			return Result{Move: board.NoSquare, Value: s.ev.Final(b.FinalScore())}
		}
		// A pass: the value is the opponent's, negated.
		v := -s.value(b.Pass(), -infinity, infinity, depth-1, prune)
		return Result{Move: board.Pass, Value: v, Nodes: s.nodes, Stopped: s.stopped}
	}
	res := Result{Move: board.NoSquare, Value: -infinity}
	for m := legal; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		alpha := -infinity
		if prune {
			alpha = res.Value
		}
		v := -s.value(b.Play(sq), -infinity, -alpha, depth-1, prune)
		if s.stopped {
			break
		}
		if v > res.Value {
			res.Move, res.Value = sq, v
		}
	}
	if res.Move == board.NoSquare { // stopped before the first move was done
		res.Move, res.Value = board.Square(bits.TrailingZeros64(legal)), 0
	}
	res.Nodes, res.Stopped = s.nodes, s.stopped
	return res
}

// value returns the value of b for its side to move, searched depth
// plies deep, in [alpha, beta] when prune is set (fail-hard bounds
// outside it), exactly when it is not.
func (s *searcher) value(b board.Board, alpha, beta, depth int, prune bool) int {
	s.nodes++
	if s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	m := b.Moves()
	if m == 0 {
		if !b.Pass().HasMoves() {
			return s.ev.Final(b.FinalScore())
		}
		if depth <= 0 {
			return s.ev.Evaluate(b)
		}
		return -s.value(b.Pass(), -beta, -alpha, depth-1, prune)
	}
	if depth <= 0 {
		return s.ev.Evaluate(b)
	}
	best := -infinity
	for ; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		v := -s.value(b.Play(sq), -beta, -alpha, depth-1, prune)
		if v > best {
			best = v
		}
		if prune {
			if v > alpha {
				alpha = v
			}
			if alpha >= beta {
				break
			}
		}
	}
	return best
}
