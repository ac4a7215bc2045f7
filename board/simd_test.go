package board

import "testing"

// TestOptimisedAgreesWithGeneric checks the AVX2 move generation and flips
// against the portable Go versions (the reference test checks the portable
// versions against the array implementation), on every empty square of
// positions from random games.
func TestOptimisedAgreesWithGeneric(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this processor has no AVX2: only the portable code runs here")
	}
	for _, b := range randomPositions(50_000, 31) {
		if got, want := movesAVX2(b.P, b.O), movesGeneric(b.P, b.O); got != want {
			t.Fatalf("%v: movesAVX2 %s, movesGeneric %s", b, FormatSquares(got), FormatSquares(want))
		}
		for e := b.Empty(); e != 0; {
			var sq Square
			sq, e = NextSquare(e)
			if got, want := playAVX2(b.P, b.O, sq), playGeneric(b.P, b.O, sq); got != want {
				t.Fatalf("%v: playAVX2(%v) = %v, playGeneric %v", b, sq, got, want)
			}
		}
	}
}

func TestGenericAgreesWithReference(t *testing.T) {
	for _, b := range randomPositions(20_000, 37) {
		r := toRef(b)
		var want uint64
		for _, m := range r.moves() {
			want |= 1 << uint(m[0]*8+m[1])
		}
		if got := movesGeneric(b.P, b.O); got != want {
			t.Fatalf("%v: movesGeneric %s, reference %s", b, FormatSquares(got), FormatSquares(want))
		}
		for m := want; m != 0; {
			var sq Square
			sq, m = NextSquare(m)
			if got, want := playGeneric(b.P, b.O, sq), fromRef(r.play(sq.Row(), sq.Col())); got != want {
				t.Fatalf("%v: playGeneric(%v) = %v, reference %v", b, sq, got, want)
			}
		}
	}
}
