// The bench subcommand: speed figures of the rules engine.

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/reversi-engine/reversi/board"
)

func runBench(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "bench", "[--perft-depth N] [--seconds S]", `
Measures, on one thread, the speed of move generation, flips, playing a
move and complete random games over a fixed sample of positions, then
times perft from the start to the given depth. The figures are the ones
docs/BENCHMARKS.md records.`)
	perftDepth := fs.Int("perft-depth", 12, "perft depth to time from the start (0 to skip)")
	seconds := fs.Float64("seconds", 1, "time spent on each micro-benchmark")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *perftDepth < 0 || *perftDepth > 16 {
		return fmt.Errorf("--perft-depth %d: want 0 to 16", *perftDepth)
	}
	if *seconds <= 0 {
		return fmt.Errorf("--seconds %v: want a positive number", *seconds)
	}
	budget := time.Duration(*seconds * float64(time.Second))
	fmt.Fprintf(e.stdout, "reversi bench: %s/%s, %d CPUs, %s, move generation: %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), board.Implementation())

	positions, moves := benchSample()
	var sink uint64
	report := func(name string, ops int, took time.Duration, unit string) {
		fmt.Fprintf(e.stdout, "%-22s %8.2f ns/op %14.0f %s\n", name, float64(took.Nanoseconds())/float64(ops),
			float64(ops)/took.Seconds(), unit)
	}
	ops, took := timeLoop(ctx, budget, func(i int) { sink ^= positions[i&(len(positions)-1)].Moves() })
	report("move generation", ops, took, "positions/s")
	ops, took = timeLoop(ctx, budget, func(i int) {
		m := moves[i&(len(moves)-1)]
		sink ^= m.b.Flips(m.sq)
	})
	report("flips", ops, took, "moves/s")
	ops, took = timeLoop(ctx, budget, func(i int) {
		m := moves[i&(len(moves)-1)]
		sink ^= m.b.Play(m.sq).P
	})
	report("play", ops, took, "moves/s")
	ops, took = timeLoop(ctx, budget, func(i int) { sink ^= positions[i&(len(positions)-1)].StableDiscs() })
	report("stable discs", ops, took, "positions/s")
	rng := rand.NewPCG(1, 2)
	ops, took = timeLoop(ctx, budget, func(int) { sink ^= board.RandomGame(board.StartBoard(), rng).P })
	report("random game", ops, took, "games/s")
	_ = sink
	if ctx.Err() != nil {
		return ctx.Err()
	}

	if *perftDepth > 0 {
		start := time.Now()
		n, err := countCancellable(ctx, board.StartBoard(), *perftDepth, 1)
		if err != nil {
			return err
		}
		took := time.Since(start)
		fmt.Fprintf(e.stdout, "perft %-16d %8.3f s    %14.0f leaves/s (%d leaves)\n", *perftDepth, took.Seconds(),
			float64(n)/took.Seconds(), n)
	}
	return nil
}

type benchMove struct {
	b  board.Board
	sq board.Square
}

// benchSample returns 4096 positions from seeded random games (a power of
// two, for cheap indexing) and 4096 legal moves in them.
func benchSample() ([]board.Board, []benchMove) {
	rng := rand.New(rand.NewPCG(99, 1))
	var positions []board.Board
	var moves []benchMove
	b := board.StartBoard()
	for len(positions) < 4096 || len(moves) < 4096 {
		m := b.Moves()
		if m == 0 {
			if b = b.Pass(); !b.HasMoves() {
				b = board.StartBoard()
			}
			continue
		}
		sqs := board.Squares(m)
		positions = append(positions, b)
		for _, sq := range sqs {
			moves = append(moves, benchMove{b, sq})
		}
		b = b.Play(sqs[rng.IntN(len(sqs))])
	}
	return positions[:4096], moves[:4096]
}

// timeLoop calls f(0), f(1), ... for about budget and returns how many
// calls it made and the time they took.
func timeLoop(ctx context.Context, budget time.Duration, f func(int)) (int, time.Duration) {
	start := time.Now()
	n, batch := 0, 1024
	for time.Since(start) < budget && ctx.Err() == nil {
		for i := 0; i < batch; i++ {
			f(n + i)
		}
		n += batch
	}
	return n, time.Since(start)
}
