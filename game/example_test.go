package game_test

import (
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// A game is a start position, a rule and the moves played; it refuses
// illegal moves and knows when it is over.
func Example() {
	g := game.New(board.Start(), game.Standard)
	if err := g.PlayTranscript("f5d6c3d3c4"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Ply(), g.Turn(), board.FormatSquares(g.Legal()))
	fmt.Println(g.Play(game.Move{Square: board.MustParseSquare("A1")}))
	fmt.Println(g.Transcript())
	// Output:
	// 5 white B3 F3 F4 B5 G5 G6
	// A1 is not legal here; legal moves: B3 F3 F4 B5 G5 G6
	// f5d6c3d3c4
}

// The shortest game: both sides out of moves after nine, Black wins 13-0.
func ExampleGame_Over() {
	g := game.New(board.Start(), game.Standard)
	g.PlayTranscript("e6f4e3f6g5d6e7f5c5")
	g.Finish()
	fmt.Println(g.Over(), g.Result)
	// Output: true black wins 13-0 (+64, normal end)
}
