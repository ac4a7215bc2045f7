package engine

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/internal/testpos"
)

// BenchmarkMidgame searches midgame positions of real games (20 to 40
// discs) to depth 9 on one thread, a fresh table for each: full width
// with the classic and the trained evaluation, and with the selective
// search at its default probability.
func BenchmarkMidgame(b *testing.B) {
	positions, err := testpos.Midgame(12)
	if err != nil {
		b.Fatal(err)
	}
	var mid []boardAndDepth
	for _, p := range positions {
		mid = append(mid, boardAndDepth{p, 9})
	}
	for _, c := range []struct {
		eval string
		prob int
	}{{"classic", 100}, {"pattern", 100}, {"pattern", DefaultProbability}} {
		b.Run(fmt.Sprintf("eval=%s/prob=%d", c.eval, c.prob), func(b *testing.B) {
			ev, err := EvaluatorByName(c.eval)
			if err != nil {
				b.Fatal(err)
			}
			e := mustNew(b, Options{Eval: ev, HashMB: 16})
			var nodes uint64
			var searching time.Duration
			for b.Loop() {
				for _, p := range mid {
					e.Clear()
					r, _ := e.Search(context.Background(), p.b, Limits{Depth: p.depth, Probability: c.prob}, nil)
					nodes += r.Nodes
					searching += r.Elapsed
				}
			}
			b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
