package catalog

import (
	"context"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

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
