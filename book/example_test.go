package book_test

import (
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
