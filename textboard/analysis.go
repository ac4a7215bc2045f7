// A position analysed by a player, as reversi analyze writes it.

package textboard

import (
	"context"
	"fmt"
	"io"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/opening"
	"github.com/reversi-engine/reversi/player"
)

// Analyze has p analyse the position of g (player.Analyze) and writes it
// to w as reversi analyze shows it: the board, the opening's name, who is
// to move and how long the analysis took, and the value of every move
// (WriteAnalysis), or, in a position of the book b, its book moves first
// with the book's values (engine.WithBook, WriteBookAnalysis, where
// bookName names the book; b nil for none). If the side to move must
// pass, it says so and analyses the other side's moves; at the end of the
// game it writes the result and analyses nothing. g is not changed. It
// returns p's error, else ctx's.
func Analyze(ctx context.Context, w io.Writer, p player.Player, g *game.Game, b *book.Book, bookName string) error {
	pos := g.Position()
	Render(w, pos, ForGame(g, [2]string{"black", "white"}))
	if o, ok := opening.Of(g); ok {
		fmt.Fprintf(w, "opening: %s\n", o)
	}
	if g.Over() {
		r := game.NewResult(pos, game.Normal, board.NoColor)
		fmt.Fprintf(w, "The game is over: %d-%d, %+d for black (empties to the winner).\n", r.Black, r.White, r.TournamentMargin())
		return nil
	}
	if g.MustPass() {
		fmt.Fprintf(w, "%s (%c) has no legal move and must pass; analysing %s's moves.\n", pos.Turn, pos.Turn.Letter(), pos.Turn.Other())
		g = g.Clone()
		g.PassIfForced()
		pos = g.Position()
	}
	reply, took, err := player.Analyze(ctx, p, g, 0)
	if err != nil {
		return err
	}
	t := reply.Thinking
	fmt.Fprintf(w, "%s (%c) to move; analysis by %s in %.2f s", pos.Turn, pos.Turn.Letter(), p.Name(), took.Seconds())
	if t != nil && t.Nodes > 0 {
		fmt.Fprintf(w, ", %d nodes", t.Nodes)
	}
	fmt.Fprintln(w)
	if t == nil || len(t.Moves) == 0 {
		fmt.Fprintf(w, "best move %v (the player gave no values for the moves)\n", reply.Move)
		return nil
	}
	if merged, inBook := engine.WithBook(t, b, g); inBook {
		WriteBookAnalysis(w, pos.Turn, merged, bookName)
	} else {
		WriteAnalysis(w, pos.Turn, t)
	}
	if t.Note != "" {
		fmt.Fprintln(w, t.Note)
	}
	return ctx.Err()
}
