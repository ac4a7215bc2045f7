package engine

import (
	"context"
	"fmt"
	"reflect"
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
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 2}, "engine", 1)
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
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 2}, "engine", 1)
	p.SetBook(BookOptions{Note: "no opening book: damaged"})
	r := bookTestMove(t, p, "")
	if r.Thinking.Kind == player.Book || r.Thinking.Nodes == 0 || r.Thinking.Note != "no opening book: damaged" {
		t.Errorf("without a book: %+v", r.Thinking)
	}
	if r := bookTestMove(t, p, ""); r.Thinking.Note != "" {
		t.Errorf("the note again: %q", r.Thinking.Note)
	}
}

// TestNoisyLevelPlaysTheBookLoosely: a level with noise chooses among the
// book moves as among searched ones, each value plus a random part of
// the noise: after f5 the book's d6 (+1 for White) and f6 (-0.5), so that
// with noise 3 f6 comes when its draw beats d6's by 1.5 discs, 1 time in
// 8; with noise 1.5 never.
func TestNoisyLevelPlaysTheBookLoosely(t *testing.T) {
	for _, tc := range []struct {
		noise float64
		minF6 int
		maxF6 int
	}{{3, 4, 40}, {1.5, 0, 0}} {
		p := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 1, Noise: tc.noise}, "engine", 1)
		p.SetBook(BookOptions{Book: testBook()})
		f6 := 0
		for range 100 {
			switch m := bookTestMove(t, p, "f5").Move; m {
			case board.MustParseSquare("f6"):
				f6++
			case board.MustParseSquare("d6"):
			default:
				t.Fatalf("noise %g after f5: %v, not a book move", tc.noise, m)
			}
		}
		if f6 < tc.minF6 || f6 > tc.maxF6 {
			t.Errorf("noise %g after f5: f6 %d times in 100, want %d to %d", tc.noise, f6, tc.minF6, tc.maxF6)
		}
	}
}

// TestNoiseMovesLimitTheBooksLooseness: a level whose noise ends before
// the position picks its book moves as a level without noise does.
func TestNoiseMovesLimitTheBooksLooseness(t *testing.T) {
	for _, tc := range []struct {
		moves, want int
	}{{1, 1}, {2, 2}} {
		p := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 1, Noise: 3, NoiseMoves: tc.moves}, "engine", 1)
		p.SetBook(BookOptions{Book: testBook()})
		seen := map[board.Square]bool{}
		for range 100 {
			seen[bookTestMove(t, p, "f5").Move] = true
		}
		if len(seen) != tc.want {
			t.Errorf("noise 3 in the first %d moves, after f5: %v, want %d moves", tc.moves, seen, tc.want)
		}
	}
}

// TestWithBook: the book's moves merged into an analysis, in a game
// under the standard rule only.
func TestWithBook(t *testing.T) {
	b := testBook()
	f5, _ := game.ParseTranscript("f5")
	out, _ := game.ParseTranscript("f5d6") // its replies are not in the book
	// After f5 under the no-adjacent rule: the book's values do not hold.
	f5NoAdjacent := game.New(board.Start(), game.NoAdjacent)
	if err := f5NoAdjacent.PlayTranscript("f5"); err != nil {
		t.Fatal(err)
	}
	sq := board.MustParseSquare
	searched := &player.Thinking{Eval: 2, HasEval: true, Source: player.Source{Kind: player.Selective, Depth: 8, Probability: 87}, Nodes: 900,
		PV: []board.Square{sq("f4"), sq("e3")},
		Moves: []player.MoveStat{
			{Move: sq("f4"), Eval: 2, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 8}, PV: []board.Square{sq("f4"), sq("e3")}},
			{Move: sq("d6"), Eval: 1.5, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 8}},
			{Move: sq("f6"), Eval: -3, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 8}},
		}}
	bookMove := func(s string, v float64) player.MoveStat {
		return player.MoveStat{Move: sq(s), Eval: v, HasEval: true, Source: player.Source{Kind: player.Book, Depth: 12}, PV: []board.Square{sq(s)}}
	}
	for _, tc := range []struct {
		name   string
		t      *player.Thinking
		g      *game.Game
		ok     bool
		moves  []player.MoveStat
		source player.Kind
	}{
		{"book position: book moves first, the others as searched", searched, f5, true,
			[]player.MoveStat{bookMove("d6", 1), bookMove("f6", -0.5), searched.Moves[0]}, player.Book},
		{"the start: the book's line goes on", &player.Thinking{Moves: []player.MoveStat{{Move: sq("d3")}}}, game.NewStandard(), true,
			[]player.MoveStat{
				{Move: sq("d3"), Eval: -0.5, HasEval: true, Source: player.Source{Kind: player.Book, Depth: 12}, PV: []board.Square{sq("d3"), sq("c5")}},
				{Move: sq("c4"), Eval: -0.5, HasEval: true, Source: player.Source{Kind: player.Book, Depth: 12}, PV: []board.Square{sq("c4"), sq("e3")}},
				{Move: sq("f5"), Eval: -0.5, HasEval: true, Source: player.Source{Kind: player.Book, Depth: 12}, PV: []board.Square{sq("f5"), sq("d6")}},
				{Move: sq("e6"), Eval: -0.5, HasEval: true, Source: player.Source{Kind: player.Book, Depth: 12}, PV: []board.Square{sq("e6"), sq("f4")}},
			}, player.Book},
		{"out of the book", searched, out, false, searched.Moves, player.Selective},
		{"a win rate is not merged", &player.Thinking{Unit: player.UnitRate, Moves: searched.Moves}, f5, false, searched.Moves, player.KindUnknown},
		{"no book", searched, f5, false, searched.Moves, player.Selective},
		{"the no-adjacent rule: no book", searched, f5NoAdjacent, false, searched.Moves, player.Selective},
		{"the no-adjacent rule from the start: no book", &player.Thinking{Moves: []player.MoveStat{{Move: sq("d3")}}}, game.New(board.Start(), game.NoAdjacent), false,
			[]player.MoveStat{{Move: sq("d3")}}, player.KindUnknown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bk := b
			if tc.name == "no book" {
				bk = nil
			}
			before := fmt.Sprintf("%+v", *tc.t)
			got, ok := WithBook(tc.t, bk, tc.g)
			if ok != tc.ok || got.Kind != tc.source {
				t.Fatalf("ok %v, source %v; want %v, %v", ok, got.Kind, tc.ok, tc.source)
			}
			if !reflect.DeepEqual(got.Moves, tc.moves) {
				t.Errorf("moves\n got %+v\nwant %+v", got.Moves, tc.moves)
			}
			if after := fmt.Sprintf("%+v", *tc.t); after != before {
				t.Errorf("the analysis was changed:\n%s\n%s", before, after)
			}
			if ok && tc.t == searched && (got.Eval != 1 || got.Nodes != 900 || len(got.PV) != 1 || got.PV[0] != sq("d6")) {
				t.Errorf("the merged analysis: %+v", got)
			}
		})
	}
}

// TestPlayerNoBookUnderAnotherRule: a player with a book plays from it in
// a game under the standard rule only; under the no-adjacent rule, from
// the start and after a book move, every move is searched, and so is a
// request without a game (its rule unknown).
func TestPlayerNoBookUnderAnotherRule(t *testing.T) {
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 2}, "engine", 1)
	p.SetBook(BookOptions{Book: testBook()})
	for _, tr := range []string{"", "f5"} {
		if r := bookTestMove(t, p, tr); r.Thinking == nil || r.Thinking.Kind != player.Book {
			t.Fatalf("standard rule after %q: %+v, want a book move", tr, r.Thinking)
		}
		g := game.New(board.Start(), game.NoAdjacent)
		if err := g.PlayTranscript(tr); err != nil {
			t.Fatal(err)
		}
		r, err := p.Move(context.Background(), player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal()})
		if err != nil {
			t.Fatal(err)
		}
		if r.Thinking == nil || r.Thinking.Kind == player.Book || r.Thinking.Nodes == 0 || g.Legal()&r.Move.Bit() == 0 {
			t.Errorf("no-adjacent rule after %q: %v %+v, want a legal searched move", tr, r.Move, r.Thinking)
		}
		if got := BookMoves(testBook(), g); got != nil {
			t.Errorf("BookMoves under the no-adjacent rule after %q: %v", tr, got)
		}
	}
	start := game.NewStandard()
	r, err := p.Move(context.Background(), player.Request{Position: start.Position(), Legal: start.Legal()})
	if err != nil || r.Thinking == nil || r.Thinking.Kind == player.Book {
		t.Errorf("a request without a game: %v %+v", err, r.Thinking)
	}
}

// TestPlayerSearchesWhereTheBookKnowsBetter: a position of the book worth
// more than its best book move (a built book's position whose own search
// found a move out of the book: book.NegamaxSearched) is searched, not
// played from the book; one worth its best book move is played from it.
// BookMoves, which other programs ask, gives the same answer.
func TestPlayerSearchesWhereTheBookKnowsBetter(t *testing.T) {
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 2}, "engine", 1)
	for _, tc := range []struct {
		value float64
		book  bool
	}{
		{1, true},    // d6's value: the book's best move
		{1.01, true}, // within the rounding
		{3, false},   // better than any book move: out of the book
		{-0.5, true}, // below its best move (a book negamaxed by its moves alone is never so)
	} {
		s := testBook().Set()
		g, _ := game.ParseTranscript("f5")
		s.Put(g.Position().Board, book.Entry{Value: tc.value, Depth: 12, Count: 100})
		p.SetBook(BookOptions{Book: s.Book()})
		r := bookTestMove(t, p, "f5")
		if got := r.Thinking != nil && r.Thinking.Kind == player.Book; got != tc.book {
			t.Errorf("after f5 worth %v: from the book %v, want %v (%+v)", tc.value, got, tc.book, r.Thinking)
		}
		if got := len(BookMoves(s.Book(), g)) > 0; got != tc.book {
			t.Errorf("after f5 worth %v: BookMoves gives moves %v, want %v", tc.value, got, tc.book)
		}
	}
}
