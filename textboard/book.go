// A position's moves in an opening book, as reversi book show writes
// them.

package textboard

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/opening"
)

// WriteBookMoves writes what the book b holds of g's position: the
// position, its opening's name, its own value in the book if it is one of
// the book's, and its book moves, best first, in a table of value (in
// discs for the side to move), depth and games. If the side to move must
// pass, it says so and writes the other side's book moves after the
// pass; at the end of the game it says that the game is over. It returns
// the error of the last write.
func WriteBookMoves(w io.Writer, b *book.Book, g *game.Game) error {
	pos := g.Position()
	fmt.Fprintf(w, "%s\n", pos)
	if o, ok := opening.Of(g); ok {
		fmt.Fprintf(w, "opening: %s\n", o)
	}
	inBook := func(pos board.Position) {
		if en, ok := b.Lookup(pos.Board); ok {
			fmt.Fprintf(w, "in the book: %s discs for %s, depth %d, %d games\n", bookValue(en.Value), pos.Turn, en.Depth, en.Count)
		}
	}
	inBook(pos)
	after := ""
	switch {
	case g.Over():
		_, err := fmt.Fprintf(w, "the game is over: neither side has a move\n")
		return err
	case g.MustPass():
		// The book moves are the other side's, after the pass.
		g = g.Clone()
		g.PassIfForced()
		pos = g.Position()
		fmt.Fprintf(w, "%s has no legal move and must pass; after the pass, %s to move:\n", pos.Turn.Other(), pos.Turn)
		inBook(pos)
		after = " after the pass"
	}
	moves := b.Moves(pos.Board, g.Legal())
	if len(moves) == 0 {
		_, err := fmt.Fprintf(w, "no book move%s (the book has %d positions)\n", after, b.Len())
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "move\tvalue (discs for %s)\tdepth\tgames\t\n", pos.Turn)
	for _, m := range moves {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t\n", strings.ToLower(m.Square.String()), bookValue(m.Value), m.Depth, m.Count)
	}
	return tw.Flush()
}

// bookValue writes a book value in discs as the text format of the book
// does, signed to a hundredth: "+0.00" for a value that rounds to zero,
// never "-0.00".
func bookValue(v float64) string { return Signed(v, 2) }
