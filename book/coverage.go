// Coverage: how long games stay in a book.

package book

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Coverage is how long games stay in a book (reversi book coverage):
// Stays[i] is how many of game i's first moves lead to positions of the
// book, one after the other from the start (a pass ends the count: the
// book holds no passes).
type Coverage struct {
	Stays []int
}

// Measure returns how long the games stay in b.
func Measure(b *Book, games []*game.Game) Coverage {
	out := make([]int, len(games))
	for i, g := range games {
		pos := g.PositionAt(0).Board
		for _, m := range g.Moves {
			if m.Square == board.Pass {
				break
			}
			pos = pos.Play(m.Square)
			if _, ok := b.Lookup(pos); !ok {
				break
			}
			out[i]++
		}
	}
	return Coverage{Stays: out}
}

// Mean returns the moves a game stays in the book on average (0 without
// games).
func (c Coverage) Mean() float64 {
	if len(c.Stays) == 0 {
		return 0
	}
	sum := 0
	for _, n := range c.Stays {
		sum += n
	}
	return float64(sum) / float64(len(c.Stays))
}

// WriteTable writes, for every number of moves k from 1 to the most any
// game stays, how many games (and what share of them) stay in the book
// for at least k moves.
func (c Coverage) WriteTable(w io.Writer) error {
	most := 0
	for _, n := range c.Stays {
		most = max(most, n)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "moves in the book, at least\tgames\tshare\t")
	for k := 1; k <= most; k++ {
		n := 0
		for _, s := range c.Stays {
			if s >= k {
				n++
			}
		}
		fmt.Fprintf(tw, "%d\t%d\t%.1f%%\t\n", k, n, 100*float64(n)/float64(len(c.Stays)))
	}
	return tw.Flush()
}
