package board

import "testing"

func TestFeaturesAgainstReference(t *testing.T) {
	for _, b := range randomPositions(5000, 23) {
		r := toRef(b)
		var potential, frontier int
		var frontierMask uint64
		for row := 0; row < 8; row++ {
			for col := 0; col < 8; col++ {
				switch r[row][col] {
				case 0:
					if r.neighbourOf(row, col, 2) {
						potential++
					}
				case 1:
					if r.neighbourOf(row, col, 0) {
						frontier++
						frontierMask |= 1 << uint(row*8+col)
					}
				}
			}
		}
		if got := b.PotentialMobility(); got != potential {
			t.Fatalf("%v: potential mobility %d, reference %d", b, got, potential)
		}
		if got := b.Frontier(); got != frontierMask {
			t.Fatalf("%v: frontier %s, reference %s", b, FormatSquares(got), FormatSquares(frontierMask))
		}
		if got, want := b.Mobility(), len(r.moves()); got != want {
			t.Fatalf("%v: mobility %d, reference %d", b, got, want)
		}
	}
}
