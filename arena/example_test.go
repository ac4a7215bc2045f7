package arena_test

import (
	"fmt"
	"time"

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

// Two matches of a new build and an old one against the same opponent, on
// the same openings: the difference game by game, and the opponent's
// values of the positions, here less there.
func ExamplePair() {
	play := func(a string, aWins bool, value float64) *game.Game {
		g := game.NewStandard()
		g.PlayTranscript("f5d6") // the opening, given to both
		g.Play(game.Move{Square: board.MustParseSquare("c3"), Time: time.Second, Eval: 1, HasEval: true})
		// The opponent's move and its value, from its side.
		g.Play(game.Move{Square: board.MustParseSquare("d3"), Time: time.Second, Eval: value, HasEval: true})
		g.Info.Black, g.Info.White = a, "ntest"
		winner := board.White
		if aWins {
			winner = board.Black
		}
		g.Result = game.NewResult(g.Position(), game.Resignation, winner.Other())
		return g
	}
	here := map[int]*game.Game{0: play("new", true, -1), 1: play("new", false, 0)}
	there := map[int]*game.Game{0: play("old", false, 1), 1: play("old", false, 2)}
	p := arena.Pair(here, "new", there, "old", []int{57})
	fmt.Printf("%d games: %.0f%% here, %.0f%% there, %+.0f points\n", p.Games, 100*p.Here, 100*p.There, p.Diff)
	fmt.Printf("ntest's values at %d empties: %+.1f discs for the new build\n", p.Marks[0].Empties, p.Marks[0].Diff)
	// Output:
	// 2 games: 50% here, 0% there, +50 points
	// ntest's values at 57 empties: +2.0 discs for the new build
}
