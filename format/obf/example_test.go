// Examples: reading the FForum problems and writing a problem line.

package obf_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/format/obf"
)

func ExampleParse() {
	raw, err := fforum.ReadFile("fforum-40-59.obf")
	if err != nil {
		log.Fatal(err)
	}
	problems, err := obf.Parse(bytes.NewReader(raw))
	if err != nil {
		log.Fatal(err)
	}
	for i, p := range problems[:3] {
		score, _ := p.BestScore()
		fmt.Printf("#%d: %d empties, %v to move, best %v %+d\n",
			40+i, p.Position.Board.Empties(), p.Position.Turn, p.BestMoves(), score)
	}
	// Output:
	// #40: 20 empties, black to move, best [A2] +38
	// #41: 22 empties, black to move, best [H4] +0
	// #42: 22 empties, black to move, best [G2] +6
}

func ExampleParseLine() {
	p, err := obf.ParseLine("XO" + "--------------------------------------------------------------" + " O; C1:+2;")
	fmt.Println(err)
	p, err = obf.ParseLine("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; g8:+18; h1 : 12")
	fmt.Println(p, err)
	// Output:
	// obf: move 1 (C1:+2): C1 is not legal: the side to move has no move and must pass (PA)
	// --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; <nil>
}

func ExampleProblem_String() {
	p := obf.Problem{
		Position: board.Start(),
		Moves:    []obf.MoveScore{{Square: board.MustParseSquare("D3"), Score: -2}},
	}
	fmt.Println(p)
	// Output:
	// ---------------------------OX------XO--------------------------- X; D3:-2;
}
