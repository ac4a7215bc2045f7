package engine

import (
	"context"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/eval"
)

// BenchmarkMidgame searches fixed midgame positions (20 to 40 discs) to a
// fixed depth on one thread with the classic evaluation, a fresh table
// for each.
func BenchmarkMidgame(b *testing.B) {
	var mid []boardAndDepth
	for _, p := range positions(200, 24, 7) {
		if n := 64 - p.Empties(); n >= 20 && n <= 40 && len(mid) < 12 {
			mid = append(mid, boardAndDepth{p, 9})
		}
	}
	e := New(Options{Eval: eval.Classic{}, HashMB: 16})
	var nodes uint64
	var searching time.Duration
	for b.Loop() {
		for _, p := range mid {
			e.Clear()
			r := e.Search(context.Background(), p.b, p.b.Moves(), Limits{Depth: p.depth}, nil)
			nodes += r.Nodes
			searching += r.Elapsed
		}
	}
	b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
