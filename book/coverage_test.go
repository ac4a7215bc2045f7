package book_test

import (
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
)

// TestCoverage: a game stays in the book while every position it reaches
// is the book's; the table counts the games that stay at least k moves.
func TestCoverage(t *testing.T) {
	b, err := book.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	opening, err := game.ParseTranscript("f5d6c3d3c4")
	if err != nil {
		t.Fatal(err)
	}
	c := book.Measure(b, []*game.Game{opening, game.NewStandard()})
	if c.Stays[0] != 5 || c.Stays[1] != 0 {
		t.Errorf("stays %v: want 5 (a main line, all in the book) and 0 (no move)", c.Stays)
	}
	c = book.Coverage{Stays: []int{2, 0, 1, 2}}
	if got := c.Mean(); got != 1.25 {
		t.Errorf("mean %v, want 1.25", got)
	}
	var out strings.Builder
	if err := c.WriteTable(&out); err != nil {
		t.Fatal(err)
	}
	want := "  moves in the book, at least  games  share\n" +
		"                            1      3  75.0%\n" +
		"                            2      2  50.0%\n"
	if out.String() != want {
		t.Errorf("table\n%q\nwant\n%q", out.String(), want)
	}
	if (book.Coverage{}).Mean() != 0 {
		t.Error("no games: a mean other than 0")
	}
}
