// Tests of reading and writing game files and name tables.

package wthor

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/endless"
)

// testHeader is the header of the embedded WTH_2015.wtb.
var testHeader = Header{CreatedCentury: 20, CreatedYear: 16, CreatedMonth: 10, CreatedDay: 29, Year: 2015, BoardSize: 8, Depth: 24}

// gameFile builds a .wtb file: h with n announced games, then the records.
func gameFile(h Header, n uint32, records ...[]byte) []byte {
	h.Games = n
	b := appendHeader(nil, h)
	for _, r := range records {
		b = append(b, r...)
	}
	return b
}

// record builds a 68-byte record with the given move bytes.
func record(moves ...byte) []byte {
	r := make([]byte, RecordSize)
	copy(r, []byte{1, 0, 2, 0, 3, 0, 40, 36})
	copy(r[8:], moves)
	return r
}

func TestSquareCodes(t *testing.T) {
	tests := []struct {
		b  byte
		sq string
	}{{11, "A1"}, {18, "H1"}, {81, "A8"}, {88, "H8"}, {56, "F5"}, {34, "D3"}, {43, "C4"}}
	for _, tt := range tests {
		sq, ok := DecodeSquare(tt.b)
		if !ok || sq.String() != tt.sq {
			t.Errorf("DecodeSquare(%d) = %v, %v; want %s", tt.b, sq, ok, tt.sq)
		}
		if b, ok := EncodeSquare(sq); !ok || b != tt.b {
			t.Errorf("EncodeSquare(%v) = %d, %v; want %d", sq, b, ok, tt.b)
		}
	}
	valid := 0
	for b := 0; b < 256; b++ {
		if sq, ok := DecodeSquare(byte(b)); ok {
			valid++
			if back, _ := EncodeSquare(sq); back != byte(b) {
				t.Errorf("byte %d -> %v -> %d", b, sq, back)
			}
		}
	}
	if valid != 64 {
		t.Errorf("%d bytes decode to a square, want 64", valid)
	}
	for _, sq := range []board.Square{board.Pass, board.NoSquare, 65} {
		if _, ok := EncodeSquare(sq); ok {
			t.Errorf("EncodeSquare(%v) succeeded", sq)
		}
	}
}

func TestReadGames(t *testing.T) {
	file := gameFile(testHeader, 2, record(56, 64, 53), record())
	h, games, err := ReadGames(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []Game{
		{Tournament: 1, Black: 2, White: 3, BlackDiscs: 40, Theoretical: 36, Moves: []board.Square{
			board.MustParseSquare("F5"), board.MustParseSquare("D6"), board.MustParseSquare("C5")}},
		{Tournament: 1, Black: 2, White: 3, BlackDiscs: 40, Theoretical: 36, Moves: []board.Square{}},
	}
	wantHeader := testHeader
	wantHeader.Games = 2
	if h != wantHeader || !reflect.DeepEqual(games, want) {
		t.Fatalf("got %+v %+v\nwant %+v %+v", h, games, wantHeader, want)
	}
}

func TestReadGamesErrors(t *testing.T) {
	tests := []struct {
		name      string
		file      []byte
		index     int // -1 for the file as a whole
		move      int
		wantError string
	}{
		{"empty", nil, -1, 0, "truncated header: the file has 0 bytes"},
		{"short header", make([]byte, 15), -1, 0, "truncated header: the file has 15 bytes"},
		{"no game", gameFile(testHeader, 1), 0, 0, "truncated file: the header announces 1 games (84 bytes) but the file has 16 bytes; game index 0 has 0 of its 68 bytes"},
		{"cut record", gameFile(testHeader, 2, record(56), record(56)[:30]), 1, 0, "game index 1 has 30 of its 68 bytes"},
		{"huge count", gameFile(testHeader, 1<<32-1, record(56)), 1, 0, "the header announces 4294967295 games"},
		{"extra bytes", gameFile(testHeader, 1, record(56), []byte{1, 2, 3}), -1, 0, "3 bytes after the 1 games the header announces (the file has 87 bytes, want 84)"},
		{"extra record", gameFile(testHeader, 0, record(56)), -1, 0, "68 bytes after the 0 games"},
		{"board size", gameFile(Header{BoardSize: 10}, 0), -1, 0, "board size 10 in the header: only 8x8"},
		{"byte 99", gameFile(testHeader, 2, record(56), record(56, 64, 99)), 1, 3, "byte 99 is not a square"},
		{"byte 09", gameFile(testHeader, 1, record(56, 9)), 0, 2, "byte 9 is not a square"},
		{"byte 90", gameFile(testHeader, 1, record(90)), 0, 1, "byte 90 is not a square"},
		{"byte 10", gameFile(testHeader, 1, record(10)), 0, 1, "byte 10 is not a square"},
		{"byte 255", gameFile(testHeader, 1, record(56, 64, 53, 255)), 0, 4, "byte 255 is not a square"},
		{"move after end", gameFile(testHeader, 1, record(56, 0, 64)), 0, 3, "byte 64 after the 0 that ends the moves at move 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, games, err := ReadGames(bytes.NewReader(tt.file))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want an *Error", err, err)
			}
			if e.Index != tt.index || e.Move != tt.move || !strings.Contains(err.Error(), tt.wantError) {
				t.Fatalf("error %q (index %d, move %d), want index %d, move %d and %q", err, e.Index, e.Move, tt.index, tt.move, tt.wantError)
			}
			if games != nil {
				t.Fatalf("games returned with an error")
			}
		})
	}
}

func TestWriteGamesErrors(t *testing.T) {
	d3 := board.MustParseSquare("D3")
	tests := []struct {
		name      string
		games     []Game
		index     int
		move      int
		wantError string
	}{
		{"pass", []Game{{Moves: []board.Square{d3}}, {Moves: []board.Square{d3, board.Pass}}}, 1, 2, "PA cannot be written"},
		{"no square", []Game{{Moves: []board.Square{board.NoSquare}}}, 0, 1, "-- cannot be written"},
		{"too long", []Game{{Moves: make([]board.Square, 61)}}, 0, 0, "61 moves, a record holds at most 60"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WriteGames(&buf, testHeader, tt.games)
			var e *Error
			if !errors.As(err, &e) || e.Index != tt.index || e.Move != tt.move || !strings.Contains(err.Error(), tt.wantError) {
				t.Fatalf("error %v, want game %d, move %d and %q", err, tt.index, tt.move, tt.wantError)
			}
			if buf.Len() != 0 {
				t.Fatalf("%d bytes written before the error", buf.Len())
			}
		})
	}
}

// TestEmbeddedFilesRoundTrip: every embedded file is written back byte
// for byte.
func TestEmbeddedFilesRoundTrip(t *testing.T) {
	for _, name := range data.WTHORFiles() {
		raw, _ := data.ReadFile(name)
		h, games := readEmbedded(t, name)
		var buf bytes.Buffer
		if err := WriteGames(&buf, h, games); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(buf.Bytes(), raw) {
			t.Errorf("%s: written back differently", name)
		}
	}
	for _, f := range []struct {
		name string
		size int
	}{{"wthor/WTHOR.JOU", PlayerNameSize}, {"wthor/WTHOR.TRN", TournamentNameSize}} {
		raw, _ := data.ReadFile(f.name)
		h, names, err := ReadNames(bytes.NewReader(raw), f.size)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteNames(&buf, h, names, f.size); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if !bytes.Equal(buf.Bytes(), raw) {
			t.Errorf("%s: written back differently", f.name)
		}
	}
}

func TestEmbeddedNames(t *testing.T) {
	n := embeddedNames(t)
	if len(n.Players) != 3884 || len(n.Tournaments) != 439 {
		t.Fatalf("%d players, %d tournaments; want 3884 and 439", len(n.Players), len(n.Tournaments))
	}
	tests := []struct{ got, want string }{
		{n.Player(0), "???"},
		{n.Player(1), "Tastet Marc"},
		{n.Tournament(0), "Diverses parties"},
		{n.Tournament(1), "World Championship"},
		{n.Player(65535), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("name %q, want %q", tt.got, tt.want)
		}
	}
	accented := 0
	for _, s := range n.Tournaments {
		if strings.Contains(s, "Préqualif") {
			accented++
		}
	}
	if accented == 0 {
		t.Errorf("no tournament name holds \"Préqualif\": ISO-8859-1 not converted")
	}
}

func TestNames(t *testing.T) {
	h := Header{CreatedCentury: 20, CreatedYear: 22, CreatedMonth: 6, CreatedDay: 26}
	names := []string{"Préqualif de Paris", "", "Ødegård", "exactly nineteen ch"}
	var buf bytes.Buffer
	if err := WriteNames(&buf, h, names, PlayerNameSize); err != nil {
		t.Fatal(err)
	}
	raw := buf.Bytes()
	if len(raw) != HeaderSize+4*PlayerNameSize {
		t.Fatalf("%d bytes, want %d", len(raw), HeaderSize+4*PlayerNameSize)
	}
	if field := raw[HeaderSize : HeaderSize+PlayerNameSize]; !bytes.Equal(field, []byte("Pr\xe9qualif de Paris\x00\x00")) {
		t.Fatalf("first field %q, want ISO-8859-1 with NUL padding", field)
	}
	gotHeader, got, err := ReadNames(bytes.NewReader(raw), PlayerNameSize)
	h.Records = 4
	if err != nil || gotHeader != h || !reflect.DeepEqual(got, names) {
		t.Fatalf("read back %+v %q %v; want %+v %q", gotHeader, got, err, h, names)
	}
}

func TestNamesErrors(t *testing.T) {
	writes := []struct {
		name      string
		names     []string
		size      int
		index     int
		wantError string
	}{
		{"too long", []string{"ok", "exactly twenty chars"}, PlayerNameSize, 1, `name "exactly twenty chars" takes 20 bytes, a field holds 19`},
		{"accents count once", []string{"ééééééééééééééééééééé"}, PlayerNameSize, 0, "takes 21 bytes"},
		{"not latin-1", []string{"Ωmega"}, PlayerNameSize, 0, `'Ω' is not in ISO-8859-1`},
		{"NUL", []string{"a\x00b"}, PlayerNameSize, 0, "holds a NUL character"},
		{"bad UTF-8", []string{"a\xffb"}, PlayerNameSize, 0, "not valid UTF-8 at byte 1"},
		{"replacement char", []string{"a\uFFFDb"}, PlayerNameSize, 0, "is not in ISO-8859-1"},
		{"size 0", []string{"a"}, 0, -1, "name size 0"},
	}
	for _, tt := range writes {
		t.Run("write "+tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WriteNames(&buf, Header{}, tt.names, tt.size)
			var e *Error
			if !errors.As(err, &e) || e.Index != tt.index || !strings.Contains(err.Error(), tt.wantError) {
				t.Fatalf("error %v, want name %d and %q", err, tt.index, tt.wantError)
			}
			if buf.Len() != 0 {
				t.Fatalf("%d bytes written before the error", buf.Len())
			}
		})
	}
	nameFile := func(n uint16, fields ...string) []byte {
		b := appendHeader(nil, Header{Records: n})
		for _, f := range fields {
			b = append(b, f...)
		}
		return b
	}
	reads := []struct {
		name      string
		file      []byte
		index     int
		wantError string
	}{
		{"no NUL", nameFile(2, "abc\x00", "abcd"), 1, "no NUL byte ends the name in its 4 bytes"},
		{"truncated", nameFile(2, "abc\x00", "ab"), 1, "name index 1 has 2 of its 4 bytes"},
		{"extra", nameFile(1, "abc\x00", "ab"), -1, "2 bytes after the 1 names"},
		{"short header", []byte{20, 15}, -1, "truncated header"},
	}
	for _, tt := range reads {
		t.Run("read "+tt.name, func(t *testing.T) {
			_, names, err := ReadNames(bytes.NewReader(tt.file), 4)
			var e *Error
			if !errors.As(err, &e) || e.Index != tt.index || !strings.Contains(err.Error(), tt.wantError) || names != nil {
				t.Fatalf("error %v, want name %d and %q", err, tt.index, tt.wantError)
			}
		})
	}
}

func TestReplay(t *testing.T) {
	sq := board.MustParseSquare
	tests := []struct {
		name      string
		moves     string
		over      bool
		wantError string
		move      int
	}{
		{"opening", "f5d6c3", false, "", 0},
		// A 9-move wipe-out: the game ends before the board is full.
		{"wipe-out", "d3c3b3d2e1d6d7e3f4", true, "", 0},
		{"illegal", "f5d6e3", false, "E3 is not legal here", 3},
		{"taken", "f5f5", false, "the square is taken", 2},
		{"after the end", "d3c3b3d2e1d6d7e3f4a1", false, "the game is over", 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g Game
			for i := 0; i < len(tt.moves); i += 2 {
				g.Moves = append(g.Moves, sq(tt.moves[i:i+2]))
			}
			rec, err := g.Replay()
			if tt.wantError != "" {
				var e *Error
				if !errors.As(err, &e) || e.Move != tt.move || !strings.Contains(err.Error(), tt.wantError) {
					t.Fatalf("error %v, want move %d and %q", err, tt.move, tt.wantError)
				}
				if ie := (*game.IllegalMoveError)(nil); !errors.As(err, &ie) {
					t.Fatalf("error %v does not wrap the *game.IllegalMoveError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.Transcript() != tt.moves || rec.Over() != tt.over || (rec.Result.Reason == game.Normal) != tt.over {
				t.Fatalf("replay %q, over %v, result %v", rec.Transcript(), rec.Over(), rec.Result)
			}
		})
	}
}

func TestFinalBlackDiscs(t *testing.T) {
	tests := []struct {
		board string
		want  int
	}{
		{strings.Repeat("X", 40) + strings.Repeat("O", 24) + " X", 40},
		{strings.Repeat("X", 30) + strings.Repeat("-", 4) + strings.Repeat("O", 30) + " O", 32},
		{strings.Repeat("X", 20) + strings.Repeat("-", 4) + strings.Repeat("O", 40) + " X", 20},
		{strings.Repeat("X", 13) + strings.Repeat("-", 51) + " X", 64},
		{strings.Repeat("X", 33) + strings.Repeat("-", 1) + strings.Repeat("O", 30) + " O", 34},
	}
	for _, tt := range tests {
		if got := FinalBlackDiscs(board.MustParsePosition(tt.board)); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.board, got, tt.want)
		}
	}
}

// randomGame plays a random game from the start, stopping after limit
// moves at most, and not just after a pass (WTHOR cannot record it).
func randomGame(rng *rand.Rand, limit int) *game.Game {
	g := game.NewStandard()
	for i := 0; i < limit && !g.Over(); i++ {
		if g.PassIfForced() {
			continue
		}
		sqs := board.Squares(g.Legal())
		if err := g.PlaySquare(sqs[rng.IntN(len(sqs))]); err != nil {
			panic(err)
		}
	}
	if g.LastMove() == board.Pass {
		g.Undo()
	}
	g.Finish()
	return g
}

// TestFromGameRoundTrip: random games go to WTHOR records, through a file
// and back to the same game.
func TestFromGameRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var recs []Game
	var want []*game.Game
	for i := 0; i < 300; i++ {
		g := randomGame(rng, 20+rng.IntN(60))
		rec, err := FromGame(g)
		if err != nil {
			t.Fatal(err)
		}
		rec.Black, rec.White, rec.Tournament = 1, 2, 0
		recs = append(recs, rec)
		want = append(want, g)
	}
	var buf bytes.Buffer
	if err := WriteGames(&buf, testHeader, recs); err != nil {
		t.Fatal(err)
	}
	h, back, err := ReadGames(&buf)
	if err != nil {
		t.Fatal(err)
	}
	names := Names{Players: []string{"", "Black", "White"}, Tournaments: []string{"Random"}}
	for i, rec := range back {
		g, err := rec.ToGame(int(h.Year), names)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		want[i].Info = game.Info{Black: "Black", White: "White", Event: "Random", Date: "2015"}
		if !reflect.DeepEqual(g, want[i]) {
			t.Fatalf("game %d: got %+v\nwant %+v", i, g, want[i])
		}
		if g.Over() && int(rec.BlackDiscs) != FinalBlackDiscs(g.Position()) {
			t.Fatalf("game %d: %d discs recorded, %d on the board", i, rec.BlackDiscs, FinalBlackDiscs(g.Position()))
		}
	}
}

func TestFromGameErrors(t *testing.T) {
	other := game.New(board.MustParsePosition(strings.Repeat("-", 27)+"XO------OX"+strings.Repeat("-", 27)+" X"), game.Standard)
	variant := game.New(board.Start(), game.NoAdjacent)
	for _, tt := range []struct {
		g    *game.Game
		want string
	}{{other, "WTHOR records only games from the standard start"}, {variant, "no-adjacent rule"}} {
		if _, err := FromGame(tt.g); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want %q", err, tt.want)
		}
	}
}

func TestErrorMessages(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{What: "game", Index: 12, Move: 5, Err: errors.New("byte 99 is not a square")}, "wthor: game 12, move 5: byte 99 is not a square"},
		{&Error{What: "name", Index: 3, Err: errors.New("too long")}, "wthor: name 3: too long"},
		{&Error{What: "game", Index: -1, Move: 7, Err: errors.New("illegal")}, "wthor: move 7: illegal"},
		{&Error{Index: -1, Err: errors.New("truncated header")}, "wthor: truncated header"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}

func TestIOErrors(t *testing.T) {
	broken := errors.New("disk on fire")
	if _, _, err := ReadGames(iotest.ErrReader(broken)); !errors.Is(err, broken) {
		t.Errorf("ReadGames: %v", err)
	}
	if _, _, err := ReadNames(iotest.ErrReader(broken), PlayerNameSize); !errors.Is(err, broken) {
		t.Errorf("ReadNames: %v", err)
	}
	if err := WriteGames(failingWriter{broken}, testHeader, nil); !errors.Is(err, broken) {
		t.Errorf("WriteGames: %v", err)
	}
	if err := WriteNames(failingWriter{broken}, Header{}, []string{"a"}, PlayerNameSize); !errors.Is(err, broken) {
		t.Errorf("WriteNames: %v", err)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestEndlessInputs: an endless input after the header (as /dev/zero, or a
// lying header in front of one) is refused with an error that says what
// the header announced, after reading little more than that, or at once
// when it announces more than MaxGames; a lying header in front of a
// short file allocates little.
func TestEndlessInputs(t *testing.T) {
	names := appendHeader(nil, Header{Records: 10})
	tests := []struct {
		name    string
		head    []byte
		c       byte
		names   bool
		wantErr string
		read    int64 // bytes the reader may take from the endless part
	}{
		{"dev zero", nil, 0, false, "wthor: more than 65536 bytes after the 0 games the header announces (want a file of 16 bytes", 2 * maxExtra},
		{"lying header", gameFile(testHeader, 1<<31), 'a', false, "wthor: the header announces 2147483648 games (146028888080 bytes), more than the 4194304 a file may hold here", 2 * maxExtra},
		{"1000 games", gameFile(testHeader, 1000), 56, false, "wthor: more than 65536 bytes after the 1000 games the header announces (want a file of 68016 bytes", 1000*RecordSize + 2*maxExtra},
		{"names", names, 'a', true, "wthor: more than 65536 bytes after the 10 names the header announces (want a file of 276 bytes", 2 * maxExtra},
		{"names dev zero", nil, 0, true, "wthor: more than 65536 bytes after the 0 names", 2 * maxExtra},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := endless.New(tt.c, 64<<20)
			r := io.MultiReader(bytes.NewReader(tt.head), in)
			var err error
			if tt.names {
				_, _, err = ReadNames(r, 26)
			} else {
				_, _, err = ReadGames(r)
			}
			var e *Error
			if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want an *Error starting %q", err, tt.wantErr)
			}
			if in.Served() > tt.read {
				t.Errorf("read %d bytes of the endless input, want at most %d", in.Served(), tt.read)
			}
		})
	}

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, err := ReadGames(bytes.NewReader(gameFile(testHeader, 1<<31, record(56))))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "truncated file: the header announces 2147483648 games") {
		t.Errorf("a header of 2^31 games on a file of one: %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("a header of 2^31 games on a file of one allocated %d bytes", alloc)
	}
	if _, _, err := ReadNames(bytes.NewReader(names), MaxNameSize+1); err == nil || !strings.Contains(err.Error(), "name size 1025: want 1 to 1024 bytes") {
		t.Errorf("name size over MaxNameSize: %v", err)
	}
}
