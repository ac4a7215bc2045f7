package testpos

import "testing"

func TestPositions(t *testing.T) {
	mid, err := Midgame(40)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range mid {
		if discs := 64 - b.Empties(); discs != 20+i%21 || !b.HasMoves() || !b.Valid() {
			t.Errorf("position %d: %d discs, moves %v", i, discs, b.HasMoves())
		}
	}
	again, _ := Midgame(40)
	for i := range mid {
		if mid[i] != again[i] {
			t.Fatalf("position %d differs between calls", i)
		}
	}
	end, err := Endgame(10, 20)
	if err != nil || len(end) != 10 || end[3].Empties() != 20 {
		t.Errorf("endgame positions: %d, %v", len(end), err)
	}
}
