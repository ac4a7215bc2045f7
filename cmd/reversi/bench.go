// The bench subcommand: speed figures of the rules engine.

package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/format/obf"
	"github.com/reversi-engine/reversi/internal/testpos"
	"github.com/reversi-engine/reversi/player/minimax"
)

func runBench(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "bench", "[--perft-depth N] [--seconds S] [--search-depth N] [--ffo N] [--threads N]", `
Prints the engine's standard figures, so that machines and versions can be
compared: on one thread, the speed of move generation, flips, playing a
move and complete random games over a fixed sample of positions; perft
from the start; the course alpha-beta (depth 7, classic evaluation) and
our engine's midgame search (nodes/s at a fixed depth) on 12 midgame
positions of real games (WTHOR 2004, 20 to 40 discs); and exact endgame solves: FForum #1-#19 on one thread
and on --threads, and the first --ffo problems of FFO #40-#59. The figures
are the ones docs/BENCHMARKS.md records.`)
	perftDepth := fs.Int("perft-depth", 12, "perft depth to time from the start (0 to skip)")
	seconds := fs.Float64("seconds", 1, "time spent on each micro-benchmark")
	searchDepth := fs.Int("search-depth", 9, "depth of the engine's midgame search benchmark (0 to skip)")
	ffo := fs.Int("ffo", 0, "solve the first N problems of FFO #40-#59 too (0 to skip; #40-#44 take about 10 s on 2 cores)")
	threads := fs.Int("threads", runtime.NumCPU(), "threads of the parallel solves")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *perftDepth < 0 || *perftDepth > 16 {
		return fmt.Errorf("--perft-depth %d: want 0 to 16", *perftDepth)
	}
	if *seconds <= 0 {
		return fmt.Errorf("--seconds %v: want a positive number", *seconds)
	}
	if *searchDepth < 0 || *searchDepth > 20 || *ffo < 0 || *ffo > 20 || *threads < 1 {
		return fmt.Errorf("--search-depth takes 0 to 20, --ffo 0 to 20, --threads at least 1")
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
	if *searchDepth > 0 {
		if err := benchSearch(ctx, e, *searchDepth); err != nil {
			return err
		}
	}
	return benchSolve(ctx, e, *threads, *ffo)
}

// benchSearch times the course alpha-beta and the engine's midgame search
// on the fixed midgame positions, one thread.
func benchSearch(ctx context.Context, e *env, depth int) error {
	positions, err := testpos.Midgame(12)
	if err != nil {
		return err
	}
	var nodes uint64
	start := time.Now()
	ab := minimax.Searcher{Algorithm: minimax.AlphaBetaSearch, Eval: eval.Course{}}
	for _, b := range positions {
		r, err := ab.Search(ctx, b, minimax.Limits{Depth: 7}, nil)
		if err != nil {
			return err
		}
		nodes += r.Nodes
	}
	took := time.Since(start)
	fmt.Fprintf(e.stdout, "course alpha-beta d7   %8.2f ms/move  %12.0f nodes/s\n",
		took.Seconds()*1000/float64(len(positions)), float64(nodes)/took.Seconds())
	eng := engine.New(engine.Options{Eval: eval.Course{}, HashMB: 16})
	nodes, took = 0, 0
	for _, b := range positions {
		eng.Clear()
		r, err := eng.Search(ctx, b, engine.Limits{Depth: depth}, nil)
		if err != nil {
			return err
		}
		nodes += r.Nodes
		took += r.Elapsed
	}
	fmt.Fprintf(e.stdout, "engine midgame d%-2d     %8.2f ms/move  %12.0f nodes/s\n", depth,
		took.Seconds()*1000/float64(len(positions)), float64(nodes)/took.Seconds())
	return ctx.Err()
}

// benchSolve solves FForum #1-#19 on one thread and on threads, and the
// first ffo problems of FFO #40-#59 on threads.
func benchSolve(ctx context.Context, e *env, threads, ffo int) error {
	sets := []struct {
		file    string
		first   int
		threads int
	}{{"fforum-1-19.obf", 19, 1}, {"fforum-1-19.obf", 19, threads}, {"fforum-40-59.obf", ffo, threads}}
	for _, set := range sets {
		if set.first == 0 {
			continue
		}
		text, err := fforum.ReadFile(set.file)
		if err != nil {
			return err
		}
		problems, err := obf.Parse(bytes.NewReader(text))
		if err != nil {
			return err
		}
		problems = problems[:min(set.first, len(problems))]
		solver := endgame.New(endgame.Options{Threads: set.threads, HashMB: 64, Eval: engine.DefaultEvaluator()})
		var nodes uint64
		var took time.Duration
		wrong := 0
		for _, p := range problems {
			r, err := solver.Search(ctx, p.Position.Board, endgame.Limits{Mode: endgame.Exact}, nil)
			if err != nil {
				return err
			}
			if r.Stopped {
				return context.Cause(ctx)
			}
			if want, _ := p.BestScore(); r.Score != want {
				wrong++
			}
			nodes += r.Nodes
			took += r.Elapsed
		}
		name := fmt.Sprintf("solve %s x%d", strings.TrimSuffix(set.file, ".obf"), len(problems))
		fmt.Fprintf(e.stdout, "%-22s %8.3f s  %-10s %12.0f nodes/s  %d wrong\n", name, took.Seconds(), counted(set.threads, "thread"),
			float64(nodes)/took.Seconds(), wrong)
		if wrong > 0 {
			return fmt.Errorf("%d wrong scores in %s", wrong, set.file)
		}
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
