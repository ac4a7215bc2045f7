package train

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// TestWTHORBeginnings checks the openings of the held-out games against a
// plain count: every game of enough moves is counted once, under the
// position its transcript reaches, positions are distinct in all eight
// images, the order is by games, and min-games filters.
func TestWTHORBeginnings(t *testing.T) {
	games, err := WTHORGames(true, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, plies := range []int{1, 2, 4, 6} {
		all, err := WTHORBeginnings(true, plies, 1)
		if err != nil {
			t.Fatal(err)
		}
		// The reference: every image of each game's position, looked up
		// among the beginnings' positions by brute force.
		images := make([][8]board.Board, len(all))
		for i, b := range all {
			g := game.New(board.Start(), game.Standard)
			if err := g.PlayTranscript(b.Moves); err != nil {
				t.Fatalf("%d moves: %q does not replay: %v", plies, b.Moves, err)
			}
			for s := range 8 {
				images[i][s] = board.Symmetry(s).Apply(g.Position().Board)
			}
			for j := range i {
				for s := range 8 {
					if images[j][s] == images[i][0] {
						t.Errorf("%d moves: %q and %q are the same position", plies, all[j].Moves, b.Moves)
					}
				}
			}
			if i > 0 && all[i-1].Games < b.Games {
				t.Errorf("%d moves: %q (%d games) after %q (%d)", plies, b.Moves, b.Games, all[i-1].Moves, all[i-1].Games)
			}
		}
		want := make([]int, len(all))
		for _, g := range games {
			if len(g.Moves) < plies {
				continue
			}
			p := g.PositionAt(plies).Board
			found := -1
			for i := range images {
				for s := range 8 {
					if images[i][s] == p {
						found = i
					}
				}
			}
			if found < 0 {
				t.Fatalf("%d moves: the position of %q is in no beginning", plies, g.Transcript()[:2*plies])
			}
			want[found]++
		}
		for i, b := range all {
			if b.Games != want[i] {
				t.Errorf("%d moves: %q: %d games, counted %d", plies, b.Moves, b.Games, want[i])
			}
		}
		if plies == 6 {
			few, err := WTHORBeginnings(true, plies, 10)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, b := range all {
				if b.Games >= 10 {
					if few[n] != b {
						t.Errorf("min-games 10: %v, want %v", few[n], b)
					}
					n++
				}
			}
			if n != len(few) || n == 0 || n == len(all) {
				t.Errorf("min-games 10 kept %d of %d, want %d", len(few), len(all), n)
			}
		}
	}
	// After 60 moves (passes count) most games are over, and a position
	// where the game is over is no opening.
	late, err := WTHORBeginnings(true, 60, 1)
	if err != nil {
		t.Fatal(err)
	}
	over := 0
	for _, g := range games {
		if len(g.Moves) >= 60 && g.PositionAt(60).Board.Empties() == 0 {
			over++
		}
	}
	if over == 0 {
		t.Fatal("no game is over after 60 moves: the case is not tested")
	}
	for _, b := range late {
		g := game.New(board.Start(), game.Standard)
		if err := g.PlayTranscript(b.Moves); err != nil || g.Over() {
			t.Errorf("60 moves: %q: over %v, %v", b.Moves, g.Over(), err)
		}
	}
	if _, err := WTHORBeginnings(true, 0, 1); err == nil || !strings.Contains(err.Error(), "want 1 to 60") {
		t.Errorf("0 moves: %v", err)
	}
	if _, err := WTHORBeginnings(true, 6, 0); err == nil {
		t.Error("0 games: no error")
	}
}

// TestOpeningsFile: three comment lines that say what the openings are,
// then a transcript a line; the games that reached them counted.
func TestOpeningsFile(t *testing.T) {
	text, games := OpeningsFile([]Beginning{{"f5d6", 7}, {"f5f6", 2}}, 2, 2, true)
	want := "# reversi book openings --plies 2 --min-games 2 --training\n" +
		"# the 2 positions after 2 moves of the WTHOR games of every year but " + fmt.Sprint(HeldOutYear) + " reached by at least 2 of them\n" +
		"# (9 games in all), each once up to symmetry, most played first\n" +
		"f5d6\nf5f6\n"
	if text != want || games != 9 {
		t.Errorf("%d games, file\n%s\nwant 9 games, file\n%s", games, text, want)
	}
}
