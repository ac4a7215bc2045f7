// The search of one thread: principal variation search with the table,
// move ordering and the evaluator's tracker (hot path).

package engine

import (
	"math"
	"math/bits"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/internal/mpc"
)

// infinity is beyond every value of every evaluator.
const infinity = 1 << 28

// maxMoves bounds the legal moves of a position.
const maxMoves = 34

// maxPly bounds the distance from the root: 60 moves and the passes
// between them.
const maxPly = 128

// leafEmpties is the most empty squares of a node that the solver
// searches for a search that reaches the end: below, it is several times
// faster a node, and the selective cuts save little.
const leafEmpties = 12

// maxLeafSearch: a search from more empty squares than this does not
// reach the end, and needs no solver at its leaves.
const maxLeafSearch = 40

// deadlineEvery+1 is how many nodes a search goes between looks at the
// clock: a few hundred microseconds.
const deadlineEvery = 1<<10 - 1

// worker searches for one thread.
type worker struct {
	tt      *ttable
	eval    eval.Evaluator
	tracker eval.Tracker
	// withMoves is the tracker when it can take the moves the search has
	// already generated (nil if not).
	withMoves eval.MovesEvaluator
	stop      *atomic.Bool
	nodes     uint64
	checked   uint64 // nodes&^deadlineEvery at the last look at the clock
	// pvTable[ply] holds the principal variation from ply, filled as
	// exact values come back up the tree.
	pvTable [maxPly][maxPly]board.Square
	pvLen   [maxPly]int
	// cut holds the parameters of the selective search (nil: full
	// width) and sel its rank (selectivity).
	cut *cutTable
	sel uint8
	// deadline is the hard limit of the search in Unix nanoseconds (0:
	// none), which the search reads on the clock every deadlineEvery+1
	// nodes.
	deadline int64
	// unit is the evaluation's disc unit; leaves, when it is not 0,
	// solves the positions of at most leafEmpties empty squares that a
	// line reaches with depth enough for the end.
	unit   int
	leaves *endgame.Leaves
}

const corners uint64 = 1<<0 | 1<<7 | 1<<56 | 1<<63

// squareOrder is a small value per square for ordering: corners first,
// X- and C-squares last.
var squareOrder = [64]int8{
	9, 1, 6, 5, 5, 6, 1, 9,
	1, 0, 3, 4, 4, 3, 0, 1,
	6, 3, 7, 6, 6, 7, 3, 6,
	5, 4, 6, 0, 0, 6, 4, 5,
	5, 4, 6, 0, 0, 6, 4, 5,
	6, 3, 7, 6, 6, 7, 3, 6,
	1, 0, 3, 4, 4, 3, 0, 1,
	9, 1, 6, 5, 5, 6, 1, 9,
}

type move struct {
	sq    board.Square
	flips uint64
	value int
}

// Move ordering by depth left: at and above evalOrderDepth, moves are
// ordered by the evaluation of the children (negated), below by mobility.
// Shallow searches of the children (full-window searches of (depth-4)/2
// plies from depth 6, as before) cost more nodes than they saved: NTest's 12 positions at 35 empties, one thread, 87%,
// nodes to depth 16: 36.0 M with them, 26.9 M with (depth-4)/4 plies,
// 22.7 M with (depth-6)/4, 17.9 M with the evaluation alone; to depth 18
// 108.9 M against 46.3 M (one ply at depth 16 and more: 49.7 M).
const evalOrderDepth = 3

// orderMoves fills list with the moves of legal (the table's move, if
// any, is searched before and is not among them) and rates them, best
// highest, by the evaluation or mobility according to the depth left.
func (w *worker) orderMoves(b board.Board, legal uint64, depth int, list *[maxMoves]move) int {
	n := 0
	for m := legal; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		f := b.Flips(sq)
		var v int
		switch {
		case depth >= evalOrderDepth:
			next := b.PlayFlips(sq, f)
			// The child will probe the table (unless pvs1 searches
			// it): its bucket is asked for now, while the others
			// are rated.
			w.tt.prefetch(next.Hash())
			w.tracker.Play(sq, f)
			if om := next.Moves(); om != 0 {
				v = -w.evaluate(next, om)
			} else {
				v = infinity / 2 // a move that makes the opponent pass
			}
			w.tracker.Undo()
		default:
			next := b.PlayFlips(sq, f)
			om := next.Moves()
			v = -16*(bits.OnesCount64(om)+bits.OnesCount64(om&corners)) + int(squareOrder[sq])
		}
		list[n] = move{sq, f, v}
		n++
	}
	return n
}

// pvs returns the value of b searched depth plies deep, in [alpha, beta]
// (fail-soft: a bound outside it). ply is the distance from the root;
// passed reports that the opponent has just passed.
func (w *worker) pvs(b board.Board, alpha, beta, depth, ply int, passed bool) int {
	w.nodes++
	w.lookAtClock()
	if w.stop.Load() {
		return 0
	}
	w.pvLen[ply] = 0
	if w.leaves != nil {
		if e := b.Empties(); e <= leafEmpties && depth >= e {
			// The end is near and every line reaches it: the solver's
			// searches, in discs.
			v, n := w.leaves.Exact(b, floorDiv(alpha, w.unit), ceilDiv(beta, w.unit), passed)
			w.nodes += n
			return w.eval.Final(v)
		}
	}
	if depth <= 0 {
		return w.leaf(b, b.Moves())
	}
	if depth == 1 {
		if legal := b.Moves(); legal != 0 {
			return w.pvs1(b, legal, alpha, beta, ply)
		}
	}

	hash := b.Hash()
	ttMove := board.NoSquare
	if e, ok := w.tt.probe(hash); ok {
		ttMove = e.move
		if e.depth >= depth && e.sel >= w.sel && beta-alpha == 1 { // cut only at null-window nodes, keeping the PV whole
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && e.value >= beta,
				e.bound == boundUpper && e.value <= alpha:
				return e.value
			}
		}
	}

	legal := b.Moves()
	if legal == 0 {
		if passed {
			return w.eval.Final(b.FinalScore())
		}
		w.tracker.Pass()
		v := -w.pvs(b.Pass(), -beta, -alpha, depth, ply+1, true)
		w.tracker.Undo()
		w.setPV(ply, board.Pass)
		return v
	}

	if w.cut != nil && depth >= mpc.MinDepth && beta-alpha == 1 {
		if v, ok := w.probCut(b, legal, alpha, beta, depth, ply); ok {
			return v
		}
	}

	lo := alpha
	best, bestMove := -infinity, board.NoSquare
	// try plays one move (first: with the full window) and reports a cut.
	try := func(sq board.Square, flips uint64, first bool) bool {
		next := b.PlayFlips(sq, flips)
		a := max(alpha, best)
		w.tracker.Play(sq, flips)
		var v int
		if first {
			v = -w.pvs(next, -beta, -a, depth-1, ply+1, false)
		} else {
			v = -w.pvs(next, -a-1, -a, depth-1, ply+1, false)
			if v > a && v < beta {
				v = -w.pvs(next, -beta, -v, depth-1, ply+1, false)
			}
		}
		w.tracker.Undo()
		if w.stop.Load() {
			return true
		}
		if v > best {
			best, bestMove = v, sq
			if v > lo {
				w.setPV(ply, sq)
			}
			if v >= beta {
				return true
			}
		}
		return false
	}
	first := true
	if ttMove != board.NoSquare && legal&(1<<uint(ttMove)) != 0 {
		// The table's move first, before the others are generated and
		// rated: it often cuts alone.
		first = false
		legal &^= 1 << uint(ttMove)
		if try(ttMove, b.Flips(ttMove), true) {
			legal = 0
		}
	}
	if legal != 0 {
		var list [maxMoves]move
		n := w.orderMoves(b, legal, depth, &list)
		for i := 0; i < n; i++ {
			k := i
			for j := i + 1; j < n; j++ {
				if list[j].value > list[k].value {
					k = j
				}
			}
			list[i], list[k] = list[k], list[i]
			if try(list[i].sq, list[i].flips, first) {
				break
			}
			first = false
		}
	}
	if w.stop.Load() {
		return 0
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= lo:
		bound = boundUpper
	}
	w.tt.store(hash, best, depth, bestMove, bound, w.sel)
	return best
}

// pvs1 is pvs at depth 1 in a position b with legal moves: each child
// evaluated in a fixed order of squares (depth1Order), with no table and
// no ordering by the children's mobility. One ply from the leaves a
// probe of the table costs more than it saves (it misses the cache, and
// its move orders only the evaluations), and so does the ordering: on
// NTest's 12 positions at 35 empties, one thread, 87%, depth 18 took
// 8.3-9.0 s and 36.0 M nodes with them, 5.7-5.8 s and 42.0 M nodes
// without (reversi bench --ttd 18).
func (w *worker) pvs1(b board.Board, legal uint64, alpha, beta, ply int) int {
	best := -infinity
squares:
	for _, order := range depth1Order {
		for m := legal & order; m != 0; m &= m - 1 {
			sq := board.Square(bits.TrailingZeros64(m))
			f := b.Flips(sq)
			next := b.PlayFlips(sq, f)
			w.nodes++
			w.tracker.Play(sq, f)
			v := -w.leaf(next, next.Moves())
			w.tracker.Undo()
			if v > best {
				best = v
				if v > alpha {
					w.pvLen[ply+1] = 0
					w.setPV(ply, sq)
					if v >= beta {
						break squares
					}
					alpha = v
				}
			}
		}
	}
	w.lookAtClock()
	return best
}

// leaf returns the value of b, the tracker's current position, whose
// legal moves are moves, searched no deeper: its final score if the game
// is over, else its evaluation.
func (w *worker) leaf(b board.Board, moves uint64) int {
	if moves == 0 && !b.Pass().HasMoves() {
		return w.eval.Final(b.FinalScore())
	}
	return w.evaluate(b, moves)
}

// depth1Order is the order of pvs1's moves: corners, then the squares
// that are neither corners nor next to one, then the X- and C-squares
// (next to a corner). To depth 18 on NTest's positions it searches 11%
// fewer nodes than the order of the squares, in about the same time.
var depth1Order = [3]uint64{corners, ^(corners | xcSquares), xcSquares}

// xcSquares are the squares next to a corner.
const xcSquares uint64 = 0x42c300000000c342

// lookAtClock stops the search at its hard limit, even when a loaded
// machine runs the timers late: it reads the clock each time the nodes
// pass a multiple of deadlineEvery+1 (pvs1 adds several at a time).
func (w *worker) lookAtClock() {
	if w.nodes&^deadlineEvery == w.checked {
		return
	}
	w.checked = w.nodes &^ deadlineEvery
	if w.deadline != 0 && time.Now().UnixNano() >= w.deadline {
		w.stop.Store(true)
	}
}

// evaluate returns the tracker's value of b, its current position, whose
// legal moves are moves.
func (w *worker) evaluate(b board.Board, moves uint64) int {
	if w.withMoves != nil {
		return w.withMoves.EvaluateMoves(b, moves)
	}
	return w.tracker.Evaluate(b)
}

// setPV makes sq followed by the variation of ply+1 the variation of ply.
func (w *worker) setPV(ply int, sq board.Square) {
	if ply >= maxPly-1 {
		return
	}
	w.pvTable[ply][0] = sq
	n := copy(w.pvTable[ply][1:], w.pvTable[ply+1][:w.pvLen[ply+1]])
	w.pvLen[ply] = n + 1
}

// probCutGate is how far, in deviations of the shallow search's
// prediction (t*Sigma), the evaluation of a node may be from a shallow
// search's bound for the search to be tried (as Edax gates its cuts by
// the evaluation). NTest's 12 positions at 35 empties, one thread, 87%,
// nodes to depth 20 (reversi bench --ttd 20): 114.4 M with no gate, 83.3 M
// at 0.5, 79.8 M at 0.75, 80.3 M at 1, 45.0 M to depth 18 at 2 (no gate:
// 44.9 M); at 0 fewer cuts are tried than pay, 39.6 M to depth 18 against
// 36.0 M at 1.
const probCutGate = 1

// probCut tries the cuts of Multi-ProbCut at a null-window node [alpha,
// beta] of b (whose legal moves are legal) searched depth plies deep: a
// shallow search that predicts, with the table's confidence, a value of
// at least beta (or at most alpha) lets the node return that bound
// without the deep search.
func (w *worker) probCut(b board.Board, legal uint64, alpha, beta, depth, ply int) (int, bool) {
	e := b.Empties()
	var p *cutParams
	switch {
	case depth >= e:
		p = &w.cut.end[e]
	case depth <= mpc.MaxDepth:
		p = &w.cut.cell[e][depth]
	default:
		return 0, false
	}
	if !p.ok {
		return 0, false
	}
	// Beyond a win by 64 discs no bound is predicted.
	limit := 64 * w.unit
	// A shallow search is tried only when the evaluation of the node is
	// within t*Sigma of its bound (probCutGate): where it is not, the
	// search rarely cuts and its nodes are lost.
	ev := float64(w.evaluate(b, legal))
	gate := probCutGate * (p.hi - p.lo) / 2 / p.slope
	if beta < limit {
		bound := int(math.Ceil((float64(beta) + p.hi) / p.slope))
		if bound < limit && ev >= float64(bound)-gate && w.pvs(b, bound-1, bound, p.shallow, ply, false) >= bound {
			return beta, true
		}
	}
	if alpha > -limit {
		bound := int(math.Floor((float64(alpha) + p.lo) / p.slope))
		if bound > -limit && ev <= float64(bound)+gate && w.pvs(b, bound, bound+1, p.shallow, ply, false) <= bound {
			return alpha, true
		}
	}
	return 0, false
}

// floorDiv and ceilDiv divide rounding down and up.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }
