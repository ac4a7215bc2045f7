package textboard_test

import (
	"context"
	"maps"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/textboard"
)

// valuer is a player that values every legal move at its index in discs,
// with no values at all if silent.
type valuer struct {
	silent bool
	asked  []board.Position // the positions it analysed
}

func (v *valuer) Name() string { return "valuer" }

func (v *valuer) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	v.asked = append(v.asked, req.Position)
	squares := board.Squares(req.Legal)
	if v.silent {
		return player.Reply{Move: squares[0]}, nil
	}
	t := &player.Thinking{Nodes: 42, Note: "a note"}
	for i, sq := range squares {
		t.Moves = append(t.Moves, player.MoveStat{Move: sq, Eval: float64(i), HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 3}})
	}
	return player.Reply{Move: squares[0], Thinking: t}, nil
}

func TestAnalyze(t *testing.T) {
	const mustPass = "f5f6d3g5h5h4f7h6" // then black has no move, white has
	over, err := board.ParsePosition(strings.Repeat("X", 64) + " O")
	if err != nil {
		t.Fatal(err)
	}
	// A book that knows one reply to f5: f4, worth 5.25 discs to Black.
	s := book.NewSet()
	s.Put(mustParse(t, "f5f4").Position().Board, book.Entry{Value: 5.25, Depth: 7, Count: 3})
	small := s.Book()
	for _, tc := range []struct {
		name     string
		g        *game.Game
		b        *book.Book
		silent   bool
		asked    int // positions analysed
		want     []string
		wantNone []string
	}{
		{"values", mustParse(t, "f5d6c3d3c4"), nil, false, 1,
			[]string{"opening: Tiger", "white (O) to move; analysis by valuer in ", " s, 42 nodes\n", "a note\n"}, []string{"book"}},
		{"book", mustParse(t, "f5"), small, false, 1,
			[]string{"white (O) to move", "my book", "-5.25", "book"}, nil},
		{"pass", mustParse(t, mustPass), nil, false, 1,
			[]string{"black (X) has no legal move and must pass; analysing white's moves.", "white (O) to move"}, nil},
		{"no values", game.NewStandard(), nil, true, 1,
			[]string{"(the player gave no values for the moves)"}, []string{"nodes"}},
		{"over", game.New(over, game.Standard), nil, false, 0,
			[]string{"The game is over: 64-0, +64 for black (empties to the winner)."}, []string{"to move"}},
	} {
		p := &valuer{silent: tc.silent}
		before, beforePos := tc.g.Transcript(), tc.g.Position()
		var out strings.Builder
		if err := textboard.Analyze(context.Background(), &out, p, tc.g, tc.b, "my book"); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(p.asked) != tc.asked {
			t.Errorf("%s: %d positions analysed, want %d", tc.name, len(p.asked), tc.asked)
		}
		if tc.g.Transcript() != before || tc.g.Position() != beforePos {
			t.Errorf("%s: the game changed: %s", tc.name, tc.g.Transcript())
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: no %q in\n%s", tc.name, w, out.String())
			}
		}
		for _, w := range tc.wantNone {
			if strings.Contains(out.String(), w) {
				t.Errorf("%s: %q in\n%s", tc.name, w, out.String())
			}
		}
	}
}

// TestBookAnalysisNoMinusZero: a value that rounds to zero is shown
// +0.00, never -0.00, in the book's table (a book value of 0 negated for
// the side to move was -0.00).
func TestBookAnalysisNoMinusZero(t *testing.T) {
	var b strings.Builder
	sq := func(text string) board.Square { s, _ := board.ParseSquare(text); return s }
	moves := []player.MoveStat{
		{Move: sq("b6"), Eval: math.Copysign(0, -1), HasEval: true, Source: player.Source{Kind: player.Book, Depth: 16}},
		{Move: sq("c6"), Eval: -0.004, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 4}},
		{Move: sq("d6"), Eval: -0.006, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 4}},
		{Move: sq("e6"), Eval: 1.5, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 4}},
	}
	textboard.WriteBookAnalysis(&b, board.White, &player.Thinking{Moves: moves}, "the shipped opening book")
	values := map[string]string{}
	for _, r := range regexp.MustCompile(`(?m)^([A-H][1-8])\s+(\S+)`).FindAllStringSubmatch(b.String(), -1) {
		values[r[1]] = r[2]
	}
	if want := map[string]string{"B6": "+0.00", "C6": "+0.00", "D6": "-0.01", "E6": "+1.50"}; !maps.Equal(values, want) {
		t.Errorf("values %v, want %v:\n%s", values, want, b.String())
	}
}
