package book

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// testGames are a handful of games' openings.
var testGames = []string{
	"f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6",
	"f5d6c3d3c4f4f6f3e6e7d7c6",
	"f5d6c5f4e3c6d3f6e6d7g3c4",
	"f5f6e6f4e3c5c4d3c3",
	"c4e3f6e6f5c5f4g6f7d3",
	"d3c5f6f5e6e3c3d2f4f3",
	"f5d6c3d3c4b3",
	"e6f4c3c4d3d6e3c2b3f5",
}

func parseGames(t *testing.T) []*game.Game {
	t.Helper()
	var out []*game.Game
	for _, tr := range testGames {
		g, err := game.ParseTranscript(tr)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// fakeSearch values a position by its mobility, quickly and the same in
// every symmetry, and counts its calls.
func fakeSearch(calls *int) func(context.Context, board.Board) (float64, int, error) {
	return func(_ context.Context, b board.Board) (float64, int, error) {
		*calls++
		return float64(b.Mobility()-b.Pass().Mobility()) + 0.25, 3, nil
	}
}

func build(t *testing.T, work string, shard, shards int, search func(context.Context, board.Board) (float64, int, error)) (*Book, Stats, error) {
	t.Helper()
	return Build(context.Background(), parseGames(t), BuildOptions{
		Plies: 10, MinGames: 2, Shard: shard, Shards: shards, Work: work, Params: "fake", Search: search,
	})
}

func TestBuildResumeAndShards(t *testing.T) {
	calls := 0
	one, st, err := build(t, t.TempDir(), 0, 1, fakeSearch(&calls))
	if err != nil || one == nil {
		t.Fatalf("one run: %v, %+v", err, st)
	}
	if st.Positions != one.Len() || st.Searched != st.Positions || calls != st.Positions || st.Missing != 0 {
		t.Errorf("stats %+v, book of %d, %d searches", st, one.Len(), calls)
	}
	// The start, the four first moves (one position), f5d6 and f5f6 ...
	if st.Positions < 8 || st.Plies > 10 {
		t.Errorf("stats %+v", st)
	}

	t.Run("resume", func(t *testing.T) {
		work := t.TempDir()
		n := 0
		stop := errors.New("killed")
		_, _, err := build(t, work, 0, 1, func(ctx context.Context, b board.Board) (float64, int, error) {
			if n == 4 {
				return 0, 0, stop
			}
			return fakeSearch(&n)(ctx, b)
		})
		if !errors.Is(err, stop) {
			t.Fatalf("interrupted run: %v", err)
		}
		// A line cut short by the interruption.
		f, err := os.OpenFile(filepath.Join(work, "values-0-of-1.txt"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("---------------------------OX---")
		f.Close()
		calls := 0
		again, st, err := build(t, work, 0, 1, fakeSearch(&calls))
		if err != nil || again == nil {
			t.Fatalf("resumed: %v", err)
		}
		if calls != st.Positions-4 || st.Searched != calls {
			t.Errorf("resumed run searched %d of %d positions (%+v), want all but the 4 saved", calls, st.Positions, st)
		}
		if !bytes.Equal(again.Bytes(), one.Bytes()) {
			t.Error("the resumed build differs from one run")
		}
	})

	t.Run("shards", func(t *testing.T) {
		work := t.TempDir()
		total := 0
		for i := range 3 {
			calls := 0
			b, st, err := build(t, filepath.Join(work, "m"+string(rune('0'+i))), i, 3, fakeSearch(&calls))
			if err != nil || b != nil || st.Missing == 0 || calls != st.Mine {
				t.Fatalf("shard %d: %v, %v, %+v, %d searches", i, err, b, st, calls)
			}
			total += calls
			// Gather the shard's file in one folder, as a merge does.
			name := "values-" + string(rune('0'+i)) + "-of-3.txt"
			data, err := os.ReadFile(filepath.Join(work, "m"+string(rune('0'+i)), name))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(work, name), data, 0o644)
		}
		calls := 0
		merged, st, err := build(t, work, 0, 1, fakeSearch(&calls))
		if err != nil || merged == nil || calls != 0 || total != st.Positions {
			t.Fatalf("merge: %v, %d searches, shards searched %d of %d", err, calls, total, st.Positions)
		}
		if !bytes.Equal(merged.Bytes(), one.Bytes()) {
			t.Error("the shards merged differ from one run")
		}
	})

	t.Run("another build's folder", func(t *testing.T) {
		work := t.TempDir()
		calls := 0
		if _, _, err := build(t, work, 0, 1, fakeSearch(&calls)); err != nil {
			t.Fatal(err)
		}
		_, _, err := Build(context.Background(), parseGames(t), BuildOptions{Plies: 8, MinGames: 2, Work: work, Params: "fake", Search: fakeSearch(&calls)})
		if err == nil || !strings.Contains(err.Error(), "other settings") {
			t.Errorf("a folder of other options: %v", err)
		}
	})
}

func TestBuildRefusesBadOptions(t *testing.T) {
	calls := 0
	for _, o := range []BuildOptions{
		{Plies: -1, Work: t.TempDir(), Search: fakeSearch(&calls)},
		{Plies: 4, Shard: 3, Shards: 3, Work: t.TempDir(), Search: fakeSearch(&calls)},
		{Plies: 4, Search: fakeSearch(&calls)},
		{Plies: 4, Work: t.TempDir()},
	} {
		if _, _, err := Build(context.Background(), nil, o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

// TestBuildCountsOwnSearch: a built book keeps a position's own search
// when it is worth more than its book replies (a better move no game
// played), as NegamaxSearched does; with Negamax the start below would
// be worth its one book line.
func TestBuildCountsOwnSearch(t *testing.T) {
	start := board.StartBoard()
	f5 := start.Play(board.MustParseSquare("f5"))
	line, _ := f5.Play(board.MustParseSquare("d6")).Canonical()
	values := map[board.Board]float64{}
	for b, v := range map[board.Board]float64{start: 3, f5: 2, line: 5} {
		c, _ := b.Canonical()
		values[c] = v
	}
	search := func(_ context.Context, b board.Board) (float64, int, error) {
		c, _ := b.Canonical()
		v, ok := values[c]
		if !ok {
			return 0, 0, errors.New("searched a position out of the games")
		}
		return v, 6, nil
	}
	var games []*game.Game
	for range 2 {
		g, err := game.ParseTranscript("f5d6")
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	b, _, err := Build(context.Background(), games, BuildOptions{Plies: 2, MinGames: 2, Work: t.TempDir(), Params: "fake", Search: search})
	if err != nil || b == nil {
		t.Fatalf("build: %v", err)
	}
	for _, c := range []struct {
		what string
		pos  board.Board
		want float64
	}{
		{"the line's end", line, 5},
		{"after f5 (its reply d6 worth -5, its own search 2)", f5, 2},
		{"the start (f5 worth -2, its own search 3)", start, 3},
	} {
		if e, ok := b.Lookup(c.pos); !ok || e.Value != c.want {
			t.Errorf("%s: %+v (found %v), want %v", c.what, e, ok, c.want)
		}
	}
}

func TestNegamax(t *testing.T) {
	start := board.StartBoard()
	f5 := start.Play(board.MustParseSquare("f5"))
	d6 := f5.Play(board.MustParseSquare("d6"))
	f6 := f5.Play(board.MustParseSquare("f6"))
	s := NewSet()
	s.Put(start, Entry{Value: 9, Depth: 5, Count: 10})
	s.Put(f5, Entry{Value: 9, Depth: 5, Count: 10})
	s.Put(d6, Entry{Value: 1.5, Depth: 7, Count: 6})
	s.Put(f6, Entry{Value: -2, Depth: 8, Count: 4})
	n := Negamax(s)
	want := map[board.Board]Entry{
		d6:    {Value: 1.5, Depth: 7, Count: 6},
		f6:    {Value: -2, Depth: 8, Count: 4},
		f5:    {Value: 2, Depth: 8, Count: 10},  // -(-2) beats -(1.5)
		start: {Value: -2, Depth: 8, Count: 10}, // f5 (and its images) is worth 2 to the opponent
	}
	for b, w := range want {
		if got, _ := n.Get(b); got != w {
			t.Errorf("%s: %+v, want %+v", positionText(b), got, w)
		}
	}
}

// TestNegamaxSearched: with the positions' own searches among the
// candidates, a position whose own search found better than its book
// moves keeps its own value (and depth); one whose book moves are better
// takes theirs.
func TestNegamaxSearched(t *testing.T) {
	start := board.StartBoard()
	f5 := start.Play(board.MustParseSquare("f5"))
	d6 := f5.Play(board.MustParseSquare("d6"))
	f6 := f5.Play(board.MustParseSquare("f6"))
	s := NewSet()
	s.Put(start, Entry{Value: 0, Depth: 5, Count: 10})
	s.Put(f5, Entry{Value: 1, Depth: 5, Count: 10})
	s.Put(d6, Entry{Value: 1.5, Depth: 7, Count: 6})
	s.Put(f6, Entry{Value: -2, Depth: 8, Count: 4})
	n := NegamaxSearched(s)
	want := map[board.Board]Entry{
		d6:    {Value: 1.5, Depth: 7, Count: 6},
		f6:    {Value: -2, Depth: 8, Count: 4},
		f5:    {Value: 2, Depth: 8, Count: 10}, // f6's 2 beats its own search's 1
		start: {Value: 0, Depth: 5, Count: 10}, // its own search (a move out of the book) beats f5's -2
	}
	for b, w := range want {
		if got, _ := n.Get(b); got != w {
			t.Errorf("%s: %+v, want %+v", positionText(b), got, w)
		}
	}
	if got, _ := Negamax(s).Get(start); got.Value != -2 {
		t.Errorf("Negamax: the start is worth %v, want -2 (its book move alone)", got.Value)
	}
}

func TestLookupUnderSymmetries(t *testing.T) {
	g, _ := game.ParseTranscript("f5d6c3d3c4")
	s := NewSet()
	s.Put(g.Position().Board, Entry{Value: -1.234, Depth: 12, Count: 77})
	b := s.Book()
	for sym := board.Symmetry(0); sym < board.Symmetries; sym++ {
		e, ok := b.Lookup(sym.Apply(g.Position().Board))
		if !ok || e != (Entry{Value: -1.23, Depth: 12, Count: 77}) {
			t.Errorf("symmetry %d: %+v, %v", sym, e, ok)
		}
	}
	if _, ok := b.Lookup(board.StartBoard()); ok {
		t.Error("the start is not in the book")
	}
	// The book moves of the Tiger's parent, from d3 c5 f6 f5 (the same
	// position turned): e6 leads to the Tiger, worth 1.23 to its player.
	h, _ := game.ParseTranscript("d3c5f6f5")
	moves := b.Moves(h.Position().Board, ^uint64(0))
	if len(moves) != 1 || moves[0].Square != board.MustParseSquare("e6") || moves[0].Value != 1.23 || moves[0].Count != 77 {
		t.Errorf("book moves %+v", moves)
	}
	if m := b.Moves(h.Position().Board, 0); len(m) != 0 {
		t.Errorf("moves outside legal: %+v", m)
	}
	var empty *Book
	if _, ok := empty.Lookup(board.StartBoard()); ok || empty.Len() != 0 || empty.Moves(board.StartBoard(), ^uint64(0)) != nil {
		t.Error("a nil book is not empty")
	}
}

func sampleBook() *Book {
	s := NewSet()
	g, _ := game.ParseTranscript("f5d6c3d3c4f4")
	for i := range g.Moves {
		s.Put(g.PositionAt(i).Board, Entry{Value: float64(i) - 2.5, Depth: i, Count: 100 - i})
	}
	return s.Book()
}

func TestBinaryRoundTripAndCorruption(t *testing.T) {
	b := sampleBook()
	data := b.Bytes()
	got, err := Decode(data)
	if err != nil || !bytes.Equal(got.Bytes(), data) || got.Len() != b.Len() {
		t.Fatalf("round trip: %v", err)
	}
	corrupt := func(f func(d []byte) []byte) []byte { return f(bytes.Clone(data)) }
	for name, d := range map[string][]byte{
		"empty":     {},
		"short":     data[:20],
		"magic":     corrupt(func(d []byte) []byte { d[0] = 'X'; return d }),
		"version":   corrupt(func(d []byte) []byte { d[8] = 9; return d }),
		"count":     corrupt(func(d []byte) []byte { d[12]++; return d }),
		"truncated": data[:len(data)-1],
		"checksum":  corrupt(func(d []byte) []byte { d[len(d)-1] ^= 1; return d }),
		"text":      []byte("# reversi opening book, text format 1\n"),
	} {
		if _, err := Decode(d); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "b.bin")
	if err := WriteFile(path, data); err != nil {
		t.Fatal(err)
	}
	if r, err := ReadFile(path); err != nil || r.Len() != b.Len() {
		t.Fatalf("ReadFile: %v", err)
	}
	os.WriteFile(path, data[:len(data)-5], 0o644)
	if _, err := ReadFile(path); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) {
		t.Errorf("a damaged file: %v", err)
	}
	if err := WriteFile(filepath.Join(dir, "no", "such", "b.bin"), data); err == nil {
		t.Error("wrote into a missing folder")
	}
	if names, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(names) != 0 {
		t.Errorf("temporary files left: %v", names)
	}
}

func TestTextRoundTripAndBadInput(t *testing.T) {
	b := sampleBook()
	var buf bytes.Buffer
	if err := b.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	s, err := ReadText(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.Book().Bytes(), b.Bytes()) {
		t.Error("text round trip changed the book")
	}
	start := "---------------------------OX------XO--------------------------- X"
	for _, bad := range []string{
		start + " 1.0 5",
		start + " x 5 3",
		start + " 65 5 3",
		start + " 1 256 3",
		start + " 1 5 -3",
		"---------------------------OX------XO----------------- X 1 5 3",
	} {
		if _, err := ReadText(strings.NewReader("# ok\n\n" + bad + "\n")); err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	// White to move and any image: the same position.
	s, err = ReadText(strings.NewReader("---------------------------XO------OX--------------------------- O -0.5 4 2\n"))
	if e, ok := s.Get(board.StartBoard()); err != nil || !ok || e.Value != -0.5 {
		t.Errorf("white to move: %v %+v %v", err, e, ok)
	}
}

func TestShipped(t *testing.T) {
	b, err := Shipped()
	if errors.Is(err, ErrNoBook) {
		t.Skip("no book shipped")
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Moves(board.StartBoard(), ^uint64(0))) != 4 {
		t.Error("the shipped book has no first moves")
	}
}

// record returns an entry of the binary format as it is stored, with
// whatever values it is given.
func record(b board.Board, value int16, depth, reserved byte, count uint32) []byte {
	r := make([]byte, 0, recordSize)
	r = binary.LittleEndian.AppendUint64(r, b.P)
	r = binary.LittleEndian.AppendUint64(r, b.O)
	r = binary.LittleEndian.AppendUint16(r, uint16(value))
	r = append(r, depth, reserved)
	return binary.LittleEndian.AppendUint32(r, count)
}

// TestDecodeRefusesBadEntries: an entry that no book holds (a board no
// game reaches or not canonical, a value beyond ±64 discs, a reserved
// byte not 0) is refused under a right checksum, as the text format
// refuses it, with an error that names the entry and its fault; the
// extreme values are kept.
func TestDecodeRefusesBadEntries(t *testing.T) {
	start, _ := board.StartBoard().Canonical()
	f5, _ := board.StartBoard().Play(board.MustParseSquare("f5")).Canonical()
	ok := record(start, 150, 10, 0, 3)
	reversed := [][]byte{record(f5, 0, 10, 0, 3), ok} // the two in the wrong order
	if less(f5, start) {
		reversed[0], reversed[1] = reversed[1], reversed[0]
	}
	for _, tc := range []struct {
		name    string
		entries [][]byte
		want    string // "" if the book is good
	}{
		{"good", [][]byte{ok}, ""},
		{"value +64", [][]byte{record(start, 6400, 10, 0, 3)}, ""},
		{"value -64", [][]byte{record(start, -6400, 10, 0, 3)}, ""},
		{"not canonical", [][]byte{record(board.Symmetry(3).Apply(f5), 0, 10, 0, 3)}, "entry 0: board not in canonical form"},
		{"overlapping", [][]byte{record(board.Board{P: 1, O: 1}, 0, 10, 0, 3)}, "entry 0: squares A1 of both sides"},
		{"empty board", [][]byte{record(board.Board{}, 0, 10, 0, 3)}, "entry 0: the empty board, which no game reaches"},
		{"centre square empty", [][]byte{record(board.Board{P: 0x0000000810000000, O: 0x0000001000000000}, 0, 10, 0, 3)}, "entry 0: centre squares D4 empty"},
		{"value 32000", [][]byte{record(start, 32000, 10, 0, 3)}, "entry 0: value +320.00 discs (32000 hundredths), outside -64 to +64"},
		{"value -64.01", [][]byte{record(start, -6401, 10, 0, 3)}, "entry 0: value -64.01 discs"},
		{"value +64.01", [][]byte{record(start, 6401, 10, 0, 3)}, "entry 0: value +64.01 discs"},
		{"reserved byte", [][]byte{record(start, 0, 10, 7, 3)}, "entry 0: reserved byte 7, want 0"},
		{"second entry", [][]byte{ok, record(f5, 32000, 10, 0, 3)}, "entry 1: value +320.00"},
		{"out of order", reversed, "entries 0 and 1 out of order"},
		{"twice", [][]byte{ok, ok}, "entries 0 and 1 out of order"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var data []byte
			for _, e := range tc.entries {
				data = append(data, e...)
			}
			b, err := Decode((&Book{data: data}).Bytes()) // a right header and checksum
			if tc.want == "" {
				if err != nil || b.Len() != len(tc.entries) {
					t.Fatalf("refused a good book: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want ErrCorrupt and %q", err, tc.want)
			}
		})
	}
}

func TestDepth(t *testing.T) {
	if d := sampleBook().Depth(); d != 0 {
		t.Errorf("sample book: depth %d, want 0 (its first entry's)", d)
	}
	s := NewSet()
	s.Put(board.StartBoard(), Entry{Depth: 12})
	s.Put(board.StartBoard().Play(board.MustParseSquare("f5")), Entry{Depth: 9})
	if d := s.Book().Depth(); d != 9 {
		t.Errorf("depth %d, want 9", d)
	}
	var empty *Book
	if d := empty.Depth(); d != 0 {
		t.Errorf("empty: %d", d)
	}
}
