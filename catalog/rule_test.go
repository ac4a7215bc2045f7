package catalog

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// TestEngineNoBookUnderNoAdjacent: two engines at a level that plays
// from the shipped book (a fixed depth within the book's, book=auto) play
// their opening from it in a game under the standard rule, and not a
// single move from it in a game under the no-adjacent rule from the
// start, for which the book's values do not hold: every move there is
// searched.
func TestEngineNoBookUnderNoAdjacent(t *testing.T) {
	if _, err := book.Shipped(); err != nil {
		t.Skipf("no shipped book: %v", err)
	}
	const spec = "engine:level=4,threads=1,hash=1"
	for _, tc := range []struct {
		rule game.Rule
		book bool // some moves from the book
	}{
		{game.Standard, true},
		{game.NoAdjacent, false},
	} {
		t.Run(tc.rule.String(), func(t *testing.T) {
			var seats [2]player.Player
			for c := range seats {
				p, err := New(spec, Env{Seed: uint64(c + 1)})
				if err != nil {
					t.Fatal(err)
				}
				seats[c] = p
			}
			fromBook, searched := 0, 0
			cfg := referee.Config{Rule: tc.rule, MoveTime: referee.NoLimit, Observe: func(ev referee.Event) {
				if ev.Kind != referee.Moved || ev.Thinking == nil {
					return
				}
				if ev.Thinking.Kind == player.Book {
					fromBook++
					if !tc.book {
						t.Errorf("move %d (%v) under the %s rule from the book: %+v", ev.Game.Ply(), ev.Move.Square, tc.rule, ev.Thinking)
					}
					return
				}
				searched++
			}}
			g, err := referee.Play(context.Background(), seats[0], seats[1], cfg)
			if err != nil {
				t.Fatal(err)
			}
			if g.Rule != tc.rule || !g.Over() {
				t.Fatalf("the game: rule %v, over %v", g.Rule, g.Over())
			}
			if (fromBook > 0) != tc.book || searched == 0 {
				t.Errorf("under the %s rule: %d moves from the book, %d searched; want book moves: %v", tc.rule, fromBook, searched, tc.book)
			}
		})
	}
}
