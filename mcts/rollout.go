// Rollouts: the game played out from a new node by a policy, and its
// final (or estimated) margin.

package mcts

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/player/minimax"
)

// roller plays rollouts for one thread.
type roller struct {
	opts    Options
	pcg     *rand.PCG
	rng     *rand.Rand
	truncEv eval.Evaluator // evaluates truncated rollouts
	classic eval.Course
	tiers   [10]uint64
}

func newRoller(opts Options, seed uint64, truncEv eval.Evaluator) *roller {
	pcg := rand.NewPCG(seed, 0x70117)
	return &roller{opts: opts, pcg: pcg, rng: rand.New(pcg), truncEv: truncEv, tiers: course.RoxanneTiers()}
}

// play plays out from b and returns the margin for the side to move in
// b, and whether it is an estimate (a truncated rollout).
func (r *roller) play(b board.Board) (float64, bool) {
	if r.opts.Policy == Random && r.opts.Truncate == 0 {
		return float64(board.RandomGameScore(b, r.pcg)), false
	}
	sign := 1.0
	for plies := 0; ; plies++ {
		m := b.Moves()
		if m == 0 {
			if !b.Pass().HasMoves() {
				return sign * float64(b.FinalScore()), false
			}
			b, sign = b.Pass(), -sign
			continue
		}
		if r.opts.Truncate > 0 && plies >= r.opts.Truncate {
			v := float64(r.truncEv.Evaluate(b)) / float64(r.truncEv.DiscUnit())
			return sign * min(max(v, -64), 64), true
		}
		b, sign = b.Play(r.choose(b, m)), -sign
	}
}

// uniform returns a square of the non-empty mask m, uniformly.
func (r *roller) uniform(m uint64) board.Square {
	for k := r.rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
		m &= m - 1
	}
	return board.Square(bits.TrailingZeros64(m))
}

// choose picks the rollout move of the policy among the moves m of b.
func (r *roller) choose(b board.Board, m uint64) board.Square {
	switch r.opts.Policy {
	case Roxanne:
		for _, tier := range &r.tiers {
			if s := m & tier; s != 0 {
				return r.uniform(s)
			}
		}
	case EpsilonGreedy:
		if r.rng.Float64() < r.opts.Epsilon {
			return r.uniform(m)
		}
		best, bestV := board.NoSquare, math.MinInt
		for x := m; x != 0; x &= x - 1 {
			sq := board.Square(bits.TrailingZeros64(x))
			if v := -r.value(b.Play(sq)); v > bestV {
				best, bestV = sq, v
			}
		}
		return best
	case Softmax:
		var sqs [34]board.Square
		var weights [34]float64
		n, top := 0, math.Inf(-1)
		for x := m; x != 0; x &= x - 1 {
			sq := board.Square(bits.TrailingZeros64(x))
			sqs[n], weights[n] = sq, float64(-r.value(b.Play(sq)))/r.opts.Temperature
			top = max(top, weights[n])
			n++
		}
		total := 0.0
		for i := range n {
			weights[i] = math.Exp(weights[i] - top)
			total += weights[i]
		}
		x := r.rng.Float64() * total
		for i := range n {
			if x -= weights[i]; x <= 0 {
				return sqs[i]
			}
		}
		return sqs[n-1]
	case AlphaBeta:
		ab := minimax.Searcher{Algorithm: minimax.AlphaBetaSearch, Eval: r.classic}
		res, _ := ab.Search(context.Background(), b, minimax.Limits{Depth: r.opts.ABDepth, Forbidden: b.Moves() &^ m}, nil) // b is valid
		return res.Move
	}
	return r.uniform(m)
}

// value is the classic evaluation of b for its side to move, finished
// games scored exactly.
func (r *roller) value(b board.Board) int {
	if b.GameOver() {
		return r.classic.Final(b.FinalScore())
	}
	return r.classic.Evaluate(b)
}
