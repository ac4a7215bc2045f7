package engine_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// The engine searches a position within limits: a depth, a time, and the
// number of empty squares from which it solves exactly.
func ExampleEngine_Search() {
	ev, err := pattern.Default() // the trained evaluation shipped in the binary
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := engine.New(engine.Options{Eval: ev, Threads: 1, HashMB: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	start := board.StartBoard()
	r, _ := e.Search(context.Background(), start, engine.Limits{Depth: 6}, nil)
	fmt.Println(r.Kind, r.Depth, start.IsLegal(r.Move), len(r.PV) > 0)

	// Near the end, an exact solve: the value is the final margin.
	pos, _ := board.ParsePosition("---OOOOO--O-OOOO-OOOOOOO-OXOXOOOXXOXOOOOXOXXXO-OOOOOOX-OX-XO--X- X")
	r, _ = e.Search(context.Background(), pos.Board, engine.Limits{Depth: 6, ExactEmpties: 14}, nil)
	fmt.Println(r.Kind, r.Move, r.Value)
	// Output:
	// midgame 6 true true
	// exact B8 10
}
