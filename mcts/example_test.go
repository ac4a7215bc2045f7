package mcts_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/mcts"
)

// Monte Carlo tree search with a budget of iterations: with one thread
// and a seed, the same search every time.
func ExampleSearcher_Search() {
	s, err := mcts.New(mcts.Options{Threads: 1, Seed: 1}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	b := board.StartBoard()
	r, _ := s.Search(context.Background(), b, mcts.Limits{Iterations: 2000}, nil)
	fmt.Println(r.Iterations, b.IsLegal(r.Move), len(r.Moves))
	// Near the end the tree proves the result: a win, here by at least 2
	// discs (the exact solver finds 10; see endgame's example).
	pos, _ := board.ParsePosition("---OOOOO--O-OOOO-OOOOOOO-OXOXOOOXXOXOOOOXOXXXO-OOOOOOX-OX-XO--X- X")
	r, _ = s.Search(context.Background(), pos.Board, mcts.Limits{Iterations: 200000}, nil)
	fmt.Println(r.Solved, r.Move, r.Margin)
	// Output:
	// 2000 true 4
	// true B8 2
}
