package referee_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// patient thinks until the referee stops it.
type patient struct{ thinking chan struct{} }

func (patient) Name() string { return "patient" }

func (p patient) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	close(p.thinking)
	<-ctx.Done()
	return player.Reply{}, ctx.Err()
}

// A game run with Start can be resigned by either player at any moment,
// here by white while black thinks: the referee stops black's search and
// ends the game, reported as its last event.
func ExampleMatch_Resign() {
	black := patient{thinking: make(chan struct{})}
	cfg := referee.Config{MoveTime: referee.NoLimit, Observe: func(ev referee.Event) {
		if ev.Kind == referee.Ended {
			fmt.Println("ended:", ev.Game.Result.Reason, "by", ev.Color)
		}
	}}
	m := referee.Start(context.Background(), black, course.NewRandom(1), cfg)
	<-black.thinking
	if err := m.Resign(context.Background(), board.White); err != nil {
		fmt.Println(err)
	}
	g, _ := m.Wait()
	fmt.Println(g.Result)
	// Output:
	// ended: resignation by white
	// black wins (+64, white resigned; board 2-2)
}
