package referee_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// The referee plays a game between any two players, keeps their clocks
// and decides the result; players only ever see copies of the game.
func ExamplePlay() {
	black := course.NewRoxanne(1)
	white := course.NewGreedy(2)
	g, err := referee.Play(context.Background(), black, white, referee.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Transcript()[:20], "...")
	fmt.Println(g.Result)
	// Output:
	// d3e3f6c6f3d2c3e2c5d6 ...
	// black wins 43-21 (+22, normal end)
}

// Observe sees every event of the game as it happens, here the end.
func ExampleConfig_observe() {
	cfg := referee.Config{Observe: func(ev referee.Event) {
		if ev.Kind == referee.Ended {
			fmt.Println("ended:", ev.Game.Result.Reason)
		}
	}}
	referee.Play(context.Background(), course.NewRandom(1), course.NewRandom(2), cfg)
	// Output: ended: normal end
}
