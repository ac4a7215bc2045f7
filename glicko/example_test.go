package glicko_test

import (
	"fmt"

	"github.com/reversi-engine/reversi/glicko"
)

// A new player beats another new player: each game its own rating period.
func ExampleUpdate() {
	winner, loser := glicko.New(), glicko.New()
	w, _ := glicko.Update(winner, []glicko.Result{{Opponent: loser, Score: 1}}, 0)
	l, _ := glicko.Update(loser, []glicko.Result{{Opponent: winner, Score: 0}}, 0)
	fmt.Printf("winner %.0f ± %.0f, loser %.0f ± %.0f, provisional %v\n", w.Rating, 2*w.Deviation, l.Rating, 2*l.Deviation, w.Provisional())
	// Output:
	// winner 1662 ± 581, loser 1338 ± 581, provisional true
}
