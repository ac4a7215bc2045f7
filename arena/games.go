// Many games between the same two players, each keeping its colour, from
// one start position, added up and reported: reversi play --games.

package arena

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/workers"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// Games is a run of games between two players who keep their colours
// (no openings, no colour swap): the way to count how often one side
// wins from a given position.
type Games struct {
	// Count is the number of games.
	Count int
	// New builds the player of a seat (Seat.Seed from GameSeed). It is
	// called for every game; a player with a Close method is closed when
	// its game ends.
	New func(seat Seat) (player.Player, error)
	// Start is the position (and the moves before it) every game starts
	// from, with its rule.
	Start *game.Game
	// MoveTime is the limit of a move (referee.NoLimit for none, 0 for
	// the referee's default); GameTime each side's clock (0: none).
	MoveTime, GameTime time.Duration
	// Increment is added to a side's game clock after each of its moves
	// (referee.Config.Increment; 0: none).
	Increment time.Duration
	// Concurrency is the number of games played at once (at least 1).
	Concurrency int
	// Seed derives the seeds of every seat (see GameSeed).
	Seed uint64
}

// GameSeed derives the seed of colour c in game index of a run of Games
// (or of a single game, index 0) from the run's seed, so that every game
// of a run is reproducible on its own.
func GameSeed(seed uint64, index int, c board.Color) uint64 {
	return rand.New(rand.NewPCG(seed, uint64(index)*2+uint64(c))).Uint64()
}

// Run plays the games, up to Concurrency at once, and calls report for
// each game that ends, one call at a time, in the order they end. The
// first error (a player that cannot be built, a game the referee could
// not finish) stops the run: games in progress are abandoned and Run
// returns it; when ctx ends, Run stops the same way and returns ctx's
// error.
func (r *Games) Run(ctx context.Context, report func(index int, g *game.Game)) error {
	if r.Start == nil {
		return errors.New("arena: games need a start position")
	}
	var mu sync.Mutex // one report at a time
	return workers.Run(ctx, r.Count, r.Concurrency, func(ctx context.Context, i int) error {
		var seats [2]player.Player
		for c := board.Black; c <= board.White; c++ {
			p, err := r.New(Seat{Game: i, Color: c, Seed: GameSeed(r.Seed, i, c)})
			if err != nil {
				return err
			}
			seats[c] = p
			if cl, ok := p.(interface{ Close() error }); ok {
				defer cl.Close()
			}
		}
		g, err := referee.Play(ctx, seats[board.Black], seats[board.White], referee.Config{Game: r.Start, MoveTime: r.MoveTime, GameTime: r.GameTime, Increment: r.Increment})
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		report(i, g)
		return nil
	})
}

// Tally is what a run of Games adds up: Black's score, and the games
// that did not end normally (a timeout, illegal moves, a resignation...)
// counted by how they ended (a game.Result's Reason and By alone).
type Tally struct {
	Score Score
	Ended map[game.Result]int
}

// Endings returns how the games that did not end normally ended (the keys
// of Ended), in a fixed order: by reason (game.Reason's order), black's
// before white's, so that a report of them reads the same every time.
func (t Tally) Endings() []game.Result {
	keys := make([]game.Result, 0, len(t.Ended))
	for r := range t.Ended {
		keys = append(keys, r)
	}
	slices.SortFunc(keys, func(a, b game.Result) int {
		return cmp.Or(cmp.Compare(a.Reason, b.Reason), cmp.Compare(a.By, b.By))
	})
	return keys
}

// Report is the tally of games as reversi play --games writes it: the
// games played and Black's wins, draws and losses, named black (its
// player), the share of the points and the average margin; the games
// counted by how they ended when not normally (game.Result.Why); the
// time they took, and how many were played of the asked when fewer were
// (stopped). Every line ends in a newline.
func (t Tally) Report(black string, asked int, took time.Duration) string {
	var b strings.Builder
	s, played := t.Score, t.Score.Games()
	fmt.Fprintf(&b, "%d game%s: %s (black) won %d, drew %d, lost %d: %.1f%% of the points\n",
		played, plural(played), black, s.Wins, s.Draws, s.Losses, 100*s.Fraction())
	fmt.Fprintf(&b, "average margin %+.2f discs for black (empties to the winner)\n", s.AverageMargin())
	for _, ended := range t.Endings() {
		n := t.Ended[ended]
		fmt.Fprintf(&b, "%d game%s ended by: %s\n", n, plural(n), ended.Why())
	}
	fmt.Fprintf(&b, "%.1f s, %.0f games/s\n", took.Seconds(), float64(played)/took.Seconds())
	if played < asked {
		fmt.Fprintf(&b, "stopped after %d of %d games\n", played, asked)
	}
	return b.String()
}

// Tally plays the games as Run does and adds them up; played, if not nil,
// is called after each game, one call at a time. On an error, or when ctx
// ends, the tally holds the games played until then.
func (r *Games) Tally(ctx context.Context, played func()) (Tally, error) {
	t := Tally{Ended: map[game.Result]int{}}
	err := r.Run(ctx, func(_ int, g *game.Game) {
		t.Score.Add(ResultFor(g.Result, board.Black))
		if res := g.Result; res.Reason != game.Normal {
			t.Ended[game.Result{Reason: res.Reason, By: res.By}]++
		}
		if played != nil {
			played()
		}
	})
	return t, err
}
