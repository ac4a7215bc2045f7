package engine

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// testBook knows the position after f5 (every first move: one position
// turned) and two replies, f6 better for white than d6.
func testBook() *book.Book {
	s := book.NewSet()
	g, _ := game.ParseTranscript("f5")
	s.Put(g.Position().Board, book.Entry{Value: 0.5, Depth: 12, Count: 100})
	for tr, v := range map[string]float64{"f5d6": -1, "f5f6": 0.5} {
		g, _ := game.ParseTranscript(tr)
		s.Put(g.Position().Board, book.Entry{Value: v, Depth: 12, Count: 50})
	}
	return s.Book()
}

func bookTestMove(t *testing.T, p *Player, transcript string) player.Reply {
	t.Helper()
	g, err := game.ParseTranscript(transcript)
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Move(context.Background(), player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal()})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestPlayerPlaysFromTheBook(t *testing.T) {
	p := NewPlayer(New(Options{HashMB: 1}), Level{Depth: 2}, "engine", 1)
	p.SetBook(BookOptions{Book: testBook()})
	seen := map[board.Square]bool{}
	for range 20 {
		r := bookTestMove(t, p, "")
		if r.Thinking == nil || r.Thinking.Kind != player.Book || r.Thinking.Eval != -0.5 || len(r.Thinking.Moves) != 4 || r.Thinking.Nodes != 0 {
			t.Fatalf("from the start: %+v", r.Thinking)
		}
		seen[r.Move] = true
	}
	if len(seen) < 2 {
		t.Errorf("the four equal first moves: always %v", seen)
	}
	// The best reply alone, then the two with book-random=2.
	if r := bookTestMove(t, p, "f5"); r.Move != board.MustParseSquare("d6") || r.Thinking.Eval != 1 {
		t.Errorf("after f5: %v %+v", r.Move, r.Thinking)
	}
	p.SetBook(BookOptions{Book: testBook(), Random: 2})
	seen = map[board.Square]bool{}
	for range 30 {
		seen[bookTestMove(t, p, "f5").Move] = true
	}
	if len(seen) != 2 {
		t.Errorf("book-random=2 after f5: %v", seen)
	}
	// Out of the book: a search.
	if r := bookTestMove(t, p, "f5d6"); r.Thinking.Kind == player.Book || r.Thinking.Nodes == 0 {
		t.Errorf("out of the book: %+v", r.Thinking)
	}
	// An analysis searches.
	g := game.NewStandard()
	r, err := p.Move(context.Background(), player.Request{Game: g, Position: g.Position(), Legal: g.Legal(), Analyze: true})
	if err != nil || r.Thinking.Kind == player.Book {
		t.Errorf("an analysis: %v %+v", err, r.Thinking)
	}
}

func TestPlayerWithoutBookSearches(t *testing.T) {
	p := NewPlayer(New(Options{HashMB: 1}), Level{Depth: 2}, "engine", 1)
	p.SetBook(BookOptions{Note: "no opening book: damaged"})
	r := bookTestMove(t, p, "")
	if r.Thinking.Kind == player.Book || r.Thinking.Nodes == 0 || r.Thinking.Note != "no opening book: damaged" {
		t.Errorf("without a book: %+v", r.Thinking)
	}
	if r := bookTestMove(t, p, ""); r.Thinking.Note != "" {
		t.Errorf("the note again: %q", r.Thinking.Note)
	}
}

// TestNoisyLevelPlaysTheBookLoosely: a level with noise picks among the
// book moves within its noise.
func TestNoisyLevelPlaysTheBookLoosely(t *testing.T) {
	p := NewPlayer(New(Options{HashMB: 1}), Level{Depth: 1, Noise: 3}, "engine", 1)
	p.SetBook(BookOptions{Book: testBook()})
	seen := map[board.Square]bool{}
	for range 30 {
		seen[bookTestMove(t, p, "f5").Move] = true
	}
	if len(seen) != 2 {
		t.Errorf("noise 3 after f5: %v", seen)
	}
}
