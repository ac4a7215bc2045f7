package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

func TestNoAdjacentForbidsOrthogonalNeighbours(t *testing.T) {
	g := New(board.Start(), NoAdjacent)
	if err := g.PlayTranscript("f5"); err != nil {
		t.Fatal(err)
	}
	// White's standard moves after f5 are F4 D6 F6; F4 and F6 touch F5.
	if got := board.FormatSquares(g.Legal()); got != "D6" {
		t.Fatalf("legal after f5 under no-adjacent: %s, want D6", got)
	}
	err := g.PlaySquare(board.MustParseSquare("F4"))
	if err == nil || !strings.Contains(err.Error(), "no-adjacent") || !strings.Contains(err.Error(), "F5") {
		t.Fatalf("F4 next to F5: error %v", err)
	}
	// Diagonal neighbours stay legal: after f5 d6, black's c3 ... check by definition.
	if err := g.PlaySquare(board.MustParseSquare("D6")); err != nil {
		t.Fatal(err)
	}
	std := g.Position().Board.Moves()
	forbidden := std &^ g.Legal()
	for f := forbidden; f != 0; {
		var sq board.Square
		sq, f = board.NextSquare(f)
		if d := abs(sq.Row()-5) + abs(sq.Col()-3); d != 1 {
			t.Errorf("%v forbidden at distance %d from D6", sq, d)
		}
	}
}

func TestNoAdjacentPassAndEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	// Random games under the variant: every move respects the restriction,
	// passes happen only when no restricted move exists, and the game ends
	// only when neither side can move.
	variantPasses := 0
	for i := 0; i < 500; i++ {
		g := randomGame(rng, NoAdjacent)
		replay := New(board.Start(), NoAdjacent)
		for _, m := range g.Moves {
			legal := replay.Legal()
			if m.Square == board.Pass {
				if legal != 0 {
					t.Fatalf("game %d: pass with legal moves", i)
				}
				if replay.Position().Board.HasMoves() {
					variantPasses++ // a pass the standard rules would not force
				}
			} else if last := replay.LastMove(); last.OnBoard() && abs(m.Square.Row()-last.Row())+abs(m.Square.Col()-last.Col()) == 1 {
				t.Fatalf("game %d: %v next to %v", i, m.Square, last)
			}
			if err := replay.Play(m); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		if !replay.Over() {
			t.Fatalf("game %d ended while a side could move", i)
		}
	}
	if variantPasses == 0 {
		t.Fatalf("no pass forced by the variant in 500 games: not exercised")
	}
	t.Logf("%d passes forced by the no-adjacent rule", variantPasses)
}

func TestParseRule(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Rule
		ok   bool
	}{{"standard", Standard, true}, {"", Standard, true}, {"no-adjacent", NoAdjacent, true}, {"No-Adjacent", NoAdjacent, true}, {"blitz", Standard, false}} {
		got, err := ParseRule(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseRule(%q) = %v, %v", c.in, got, err)
		}
	}
	if NoAdjacent.String() != "no-adjacent" {
		t.Errorf("NoAdjacent prints as %q", NoAdjacent)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
