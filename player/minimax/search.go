// Minimax and alpha-beta to a fixed depth.

package minimax

import (
	"context"
	"errors"
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

// Searcher is a fixed-depth search of the course: Algorithm over Eval.
// It keeps no state: a Searcher may run any number of searches at once.
type Searcher struct {
	// Algorithm is MinimaxSearch (every node is visited: keep the depth
	// small, 5 or 6) or AlphaBetaSearch (the same move and value for far
	// fewer nodes: the course's version, moves tried in board order, no
	// table, no ordering).
	Algorithm Algorithm
	// Eval scores the positions at the depth; finished games inside the
	// tree are scored by its Final. Required.
	Eval eval.Evaluator
}

// Limits bound a search.
type Limits struct {
	// Depth is the number of plies every line is searched to (a pass
	// counts as a ply; finished games are scored exactly).
	Depth int
	// Forbidden holds the moves a rule variant forbids at the root (0:
	// none): the search chooses among b.Moves() &^ Forbidden, and passes
	// if that leaves none.
	Forbidden uint64
}

// Info is the progress of a search, reported after every root move
// searched completely: the best move so far and its value.
type Info struct {
	Move  board.Square
	Value int
	Nodes uint64
}

// ErrInvalid is returned for a board whose two masks overlap.
var ErrInvalid = errors.New("invalid board: a square holds two discs")

// Search returns the best move for the side to move of b (among the moves
// lim.Forbidden leaves) searched lim.Depth plies deep. progress, if not
// nil, is called from the calling goroutine after every root move. When
// ctx ends, the search stops and returns the best of the moves searched
// completely with Stopped set, and a nil error: the error reports only
// invalid input (a board whose masks overlap, no Eval).
func (s Searcher) Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error) {
	if !b.Valid() {
		return Result{Move: board.NoSquare}, ErrInvalid
	}
	if s.Eval == nil {
		return Result{Move: board.NoSquare}, errors.New("minimax: no evaluation")
	}
	st := searcher{ctx: ctx, ev: s.Eval, progress: progress}
	return st.root(b, b.Moves()&^lim.Forbidden, lim.Depth, s.Algorithm == AlphaBetaSearch), nil
}

type searcher struct {
	ctx      context.Context
	ev       eval.Evaluator
	progress func(Info)
	nodes    uint64
	stopped  bool
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
		if s.progress != nil {
			s.progress(Info{Move: res.Move, Value: res.Value, Nodes: s.nodes})
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
