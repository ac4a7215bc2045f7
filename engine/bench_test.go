package engine

import (
	"context"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/internal/testpos"
)

// BenchmarkMidgame searches midgame positions of real games (20 to 40
// discs) to depth 9 on one thread with the classic evaluation, a fresh
// table for each.
func BenchmarkMidgame(b *testing.B) {
	positions, err := testpos.Midgame(12)
	if err != nil {
		b.Fatal(err)
	}
	var mid []boardAndDepth
	for _, p := range positions {
		mid = append(mid, boardAndDepth{p, 9})
	}
	for _, name := range []string{"classic", "pattern"} {
		b.Run("eval="+name, func(b *testing.B) {
			ev, err := EvaluatorByName(name)
			if err != nil {
				b.Fatal(err)
			}
			e := New(Options{Eval: ev, HashMB: 16})
			var nodes uint64
			var searching time.Duration
			for b.Loop() {
				for _, p := range mid {
					e.Clear()
					r, _ := e.Search(context.Background(), p.b, Limits{Depth: p.depth}, nil)
					nodes += r.Nodes
					searching += r.Elapsed
				}
			}
			b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
