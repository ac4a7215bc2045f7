package textboard

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

func TestRenderStart(t *testing.T) {
	p := board.Start()
	got := String(p, Options{Legal: p.Board.Moves()})
	want := `    A B C D E F G H
1   . . . . . . . .
2   . . . . . . . .
3   . . . * . . . .
4   . . * O X . . .
5   . . . X O * . .
6   . . . . * . . .
7   . . . . . . . .
8   . . . . . . . .
`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestRenderGameWithStatus(t *testing.T) {
	g, err := game.ParseTranscript("f5d6")
	if err != nil {
		t.Fatal(err)
	}
	g.Moves[0].Time = 1500 * time.Millisecond
	g.Moves[1].Time = 200 * time.Millisecond
	got := String(g.Position(), ForGame(g, [2]string{"alice", ""}))
	for _, want := range []string{
		"6   . . *[O]. . . .",
		"X alice         3 discs  last 1.5s  total 1.5s  <- to move",
		"O white         3 discs  last 0.2s  total 0.2s",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	// Every row has its number and the eight cells line up under A-H.
	lines := strings.Split(got, "\n")
	for row := 1; row <= 8; row++ {
		if !strings.HasPrefix(lines[row], string(rune('0'+row))) || len(strings.TrimRight(lines[row], "]")) != len(lines[0]) {
			t.Errorf("row %d badly drawn: %q", row, lines[row])
		}
	}
}

func TestLastMoveOnTheRightEdge(t *testing.T) {
	got := String(board.Start(), Options{Highlight: board.H1.Bit()})
	if !strings.Contains(got, "1   . . . . . . .[.]\n") {
		t.Fatalf("H1 not bracketed:\n%s", got)
	}
}

// TestRenderLongNamesAndOneDisc: a name longer than the column widens it
// for both lines, so that the discs stay aligned, and one disc is "1
// disc" (issue 19).
func TestRenderLongNamesAndOneDisc(t *testing.T) {
	pos, err := board.ParsePosition("X" + strings.Repeat("-", 61) + "OO X")
	if err != nil {
		t.Fatal(err)
	}
	text := String(pos, Options{Status: true, Names: [2]string{"engine:level=10,threads=1", "roxanne"}})
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	black, white := lines[len(lines)-2], lines[len(lines)-1]
	if want := "X engine:level=10,threads=1  1 disc  "; !strings.HasPrefix(black, want) {
		t.Errorf("black's line %q, want it to start %q", black, want)
	}
	if want := "O roxanne                    2 discs  "; !strings.HasPrefix(white, want) {
		t.Errorf("white's line %q, want it to start %q", white, want)
	}
}

func ExampleRender() {
	g, _ := game.ParseTranscript("f5")
	Render(os.Stdout, g.Position(), Options{Legal: g.Legal(), Highlight: g.LastMove().Bit()})
	// Output:
	//     A B C D E F G H
	// 1   . . . . . . . .
	// 2   . . . . . . . .
	// 3   . . . . . . . .
	// 4   . . . O X * . .
	// 5   . . . X X[X]. .
	// 6   . . . * . * . .
	// 7   . . . . . . . .
	// 8   . . . . . . . .
}
