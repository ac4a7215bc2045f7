// The endgame transposition table: bounds of exact scores, shared by the
// goroutines of one solve without locks.

package endgame

import (
	"sync/atomic"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/hugepage"
	"github.com/reversi-engine/reversi/internal/memclear"
)

// table is a transposition table of score bounds, two entries a bucket.
// Goroutines read and write it concurrently without locks: each entry is
// three words written and read atomically, and the board words are stored
// xor-ed with the data word, so an entry torn by two writers fails its
// check and is ignored (the lockless hashing of Hyatt and Mann).
type table struct {
	buckets []bucket
	mask    uint64
}

type bucket [2]entry

type entry struct {
	p, o, data atomic.Uint64
}

// The data word: lower bound (int8), upper bound (int8), best move
// (uint8), empties (uint8), and how sure the bounds are (uint8: the
// probability in percent of the cuts of the solve that found them, 100
// for an exact solve), in its five low bytes.
func packData(lower, upper int, move board.Square, empties int, sure uint8) uint64 {
	return uint64(uint8(int8(lower))) | uint64(uint8(int8(upper)))<<8 | uint64(uint8(move))<<16 | uint64(uint8(empties))<<24 | uint64(sure)<<32
}

func unpackData(d uint64) (lower, upper int, move board.Square, empties int, sure uint8) {
	return int(int8(d)), int(int8(d >> 8)), board.Square(int8(d >> 16)), int(uint8(d >> 24)), uint8(d >> 32)
}

// exactSure is the sureness of an exact solve's bounds.
const exactSure = 100

// newTable returns a table of about sizeMB megabytes (at least one
// bucket), a power of two buckets. Its memory is written once here, so
// that the operating system maps it now rather than page by page during
// the first solves (which made them up to three times slower, and their
// timings vary from run to run).
func newTable(sizeMB int) *table {
	n := uint64(1)
	for n*2*uint64(48) <= uint64(sizeMB)<<20 {
		n *= 2
	}
	t := &table{buckets: make([]bucket, n), mask: n - 1}
	// Huge pages where the system gives them (an error changes nothing).
	_ = hugepage.Advise(t.buckets)
	t.clear()
	return t
}

// clear empties the table.
func (t *table) clear() {
	// Between solves only (Solver.Clear). In pieces that the scheduler
	// can preempt: other games' searches on their clocks go on.
	memclear.Slice(t.buckets)
}

// probe returns the bounds and best move stored for b, if any. Bounds
// less sure than sure (found by a solve with cuts of a lower
// probability) are not returned: the bounds are then -64 and 64, and
// the move only orders.
func (t *table) probe(b board.Board, hash uint64, sure uint8) (lower, upper int, move board.Square, ok bool) {
	bk := &t.buckets[hash&t.mask]
	for i := range bk {
		e := &bk[i]
		d := e.data.Load()
		if e.p.Load()^d == b.P && e.o.Load()^d == b.O && d != 0 {
			lower, upper, move, _, s := unpackData(d)
			if s < sure {
				lower, upper = -64, 64
			}
			return lower, upper, move, true
		}
	}
	return 0, 0, board.NoSquare, false
}

// store records that the score of b lies in [lower, upper], with its best
// move, found with empties empty squares by a solve of sureness sure. It replaces the entry of the
// same board, else the entry of fewer empties.
func (t *table) store(b board.Board, hash uint64, lower, upper int, move board.Square, empties int, sure uint8) {
	bk := &t.buckets[hash&t.mask]
	d := packData(lower, upper, move, empties, sure)
	victim := &bk[0]
	for i := range bk {
		e := &bk[i]
		old := e.data.Load()
		if e.p.Load()^old == b.P && e.o.Load()^old == b.O {
			victim = e
			break
		}
		if _, _, _, ve, _ := unpackData(victim.data.Load()); int(uint8(old>>24)) < ve {
			victim = e
		}
	}
	victim.data.Store(d)
	victim.p.Store(b.P ^ d)
	victim.o.Store(b.O ^ d)
}
