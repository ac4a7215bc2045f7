package referee

import (
	"context"
	"testing"
)

// BenchmarkGame measures the referee's own cost: a whole game between two
// players that answer at once.
func BenchmarkGame(b *testing.B) {
	for b.Loop() {
		if _, err := Play(context.Background(), firstLegal, firstLegal, Config{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
