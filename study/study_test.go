package study

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// moves reads squares written "f5 d6 c3" (PA a pass).
func moves(t testing.TB, text string) []board.Square {
	t.Helper()
	var out []board.Square
	for _, f := range strings.Fields(text) {
		out = append(out, board.MustParseSquare(f))
	}
	return out
}

// sample is a study of the standard start: the main line f5 d6 c3 d3
// c4, a variation f5 f6 e6 f4 after f5, one f5 f4 beside it, a variation
// c5 after f5 d6; a comment and marks here and there.
func sample(t testing.TB) *Study {
	t.Helper()
	s := New(board.Start(), game.Standard)
	s.Title = "The Tiger and its neighbours"
	for _, l := range []struct{ at, line string }{
		{"", "f5 d6 c3 d3 c4"},
		{"0", "f6 e6 f4"},
		{"0", "f4"},
		{"0.0", "c5"},
	} {
		p, _ := ParsePath(l.at)
		if _, err := s.AddLine(p, moves(t, l.line)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetComment(Path{}, "The start."); err != nil {
		t.Fatal(err)
	}
	if err := s.SetComment(Path{0, 0, 0}, "The Tiger: c3.\nBlack's best is\td3 here ]\\"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMarks(Path{0, 0}, []Mark{{Square: board.MustParseSquare("c3"), Kind: MarkCircle},
		{Square: board.MustParseSquare("e6"), Kind: MarkLabel, Label: "A:]"}, {Square: board.MustParseSquare("c5"), Kind: MarkTriangle},
		{Square: board.MustParseSquare("a1"), Kind: MarkCross}, {Square: board.MustParseSquare("h8"), Kind: MarkSquare},
		{Square: board.MustParseSquare("b2"), Kind: MarkLabel, Label: "虎"}}); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLinesAndPaths(t *testing.T) {
	s := sample(t)
	var got []string
	for _, l := range s.Lines() {
		got = append(got, strings.TrimSpace(fmt.Sprint(l)))
	}
	want := []string{"[F5 D6 C3 D3 C4]", "[F5 D6 C5]", "[F5 F6 E6 F4]", "[F5 F4]"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lines %v, want %v", got, want)
	}
	if n := s.Count(); n != 1+5+1+3+1 {
		t.Errorf("%d nodes", n)
	}
	line, err := s.Line(Path{0, 1, 0})
	if err != nil || fmt.Sprint(line) != "[F5 F6 E6]" {
		t.Errorf("the line of 0.1.0: %v, %v", line, err)
	}
	pos, err := s.Position(Path{0, 0})
	if err != nil || pos != board.MustParsePosition("---------------------------OX------XO--------------------------- X").Play(board.MustParseSquare("f5")).Play(board.MustParseSquare("d6")) {
		t.Errorf("the position of 0.0: %v, %v", pos, err)
	}
	if _, err := s.At(Path{0, 3}); !errors.Is(err, ErrNoNode) || !strings.Contains(err.Error(), "after F5 has 3 children, no child 3") {
		t.Errorf("a path to no node: %v", err)
	}
	for _, text := range []string{"", "0", "0.1.12"} {
		p, err := ParsePath(text)
		if err != nil || p.String() != text {
			t.Errorf("path %q: %v, %v", text, p, err)
		}
	}
	for _, text := range []string{"a", "0..1", "-1", "01", "0.99999"} {
		if _, err := ParsePath(text); err == nil {
			t.Errorf("path %q read", text)
		}
	}
}

func TestOperations(t *testing.T) {
	s := sample(t)
	// A move that is there already goes to its node.
	if p, err := s.AddMove(Path{0}, board.MustParseSquare("f6")); err != nil || p.String() != "0.1" {
		t.Errorf("f6 after f5 again: %v, %v", p, err)
	}
	// A new one is a new variation, last.
	g, _ := s.Game(Path{0, 0})
	other := board.Squares(g.Legal() &^ board.MustParseSquare("c3").Bit() &^ board.MustParseSquare("c5").Bit())[0]
	p, err := s.AddMove(Path{0, 0}, other)
	if err != nil || p.String() != "0.0.2" {
		t.Fatalf("%s after f5 d6: %v, %v", other, p, err)
	}
	// An illegal one is refused, naming the node and the move.
	_, err = s.AddMove(Path{0, 0}, board.MustParseSquare("a1"))
	var me *MoveError
	if !errors.As(err, &me) || me.Ply() != 3 || me.Move != board.A1 || !strings.Contains(err.Error(), "after F5 D6, move 3 (A1): ") {
		t.Errorf("a1 after f5 d6: %v", err)
	}
	if _, err := s.AddMove(Path{0}, board.Pass); !errors.As(err, &me) {
		t.Errorf("a pass where moves exist: %v", err)
	}
	// Promote makes the main line.
	if err := s.Promote(Path{0, 2}); err != nil {
		t.Fatal(err)
	}
	var first []string
	for _, c := range s.Root.Children[0].Children {
		first = append(first, c.Move.String())
	}
	if fmt.Sprint(first) != "[F4 D6 F6]" {
		t.Errorf("after promoting f4: %v", first)
	}
	// Delete takes the subtree.
	if err := s.Delete(Path{0, 1}); err != nil {
		t.Fatal(err)
	}
	if n := s.Count(); n != 1+1+1+3 {
		t.Errorf("%d nodes after deleting d6's subtree", n)
	}
	for _, p := range []Path{{}, {0, 9}} {
		if err := s.Delete(p); err == nil {
			t.Errorf("delete %v: no error", p)
		}
		if err := s.Promote(p); err == nil {
			t.Errorf("promote %v: no error", p)
		}
	}
	if err := s.SetComment(Path{0}, strings.Repeat("x", MaxComment+1)); err == nil || !strings.Contains(err.Error(), "after F5: the comment is 2001 bytes") {
		t.Errorf("a long comment: %v", err)
	}
	if err := s.SetMarks(Path{0}, []Mark{{Square: board.A1, Kind: MarkCircle}, {Square: board.A1, Kind: MarkCross}}); err == nil {
		t.Errorf("two marks on a square: no error")
	}
	if err := s.SetTitle(strings.Repeat("t", MaxTitle+1)); err == nil {
		t.Errorf("a long title: no error")
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
}

// wide returns a study of the standard start with every legal move of
// every node, breadth first, until it has n nodes; it does not check
// the limits.
func wide(n int) *Study {
	s := New(board.Start(), game.Standard)
	type item struct {
		node *Node
		g    *game.Game
	}
	queue := []item{{s.Root, game.NewStandard()}}
	count := 1
	for len(queue) > 0 && count < n {
		it := queue[0]
		queue = queue[1:]
		for _, sq := range board.Squares(it.g.Legal()) {
			if count == n {
				break
			}
			c := &Node{Move: sq}
			it.node.Children = append(it.node.Children, c)
			g := it.g.Clone()
			g.PlaySquare(sq)
			queue = append(queue, item{c, g})
			count++
		}
	}
	return s
}

func TestValidate(t *testing.T) {
	sq := board.MustParseSquare
	// mustPass is a position where White, to move, has none; Black has C1.
	mustPass := board.MustParsePosition("XO" + strings.Repeat("-", 62) + " O")
	tests := []struct {
		name  string
		study func() *Study
		want  string // in the error; "" none
	}{
		{"sample", func() *Study { return sample(t) }, ""},
		{"an illegal first move", func() *Study {
			s := New(board.Start(), game.Standard)
			s.Root.Children = []*Node{{Move: board.A1}}
			return s
		}, "study: at the start, move 1 (A1): A1 is not legal here"},
		{"an illegal move deeper", func() *Study {
			s := sample(t)
			s.Root.Children[0].Children[1].Children = append(s.Root.Children[0].Children[1].Children, &Node{Move: sq("h8")})
			return s
		}, "study: after F5 F6, move 3 (H8): "},
		{"a pass with moves", func() *Study {
			s := New(board.Start(), game.Standard)
			s.Root.Children = []*Node{{Move: board.Pass}}
			return s
		}, "move 1 (PA): black cannot pass"},
		{"a forced pass, then the game's end", func() *Study {
			s := New(mustPass, game.Standard)
			s.Root.Children = []*Node{{Move: board.Pass, Children: []*Node{{Move: sq("c1")}}}}
			return s
		}, ""},
		{"a move after the end", func() *Study {
			s := New(mustPass, game.Standard)
			s.Root.Children = []*Node{{Move: board.Pass, Children: []*Node{{Move: sq("c1"), Children: []*Node{{Move: board.Pass}}}}}}
			return s
		}, "after PA C1, move 3 (PA): the game is over"},
		{"the no-adjacent rule", func() *Study {
			s := New(board.Start(), game.NoAdjacent)
			s.Root.Children = []*Node{{Move: sq("f5"), Children: []*Node{{Move: sq("f6")}}}}
			return s
		}, "after F5, move 2 (F6): F6 is not legal here: it is next to the opponent's last move F5"},
		{"a move twice", func() *Study {
			s := New(board.Start(), game.Standard)
			s.Root.Children = []*Node{{Move: sq("f5")}, {Move: sq("d3")}, {Move: sq("f5")}}
			return s
		}, "at the start: F5 is there twice (children 0 and 2)"},
		{"the root with a move", func() *Study {
			s := New(board.Start(), game.Standard)
			s.Root.Move = sq("f5")
			return s
		}, "the root has a move"},
		{"a nil child", func() *Study {
			s := New(board.Start(), game.Standard)
			s.Root.Children = []*Node{nil}
			return s
		}, "child 0 is missing"},
		{"a long comment", func() *Study {
			s := sample(t)
			s.Root.Children[0].Children[0].Comment = strings.Repeat("é", MaxComment/2+1)
			return s
		}, "after F5 D6: the comment is 2002 bytes, more than 2000"},
		{"a control character", func() *Study {
			s := sample(t)
			s.Root.Comment = "a\x00b"
			return s
		}, "at the start: the comment holds a control character"},
		{"a comment not UTF-8", func() *Study {
			s := sample(t)
			s.Root.Comment = "a\xffb"
			return s
		}, "not UTF-8"},
		{"two marks on a square", func() *Study {
			s := sample(t)
			s.Root.Marks = []Mark{{Square: board.A1, Kind: MarkCircle}, {Square: board.A1, Kind: MarkCross}}
			return s
		}, "at the start: two marks on A1"},
		{"a mark of no kind", func() *Study {
			s := sample(t)
			s.Root.Marks = []Mark{{Square: board.A1, Kind: "star"}}
			return s
		}, `mark "star" on A1: not a kind of mark`},
		{"a mark off the board", func() *Study {
			s := sample(t)
			s.Root.Marks = []Mark{{Square: board.Pass, Kind: MarkCircle}}
			return s
		}, "a mark on PA, which is not a square"},
		{"a circle with a label", func() *Study {
			s := sample(t)
			s.Root.Marks = []Mark{{Square: board.A1, Kind: MarkCircle, Label: "x"}}
			return s
		}, "a circle on A1 has a label"},
		{"a long label", func() *Study {
			s := sample(t)
			s.Root.Marks = []Mark{{Square: board.A1, Kind: MarkLabel, Label: "abcd"}}
			return s
		}, "the label on A1: 4 characters, more than 3"},
		{"an empty label", func() *Study {
			s := sample(t)
			s.Root.Marks = []Mark{{Square: board.A1, Kind: MarkLabel, Label: " "}}
			return s
		}, "the label on A1: empty"},
		{"a long title", func() *Study {
			s := sample(t)
			s.Title = strings.Repeat("t", MaxTitle+1)
			return s
		}, "the title is 201 bytes, more than 200"},
		{"a title on two lines", func() *Study {
			s := sample(t)
			s.Title = "a\nb"
			return s
		}, "the title holds a control character"},
		{"no root", func() *Study { return &Study{Start: board.Start()} }, "no root node"},
		{"as many nodes as allowed", func() *Study { return wide(MaxNodes) }, ""},
		{"too many nodes", func() *Study { return wide(MaxNodes + 1) }, "more than 2000 nodes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.study().Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error %v, want one with %q", err, tt.want)
			}
		})
	}
	// A node too many is refused by AddMove as well.
	s := wide(MaxNodes)
	if _, err := s.AddMove(Path{}, board.Squares(game.NewStandard().Legal())[0]); err != nil {
		t.Errorf("a move there already: %v", err)
	}
	leaf := Path{}
	for n := s.Root; len(n.Children) > 0; n = n.Children[len(n.Children)-1] {
		leaf = append(leaf, len(n.Children)-1)
	}
	g, _ := s.Game(leaf)
	if _, err := s.AddMove(leaf, board.Squares(g.Legal())[0]); err == nil || !strings.Contains(err.Error(), "more than 2000 nodes") {
		t.Errorf("a node over the limit: %v", err)
	}
}

func TestFromGame(t *testing.T) {
	g, err := game.ParseTranscript("f5d6c3d3c4")
	if err != nil {
		t.Fatal(err)
	}
	s, err := FromGame(g)
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Lines(); len(l) != 1 || fmt.Sprint(l[0]) != "[F5 D6 C3 D3 C4]" || s.Start != board.Start() {
		t.Errorf("the study of a game: %v", l)
	}
}

func TestClone(t *testing.T) {
	s := sample(t)
	c := s.Clone()
	if !reflect.DeepEqual(s, c) {
		t.Fatal("the clone differs")
	}
	c.Root.Children[0].Comment = "changed"
	c.Root.Children[0].Children[0].Marks[0].Kind = MarkSquare
	if s.Root.Children[0].Comment == "changed" || s.Root.Children[0].Children[0].Marks[0].Kind != MarkCross {
		t.Error("a change of the clone changed the study")
	}
}
