// Random playouts: complete games with uniformly random moves, the inner
// loop of Monte Carlo players (hot path).

package board

import (
	"math/bits"
	"math/rand/v2"
)

// RandomGame plays uniformly random legal moves (passing when forced) from
// b until the game is over and returns the final board. The final board is
// seen from the side to move at the end; use [RandomGameScore] for a score
// from the side to move in b.
func RandomGame(b Board, rng *rand.PCG) Board {
	for {
		m := moves(b.P, b.O)
		if m == 0 {
			b = Board{P: b.O, O: b.P}
			if moves(b.P, b.O) == 0 {
				return b
			}
			continue
		}
		b = b.Play(randomSquare(m, rng))
	}
}

// RandomGameScore plays a random game from b (see [RandomGame]) and returns
// the final disc margin (empties to the winner) for the player to move in b.
func RandomGameScore(b Board, rng *rand.PCG) int {
	plies := 0
	for {
		m := moves(b.P, b.O)
		if m == 0 {
			b = Board{P: b.O, O: b.P}
			plies++
			if moves(b.P, b.O) == 0 {
				break
			}
			continue
		}
		b = b.Play(randomSquare(m, rng))
		plies++
	}
	if plies&1 == 1 {
		return -b.FinalScore()
	}
	return b.FinalScore()
}

// randomSquare picks one square of the non-empty mask m uniformly.
func randomSquare(m uint64, rng *rand.PCG) Square {
	n := uint64(bits.OnesCount64(m))
	k, _ := bits.Mul64(rng.Uint64(), n) // uniform in [0, n) up to 2^-64 bias
	for ; k > 0; k-- {
		m &= m - 1
	}
	return Square(bits.TrailingZeros64(m))
}
