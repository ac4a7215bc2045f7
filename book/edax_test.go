package book

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// edaxRecord is one position of an Edax book.
type edaxRecord struct {
	b                  board.Board
	wins, draws, loses uint32
	value              int16
	level              uint8
	links              [][2]byte // score, move
	leaf               [2]byte
}

// edaxBook writes an Edax book of the records, as Edax 4 saves one.
func edaxBook(records ...edaxRecord) []byte {
	var w bytes.Buffer
	w.WriteString(EdaxMagic)
	w.Write([]byte{4, 4})
	w.Write(make([]byte, 8))                                         // date
	binary.Write(&w, binary.LittleEndian, [5]int32{21, 24, 2, 1, 0}) // options
	binary.Write(&w, binary.LittleEndian, int32(len(records)))
	for _, r := range records {
		binary.Write(&w, binary.LittleEndian, [2]uint64{r.b.P, r.b.O})
		binary.Write(&w, binary.LittleEndian, [4]uint32{r.wins, r.draws, r.loses, 0})
		binary.Write(&w, binary.LittleEndian, [3]int16{r.value, r.value - 1, r.value + 1})
		w.Write([]byte{byte(len(r.links)), r.level})
		for _, l := range r.links {
			w.Write(l[:])
		}
		w.Write(r.leaf[:])
	}
	return w.Bytes()
}

func TestReadEdax(t *testing.T) {
	f5, _ := game.ParseTranscript("f5")
	f5d6, _ := game.ParseTranscript("f5d6")
	f6 := board.MustParseSquare("f6")
	score := int8(-3)
	data := edaxBook(
		// The start, as Edax keeps it (any image): one link, f5.
		edaxRecord{b: board.StartBoard(), wins: 5, draws: 1, loses: 4, value: 0, level: 20, links: [][2]byte{{0, byte(board.MustParseSquare("f5"))}}, leaf: [2]byte{0, 65}},
		// After f5, turned: its link d6 and its leaf f6 (turned too).
		edaxRecord{b: board.Symmetry(3).Apply(f5.Position().Board), value: 0, level: 20, links: [][2]byte{{0, byte(board.Symmetry(3).ApplySquare(board.MustParseSquare("d6")))}}, leaf: [2]byte{byte(score), byte(board.Symmetry(3).ApplySquare(f6))}},
		edaxRecord{b: f5d6.Position().Board, value: 0, level: 18, leaf: [2]byte{0, 65}},
	)
	if !IsEdax(data) {
		t.Fatal("not recognised")
	}
	s, err := ReadEdax(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := s.Book()
	if b.Len() != 4 {
		t.Errorf("%d positions, want 4 (three and the leaf's)", b.Len())
	}
	if e, ok := b.Lookup(board.StartBoard()); !ok || e != (Entry{Value: 0, Depth: 20, Count: 10}) {
		t.Errorf("the start: %+v %v", e, ok)
	}
	moves := b.Moves(f5.Position().Board, ^uint64(0))
	if len(moves) != 2 || moves[0].Square != board.MustParseSquare("d6") || moves[1].Square != f6 || moves[1].Value != float64(score) {
		t.Errorf("book moves after f5: %+v", moves)
	}

}

// TestReadEdaxRefuses: an Edax book that is not whole (cut in a record or
// at a record's end, so that it holds fewer positions than its header
// announces), holds more, holds none, holds a position no game reaches,
// or holds a position twice (f5 and d3: the error names both records),
// is refused with an error that says so.
func TestReadEdaxRefuses(t *testing.T) {
	start := edaxRecord{b: board.StartBoard(), wins: 1, level: 20, links: [][2]byte{{0, byte(board.MustParseSquare("f5"))}}, leaf: [2]byte{0, 65}}
	f5, _ := game.ParseTranscript("f5")
	last := edaxRecord{b: f5.Position().Board, level: 18, leaf: [2]byte{0, 65}} // 42 bytes
	data := edaxBook(start, last)
	announces := func(d []byte, n int32) []byte {
		d = bytes.Clone(d)
		binary.LittleEndian.PutUint32(d[38:], uint32(n))
		return d
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string // "" if the book is good
	}{
		{"whole", data, ""},
		{"empty", nil, "header: the file ends in the middle"},
		{"magic", append([]byte("XADEBOOK"), data[8:]...), "not an Edax book"},
		{"version", append(append([]byte(EdaxMagic), 3), data[9:]...), "format version 3"},
		{"cut in a record", data[:len(data)-1], "position 2: the file ends in the middle"},
		{"cut at a record's end", data[:len(data)-42], "the header announces 2 positions, the file holds 1"},
		{"header alone", data[:42], "the header announces 2 positions, the file holds 0"},
		{"one more announced", announces(data, 3), "the header announces 3 positions, the file holds 2"},
		{"too many", announces(data, 1), "more positions than the 1 announced"},
		{"none", edaxBook(), "no positions"},
		{"empty board", edaxBook(edaxRecord{leaf: [2]byte{0, 65}}), "position 1: the empty board"},
		{"overlapping", edaxBook(edaxRecord{b: board.Board{P: 0x0000001818000000, O: 0x0000000800000000}, leaf: [2]byte{0, 65}}), "position 1: squares D5 of both sides"},
		{"value", edaxBook(edaxRecord{b: board.StartBoard(), value: 65, leaf: [2]byte{0, 65}}), "position 1: value 65"},
		{"twice", edaxBook(start, last, edaxRecord{b: board.Symmetry(3).Apply(last.b), level: 18, leaf: [2]byte{0, 65}}),
			"position 3 is position 2 again (the same up to symmetry)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadEdax(bytes.NewReader(tc.data))
			if tc.want == "" {
				if err != nil || len(s) != 2 {
					t.Fatalf("%d positions, %v; want 2", len(s), err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), "edax book: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
