package accuracy_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/reversi-engine/reversi/accuracy"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/train"
)

// The trained evaluation against the exact scores of eight positions with
// 10 empty squares, from the games that training leaves out.
func Example() {
	games, err := train.WTHORGames(true, 1, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	items := accuracy.Choose(rand.New(rand.NewPCG(1, 0xacc)), games, nil, 10, 8)
	todo := make([]int, len(items))
	for i := range todo {
		todo[i] = i
	}
	ctx := context.Background()
	if err := accuracy.Solve(ctx, items, todo, accuracy.SolveOptions{Threads: 1, Concurrency: 2, HashMB: 4}); err != nil {
		fmt.Println(err)
		return
	}
	m, err := accuracy.Measure(ctx, items, engine.DefaultEvaluator(), accuracy.SearchOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d positions: MAE %.2f discs, RMSE %.2f discs\n", len(items), m.MAE, m.RMSE)
	// Output: 8 positions: MAE 5.70 discs, RMSE 7.82 discs
}
