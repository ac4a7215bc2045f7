package book_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
)

func Example() {
	// A book of two positions, read from the text format.
	text := `# reversi opening book, text format 1
---------------------------OX------XO--------------------------- X -0.50 12 900
-------------------X-------XX------XO--------------------------- O +0.50 12 900
`
	s, err := book.ReadText(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	b := s.Book()
	// The book moves of the start: all four first moves lead to the
	// same position turned, worth -0.5 to their player.
	for _, m := range b.Moves(board.StartBoard(), board.StartBoard().Moves()) {
		fmt.Println(m.Square, m.Value, m.Depth, m.Count)
	}
	// In the binary format, and back.
	again, err := book.Decode(b.Bytes())
	fmt.Println(again.Len(), err)
	g, _ := game.ParseTranscript("d3")
	e, ok := again.Lookup(g.Position().Board)
	fmt.Println(e, ok)
	b.WriteText(os.Stdout)
	// Output:
	// D3 -0.5 12 900
	// C4 -0.5 12 900
	// F5 -0.5 12 900
	// E6 -0.5 12 900
	// 2 <nil>
	// {0.5 12 900} true
	// # reversi opening book, text format 1
	// # board (side to move X) value(discs, side to move) depth games
	// ---------------------------XO------OOO-------------------------- X +0.50 12 900
	// ---------------------------OX------XO--------------------------- X -0.50 12 900
}

func ExampleDeviate() {
	// A book of three positions: the start, f5 and f5 d6.
	position := func(transcript string) board.Board {
		g, _ := game.ParseTranscript(transcript)
		c, _ := g.Position().Board.Canonical()
		return c
	}
	s := book.NewSet()
	s.Put(position(""), book.Entry{Value: 1.5, Depth: 10, Count: 100})
	s.Put(position("f5"), book.Entry{Value: -1.5, Depth: 10, Count: 100})
	s.Put(position("f5d6"), book.Entry{Value: 1.5, Depth: 10, Count: 60})
	// A search (here a table) that finds f5 f6 better for white than the
	// book's d6, and f5 f4 much worse.
	values := map[board.Board]float64{position("f5f6"): -3, position("f5f4"): 20}
	search := func(_ context.Context, pos board.Board) (float64, int, error) {
		return values[pos], 12, nil
	}
	work, err := os.MkdirTemp("", "deviate")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(work)
	b, st, err := book.Deviate(context.Background(), s.Book(), book.DeviateOptions{
		Plies: 1, Margin: 2, Work: work, Params: "a table", Search: search,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("searched", st.Searched, "added", st.Added, "improved", st.Improved)
	f5, _ := game.ParseTranscript("f5")
	for _, m := range b.Moves(f5.Position().Board, f5.Legal()) {
		fmt.Println(m.Square, m.Value, m.Depth, m.Count)
	}
	e, _ := b.Lookup(board.StartBoard())
	fmt.Println("start", e.Value)
	// Output:
	// searched 2 added 1 improved 1
	// F6 3 12 0
	// D6 -1.5 10 60
	// start -3
}
