package catalog

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// TestEngineBookOptions: the book's options and the noise's, which also
// decides how loosely the book is played, with their errors.
func TestEngineBookOptions(t *testing.T) {
	for _, tc := range []struct {
		spec, name, err string
	}{
		{"engine:level=3", "engine:level=3", ""},
		{"engine:level=3,book=off", "engine:level=3,book=off", ""},
		{"engine:level=3,book=ON,book-random=2", "engine:level=3,book-random=2,book=on", ""},
		{"engine:level=3,book=auto", "engine:level=3", ""},
		{"engine:book=maybe", "", "want auto, on or off"},
		{"engine:book-random=-1", "", "out of range"},
		{"engine:level=3,noise=2,noise-moves=12", "engine:level=3,noise=2,noise-moves=12", ""},
		{"engine:level=3,noise-moves=12", "", "no noise is given"},
		{"engine:level=3,noise=2,noise-moves=61", "", "out of range"},
		{"engine:level=3,noise=2,noise-moves=-1", "", "out of range"},
	} {
		p, err := New(tc.spec, Env{Seed: 1})
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want an error with %q", tc.spec, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.spec, err)
		case p.Name() != tc.name:
			t.Errorf("%s: name %q, want %q", tc.spec, p.Name(), tc.name)
		}
	}
}

// TestEngineBookFromTheStart: with the shipped book the engine's first
// move comes from the book at a fixed depth no deeper than the book's
// (book=auto, the default) or with book=on; it is searched with book=off,
// and by default when the engine searches by time or deeper than the
// book.
func TestEngineBookFromTheStart(t *testing.T) {
	if _, err := book.Shipped(); err != nil {
		t.Skipf("no shipped book: %v", err)
	}
	for _, tc := range []struct {
		spec string
		book bool
	}{
		{"engine:level=4,threads=1,hash=1", true},
		{"engine:level=4,threads=1,hash=1,book=off", false},
		{"engine:depth=3,threads=1,hash=1", true},
		{"engine:depth=20,threads=1,hash=1", false},
		{"engine:time=10ms,threads=1,hash=1", false},
		{"engine:time=10ms,threads=1,hash=1,book=on", true},
	} {
		p, err := New(tc.spec, Env{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		g := game.NewStandard()
		r, err := p.Move(context.Background(), player.Request{Game: g, Position: g.Position(), Legal: g.Legal()})
		if err != nil {
			t.Fatal(err)
		}
		if r.Thinking == nil || (r.Thinking.Kind == player.Book) != tc.book || (r.Thinking.Nodes > 0) == tc.book || !g.Position().Board.IsLegal(r.Move) {
			t.Errorf("%s: %v %+v", tc.spec, r.Move, r.Thinking)
		}
	}
}

// TestEngineBookFile: book-file replaces the shipped book with a book
// file of this machine: a book that knows the position after the first
// move gives the engine its first move, one that does not leaves it to
// the search (where the shipped book would have answered); a missing or
// damaged file, or a file with book=off, is refused.
func TestEngineBookFile(t *testing.T) {
	dir := t.TempDir()
	start := game.NewStandard().Position().Board
	f5 := board.MustParseSquare("F5")
	after := start.Play(f5)
	write := func(name string, pos board.Board) string {
		s := book.NewSet()
		s.Put(pos, book.Entry{Value: 1, Depth: 12, Count: 3})
		path := filepath.Join(dir, name)
		if err := book.WriteFile(path, s.Book().Bytes()); err != nil {
			t.Fatal(err)
		}
		return path
	}
	knows := write("knows.bin", after)
	// A position of the middle game: no book move from the start.
	far := write("far.bin", board.Board{P: 0x0000001818000000 | 1<<20 | 1<<21, O: 0x00000000000000ff})
	damaged := filepath.Join(dir, "damaged.bin")
	if err := os.WriteFile(damaged, []byte("RVBOOK\r\n not a book"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec string
		book bool
		err  string
	}{
		{"engine:time=10ms,threads=1,hash=1,book=on,book-file=" + knows, true, ""},
		{"engine:time=10ms,threads=1,hash=1,book=on,book-file=" + far, false, ""},
		{"engine:time=10ms,threads=1,hash=1,book=on,book-file=" + filepath.Join(dir, "missing.bin"), false, "book-file"},
		{"engine:time=10ms,threads=1,hash=1,book=on,book-file=" + damaged, false, "corrupt"},
		{"engine:time=10ms,threads=1,hash=1,book=off,book-file=" + knows, false, "book=off"},
	} {
		p, err := New(tc.spec, Env{Seed: 1})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want an error with %q", tc.spec, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if !strings.Contains(p.Name(), "book-file=") {
			t.Errorf("%s: name %q does not say which book", tc.spec, p.Name())
		}
		g := game.NewStandard()
		r, err := p.Move(context.Background(), player.Request{Game: g, Position: g.Position(), Legal: g.Legal()})
		if err != nil {
			t.Fatal(err)
		}
		if r.Thinking == nil || (r.Thinking.Kind == player.Book) != tc.book || !g.Position().Board.IsLegal(r.Move) {
			t.Errorf("%s: %v %+v, want a book move: %v", tc.spec, r.Move, r.Thinking, tc.book)
		}
	}
}
