package tournament_test

import (
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/tournament"
)

// A round robin of three bots, each pair meeting once: the server starts
// the games of each round and hands over their results.
func Example() {
	t, err := tournament.New("t1", tournament.Settings{Name: "class X", Kind: tournament.RoundRobin, Cycles: 1, MoveTime: 60 * time.Second})
	if err != nil {
		panic(err)
	}
	for _, id := range []string{"alpha", "beta", "gamma"} {
		t.Join(tournament.Player{ID: id, Name: id})
	}
	t.Start()
	n := 0
	for t.Status == tournament.Running {
		for _, i := range t.Pending() {
			n++
			id := fmt.Sprint("game", n)
			t.Started(i, id)
			g := t.Games[i]
			fmt.Printf("round %d: %s-%s\n", g.Round, g.Black, g.White)
			// Alphabetical order wins.
			if g.Black < g.White {
				t.Record(id, tournament.Result{Black: 1, Margin: 8})
			} else {
				t.Record(id, tournament.Result{Black: 0, Margin: -8})
			}
		}
	}
	for _, s := range t.Standings() {
		fmt.Printf("%d. %s %.1f points (bye %d)\n", s.Rank, s.Player.Name, s.Points, s.Byes)
	}
	// Output:
	// round 1: beta-alpha
	// round 2: alpha-gamma
	// round 3: gamma-beta
	// 1. alpha 2.0 points (bye 1)
	// 2. beta 1.0 points (bye 1)
	// 3. gamma 0.0 points (bye 1)
}
