package board

import (
	"math/rand/v2"
	"testing"
)

// benchPositions is a fixed sample of midgame positions for benchmarks.
var benchPositions = func() []Board {
	var out []Board
	for _, b := range randomPositions(4096, 99) {
		if b.Moves() != 0 {
			out = append(out, b)
		}
	}
	return out
}()

func BenchmarkMoves(b *testing.B) {
	var sink uint64
	i := 0
	for b.Loop() {
		sink ^= benchPositions[i&1023].Moves()
		i++
	}
	_ = sink
}

func BenchmarkFlips(b *testing.B) {
	type move struct {
		b  Board
		sq Square
	}
	var ms []move
	for _, p := range benchPositions {
		for _, sq := range Squares(p.Moves()) {
			ms = append(ms, move{p, sq})
		}
	}
	var sink uint64
	i := 0
	for b.Loop() {
		m := &ms[i%len(ms)]
		sink ^= flips(m.b.P, m.b.O, m.sq)
		i++
	}
	_ = sink
}

func BenchmarkPlay(b *testing.B) {
	var sink Board
	i := 0
	for b.Loop() {
		p := benchPositions[i&1023]
		sq, _ := NextSquare(p.Moves())
		sink = p.Play(sq)
		i++
	}
	_ = sink
}

func BenchmarkStableDiscs(b *testing.B) {
	var sink uint64
	i := 0
	for b.Loop() {
		sink ^= benchPositions[i&1023].StableDiscs()
		i++
	}
	_ = sink
}

func BenchmarkHash(b *testing.B) {
	var sink uint64
	i := 0
	for b.Loop() {
		sink ^= benchPositions[i&1023].Hash()
		i++
	}
	_ = sink
}

// BenchmarkRandomGame plays complete games with uniformly random moves.
func BenchmarkRandomGame(b *testing.B) {
	rng := rand.NewPCG(1, 2)
	var sink int
	for b.Loop() {
		sink += RandomGame(StartBoard(), rng).DiscMargin()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	_ = sink
}
