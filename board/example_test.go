package board_test

import (
	"fmt"

	"github.com/reversi-engine/reversi/board"
)

// A position is a side-relative bitboard and the side to move; playing a
// move returns a new position (copy-make).
func Example() {
	pos := board.Start()
	fmt.Println(board.FormatSquares(pos.Board.Moves()))
	pos = pos.Play(board.MustParseSquare("F5"))
	fmt.Println(pos.Turn, pos.Count(board.Black), pos.Count(board.White))
	fmt.Println(board.FormatSquares(pos.Board.Moves()))
	// Output:
	// D3 C4 F5 E6
	// white 4 1
	// F4 D6 F6
}

// Boards are written as 64 squares from A1 to H8 and the side to move,
// as in OBF files.
func ExampleParsePosition() {
	pos, err := board.ParsePosition("---------------------------OX------XO--------------------------- X")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pos == board.Start(), pos.Board.Empties())
	// Output: true 60
}

// Flips tells which discs a move turns over, as a mask.
func ExampleBoard_Flips() {
	b := board.StartBoard()
	fmt.Println(board.FormatSquares(b.Flips(board.MustParseSquare("D3"))))
	// Output: D4
}
