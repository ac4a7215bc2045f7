// Reading the books of Edax (its binary .dat format), so that their
// users can play from them.

package book

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/reversi-engine/reversi/board"
)

// EdaxMagic opens every Edax book: "EDAX" and "BOOK" as little-endian
// 32-bit words.
const EdaxMagic = "XADEKOOB"

// edaxVersion is the version of the Edax book format that ReadEdax
// reads (Edax 4.x).
const edaxVersion = 4

// edaxHeaderRest is the part of the header after the magic, the version
// and the release: the date (8 bytes), the options (5 int32) and the
// number of positions (int32).
const edaxHeaderRest = 8 + 5*4 + 4

// maxEdaxPositions bounds the positions of an Edax book that ReadEdax
// reads (the largest published books have a few tens of millions).
const maxEdaxPositions = 1 << 26

// ReadEdax reads a book in Edax's binary format (.dat): for each of its
// positions, the value, the level of the search (as the depth) and the
// games counted (wins, draws and losses); the best move that Edax keeps
// outside its links (its "leaf") adds the position it leads to, worth
// the move's negated score, when the book does not have it. A book that
// holds more or fewer positions than its header announces (none
// included), a position that no game reaches (see Decode), or a position
// twice (the same up to symmetry: the error names both records), is
// refused. An error says what is wrong and where; nothing is returned
// with it.
func ReadEdax(r io.Reader) (Set, error) {
	br := bufio.NewReader(r)
	head := make([]byte, len(EdaxMagic)+2+edaxHeaderRest)
	if _, err := io.ReadFull(br, head); err != nil {
		return nil, fmt.Errorf("edax book: header: %w", noEOF(err))
	}
	if string(head[:8]) != EdaxMagic {
		return nil, errors.New("edax book: not an Edax book (no XADEKOOB at the start)")
	}
	if head[8] != edaxVersion {
		return nil, fmt.Errorf("edax book: format version %d, want %d", head[8], edaxVersion)
	}
	n := int64(int32(binary.LittleEndian.Uint32(head[len(head)-4:])))
	if n < 0 || n > maxEdaxPositions {
		return nil, fmt.Errorf("edax book: %d positions announced, want 0 to %d", n, maxEdaxPositions)
	}
	s := NewSet()
	type leaf struct {
		child board.Board
		value float64
		depth int
	}
	var leaves []leaf
	var order []board.Board // the canonical board of each record, to name the first of a position given twice
	fixed := make([]byte, 16+16+6+2)
	i := 0 // the positions read
	for ; ; i++ {
		if _, err := io.ReadFull(br, fixed); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("edax book: position %d: %w", i+1, noEOF(err))
		}
		if int64(i) >= n {
			return nil, fmt.Errorf("edax book: more positions than the %d announced", n)
		}
		b := board.Board{P: binary.LittleEndian.Uint64(fixed), O: binary.LittleEndian.Uint64(fixed[8:])}
		games := uint64(0)
		for k := range 3 { // wins, draws, losses; the fourth count is of unfinished lines
			games += uint64(binary.LittleEndian.Uint32(fixed[16+4*k:]))
		}
		value := int16(binary.LittleEndian.Uint16(fixed[32:]))
		nLinks, level := int(fixed[38]), int(fixed[39])
		links := make([]byte, 2*nLinks+2) // the links, then the leaf: score, move
		if _, err := io.ReadFull(br, links); err != nil {
			return nil, fmt.Errorf("edax book: position %d: %w", i+1, noEOF(err))
		}
		switch fault := boardFault(b); {
		case fault != "":
			return nil, fmt.Errorf("edax book: position %d: %s", i+1, fault)
		case value < -64 || value > 64:
			return nil, fmt.Errorf("edax book: position %d: value %d, not a disc margin", i+1, value)
		}
		c, _ := b.Canonical()
		if _, ok := s[c]; ok {
			return nil, fmt.Errorf("edax book: position %d is position %d again (the same up to symmetry), %s: a book holds each position once",
				i+1, slices.Index(order, c)+1, positionText(c))
		}
		order = append(order, c)
		s.Put(b, Entry{Value: float64(value), Depth: level, Count: int(min(games, math.MaxUint32))})
		score, move := int8(links[2*nLinks]), board.Square(links[2*nLinks+1])
		if move.OnBoard() && b.IsLegal(move) && score >= -64 && score <= 64 {
			leaves = append(leaves, leaf{child: b.Play(move), value: -float64(score), depth: level})
		}
	}
	switch {
	case n == 0:
		return nil, errors.New("edax book: no positions (the header announces 0)")
	case int64(i) < n:
		return nil, fmt.Errorf("edax book: the header announces %d positions, the file holds %d (truncated)", n, i)
	}
	for _, l := range leaves {
		if _, ok := s.Get(l.child); !ok {
			s.Put(l.child, Entry{Value: l.value, Depth: l.depth})
		}
	}
	return s, nil
}

// IsEdax reports whether data starts as an Edax book does.
func IsEdax(data []byte) bool { return bytes.HasPrefix(data, []byte(EdaxMagic)) }

// noEOF turns the end of the input in the middle of a record into an
// error that says so.
func noEOF(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errors.New("the file ends in the middle (truncated)")
	}
	return err
}
