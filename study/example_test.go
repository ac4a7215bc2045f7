package study_test

import (
	"fmt"
	"os"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/study"
)

// A study of the Tiger from the standard start: a main line, a
// variation, a comment and a mark, written as GGF (a game a line) and
// as JSON.
func Example() {
	s := study.New(board.Start(), game.Standard)
	s.SetTitle("The Tiger")
	tiger, err := s.AddLine(study.Path{}, []board.Square{board.MustParseSquare("f5"), board.MustParseSquare("d6"), board.MustParseSquare("c3")})
	if err != nil {
		panic(err)
	}
	// After f5 d6, c5 too.
	if _, err := s.AddMove(tiger[:2], board.MustParseSquare("c5")); err != nil {
		panic(err)
	}
	s.SetComment(tiger, "The Tiger.")
	s.SetMarks(tiger, []study.Mark{{Square: board.MustParseSquare("d3"), Kind: study.MarkCircle}})
	// A move the rules forbid is refused, naming where.
	if _, err := s.AddMove(tiger, board.MustParseSquare("a1")); err != nil {
		fmt.Println(err)
	}
	for _, line := range s.Lines() {
		fmt.Println(line)
	}
	s.WriteGGF(os.Stdout)
	data, _ := s.Marshal()
	fmt.Println(string(data))
	// Output:
	// study: after F5 D6 C3, move 4 (A1): A1 is not legal here; legal moves: D3 F3 F4 G5
	// [F5 D6 C3]
	// [F5 D6 C5]
	// (;GM[Othello]PC[The Tiger]PB[]PW[]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[D6]B[C3];)
	// (;GM[Othello]PC[The Tiger]PB[]PW[]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[D6]B[C5];)
	// {"format":"reversi-study","version":1,"title":"The Tiger","start":"---------------------------OX------XO--------------------------- X","root":{"children":[{"move":"F5","children":[{"move":"D6","children":[{"move":"C3","comment":"The Tiger.","marks":[{"square":"D3","mark":"circle"}]},{"move":"C5"}]}]}]}}
}
