package catalog_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/referee"
)

// Build two players by spec, one seed per seat, and referee a game.
func ExampleNew() {
	black, err := catalog.New("roxanne", catalog.Env{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	white, err := catalog.New("evaporation:endgame=16", catalog.Env{Seed: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := referee.Play(context.Background(), black, white, referee.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(black.Name(), "vs", white.Name(), "finished:", g.Over())
	// Output: roxanne vs evaporation:endgame=16 finished: true
}

// Errors name the part of the spec at fault and what would be accepted.
func ExampleNew_errors() {
	for _, spec := range []string{"roxane", "random:sed=7", "evaporation:endgame=sixteen"} {
		_, err := catalog.New(spec, catalog.Env{})
		fmt.Println(err)
	}
	// Output:
	// player spec "roxane": unknown player "roxane"; players: human, random, greedy, positional, roxanne, mobility, stable, parity, evaporation, minimax, alphabeta, engine, nboard, gtp, mcts
	// player spec "random:sed=7": option sed: random has no such option; its options: seed
	// player spec "evaporation:endgame=sixteen": option endgame: "sixteen" is not an integer, e.g. 16
}

func ExampleParse() {
	s, err := catalog.Parse(" Evaporation: Endgame = 16 , seed=3")
	fmt.Println(s, err)
	// Output: evaporation:endgame=16,seed=3 <nil>
}
