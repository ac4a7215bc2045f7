package textboard_test

import (
	"os"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/textboard"
)

// smallBook returns a book of the positions of transcripts with their
// values (2 games, depth 4 each).
func smallBook(t testing.TB, values map[string]float64) *book.Book {
	t.Helper()
	s := book.NewSet()
	for tr, v := range values {
		g, err := game.ParseTranscript(tr)
		if err != nil {
			t.Fatal(err)
		}
		s.Put(g.Position().Board, book.Entry{Value: v, Depth: 4, Count: 2})
	}
	return s.Book()
}

func ExampleWriteBookMoves() {
	s := book.NewSet()
	for tr, v := range map[string]float64{"f5": 0, "f5d6": 0.5, "f5f6": -0.001, "f5f4": -1.5} {
		g, _ := game.ParseTranscript(tr)
		s.Put(g.Position().Board, book.Entry{Value: v, Depth: 4, Count: 2})
	}
	g, _ := game.ParseTranscript("f5")
	textboard.WriteBookMoves(os.Stdout, s.Book(), g)
	// Output:
	// ---------------------------OX------XXX-------------------------- O
	// in the book: +0.00 discs for white, depth 4, 2 games
	//   move  value (discs for white)  depth  games
	//     f4                    +1.50      4      2
	//     f6                    +0.00      4      2
	//     d6                    -0.50      4      2
}

func TestWriteBookMoves(t *testing.T) {
	const mustPass = "f5f6d3g5h5h4f7h6" // then black has no move, white has
	g, err := game.ParseTranscript(mustPass)
	if err != nil || !g.MustPass() {
		t.Fatalf("%s: black need not pass (%v)", mustPass, err)
	}
	passed := g.Position().Board.Pass() // white to move
	s := book.NewSet()
	s.Put(passed, book.Entry{Value: 3, Depth: 8, Count: 2})
	for i, sq := range board.Squares(passed.Moves())[:2] {
		s.Put(passed.Play(sq), book.Entry{Value: float64(-i - 1), Depth: 8, Count: 1})
	}
	pass := s.Book()
	over, err := board.ParsePosition(strings.Repeat("X", 64) + " O")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		b        *book.Book
		g        *game.Game
		want     []string
		wantNone []string
	}{
		{"zero", smallBook(t, map[string]float64{"f5": 0, "f5d6": 0, "f5f6": -0.001, "f5f4": -1.5}), mustParse(t, "f5"),
			[]string{"in the book: +0.00 discs for white", "+1.50", "  move  value (discs for white)  depth  games"}, []string{"-0.00"}},
		{"opening", smallBook(t, map[string]float64{"f5d6c3d3c4": 0, "f5d6c3d3c4f4": 1}), mustParse(t, "f5d6c3d3c4"),
			[]string{"opening: Tiger", "f4", "-1.00"}, nil},
		{"pass", pass, g,
			[]string{"black has no legal move and must pass; after the pass, white to move", "in the book: +3.00 discs for white", "value (discs for white)", "+1.00", "+2.00"},
			[]string{"no book move"}},
		{"pass, no book move", smallBook(t, nil), g,
			[]string{"black has no legal move and must pass", "no book move after the pass (the book has 0 positions)"}, nil},
		{"no book move", smallBook(t, nil), game.NewStandard(), []string{"no book move (the book has 0 positions)"}, []string{"after the pass"}},
		{"over", pass, game.New(over, game.Standard), []string{"the game is over: neither side has a move"}, []string{"book move"}},
	} {
		var out strings.Builder
		if err := textboard.WriteBookMoves(&out, tc.b, tc.g); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: no %q in\n%s", tc.name, w, out.String())
			}
		}
		for _, w := range tc.wantNone {
			if strings.Contains(out.String(), w) {
				t.Errorf("%s: %q in\n%s", tc.name, w, out.String())
			}
		}
	}
}

// mustParse returns the game of a transcript.
func mustParse(t *testing.T, transcript string) *game.Game {
	t.Helper()
	g, err := game.ParseTranscript(transcript)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
