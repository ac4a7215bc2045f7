// The book: entries keyed by canonical board, lookups and book moves.

package book

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/reversi-engine/reversi/board"
)

// Entry is what the book knows of a position.
type Entry struct {
	// Value is the position's value for the side to move: the final disc
	// margin expected, to a hundredth of a disc.
	Value float64
	// Depth is the depth of the search that the value comes from.
	Depth int
	// Count is the number of games of the source that reached the
	// position.
	Count int
}

// quantize rounds v to the hundredths that the formats hold, within the
// range of a margin.
func quantize(v float64) int16 {
	return int16(math.Round(max(-64, min(64, v)) * 100))
}

// valueText writes a value in discs as the formats and the commands show
// it, signed, to a hundredth: "+1.25", "-3.00", and "+0.00" for any value
// that rounds to zero (never "-0.00").
func valueText(v float64) string {
	h := math.Round(v * 100)
	if h == 0 {
		h = 0 // not -0
	}
	s := strconv.FormatFloat(h/100, 'f', 2, 64)
	if h >= 0 {
		s = "+" + s
	}
	return s
}

// centre is the mask of the four centre squares (D4, E4, D5, E5): every
// game starts with them occupied and no move empties a square.
const centre = 0x0000001818000000

// boardFault says why no game reaches the board b, or returns "" if one
// may: a square of both sides, or a centre square empty (the empty board
// among them). Every format refuses such a board.
func boardFault(b board.Board) string {
	switch {
	case b.P|b.O == 0:
		return "the empty board, which no game reaches"
	case !b.Valid():
		return "squares " + board.FormatSquares(b.P&b.O) + " of both sides"
	case (b.P|b.O)&centre != centre:
		return "centre squares " + board.FormatSquares(centre&^(b.P|b.O)) + " empty, which no game reaches (it starts with them occupied)"
	}
	return ""
}

// normal returns e as the formats store it: value to a hundredth, depth
// within 0..255, count within 0..2^32-1.
func (e Entry) normal() Entry {
	e.Value = float64(quantize(e.Value)) / 100
	e.Depth = max(0, min(255, e.Depth))
	e.Count = max(0, min(maxCount, e.Count))
	return e
}

// maxCount is the largest count the formats store, 2^32-1, or the largest
// int where an int is smaller (32-bit processors).
const maxCount = min(math.MaxUint32, math.MaxInt)

// Book is an opening book, read-only. Its entries stay in their binary
// form and are read in place. The zero Book is empty. A Book is safe for
// use by several goroutines.
type Book struct {
	data []byte // the entries, recordSize bytes each, sorted by key
}

// recordSize is the size of one entry in the binary format.
const recordSize = 24

// Len returns the number of positions of the book.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.data) / recordSize
}

// Depth returns the smallest search depth of the book's entries: how deep
// every value of the book looked at least (0 for an empty book).
func (b *Book) Depth() int {
	d := -1
	for i := range b.Len() {
		if e := b.entry(i); d < 0 || e.Depth < d {
			d = e.Depth
		}
	}
	return max(d, 0)
}

// key returns the canonical board of the entry i.
func (b *Book) key(i int) board.Board {
	r := b.data[i*recordSize:]
	return board.Board{P: binary.LittleEndian.Uint64(r), O: binary.LittleEndian.Uint64(r[8:])}
}

// entry returns the entry i.
func (b *Book) entry(i int) Entry {
	r := b.data[i*recordSize:]
	return Entry{
		Value: float64(int16(binary.LittleEndian.Uint16(r[16:]))) / 100,
		Depth: int(r[18]),
		Count: int(binary.LittleEndian.Uint32(r[20:])),
	}
}

// Lookup returns the entry of a position (side to move first), in
// whatever symmetry the book holds it, and whether the book has it.
func (b *Book) Lookup(pos board.Board) (Entry, bool) {
	n := b.Len()
	if n == 0 {
		return Entry{}, false
	}
	c, _ := pos.Canonical()
	i := sort.Search(n, func(i int) bool { return !less(b.key(i), c) })
	if i < n && b.key(i) == c {
		return b.entry(i), true
	}
	return Entry{}, false
}

// less orders canonical boards as the binary format sorts them.
func less(a, b board.Board) bool { return a.P < b.P || a.P == b.P && a.O < b.O }

// Move is a book move: a legal move that leads to a position of the
// book.
type Move struct {
	Square board.Square
	// Value is the move's value for the side that plays it: the negated
	// value of the position it leads to.
	Value float64
	// Depth and Count are those of the position it leads to.
	Depth int
	Count int
}

// Moves returns the book moves of a position (side to move first) among
// the squares of legal, best first (ties in square order); none if the
// position has no book move. A position with no legal move has none:
// passes are not book moves.
func (b *Book) Moves(pos board.Board, legal uint64) []Move {
	if b.Len() == 0 {
		return nil
	}
	var out []Move
	for m := pos.Moves() & legal; m != 0; m &= m - 1 {
		sq, _ := board.NextSquare(m)
		if e, ok := b.Lookup(pos.Play(sq)); ok {
			v := -e.Value
			if v == 0 {
				v = 0 // not -0, which prints as "-0.00"
			}
			out = append(out, Move{Square: sq, Value: v, Depth: e.Depth, Count: e.Count})
		}
	}
	slices.SortStableFunc(out, func(x, y Move) int { return cmp.Compare(y.Value, x.Value) })
	return out
}

// All calls f with every position of the book (its canonical board) and
// its entry, in the book's order, until f returns false.
func (b *Book) All(f func(board.Board, Entry) bool) {
	for i := range b.Len() {
		if !f(b.key(i), b.entry(i)) {
			return
		}
	}
}

// Set is a book being made: entries by canonical board. The zero Set is
// not ready: make one with make(Set) or NewSet.
type Set map[board.Board]Entry

// NewSet returns an empty set.
func NewSet() Set { return make(Set) }

// Put sets the entry of a position (any of its images), as the formats
// store it (the value to a hundredth, within -64 to +64). The position
// must be one that a game reaches: a book of another (the empty board, a
// centre square empty) is refused when it is read back (Decode).
func (s Set) Put(pos board.Board, e Entry) {
	c, _ := pos.Canonical()
	s[c] = e.normal()
}

// Get returns the entry of a position (any of its images).
func (s Set) Get(pos board.Board) (Entry, bool) {
	c, _ := pos.Canonical()
	e, ok := s[c]
	return e, ok
}

// Book returns the set as a Book.
func (s Set) Book() *Book {
	keys := make([]board.Board, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b board.Board) int {
		if c := cmp.Compare(a.P, b.P); c != 0 {
			return c
		}
		return cmp.Compare(a.O, b.O)
	})
	data := make([]byte, 0, len(keys)*recordSize)
	for _, k := range keys {
		e := s[k].normal()
		data = binary.LittleEndian.AppendUint64(data, k.P)
		data = binary.LittleEndian.AppendUint64(data, k.O)
		data = binary.LittleEndian.AppendUint16(data, uint16(quantize(e.Value)))
		data = append(data, byte(e.Depth), 0)
		data = binary.LittleEndian.AppendUint32(data, uint32(e.Count))
	}
	return &Book{data: data}
}

// Set returns the book's entries as a Set, to change them.
func (b *Book) Set() Set {
	s := make(Set, b.Len())
	b.All(func(k board.Board, e Entry) bool {
		s[k] = e
		return true
	})
	return s
}
