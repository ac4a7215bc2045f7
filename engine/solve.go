// The switch to the exact endgame solver.

package engine

import (
	"context"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
)

// solve answers with the endgame solver (exact or WLD; with cuts, a
// selective solve whose exact score has their probability); ok is false
// if the solve did not finish in the move's time (the caller then keeps
// its midgame result).
func (e *Engine) solve(ctx context.Context, b board.Board, legal uint64, lim Limits, exact bool, cuts *endgame.Cuts, start time.Time, progress func(Info)) (Result, bool) {
	mode, kind := endgame.WLD, WLD
	if exact {
		mode, kind = endgame.Exact, Exact
	}
	hard := lim.MaxTime
	if hard <= 0 {
		hard = lim.Time
	}
	sctx := ctx
	if hard > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithDeadline(ctx, start.Add(hard))
		defer cancel()
	}
	prob := 100
	if cuts != nil {
		mode, kind, prob = endgame.Exact, Exact, cuts.Probability
	}
	res := Result{Kind: kind, Depth: b.Empties(), Probability: prob}
	all := lim.AllMoves || legal != b.Moves()
	r, err := e.solver.Search(sctx, b, endgame.Limits{Mode: mode, AllMoves: all, Forbidden: b.Moves() &^ legal, Cuts: cuts}, nil)
	res.Nodes = r.Nodes
	if err != nil || r.Stopped {
		return res, false
	}
	res.Move, res.Value, res.PV = r.Move, r.Score, r.PV
	if lim.AllMoves {
		for _, s := range r.Moves {
			pv := s.PV
			if len(pv) == 0 {
				pv = []board.Square{s.Move}
			}
			res.Moves = append(res.Moves, MoveValue{Move: s.Move, Value: s.Score, Depth: b.Empties(), Kind: kind, Probability: prob, PV: pv})
		}
	}
	res.Elapsed = time.Since(start)
	if progress != nil {
		progress(Info{Depth: res.Depth, Probability: prob, Kind: kind, Move: res.Move, Value: res.Value, PV: res.PV, Nodes: res.Nodes, Elapsed: res.Elapsed})
	}
	return res, true
}
