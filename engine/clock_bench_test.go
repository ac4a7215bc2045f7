package engine

import (
	"context"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/testpos"
	"github.com/reversi-engine/reversi/player"
)

// BenchmarkMoveTimeUse asks the top level for a move with a 1 s move
// limit and no game clock on the 12 midgame positions of real games of
// the other benchmarks, one thread, a fresh player and tables for each, and
// reports how much of the limit the moves used (the engine's own Elapsed):
// the mean, the least and the most, in ms. Run it once:
//
//	go test ./engine -run '^$' -bench MoveTimeUse -benchtime 1x
func BenchmarkMoveTimeUse(b *testing.B) {
	positions, err := testpos.Midgame(12)
	if err != nil {
		b.Fatal(err)
	}
	const limit = time.Second
	top := timedLevel()
	e := mustNew(b, Options{HashMB: 64})
	var sum, least, most time.Duration
	least = time.Hour
	n := 0
	for b.Loop() {
		for _, pos := range positions {
			e.Clear()
			p := NewPlayer(e, top, "engine", 1)
			req := player.Request{Position: board.Position{Board: pos, Turn: board.Black}, Legal: pos.Moves(), TimeLeft: limit}
			reply, err := p.Move(context.Background(), req)
			if err != nil {
				b.Fatal(err)
			}
			used := reply.Thinking.Elapsed
			sum, least, most, n = sum+used, min(least, used), max(most, used), n+1
		}
	}
	b.ReportMetric(float64(sum.Milliseconds())/float64(n), "ms-mean")
	b.ReportMetric(float64(least.Milliseconds()), "ms-least")
	b.ReportMetric(float64(most.Milliseconds()), "ms-most")
}
