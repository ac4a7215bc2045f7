package endgame_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
)

// Search finds the exact final margin with perfect play, and the line.
func ExampleSolver_Search() {
	pos, _ := board.ParsePosition("---OOOOO--O-OOOO-OOOOOOO-OXOXOOOXXOXOOOOXOXXXO-OOOOOOX-OX-XO--X- X")
	s, err := endgame.New(endgame.Options{Threads: 1, HashMB: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := s.Search(context.Background(), pos.Board, endgame.Limits{Mode: endgame.Exact}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pos.Board.Empties(), "empties:", r.Move, r.Score)
	fmt.Println("line:", r.PV)
	w, _ := s.Search(context.Background(), pos.Board, endgame.Limits{Mode: endgame.WLD}, nil)
	fmt.Println("win/loss/draw:", w.Score)
	// Output:
	// 14 empties: B8 10
	// line: [B8 G7 A4 A3 D2 C1 A2 B2 B1 A1 H8 F8 G6 PA E8]
	// win/loss/draw: 1
}
