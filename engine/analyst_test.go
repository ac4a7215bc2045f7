package engine_test

import (
	"context"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

func ExampleNewAnalyst() {
	for _, o := range []engine.AnalystOptions{{Exact: 20}, {Depth: 4, Exact: 12, Threads: 1}, {Time: 2 * time.Second, Exact: 20}} {
		p, err := engine.NewAnalyst(o)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Name())
	}
	p, _ := engine.NewAnalyst(engine.AnalystOptions{Depth: 2, Threads: 1})
	g := game.New(board.Start(), game.Standard)
	reply, err := p.Move(context.Background(), player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), Analyze: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(reply.Thinking.Moves), "moves valued")
	// Output:
	// engine:level=60,depth=10,exact=20,wld=20
	// engine:level=60,depth=4,exact=12,wld=12
	// engine:level=60,time=2s,exact=20,wld=20
	// 4 moves valued
}
