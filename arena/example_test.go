package arena_test

import (
	"fmt"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// A tournament's players are checked, and its rating list anchored on
// random when it plays.
func ExampleAnchor() {
	players := []string{"greedy", "random", "roxanne"}
	fmt.Println(arena.CheckNames(players))
	fmt.Println(arena.Anchor(players, ""))
	fmt.Println(arena.Anchor(players, "roxanne"))
	fmt.Println(arena.Anchor(players, "engine"))
	fmt.Println(arena.CheckNames([]string{"greedy", "greedy"}))
	// Output:
	// <nil>
	// random <nil>
	// roxanne <nil>
	//  "engine" is not one of the players
	// "greedy" is named twice
}

// A match counted as its games end, stopped by its sequential test.
func ExampleMatchCount() {
	sprt, _ := arena.ParseSPRT("elo0=0,elo1=400")
	count := arena.MatchCount{SPRT: &sprt}
	// Player A wins three games of four, until the test decides.
	for i := 0; count.Add(result(i%4 != 3)); i++ { // false once it decides
	}
	fmt.Println(count.Score, count.Decision)
	var s arena.Summary
	count.Summarize(&s, nil)
	fmt.Println(s.Played, s.Decision)
	// Output:
	// W 6 D 0 L 1, 85.7%, margin +11.4 discs, Elo +311 [+69, unbounded], LOS 97.1% H1 accepted
	// 7 H1 accepted
}

// result is a game of a match that Black won 34-24, with A as Black if
// aBlack.
func result(aBlack bool) arena.Result {
	g := game.NewStandard()
	g.Result = game.Result{Reason: game.Normal, Winner: board.Black, Black: 34, White: 24}
	return arena.Result{ABlack: aBlack, Game: g}
}
