package opening

import (
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// TestTableLinesAreLegal checks that every line of the table is a legal
// game from f5, that names are unique, and that no two lines reach the
// same position (one of them could never be named).
func TestTableLinesAreLegal(t *testing.T) {
	names := map[string]bool{}
	seen := map[board.Board]string{}
	for _, o := range All() {
		if names[o.Name] {
			t.Errorf("%s: name listed twice", o.Name)
		}
		names[o.Name] = true
		if !strings.HasPrefix(o.Moves, "f5") {
			t.Errorf("%s: %s does not start with f5", o.Name, o.Moves)
		}
		g, err := game.ParseTranscript(o.Moves)
		if err != nil {
			t.Errorf("%s: %s: %v", o.Name, o.Moves, err)
			continue
		}
		if g.Transcript() != o.Moves || g.Ply() != o.Plies() {
			t.Errorf("%s: %s replays as %s", o.Name, o.Moves, g.Transcript())
		}
		c, _ := g.Position().Board.Canonical()
		if other, dup := seen[c]; dup {
			t.Errorf("%s reaches the position of %s", o.Name, other)
		}
		seen[c] = o.Name
	}
	if len(names) < 60 {
		t.Errorf("%d openings, want the classic list", len(names))
	}
}

// TestEveryLineNamesItself checks that each line is named by itself under
// every symmetry of the board that keeps the start position (the four
// first moves; the other four symmetries swap the colours of the centre,
// and no game plays their images).
func TestEveryLineNamesItself(t *testing.T) {
	kept := 0
	for s := board.Symmetry(0); s < board.Symmetries; s++ {
		if s.Apply(board.StartBoard()) != board.StartBoard() {
			continue
		}
		kept++
		for _, o := range All() {
			g, _ := game.ParseTranscript(o.Moves)
			moves := transform(g, s)
			got, ok := OfMoves(moves)
			if !ok || got.Name != o.Name {
				t.Errorf("%s under symmetry %d (%s): got %q, %v", o.Name, s, squares(moves), got.Name, ok)
			}
		}
	}
	if kept != 4 {
		t.Errorf("%d symmetries keep the start, want 4", kept)
	}
}

func transform(g *game.Game, s board.Symmetry) []board.Square {
	out := make([]board.Square, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = s.ApplySquare(m.Square)
	}
	return out
}

func squares(moves []board.Square) string {
	var sb strings.Builder
	for _, m := range moves {
		sb.WriteString(strings.ToLower(m.String()))
	}
	return sb.String()
}

func TestKnownGames(t *testing.T) {
	tests := []struct {
		transcript string
		want       string // "" for no name
	}{
		{"", ""},
		{"f5", ""},
		{"f5d6", "Perpendicular Opening"},
		{"d3c5", "Perpendicular Opening"},
		{"f5d6c3d3c4", "Tiger"},
		{"d3c5f6f5e6", "Tiger"},   // the same, half turned
		{"c4e3f6e6f5", "Tiger"},   // and transposed
		{"e6f4c3c4d3", "Tiger"},   // and mirrored
		{"f5d6c3d3c4f4", "Tiger"}, // past the Tiger, before a longer name: still the Tiger
		{"f5d6c3d3c4f4e6", "Leader's Tiger"},
		{"f5d6c3d3c4f4c5b3c2e6", "Tamenori"},
		{"f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1", "Tamenori"},
		{"f5d6c5f4e3c6d3f6e6d7", "Rose"},
		{"f5d6c5f4e3c6d3f6e6d7g3c4", "Rose-Birth"},
		{"f5f6e6f4e3", "Cow"},
		{"f5f6e6d6c5", "Cow"}, // the Cow on the other side of the diagonal
		{"e6f6f5f4e3", "Cow"},
		{"f5f6e6f4e3c5c4", "Rose-v-Toth"},
		{"f5f6e6f4c3", "Buffalo"},
		{"f5f6e6f4g5", "Heath"},
		{"f5f6e6f4g6", "Snake"},
		{"f5f6e6f4g4", "Raccoon Dog"},
		{"f5d6c4d3c5", "Cat"},
		{"f5d6c5f4d3", "Horse"},
		{"f5f4", "Parallel Opening"},
		{"f5f4e3f6d3", "Parallel Opening"},
		{"f5f6", "Diagonal Opening"},
		// The Tiger by another order of moves.
		{"f5d6c4d3c3", "Tiger"},
		// The lines added from the classic list, as its sources write them:
		// Robert Gatliff's list from c4, NBoard's from f5 (its diagonal
		// lines through d6), and in this table's own words.
		{"c4c3d3c5b2", "X-square Opening"},
		{"f5f6e6d6g7", "X-square Opening"},
		{"c4c3d3c5b6", "Rocket"},
		{"c4c3d3c5b3f3", "Lysons"},
		{"c4c3d3e3c2c6", "Lysons"}, // Zebra's order of the same moves
		{"c4e3f6e6f5g6e7c5", "Aubrey (Feldborg Continuation)"},
		{"f5d6c3d3c4f4c5b3c2e3", "Nicolet"},
		{"c4e3f6e6f5c5f4g6f7g5", "Central Rose-Bill"},
		{"f5d6c3d3c4f4c5b3c2b4", "Central Rose-Bill"},
		{"c4e3f6e6f5c5c3c6d6", "Lightning Bolt"},
		{"c4e3f6e6f5c5c3c6d3d2e2b3c1c2b4a3a5b5a6a4a2", "F.A.T. Draw"},
		{"f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7", "F.A.T. Draw"},
	}
	for _, tc := range tests {
		t.Run(tc.transcript, func(t *testing.T) {
			o, ok, err := OfTranscript(tc.transcript)
			if err != nil {
				t.Fatal(err)
			}
			if got := map[bool]string{true: o.Name}[ok]; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestIllegalMoves: OfMoves looks at the moves up to the first illegal
// one, a pass included: a pass is legal only when the side to move has
// no move and the game is not over.
func TestIllegalMoves(t *testing.T) {
	tests := []struct {
		moves string // squares, "PA" for a pass, "--" for NoSquare
		want  string // "" for no name
	}{
		{"F5 D6 A1 --", "Perpendicular Opening"},       // a1 is not a move
		{"F5 D6 C3 D3 -- C4", "Perpendicular Opening"}, // nor is no square
		{"F5 D6 C3 D3 C4 C4", "Tiger"},                 // nor a square taken
		// A pass while the side to move has a move is illegal.
		{"D3 E3 PA C4 F3 F4", "Parallel Opening"}, // not the Cow
		{"PA F5 D6", ""},
		{"F5 D6 PA C3 D3 C4", "Perpendicular Opening"},
		{"F5 D6 C3 D3 C4 PA", "Tiger"},
		{"F5 F6 E6 F4 E3 PA PA", "Cow"},
		// Black has no move after c1, white has: the pass is legal.
		{"D3 C3 B3 B2 E6 A3 A1 C1 PA E3", "Diagonal Opening"},
	}
	for _, tc := range tests {
		t.Run(tc.moves, func(t *testing.T) {
			var moves []board.Square
			for _, f := range strings.Fields(tc.moves) {
				if f == "--" {
					moves = append(moves, board.NoSquare)
					continue
				}
				moves = append(moves, board.MustParseSquare(f))
			}
			o, ok := OfMoves(moves)
			if got := map[bool]string{true: o.Name}[ok]; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	if _, _, err := OfTranscript("f5e6"); err == nil {
		t.Error("an illegal transcript was accepted")
	}
	// A game from another start has no name.
	g := game.New(board.MustParsePosition("---------------------------OX------XO--------------------------- O"), game.Standard)
	if _, ok := Of(g); ok {
		t.Error("a game from another start was named")
	}
	if _, ok := Of(nil); ok {
		t.Error("a nil game was named")
	}
}

func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0].Name = "changed"
	a[5].Aliases[0] = "changed"
	if b := All(); b[0].Name == "changed" || b[5].Aliases[0] == "changed" {
		t.Error("All shares the table")
	}
}
