// The measurements: the rules engine, perft, the midgame searches and the
// endgame solves.

package bench

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/endgame/problems"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/format/obf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/testpos"
	"github.com/reversi-engine/reversi/perft"
	"github.com/reversi-engine/reversi/player/minimax"
)

// Figure is the result of a micro-benchmark: Ops operations in Elapsed,
// counted in Unit per second ("positions/s", "moves/s", "games/s").
type Figure struct {
	Name    string
	Ops     int
	Elapsed time.Duration
	Unit    string
}

// NsPerOp returns the nanoseconds one operation took.
func (f Figure) NsPerOp() float64 { return float64(f.Elapsed.Nanoseconds()) / float64(f.Ops) }

// PerSecond returns the operations per second.
func (f Figure) PerSecond() float64 { return float64(f.Ops) / f.Elapsed.Seconds() }

// Rules times, on one thread and for about budget each (at least 1024
// operations each), move generation, flips, playing a move and stable
// discs over a fixed sample of 4096 positions and moves of seeded random
// games, and complete random games from the start. It returns the five figures in that order, and ctx's
// error if ctx ended (the figures then cover what was done).
func Rules(ctx context.Context, budget time.Duration) ([]Figure, error) {
	positions, moves := sample()
	var sink uint64
	var figures []Figure
	add := func(name, unit string, f func(int)) {
		ops, took := timeLoop(ctx, budget, f)
		figures = append(figures, Figure{Name: name, Ops: ops, Elapsed: took, Unit: unit})
	}
	add("move generation", "positions/s", func(i int) { sink ^= positions[i&(len(positions)-1)].Moves() })
	add("flips", "moves/s", func(i int) {
		m := moves[i&(len(moves)-1)]
		sink ^= m.b.Flips(m.sq)
	})
	add("play", "moves/s", func(i int) {
		m := moves[i&(len(moves)-1)]
		sink ^= m.b.Play(m.sq).P
	})
	add("stable discs", "positions/s", func(i int) { sink ^= positions[i&(len(positions)-1)].StableDiscs() })
	rng := rand.NewPCG(1, 2)
	add("random game", "games/s", func(int) { sink ^= board.RandomGame(board.StartBoard(), rng).P })
	_ = sink
	return figures, ctx.Err()
}

// PerftFigure is a perft count from the start and the time it took.
type PerftFigure struct {
	Depth   int
	Leaves  uint64
	Elapsed time.Duration
}

// LeavesPerSecond returns the leaves counted per second.
func (p PerftFigure) LeavesPerSecond() float64 { return float64(p.Leaves) / p.Elapsed.Seconds() }

// Perft counts the leaves at depth from the start on one thread.
func Perft(ctx context.Context, depth int) (PerftFigure, error) {
	start := time.Now()
	n, err := perft.CountContext(ctx, board.StartBoard(), depth, 1)
	if err != nil {
		return PerftFigure{}, err
	}
	return PerftFigure{Depth: depth, Leaves: n, Elapsed: time.Since(start)}, nil
}

// SearchFigure is a search over the fixed midgame positions: Nodes
// searched in Elapsed over Positions positions.
type SearchFigure struct {
	Depth     int
	Positions int
	Nodes     uint64
	Elapsed   time.Duration
}

// MsPerMove returns the milliseconds a position took on average.
func (s SearchFigure) MsPerMove() float64 {
	return s.Elapsed.Seconds() * 1000 / float64(s.Positions)
}

// NodesPerSecond returns the nodes searched per second.
func (s SearchFigure) NodesPerSecond() float64 { return float64(s.Nodes) / s.Elapsed.Seconds() }

// midgamePositions is how many midgame positions of real games the
// searches take (testpos.Midgame).
const midgamePositions = 12

// CourseAlphaBeta times the course's alpha-beta (depth 7, classic
// evaluation) on the fixed midgame positions, one thread, wall time.
func CourseAlphaBeta(ctx context.Context) (SearchFigure, error) {
	positions, err := testpos.Midgame(midgamePositions)
	if err != nil {
		return SearchFigure{}, err
	}
	s := SearchFigure{Depth: 7, Positions: len(positions)}
	start := time.Now()
	ab := minimax.Searcher{Algorithm: minimax.AlphaBetaSearch, Eval: eval.Course{}}
	for _, b := range positions {
		r, err := ab.Search(ctx, b, minimax.Limits{Depth: 7}, nil)
		if err != nil {
			return SearchFigure{}, err
		}
		s.Nodes += r.Nodes
	}
	s.Elapsed = time.Since(start)
	return s, nil
}

// EngineMidgame times the engine's search at depth (classic evaluation,
// 16 MB table cleared before each position) on the fixed midgame
// positions, one thread; Elapsed is the sum of the searches' times.
func EngineMidgame(ctx context.Context, depth int) (SearchFigure, error) {
	positions, err := testpos.Midgame(midgamePositions)
	if err != nil {
		return SearchFigure{}, err
	}
	s := SearchFigure{Depth: depth, Positions: len(positions)}
	eng, err := engine.New(engine.Options{Eval: eval.Course{}, HashMB: 16})
	if err != nil {
		return SearchFigure{}, err
	}
	for _, b := range positions {
		eng.Clear()
		r, err := eng.Search(ctx, b, engine.Limits{Depth: depth}, nil)
		if err != nil {
			return SearchFigure{}, err
		}
		s.Nodes += r.Nodes
		s.Elapsed += r.Elapsed
	}
	return s, nil
}

// SolveFigure is the exact solve of the first Problems problems of an
// embedded FForum file: Nodes in Elapsed (the sum of the solves' times),
// and how many scores were not the file's.
type SolveFigure struct {
	File     string
	Problems int
	Threads  int
	Nodes    uint64
	Elapsed  time.Duration
	Wrong    int
}

// NodesPerSecond returns the nodes searched per second.
func (f SolveFigure) NodesPerSecond() float64 { return float64(f.Nodes) / f.Elapsed.Seconds() }

// Solve solves exactly the first problems of the embedded FForum file
// (fforum-1-19.obf or fforum-40-59.obf) with threads threads, a 64 MB
// table and the engine's default evaluation ordering the moves, and
// counts the scores that are not the file's best score. A solve stopped
// by ctx returns context.Cause(ctx).
func Solve(ctx context.Context, file string, first, threads int) (SolveFigure, error) {
	text, err := fforum.ReadFile(file)
	if err != nil {
		return SolveFigure{}, err
	}
	list, err := obf.Parse(bytes.NewReader(text))
	if err != nil {
		return SolveFigure{}, err
	}
	list = list[:min(first, len(list))]
	ordering := engine.DefaultEvaluator()
	if ordering.DiscUnit() <= 0 {
		ordering = nil // the course heuristic, without trained weights: mobility orders the moves
	}
	solver, err := endgame.New(endgame.Options{Threads: threads, HashMB: 64, Eval: ordering})
	if err != nil {
		return SolveFigure{}, err
	}
	t, err := problems.Solve(ctx, solver, list, problems.Options{Mode: endgame.Exact}, nil)
	if err != nil {
		return SolveFigure{}, err
	}
	if t.Solved < len(list) {
		return SolveFigure{}, context.Cause(ctx)
	}
	// Every FForum problem has its scores: none is Unchecked.
	return SolveFigure{File: file, Problems: len(list), Threads: threads, Nodes: t.Nodes, Elapsed: t.Elapsed, Wrong: t.Wrong}, nil
}

// Err returns an error if some scores were wrong.
func (f SolveFigure) Err() error {
	if f.Wrong > 0 {
		return fmt.Errorf("%d wrong scores in %s", f.Wrong, f.File)
	}
	return nil
}

type move struct {
	b  board.Board
	sq board.Square
}

// sample returns 4096 positions from seeded random games (a power of two,
// for cheap indexing) and 4096 legal moves in them.
func sample() ([]board.Board, []move) {
	rng := rand.New(rand.NewPCG(99, 1))
	var positions []board.Board
	var moves []move
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
			moves = append(moves, move{b, sq})
		}
		b = b.Play(sqs[rng.IntN(len(sqs))])
	}
	return positions[:4096], moves[:4096]
}

// timeLoop calls f(0), f(1), ... in batches of 1024 for about budget,
// at least one batch unless ctx has ended (a loaded machine can take the
// whole of a short budget before the first call), and returns how many
// calls it made and the time they took.
func timeLoop(ctx context.Context, budget time.Duration, f func(int)) (int, time.Duration) {
	start := time.Now()
	n, batch := 0, 1024
	for ctx.Err() == nil {
		for i := 0; i < batch; i++ {
			f(n + i)
		}
		n += batch
		if time.Since(start) >= budget {
			break
		}
	}
	return n, time.Since(start)
}

// DepthFigure is the time and nodes a search took to complete an
// iteration of one depth, summed over positions.
type DepthFigure struct {
	Depth       int
	Probability int
	Positions   int
	Nodes       uint64
	Elapsed     time.Duration
}

// NTestPositions returns the positions of NTest's speed test: each game
// of data/ggf/ntest-TestGames.ggf when 35 squares are empty.
func NTestPositions() ([]board.Board, error) {
	games, err := ntestGames()
	if err != nil {
		return nil, err
	}
	var out []board.Board
	for _, g := range games {
		for i := 0; i <= len(g.Moves); i++ {
			if b := g.PositionAt(i).Board; b.Empties() == 35 && b.HasMoves() {
				out = append(out, b)
				break
			}
		}
	}
	if len(out) != len(games) {
		return nil, fmt.Errorf("ntest-TestGames.ggf: %d of %d games reach 35 empties", len(out), len(games))
	}
	return out, nil
}

// ntestGames returns the games of NTest's speed test.
func ntestGames() ([]*game.Game, error) {
	text, err := data.ReadFile("ggf/ntest-TestGames.ggf")
	if err != nil {
		return nil, err
	}
	return ggf.Parse(bytes.NewReader(text))
}

// TimeToDepth searches each position of NTest's speed test with the
// engine (trained evaluation, 64 MB table cleared before each position,
// threads threads) to depth at probability prob, and returns, for every
// depth, the time and nodes it took to complete that iteration, summed
// over the positions (Elapsed counts from the start of each search).
func TimeToDepth(ctx context.Context, depth, prob, threads int, progress func(position int)) ([]DepthFigure, error) {
	positions, err := NTestPositions()
	if err != nil {
		return nil, err
	}
	eng, err := engine.New(engine.Options{Threads: threads})
	if err != nil {
		return nil, err
	}
	out := make([]DepthFigure, depth)
	for i := range out {
		out[i] = DepthFigure{Depth: i + 1, Positions: len(positions)}
	}
	for i, b := range positions {
		eng.Clear()
		r, err := eng.Search(ctx, b, engine.Limits{Depth: depth, Probability: prob}, func(in engine.Info) {
			if in.Kind == engine.Midgame && in.Depth >= 1 && in.Depth <= depth {
				out[in.Depth-1].Nodes += in.Nodes
				out[in.Depth-1].Elapsed += in.Elapsed
			}
		})
		if err != nil {
			return nil, err
		}
		if r.Stopped {
			return nil, ctx.Err()
		}
		for d := range out {
			out[d].Probability = r.Probability // 100 for an engine without cuts
		}
		if progress != nil {
			progress(i + 1)
		}
	}
	return out, nil
}

// SelectiveFigure is a selective endgame search of FForum problems: how
// many of its scores and moves were the file's, and its mean error.
type SelectiveFigure struct {
	File        string
	Problems    int
	Probability int
	Threads     int
	Nodes       uint64
	Elapsed     time.Duration
	// RightScores counts the scores equal to the file's best score,
	// RightMoves the moves that are among the file's best.
	RightScores, RightMoves int
	// MeanError is the mean absolute difference between the scores and
	// the file's, in discs.
	MeanError float64
}

// SolveSelective searches the problems from..to-1 (counted from 0) of the
// embedded FForum file to the end with the engine at probability prob
// (threads threads, 64 MB table cleared before each problem): the
// engine's selective endgame, the solver with cuts (exact at 100%).
// progress, if not nil, is called after each problem.
func SolveSelective(ctx context.Context, file string, from, to, threads, prob int, progress func(done int)) (SelectiveFigure, error) {
	text, err := fforum.ReadFile(file)
	if err != nil {
		return SelectiveFigure{}, err
	}
	problems, err := obf.Parse(bytes.NewReader(text))
	if err != nil {
		return SelectiveFigure{}, err
	}
	if from < 0 || from >= to || to > len(problems) {
		return SelectiveFigure{}, fmt.Errorf("%s has problems 0 to %d: no problems %d to %d", file, len(problems)-1, from, to-1)
	}
	problems = problems[from:to]
	f := SelectiveFigure{File: file, Problems: len(problems), Probability: prob, Threads: threads}
	eng, err := engine.New(engine.Options{Threads: threads, HashMB: 64})
	if err != nil {
		return SelectiveFigure{}, err
	}
	var errSum float64
	for i, p := range problems {
		eng.Clear()
		b := p.Position.Board
		r, err := eng.Search(ctx, b, engine.Limits{Depth: b.Empties(), Probability: prob}, nil)
		if err != nil {
			return f, err
		}
		if r.Stopped {
			return f, context.Cause(ctx)
		}
		if r.Kind != engine.Exact || r.Depth != b.Empties() {
			return f, fmt.Errorf("%s problem %d: a %v result of depth %d, not a search to the end", file, from+i+1, r.Kind, r.Depth)
		}
		f.Nodes += r.Nodes
		f.Elapsed += r.Elapsed
		best, _ := p.BestScore()
		if r.Value == best {
			f.RightScores++
		}
		if slices.Contains(p.BestMoves(), r.Move) {
			f.RightMoves++
		}
		errSum += math.Abs(float64(r.Value - best))
		if progress != nil {
			progress(i + 1)
		}
	}
	f.MeanError = errSum / float64(len(problems))
	return f, nil
}
