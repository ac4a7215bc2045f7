// The transposition table of the midgame search: a bound, a depth and a
// best move per position, shared by the search threads without locks.

package engine

import (
	"sync/atomic"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/hugepage"
	"github.com/reversi-engine/reversi/internal/memclear"
)

// Bound kinds of a stored value.
const (
	boundLower = 1 // the value is at least the stored one (a cutoff)
	boundUpper = 2 // the value is at most the stored one (all moves failed low)
	boundExact = 3
)

// ttable is a transposition table of four entries a bucket (one cache
// line). An entry is two words: the data and the position's hash xor-ed
// with the data, so that an entry torn by two concurrent writers fails its
// check (lockless hashing).
type ttable struct {
	buckets []ttBucket
	mask    uint64
	age     atomic.Uint32
}

type ttBucket [4]ttEntry

type ttEntry struct {
	check, data atomic.Uint64
}

// The data word: value int32 (bits 0-31), depth uint8 (32-39), move
// int8 (40-47), bound (48-49), selectivity (50-52), age (56-63).
func packTT(value int, depth int, move board.Square, bound int, sel uint8, age uint32) uint64 {
	return uint64(uint32(int32(value))) | uint64(uint8(depth))<<32 | uint64(uint8(move))<<40 |
		uint64(bound)<<48 | uint64(sel&7)<<50 | uint64(uint8(age))<<56
}

type ttData struct {
	value int
	depth int
	move  board.Square
	bound int
	// sel is the selectivity of the search that stored the value (see
	// selectivity): a value cuts only searches at most as sure.
	sel uint8
}

func unpackTT(d uint64) ttData {
	return ttData{
		value: int(int32(uint32(d))),
		depth: int(uint8(d >> 32)),
		move:  board.Square(int8(d >> 40)),
		bound: int(d>>48) & 3,
		sel:   uint8(d>>50) & 7,
	}
}

func newTTable(sizeMB int) *ttable {
	n := uint64(1)
	for n*2*64 <= uint64(sizeMB)<<20 {
		n *= 2
	}
	t := &ttable{buckets: make([]ttBucket, n), mask: n - 1}
	// Huge pages where the system gives them (an error changes nothing):
	// the search probes the table at random.
	_ = hugepage.Advise(t.buckets)
	t.clear() // maps the memory now, not page by page inside the first searches and their clocks
	return t
}

// newSearch ages the table: entries of earlier searches are replaced
// first.
func (t *ttable) newSearch() { t.age.Add(1) }

func (t *ttable) clear() {
	// No search runs (Engine.Clear holds the engine). In pieces that the
	// scheduler can preempt: other games' searches on their clocks go on.
	memclear.Slice(t.buckets)
}

// prefetch asks for the bucket of hash in the caches, for a probe to
// come.
func (t *ttable) prefetch(hash uint64) { prefetch(&t.buckets[hash&t.mask]) }

// probe returns the entry of the position with the given hash.
func (t *ttable) probe(hash uint64) (ttData, bool) {
	bk := &t.buckets[hash&t.mask]
	for i := range bk {
		d := bk[i].data.Load()
		if d != 0 && bk[i].check.Load()^d == hash {
			return unpackTT(d), true
		}
	}
	return ttData{move: board.NoSquare}, false
}

// store records a searched value. It replaces the position's own entry,
// else the entry that is oldest, then shallowest.
func (t *ttable) store(hash uint64, value, depth int, move board.Square, bound int, sel uint8) {
	age := t.age.Load()
	bk := &t.buckets[hash&t.mask]
	victim, worst := 0, 1<<30
	for i := range bk {
		d := bk[i].data.Load()
		if d == 0 || bk[i].check.Load()^d == hash {
			victim = i
			if d != 0 && move == board.NoSquare { // keep the move we knew
				move = unpackTT(d).move
			}
			break
		}
		// Older entries are cheaper to lose; among the same age, shallower.
		cost := int(uint8(d>>32)) - 256*int(uint8(uint32(age)-uint32(uint8(d>>56))))
		if cost < worst {
			victim, worst = i, cost
		}
	}
	d := packTT(value, depth, move, bound, sel, age)
	bk[victim].data.Store(d)
	bk[victim].check.Store(hash ^ d)
}
