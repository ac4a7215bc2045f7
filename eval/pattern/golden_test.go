package pattern

import (
	"hash/fnv"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

// shippedGolden is a hash of the shipped evaluation's value, from scratch
// and through a tracker, of every position of 20 random games: changes
// to the evaluator must keep the shipped weights scoring exactly as
// before (the search's Multi-ProbCut parameters are fitted to them).
const shippedGolden = 0x524a21829b685895

func TestShippedValuesUnchanged(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	walk(t, e, 20, func(b board.Board, tr *Tracker) {
		v, w := e.Evaluate(b), tr.Evaluate(b)
		h.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24), byte(w), byte(w >> 8), byte(w >> 16), byte(w >> 24)})
	})
	if got := h.Sum64(); got != shippedGolden {
		t.Errorf("the shipped weights score differently: hash %#x, want %#x", got, uint64(shippedGolden))
	}
}
