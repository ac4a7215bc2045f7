package board

import (
	"math/rand/v2"
	"testing"
)

func TestStableDiscsHandMade(t *testing.T) {
	tests := []struct {
		name, board, want string
	}{
		{"empty corner region", "---------------------------OX------XO--------------------------- X", ""},
		{"corner", "X--------------------------OX------XO--------------------------- X", "A1"},
		{"edge run from corner", "XXXO-----------------------OX------XO--------------------------- X", "A1 B1 C1"},
		{"edge run without corner is not stable", "-XXXO----------------------OX------XO--------------------------- X", ""},
		{"full edge", "XOXOOXXO-------------------OX------XO--------------------------- X", "A1 C1 F1 G1"},
		{"corner triangle", "XXX-----XX------X----------OX------XO--------------------------- X", "A1 B1 C1 A2 B2 A3"},
		{"full board", "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOO X",
			"A1 B1 C1 D1 E1 F1 G1 H1 A2 B2 C2 D2 E2 F2 G2 H2 A3 B3 C3 D3 E3 F3 G3 H3 A4 B4 C4 D4 E4 F4 G4 H4 A5 B5 C5 D5 E5 F5 G5 H5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := MustParsePosition(tt.board).Board
			if got := FormatSquares(b.StableDiscs()); got != tt.want {
				t.Fatalf("stable discs %q, want %q", got, tt.want)
			}
		})
	}
}

// TestStableDiscsAreSound enumerates every continuation of endgame
// positions (up to 9 empties) and checks that no disc called stable ever
// changes colour. It also reports how many truly stable discs the fast
// method misses.
func TestStableDiscsAreSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var claimed, exact int
	for n := 0; n < 300; n++ {
		b := randomEndgame(rng, 5+rng.IntN(5))
		never := neverFlipped(b)
		for _, side := range []Board{b, b.Pass()} {
			s := side.StableDiscs()
			if s&^side.P != 0 {
				t.Fatalf("%v: stable discs %s are not the player's", side, FormatSquares(s&^side.P))
			}
			if s&^never != 0 {
				t.Fatalf("%v: %s called stable but can be flipped", side, FormatSquares(s&^never))
			}
			claimed += popCount(s)
			exact += popCount(never & side.P)
		}
	}
	t.Logf("stable discs found: %d of %d truly stable (%.1f%%)", claimed, exact, 100*float64(claimed)/float64(exact))
	if claimed < exact*3/4 {
		t.Errorf("the fast method finds only %d of %d stable discs", claimed, exact)
	}
}

// randomEndgame plays random moves from the start until `empties` squares
// are left and the game is not over.
func randomEndgame(rng *rand.Rand, empties int) Board {
	for {
		b := StartBoard()
		for b.Empties() > empties && !b.GameOver() {
			m := b.Moves()
			if m == 0 {
				b = b.Pass()
				continue
			}
			sqs := Squares(m)
			b = b.Play(sqs[rng.IntN(len(sqs))])
		}
		if !b.GameOver() {
			return b
		}
	}
}

// neverFlipped returns the occupied squares whose disc keeps its colour in
// every continuation of the game (exhaustive search, so few empties only).
func neverFlipped(b Board) uint64 {
	// Track colours absolutely: work with (first, second) where first is
	// the player to move at the root.
	var walk func(first, second uint64, firstToMove bool) uint64
	walk = func(first, second uint64, firstToMove bool) uint64 {
		cur := Board{P: first, O: second}
		if !firstToMove {
			cur = Board{P: second, O: first}
		}
		m := cur.Moves()
		if m == 0 {
			if cur.Pass().Moves() == 0 {
				return first | second
			}
			return walk(first, second, !firstToMove)
		}
		keep := first | second
		for m != 0 {
			var sq Square
			sq, m = NextSquare(m)
			next := cur.Play(sq)
			nf, ns := next.O, next.P // the mover's discs are now O
			if !firstToMove {
				nf, ns = next.P, next.O
			}
			keep &= (first & nf) | (second & ns)
			keep &= walk(nf, ns, !firstToMove)
		}
		return keep
	}
	return walk(b.P, b.O, true)
}
