package pattern

import (
	"math/rand/v2"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

// TestPlayAVX2MatchesGeneric: along random games, from both sides' view,
// the AVX2 update leaves the indexes it reads as they were and writes
// the indexes the portable one makes.
func TestPlayAVX2MatchesGeneric(t *testing.T) {
	if !useAVX2 {
		t.Skip("this processor has no AVX2")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for game := range 200 {
		b := board.StartBoard()
		var avx, gen indexes
		flatIndexes(b, &avx)
		gen = avx
		aToMove := game%2 == 0
		for ply := 0; ; ply++ {
			moves := b.Moves()
			if moves == 0 {
				if !b.Pass().HasMoves() {
					break
				}
				b, aToMove = b.Pass(), !aToMove
				continue
			}
			list := moveList(moves)
			sq := list[rng.IntN(len(list))]
			f := b.Flips(sq)
			before := avx
			var next indexes
			playAVX2(&avx, &next, uint(sq), f, aToMove)
			playGeneric(&gen, sq, f, aToMove)
			if avx != before {
				t.Fatalf("game %d ply %d: the indexes read were changed to %v, want %v", game, ply, avx, before)
			}
			avx = next
			if avx != gen {
				t.Fatalf("game %d ply %d, %v flipping %#x (side A to move: %v): AVX2 %v, generic %v", game, ply, sq, f, aToMove, avx, gen)
			}
			b, aToMove = b.PlayFlips(sq, f), !aToMove
		}
	}
}

// TestGatherSumMatchesLoads: the evaluation with gathers equals the one
// with loads, on random weights (every shape's extreme weights among
// them) along random games, from both sides, through a tracker and from
// scratch.
func TestGatherSumMatchesLoads(t *testing.T) {
	if !useAVX2 {
		t.Skip("this processor has no AVX2")
	}
	defer func(g bool) { useGather = g }(useGather)
	w := randomWeights(9)
	for p := range w.Phases {
		for _, tab := range w.Phases[p].Tables {
			tab[0], tab[len(tab)-1] = -32768, 32767
		}
	}
	e := New(w)
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 100 {
		b := board.StartBoard()
		tr := e.NewTracker(b)
		for ply := 0; b.HasMoves() || b.Pass().HasMoves(); ply++ {
			for _, gather := range []bool{false, true} {
				useGather = gather
				got := [2]int{tr.Evaluate(b), e.Evaluate(b)}
				useGather = false
				want := [2]int{tr.Evaluate(b), e.Evaluate(b)}
				if got != want {
					t.Fatalf("game %d ply %d (gathers %v): tracker and scratch %v, with loads %v", game, ply, gather, got, want)
				}
			}
			moves := b.Moves()
			if moves == 0 {
				b = b.Pass()
				tr.Pass()
				continue
			}
			list := moveList(moves)
			sq := list[rng.IntN(len(list))]
			f := b.Flips(sq)
			tr.Play(sq, f)
			b = b.PlayFlips(sq, f)
		}
	}
}
