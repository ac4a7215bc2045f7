package course

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/referee"
)

// playGame plays a game between black and white by Choose alone, the way
// a mass-game runner without a referee would, and returns the final board
// from the side to move.
func playGame(black, white *Player) board.Board {
	b := board.StartBoard()
	players := [2]*Player{black, white}
	for turn := 0; ; turn ^= 1 {
		m := b.Moves()
		if m == 0 {
			if b.Pass().Moves() == 0 {
				return b
			}
			b = b.Pass()
			continue
		}
		b = b.Play(players[turn].Choose(b, m))
	}
}

// BenchmarkGame plays whole games of each strategy against itself.
func BenchmarkGame(b *testing.B) {
	for _, p := range allPlayers(1) {
		b.Run(p.Name(), func(b *testing.B) {
			q := allPlayers(2)
			for _, other := range q {
				if other.Name() == p.Name() {
					for b.Loop() {
						playGame(p, other)
					}
				}
			}
		})
	}
}

// BenchmarkRefereedGame plays whole refereed games, roxanne against
// random: the cost of the referee (a goroutine and a game copy per move)
// dominates.
func BenchmarkRefereedGame(b *testing.B) {
	black, white := NewRoxanne(1), NewRandom(2)
	for b.Loop() {
		if _, err := referee.Play(context.Background(), black, white, referee.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestManyGamesReachTheirEnd plays 1,000 games of each strategy against the
// random player and checks that every game reaches its end (at benchmark
// speeds, see BenchmarkGame, this takes well under a second).
func TestManyGamesReachTheirEnd(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for i, p := range allPlayers(1) {
		opponent := NewRandom(uint64(i) + 100)
		for range n {
			if b := playGame(p, opponent); !b.GameOver() {
				t.Fatalf("%s: game stopped before its end: %v", p.Name(), b)
			}
		}
	}
}
