package arena

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

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

// TestGamesTally: the tally adds up the games' results as Black's score,
// and counts the games that a rule ended by how they ended.
func TestGamesTally(t *testing.T) {
	for _, tc := range []struct {
		name         string
		illegalWhite bool // White answers an illegal move: every game lost by its illegal moves
	}{{"greedy vs random", false}, {"White plays illegal moves", true}} {
		r := greedyVsRandom(10)
		var want Score
		wantEnded := map[game.Result]int{}
		if err := r.Run(context.Background(), func(_ int, g *game.Game) {
			want.Add(ResultFor(g.Result, board.Black))
			if g.Result.Reason != game.Normal {
				wantEnded[game.Result{Reason: g.Result.Reason, By: g.Result.By}]++
			}
		}); err != nil {
			t.Fatal(err)
		}
		if tc.illegalWhite {
			r.New = func(s Seat) (player.Player, error) {
				if s.Color == board.White {
					return illegal{}, nil
				}
				return course.NewGreedy(s.Seed), nil
			}
			want, wantEnded = Score{}, map[game.Result]int{}
		}
		calls := 0
		got, err := r.Tally(context.Background(), func() { calls++ })
		if err != nil {
			t.Fatal(err)
		}
		if tc.illegalWhite {
			if got.Score.Wins != 10 || len(got.Ended) != 1 || got.Ended[game.Result{Reason: game.IllegalMoves, By: board.White}] != 10 {
				t.Errorf("%s: %+v, want 10 wins by White's illegal moves", tc.name, got)
			}
		} else if got.Score != want || len(got.Ended) != len(wantEnded) {
			t.Errorf("%s: %+v, want %+v and %v", tc.name, got, want, wantEnded)
		}
		if calls != 10 || got.Score.Games() != 10 {
			t.Errorf("%s: %d calls, %d games, want 10", tc.name, calls, got.Score.Games())
		}
	}
}

// illegal is a player that always answers A1, never a legal move
// before the end.
type illegal struct{}

func (illegal) Name() string { return "illegal" }
func (illegal) Move(context.Context, player.Request) (player.Reply, error) {
	return player.Reply{Move: board.MustParseSquare("a1")}, nil
}

// TestTallyEndings: the endings of a tally come in one order, whatever
// the map's.
func TestTallyEndings(t *testing.T) {
	want := []game.Result{ // in game.Reason's order, black first
		{Reason: game.Resignation, By: board.Black},
		{Reason: game.Resignation, By: board.White},
		{Reason: game.Timeout, By: board.White},
		{Reason: game.IllegalMoves, By: board.Black},
	}
	tally := Tally{Ended: map[game.Result]int{}}
	for i, r := range want {
		tally.Ended[r] = i + 1
	}
	for range 20 {
		if got := tally.Endings(); !slices.Equal(got, want) {
			t.Fatalf("Endings() = %v, want %v", got, want)
		}
	}
	if got := (Tally{}).Endings(); len(got) != 0 {
		t.Errorf("no ending: %v", got)
	}
}

// TestTallyReport: the report of a tally names Black's player, counts the
// endings that were not normal, and says when the games stopped early.
func TestTallyReport(t *testing.T) {
	var one Tally
	one.Score.Add(1, 6)
	var many Tally
	many.Score.Add(1, 10)
	many.Score.Add(0.5, 0)
	many.Score.Add(0, -4)
	many.Score.Add(1, 64)
	many.Ended = map[game.Result]int{{Reason: game.Timeout, By: board.White}: 1, {Reason: game.Resignation, By: board.Black}: 2}
	for _, tc := range []struct {
		name  string
		t     Tally
		asked int
		want  string
	}{
		{"one game", one, 1, "1 game: greedy (black) won 1, drew 0, lost 0: 100.0% of the points\n" +
			"average margin +6.00 discs for black (empties to the winner)\n" +
			"2.0 s, 0 games/s\n"},
		{"stopped", many, 10, "4 games: greedy (black) won 2, drew 1, lost 1: 62.5% of the points\n" +
			"average margin +17.50 discs for black (empties to the winner)\n" +
			"2 games ended by: black resigned\n" +
			"1 game ended by: white ran out of time\n" +
			"2.0 s, 2 games/s\n" +
			"stopped after 4 of 10 games\n"},
	} {
		if got := tc.t.Report("greedy", tc.asked, 2*time.Second); got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
