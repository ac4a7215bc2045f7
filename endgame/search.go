// The search proper: alpha-beta over the empty squares, specialised by
// the number of empties (hot path).

package endgame

import (
	"math/bits"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
)

// Thresholds of the specialised searches, in empty squares.
// (Measured on FFO #40-#46: moving any of them by one costs 5 to 25% more
// time.)
const (
	// At and below parityEmpties, squares are tried in parity order with
	// no move generation or sorting.
	parityEmpties = 5
	// Above hashEmpties, nodes use the transposition table.
	hashEmpties = 8
	// At and above etcEmpties, nodes try enhanced transposition cutoffs.
	etcEmpties = 12
)

// stopCheckEmpties: only nodes with this many empty squares or more check
// the stop flags (and so may return an unfinished value); a node below it
// takes well under a millisecond, and checking costs a fifth of the time.
const stopCheckEmpties = 10

// searcher is the state of one goroutine of a solve.
type searcher struct {
	tt    *table
	nodes uint64
	// stops are the flags that end this search: the solve's (set when it
	// is cancelled), and those of the split points it works under (set
	// when another move there cuts off).
	stops []*atomic.Bool
	pool  *pool // helpers for parallel search, nil on one thread
	// eval, if not nil, orders the moves of nodes with at least 14
	// empty squares (see sortDepth), with tr, the goroutine's tracker of
	// the evaluation, reset at each node it orders.
	eval eval.Evaluator
	tr   eval.Tracker
	// deadline is the solve's deadline in Unix nanoseconds (0: none),
	// read on the clock every deadlineEvery+1 calls of stopped (polls).
	deadline int64
	polls    uint32
	// cuts, if not nil, make the solve selective (see Cuts); sure is the
	// sureness of the bounds it reads and stores: exactSure, or the
	// cuts' probability.
	cuts *Cuts
	sure uint8
}

// deadlineEvery+1 is how many looks at the stop flags a searcher takes
// between looks at the clock.
const deadlineEvery = 1<<6 - 1

// newTracker returns a tracker of ev for a searcher, nil without one.
func newTracker(ev eval.Evaluator) eval.Tracker {
	if ev == nil {
		return nil
	}
	return ev.NewTracker(board.Board{})
}

// Ordering with an evaluation (when the solver has one): a node with e
// empty squares adds to the mobility rating of each move the value of a
// sortDepth[e]-ply alpha-beta search with the evaluation after it,
// weighted by evalWeight; -1 means mobility alone. The farther from the
// end, the more a node's subtree costs and the deeper the search that
// orders it. Measured with the pattern evaluation by editing this table,
// nodes of FFO #40-#44 on one thread: mobility alone 352 M; a 1-ply
// search from 16 empties 219 M; 2 plies from 16 and 3 from 22, 173 M;
// 0 at 14-15, 2 from 16 and 3 from 22, 157 M. FFO #40-#49 on 2 threads
// (before the root was ordered and the tracker used): 1-ply from 16
// empties 92.6 s, this table 69.7 s. With both, this table: 72.4 s on
// one thread, 49.8 s on two (docs/BENCHMARKS.md).
var sortDepth = func() (t [65]int8) {
	for e := range t {
		switch {
		case e >= 24:
			t[e] = 4
		case e >= 21:
			t[e] = 3
		case e >= 16:
			t[e] = 2
		case e >= 14:
			t[e] = 0
		default:
			t[e] = -1
		}
	}
	return t
}()

// evalWeight is the weight of one disc of the evaluation in the rating
// of orderValue, where one move fewer for the opponent counts 16 (8
// measured best of 4, 8 and 16).
const evalWeight = 8

// stopped reports whether any of the searcher's stop flags is set. Now
// and then it reads the clock too, and sets the solve's flag at the
// deadline, even when a loaded machine runs the timers late.
func (s *searcher) stopped() bool {
	if s.deadline != 0 {
		if s.polls++; s.polls&deadlineEvery == 0 && time.Now().UnixNano() >= s.deadline {
			s.stops[0].Store(true)
			return true
		}
	}
	for _, f := range s.stops {
		if f.Load() {
			return true
		}
	}
	return false
}

const corners uint64 = 1<<0 | 1<<7 | 1<<56 | 1<<63

// Quadrants of the board, for parity: an empty region of odd size in a
// quadrant is a square where the player to move can hope for the last
// move.
const (
	quadrant0 = 0x000000000F0F0F0F
	quadrant1 = 0x00000000F0F0F0F0
	quadrant2 = 0x0F0F0F0F00000000
	quadrant3 = 0xF0F0F0F000000000
)

// oddQuadrants returns the empty squares of empty that lie in a quadrant
// with an odd number of empty squares.
func oddQuadrants(empty uint64) uint64 {
	var m uint64
	if bits.OnesCount64(empty&quadrant0)&1 != 0 {
		m |= quadrant0
	}
	if bits.OnesCount64(empty&quadrant1)&1 != 0 {
		m |= quadrant1
	}
	if bits.OnesCount64(empty&quadrant2)&1 != 0 {
		m |= quadrant2
	}
	if bits.OnesCount64(empty&quadrant3)&1 != 0 {
		m |= quadrant3
	}
	return empty & m
}

// final returns the score of a finished game for the player to move:
// the disc margin, empties to the winner.
func final(b board.Board) int {
	p, o := bits.OnesCount64(b.P), bits.OnesCount64(b.O)
	switch {
	case p > o:
		return 64 - 2*o
	case p < o:
		return 2*p - 64
	}
	return 0
}

// neighbourMask[sq] holds the squares next to sq: a move on sq must have
// an opponent disc among them.
var neighbourMask = func() (t [64]uint64) {
	for sq := range t {
		t[sq] = board.Neighbours(1 << uint(sq))
	}
	return t
}()

// last1 returns the exact score of b, whose only empty square is sq.
func (s *searcher) last1(b board.Board, sq board.Square) int {
	s.nodes++
	p := bits.OnesCount64(b.P)
	if n := bits.OnesCount64(b.Flips(sq)); n > 0 {
		return 2*p - 62 + 2*n
	}
	if n := bits.OnesCount64(b.Pass().Flips(sq)); n > 0 {
		return 2*p - 64 - 2*n
	}
	if p > 31 { // 63 discs: no draw
		return 2*p - 62
	}
	return 2*p - 64
}

// searchParity searches b (at most parityEmpties empties) in [alpha,
// beta], trying the squares of odd quadrants first. passed reports that
// the opponent has just passed.
func (s *searcher) searchParity(b board.Board, alpha, beta int, passed bool) int {
	empty := b.Empty()
	if empty&(empty-1) == 0 {
		if empty == 0 {
			return final(b)
		}
		return s.last1(b, board.Square(bits.TrailingZeros64(empty)))
	}
	s.nodes++
	best := -65
	odd := oddQuadrants(empty)
	for _, group := range [2]uint64{odd, empty &^ odd} {
		for group != 0 {
			sq := board.Square(bits.TrailingZeros64(group))
			group &= group - 1
			if neighbourMask[sq]&b.O == 0 {
				continue
			}
			f := b.Flips(sq)
			if f == 0 {
				continue
			}
			v := -s.searchParity(b.PlayFlips(sq, f), -beta, -max(alpha, best), false)
			if v > best {
				best = v
				if v >= beta {
					return v
				}
			}
		}
	}
	if best == -65 { // no move
		if passed {
			return final(b)
		}
		return -s.searchParity(b.Pass(), -beta, -alpha, true)
	}
	return best
}

// move is a legal move with its flips and its ordering value.
type move struct {
	sq    board.Square
	flips uint64
	value int
}

// maxMoves bounds the number of legal moves of a position.
const maxMoves = 34

// orderValue rates a move for fastest-first ordering: the fewer moves the
// opponent has after it (corners count double), the better; a move into
// an odd quadrant and a corner get a small bonus.
func orderValue(next board.Board, sq board.Square, odd uint64) int {
	m := next.Moves()
	v := -16 * (bits.OnesCount64(m) + bits.OnesCount64(m&corners))
	v -= bits.OnesCount64(board.Neighbours(next.O) & next.Empty()) // potential mobility of the opponent
	if odd&(1<<uint(sq)) != 0 {
		v += 4
	}
	if corners&(1<<uint(sq)) != 0 {
		v += 8
	}
	return v
}

// search searches b, with empties empty squares, in [alpha, beta]: the
// result is exact inside the window, an upper bound at or below alpha and
// a lower bound at or above beta. passed reports that the opponent has
// just passed.
func (s *searcher) search(b board.Board, alpha, beta, empties int, passed bool) int {
	if empties <= parityEmpties {
		return s.searchParity(b, alpha, beta, passed)
	}
	s.nodes++
	if empties >= stopCheckEmpties && s.stopped() {
		return 0
	}

	// Stability: the opponent's stable discs bound the score from above.
	if limit := 64 - alpha; bits.OnesCount64(b.O)*2 >= limit {
		if upper := 64 - 2*bits.OnesCount64(b.Pass().StableDiscs()); upper <= alpha {
			return upper
		}
	}

	var hash uint64
	ttMove := board.NoSquare
	useTT := empties > hashEmpties
	if useTT {
		hash = b.Hash()
		if lower, upper, mv, ok := s.tt.probe(b, hash, s.sure); ok {
			if lower >= beta {
				return lower
			}
			if upper <= alpha {
				return upper
			}
			if lower == upper {
				return lower
			}
			alpha, beta = max(alpha, lower), min(beta, upper)
			ttMove = mv
		}
	}

	legal := b.Moves()
	if legal == 0 {
		if passed {
			return final(b)
		}
		return -s.search(b.Pass(), -beta, -alpha, empties, true)
	}

	if s.cuts != nil && empties >= minCutEmpties && beta == alpha+1 {
		if v, ok := s.probCut(b, alpha, beta, empties); ok {
			return v
		}
	}

	var list [maxMoves]move
	n := s.rateMoves(b, legal, empties, ttMove, &list)

	// Enhanced transposition cutoff: a child whose stored upper bound
	// already proves this node above beta.
	if useTT && empties >= etcEmpties {
		for i := 0; i < n; i++ {
			next := b.PlayFlips(list[i].sq, list[i].flips)
			if lower, upper, _, ok := s.tt.probe(next, next.Hash(), s.sure); ok {
				_ = lower
				if -upper >= beta {
					return -upper
				}
			}
		}
	}

	lo := alpha
	best, bestMove := -65, board.NoSquare
	for i := 0; i < n; i++ {
		// Selection sort, one step: the best remaining move to i.
		k := i
		for j := i + 1; j < n; j++ {
			if list[j].value > list[k].value {
				k = j
			}
		}
		list[i], list[k] = list[k], list[i]
		mv := list[i]
		next := b.PlayFlips(mv.sq, mv.flips)
		a := max(alpha, best)
		var v int
		if i == 0 {
			v = -s.search(next, -beta, -a, empties-1, false)
		} else {
			v = -s.search(next, -a-1, -a, empties-1, false)
			if v > a && v < beta {
				v = -s.search(next, -beta, -v, empties-1, false)
			}
		}
		if v > best {
			best, bestMove = v, mv.sq
			if v >= beta {
				break
			}
		}
		if i == 0 && s.pool != nil && empties >= splitEmpties && n > 2 && s.pool.idle.Load() > 0 && !s.stopped() {
			// Young brothers wait: the first move is done and did not
			// cut off; share the others.
			sortMoves(list[1:n])
			best, bestMove = s.split(b, alpha, beta, empties, list[1:n], best, bestMove)
			break
		}
	}
	if empties >= stopCheckEmpties && s.stopped() {
		return 0
	}
	if useTT {
		lower, upper := -64, 64
		switch {
		case best >= beta:
			lower = best
		case best <= lo:
			upper = best
		default:
			lower, upper = best, best
		}
		s.tt.store(b, hash, lower, upper, bestMove, empties, s.sure)
	}
	return best
}

// rateMoves fills list with the moves of legal in b, with their flips
// and their ordering values: ttMove first, then fastest first (orderValue),
// with the evaluation's view where sortDepth allows; it returns how many.
func (s *searcher) rateMoves(b board.Board, legal uint64, empties int, ttMove board.Square, list *[maxMoves]move) int {
	odd := oddQuadrants(b.Empty())
	depth := -1
	if s.eval != nil {
		depth = int(sortDepth[empties])
	}
	if depth >= 0 {
		s.tr.Reset(b)
	}
	n := 0
	for m := legal; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		f := b.Flips(sq)
		v := 1 << 20
		if sq != ttMove {
			next := b.PlayFlips(sq, f)
			v = orderValue(next, sq, odd)
			if depth >= 0 {
				v -= s.sortValue(next, sq, f, depth)
			}
		}
		list[n] = move{sq, f, v}
		n++
	}
	return n
}

// sortValue returns the value of next for its player to move, next being
// the tracker's position after sq (turning over flips), by a depth-ply
// search with the evaluation, in the units of the ordering rating
// (evalWeight a disc).
func (s *searcher) sortValue(next board.Board, sq board.Square, flips uint64, depth int) int {
	s.tr.Play(sq, flips)
	v := s.shallow(next, depth, -1<<30, 1<<30)
	s.tr.Undo()
	return v * evalWeight / s.eval.DiscUnit()
}

// shallow returns the value of b, the tracker's position, for its player
// to move by an alpha-beta search depth plies deep in [alpha, beta] with
// the evaluation at the leaves (exact at the end of the game), for
// ordering. It leaves the tracker where it found it.
func (s *searcher) shallow(b board.Board, depth, alpha, beta int) int {
	m := b.Moves()
	if m == 0 {
		if !b.Pass().HasMoves() {
			return s.eval.Final(final(b))
		}
		if depth <= 0 {
			return s.tr.Evaluate(b)
		}
		s.tr.Pass()
		v := -s.shallow(b.Pass(), depth, -beta, -alpha)
		s.tr.Undo()
		return v
	}
	if depth <= 0 {
		return s.tr.Evaluate(b)
	}
	if depth >= 2 && s.stopped() {
		return 0 // the solve is over: the order no longer matters
	}
	best := -1 << 30
	for ; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		f := b.Flips(sq)
		s.tr.Play(sq, f)
		v := -s.shallow(b.PlayFlips(sq, f), depth-1, -beta, -max(alpha, best))
		s.tr.Undo()
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}
