// The evaluator and its tracker (hot path).

package pattern

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
)

// shapeOf[i] is the shape of instance i.
var shapeOf = func() (t [NumInstances]uint8) {
	for i, in := range Instances {
		t[i] = uint8(in.Shape)
	}
	return t
}()

// tables are the weights of one phase, in the order the evaluation reads
// them: the tables of the shapes one after the other in flat (shape s
// from shapeOffset[s]), so that the hot loop reads flat at an index
// that already holds its shape's offset (the trackers keep indexes so).
type tables struct {
	bias     int32
	flat     []int16
	mobility [2][MobilitySize]int16
}

// shapeOffset[s] is where the table of shape s starts in tables.flat;
// flatSize is the length of the tables, which flat follows with two zero
// weights (read by the padding lanes of indexes, and by gatherSum's 32-bit
// loads past the last weight).
var shapeOffset, flatSize = func() (off [NumShapes]uint32, n uint32) {
	for s, sh := range Shapes {
		off[s] = n
		n += uint32(sh.Size())
	}
	return off, n
}()

// instOffset[i] is the offset of instance i's shape in tables.flat.
var instOffset = func() (t [NumInstances]uint32) {
	for i := range t {
		t[i] = shapeOffset[shapeOf[i]]
	}
	return t
}()

// flatIndexes computes the indexes of b as the evaluation reads them:
// Indexes plus each instance's offset in tables.flat.
func flatIndexes(b board.Board, idx *indexes) {
	var raw [NumInstances]uint32
	Indexes(b, &raw)
	for i := range idx {
		idx[i] = flatSize // the zero weights past the tables
	}
	for i, x := range raw {
		idx[i] = x + instOffset[i]
	}
}

// numLanes is NumInstances rounded up to a multiple of 8, so that the
// indexes fill whole 256-bit registers.
const numLanes = (NumInstances + 7) &^ 7

// indexes holds the flat index of every instance; the lanes past
// NumInstances hold flatSize, where tables.flat has a zero weight, so that
// a sum over all the lanes (gatherSum) is the sum over the instances.
type indexes [numLanes]uint32

// squarePows[sq][i] is the power of 3 of sq's digit in instance i, 0 if
// the instance does not hold sq: the table of playAVX2, which reads it in
// 256-bit rows.
var squarePows = func() (t [64]indexes) {
	for sq, terms := range squareTerms {
		for _, term := range terms {
			t[sq][term.inst] = term.pow
		}
	}
	return t
}()

// Evaluator evaluates positions with a set of weights. It is safe for
// concurrent use; each search gets its own Tracker.
type Evaluator struct {
	weights *Weights
	// own[p] reads indexes whose digit 1 is the player to move;
	// swapped[p] indexes whose digit 1 is the opponent.
	own, swapped []tables
	// phase[d] is the phase of positions with d discs.
	phase [65]uint8

	checksumOnce sync.Once
	checksum     string
}

// New returns an evaluator with the given weights (which it keeps and
// must not change).
func New(w *Weights) *Evaluator {
	e := &Evaluator{weights: w, own: make([]tables, len(w.Phases)), swapped: make([]tables, len(w.Phases))}
	for d := range e.phase {
		e.phase[d] = uint8(w.PhaseOf(d))
	}
	// swaps[s][i] is swapIndex(i, len(Shapes[s].Squares)), built digit by
	// digit once for all the phases.
	var swaps [NumShapes][]int32
	for s, sh := range Shapes {
		t := make([]int32, sh.Size())
		for i := 1; i < len(t); i++ {
			t[i] = t[i/3]*3 + [3]int32{0, 2, 1}[i%3]
		}
		swaps[s] = t
	}
	for p := range w.Phases {
		ph := &w.Phases[p]
		own, swapped := make([]int16, flatSize+2), make([]int16, flatSize+2)
		for s := range Shapes {
			o, sw := own[shapeOffset[s]:], swapped[shapeOffset[s]:]
			copy(o, ph.Tables[s])
			for i, j := range swaps[s] {
				sw[i] = ph.Tables[s][j]
			}
		}
		for _, side := range []*tables{&e.own[p], &e.swapped[p]} {
			side.bias = int32(ph.Bias)
			side.mobility = ph.Mobility
		}
		e.own[p].flat, e.swapped[p].flat = own, swapped
	}
	return e
}

// Weights returns the evaluator's weights.
func (e *Evaluator) Weights() *Weights { return e.weights }

// Checksum identifies the weights: the SHA-256, in hex, of every weight
// of every phase in order (little-endian int16s), so that data fitted for these weights (the search's
// ProbCut parameters) can say so.
func (e *Evaluator) Checksum() string {
	e.checksumOnce.Do(func() {
		h := sha256.New()
		var buf []byte
		put := func(ws ...int16) {
			buf = buf[:0]
			for _, w := range ws {
				buf = binary.LittleEndian.AppendUint16(buf, uint16(w))
			}
			h.Write(buf)
		}
		for p := range e.weights.Phases {
			ph := &e.weights.Phases[p]
			put(ph.Bias)
			for _, t := range ph.Tables {
				put(t...)
			}
			put(ph.Mobility[0][:]...)
			put(ph.Mobility[1][:]...)
		}
		e.checksum = hex.EncodeToString(h.Sum(nil))
	})
	return e.checksum
}

// Name returns "pattern".
func (e *Evaluator) Name() string { return "pattern" }

// DiscUnit returns Scale: values are in 1/Scale disc.
func (e *Evaluator) DiscUnit() int { return Scale }

// Final returns Scale*score.
func (e *Evaluator) Final(score int) int { return Scale * score }

// Evaluate returns the value of b for its player to move, computing the
// indexes from scratch.
func (e *Evaluator) Evaluate(b board.Board) int {
	var idx indexes
	flatIndexes(b, &idx)
	return e.score(b, &idx, e.own, b.Moves())
}

// score sums the weights of the phase of b for the indexes; moves are
// the legal moves of b.
func (e *Evaluator) score(b board.Board, idx *indexes, side []tables, moves uint64) int {
	t := &side[e.phase[bits.OnesCount64(b.P|b.O)]]
	// Unrolled (the loop's own instructions were a third of it): the
	// compiler checks that there are NumInstances terms.
	var _ [NumInstances - 46]struct{}
	var _ [46 - NumInstances]struct{}
	flat := t.flat
	var v int32
	if useGather {
		v = t.bias + gatherSum(&flat[0], idx)
	} else {
		v = t.bias +
			int32(flat[idx[0]]) + int32(flat[idx[1]]) + int32(flat[idx[2]]) + int32(flat[idx[3]]) +
			int32(flat[idx[4]]) + int32(flat[idx[5]]) + int32(flat[idx[6]]) + int32(flat[idx[7]]) +
			int32(flat[idx[8]]) + int32(flat[idx[9]]) + int32(flat[idx[10]]) + int32(flat[idx[11]]) +
			int32(flat[idx[12]]) + int32(flat[idx[13]]) + int32(flat[idx[14]]) + int32(flat[idx[15]]) +
			int32(flat[idx[16]]) + int32(flat[idx[17]]) + int32(flat[idx[18]]) + int32(flat[idx[19]]) +
			int32(flat[idx[20]]) + int32(flat[idx[21]]) + int32(flat[idx[22]]) + int32(flat[idx[23]]) +
			int32(flat[idx[24]]) + int32(flat[idx[25]]) + int32(flat[idx[26]]) + int32(flat[idx[27]]) +
			int32(flat[idx[28]]) + int32(flat[idx[29]]) + int32(flat[idx[30]]) + int32(flat[idx[31]]) +
			int32(flat[idx[32]]) + int32(flat[idx[33]]) + int32(flat[idx[34]]) + int32(flat[idx[35]]) +
			int32(flat[idx[36]]) + int32(flat[idx[37]]) + int32(flat[idx[38]]) + int32(flat[idx[39]]) +
			int32(flat[idx[40]]) + int32(flat[idx[41]]) + int32(flat[idx[42]]) + int32(flat[idx[43]]) +
			int32(flat[idx[44]]) + int32(flat[idx[45]])
	}
	mp := min(bits.OnesCount64(moves), MobilitySize-1)
	mo := min(bits.OnesCount64(b.Pass().Moves()), MobilitySize-1)
	v += int32(t.mobility[0][mp]) + int32(t.mobility[1][mo])
	return int(v)
}

// NewTracker returns a tracker at b.
func (e *Evaluator) NewTracker(b board.Board) eval.Tracker {
	t := &Tracker{e: e, aToMove: true}
	flatIndexes(b, &t.stack[0])
	return t
}

// maxDepth bounds the moves a tracker can take back.
const maxDepth = 128

// Tracker keeps the indexes of a search's current position, updated
// incrementally (each with its shape's offset in the flat tables). Its indexes are from the side of the player to move at
// its creation (side A); the evaluation reads them with the tables of
// whichever side is to move.
type Tracker struct {
	e       *Evaluator
	aToMove bool
	depth   int
	// stack[depth] holds the indexes of the current position, the slots
	// below them those of the positions on the way to it: Play writes the
	// next slot, Undo only steps back. Every move and pass hands the turn
	// to the other side, so Undo need not save aToMove.
	stack [maxDepth + 1]indexes
}

// Play updates the indexes for the player to move playing sq and turning
// over flips.
func (t *Tracker) Play(sq board.Square, flips uint64) {
	cur, next := &t.stack[t.depth], &t.stack[t.depth+1]
	if useAVX2 {
		_ = squarePows[sq] // a square, or a panic here rather than a wild read there
		playAVX2(cur, next, uint(sq), flips, t.aToMove)
	} else {
		*next = *cur
		playGeneric(next, sq, flips, t.aToMove)
	}
	t.depth++
	t.aToMove = !t.aToMove
}

// playGeneric adds to idx the changes of the player to move playing sq
// and turning over flips: from side A's view (aToMove), sq goes from 0 to
// 1 and the flips from 2 to 1; else sq goes from 0 to 2 and the flips
// from 1 to 2.
func playGeneric(idx *indexes, sq board.Square, flips uint64, aToMove bool) {
	placed, flip := uint32(1), int32(-1)
	if !aToMove {
		placed, flip = 2, 1
	}
	for _, term := range squareTerms[sq] {
		idx[term.inst] += placed * term.pow
	}
	for f := flips; f != 0; f &= f - 1 {
		for _, term := range squareTerms[bitIndex(f)] {
			idx[term.inst] = uint32(int32(idx[term.inst]) + flip*int32(term.pow))
		}
	}
}

// Pass hands the move to the other side.
func (t *Tracker) Pass() {
	t.stack[t.depth+1] = t.stack[t.depth]
	t.depth++
	t.aToMove = !t.aToMove
}

// Undo goes back to the position before the last Play or Pass.
func (t *Tracker) Undo() {
	t.depth--
	t.aToMove = !t.aToMove
}

// Reset moves the tracker to b, forgetting its path.
func (t *Tracker) Reset(b board.Board) {
	flatIndexes(b, &t.stack[0])
	t.aToMove, t.depth = true, 0
}

// Evaluate returns the value of b, the tracker's current position.
func (t *Tracker) Evaluate(b board.Board) int {
	side := t.e.own
	if !t.aToMove {
		side = t.e.swapped
	}
	return t.e.score(b, &t.stack[t.depth], side, b.Moves())
}

// EvaluateMoves is Evaluate for a caller that has the legal moves of b
// (b.Moves()): the search, which saves computing them again.
func (t *Tracker) EvaluateMoves(b board.Board, moves uint64) int {
	side := t.e.own
	if !t.aToMove {
		side = t.e.swapped
	}
	return t.e.score(b, &t.stack[t.depth], side, moves)
}

// Indexes returns the tracker's indexes as Indexes would compute them for
// the current position from the side of the player to move (for tests).
func (t *Tracker) Indexes() [NumInstances]uint32 {
	var out [NumInstances]uint32
	for i := range out {
		out[i] = t.stack[t.depth][i] - instOffset[i]
		if !t.aToMove {
			out[i] = uint32(swapIndex(int(out[i]), len(Instances[i].Squares)))
		}
	}
	return out
}

// Implementation names the code of the tracker and the evaluation in use:
// "avx2+gather" (the update and the sum with AVX2, see
// cpufeature.FastGather), "avx2" (the update with AVX2, the weights read
// one by one) or "generic".
func Implementation() string {
	switch {
	case useGather:
		return "avx2+gather"
	case useAVX2:
		return "avx2"
	}
	return "generic"
}
