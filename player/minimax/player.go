// Players that choose their moves with Minimax or AlphaBeta.

package minimax

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
	"strconv"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/player"
)

// Algorithm selects the search of a [Player].
type Algorithm int

const (
	// MinimaxSearch is plain minimax.
	MinimaxSearch Algorithm = iota
	// AlphaBetaSearch is alpha-beta pruning in board order.
	AlphaBetaSearch
)

// String returns "minimax" or "alphabeta".
func (a Algorithm) String() string {
	if a == AlphaBetaSearch {
		return "alphabeta"
	}
	return "minimax"
}

// Player plays the move that a fixed-depth search finds best. It is safe
// for concurrent use (it keeps no state between moves).
type Player struct {
	algorithm Algorithm
	depth     int
	eval      eval.Evaluator
	name      string
}

// NewPlayer returns a player that searches depth plies with algorithm and
// evaluator ev. Its name is the algorithm with its settings, e.g.
// "alphabeta:depth=7,eval=course".
func NewPlayer(algorithm Algorithm, depth int, ev eval.Evaluator) *Player {
	return &Player{
		algorithm: algorithm,
		depth:     depth,
		eval:      ev,
		name:      algorithm.String() + ":depth=" + strconv.Itoa(depth) + ",eval=" + ev.Name(),
	}
}

// Name returns the player's name.
func (p *Player) Name() string { return p.name }

// Move searches req.Position among req.Legal. If ctx ends first, it plays
// the best move among those searched completely (or the first legal move).
func (p *Player) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	start := time.Now()
	search := Searcher{Algorithm: p.algorithm, Eval: p.eval}
	b := req.Position.Board
	r, err := search.Search(ctx, b, Limits{Depth: p.depth, Forbidden: b.Moves() &^ req.Legal}, nil)
	if err != nil {
		return player.Reply{}, err
	}
	t := &player.Thinking{
		Source:  player.Source{Kind: player.Midgame, Depth: p.depth},
		Stopped: r.Stopped,
		Nodes:   r.Nodes,
		Elapsed: time.Since(start),
		PV:      []board.Square{r.Move},
	}
	t.Eval, t.Unit = Value(r.Value, p.eval)
	t.HasEval = true
	if req.Analyze {
		t.Moves = p.moveValues(ctx, req.Position.Board, req.Legal, search)
		t.Elapsed = time.Since(start)
	}
	return player.Reply{Move: r.Move, Thinking: t}, nil
}

// moveValues searches every move of legal on its own (the value of the
// child, depth-1 plies deep, negated) and returns them best first.
func (p *Player) moveValues(ctx context.Context, b board.Board, legal uint64, search Searcher) []player.MoveStat {
	var out []player.MoveStat
	for m := legal; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		child := b.Play(sq)
		var v int
		switch {
		case child.GameOver():
			v = p.eval.Final(-child.FinalScore())
		case p.depth == 1:
			v = -p.eval.Evaluate(child)
		default:
			r, _ := search.Search(ctx, child, Limits{Depth: p.depth - 1}, nil) // a child of a valid board
			v = -r.Value
		}
		ev, unit := Value(v, p.eval)
		out = append(out, player.MoveStat{Move: sq, Eval: ev, HasEval: true, Unit: unit, Source: player.Source{Kind: player.Midgame, Depth: p.depth}, PV: []board.Square{sq}})
	}
	slices.SortStableFunc(out, func(a, b player.MoveStat) int { return cmp.Compare(b.Eval, a.Eval) })
	return out
}

// Value converts a value of ev to what a display shows: discs (the
// value divided by ev.DiscUnit) with player.UnitDiscs, or for a heuristic
// whose values are not discs the value itself with player.UnitPoints.
func Value(v int, ev eval.Evaluator) (float64, player.Unit) {
	if u := ev.DiscUnit(); u > 0 {
		return float64(v) / float64(u), player.UnitDiscs
	}
	return float64(v), player.UnitPoints
}
