package arena

import (
	"context"
	"errors"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// greedyVsRandom is a run of n games of greedy (Black) against random.
func greedyVsRandom(n int) *Games {
	return &Games{
		Count: n, Start: game.New(board.Start(), game.Standard), Concurrency: 3, Seed: 7,
		New: func(s Seat) (player.Player, error) {
			if s.Color == board.Black {
				return course.NewGreedy(s.Seed), nil
			}
			return course.NewRandom(s.Seed), nil
		},
	}
}

func TestGamesAreReproducible(t *testing.T) {
	run := func() []string {
		out := make([]string, 12)
		err := greedyVsRandom(12).Run(context.Background(), func(i int, g *game.Game) {
			if out[i] != "" {
				t.Errorf("game %d reported twice", i)
			}
			out[i] = g.Transcript()
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if a[i] == "" || a[i] != b[i] {
			t.Errorf("game %d: %q, then %q", i, a[i], b[i])
		}
	}
}

func TestGamesStop(t *testing.T) {
	boom := errors.New("no player")
	r := greedyVsRandom(50)
	r.New = func(s Seat) (player.Player, error) {
		if s.Game == 3 {
			return nil, boom
		}
		return course.NewRandom(s.Seed), nil
	}
	if err := r.Run(context.Background(), func(int, *game.Game) {}); !errors.Is(err, boom) {
		t.Errorf("err %v, want the player's", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := greedyVsRandom(1000).Run(ctx, func(int, *game.Game) {
		if n++; n == 5 {
			cancel()
		}
	})
	if !errors.Is(err, referee.ErrAborted) && !errors.Is(err, context.Canceled) || n > 5+3 {
		t.Errorf("cancelled after %d games: %v", n, err)
	}
}
