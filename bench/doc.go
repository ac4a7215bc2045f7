// Package bench measures the engine's standard figures, so that machines
// and versions can be compared: on one thread, the speed of move
// generation, flips, playing a move, stable discs and complete random
// games over a fixed sample of positions (Rules); perft from the start
// (Perft); the course alpha-beta and the engine's midgame search on fixed
// midgame positions of real games (CourseAlphaBeta, EngineMidgame); and
// exact solves of the FForum endgame problems (Solve); time to depth on
// NTest's speed-test positions (TimeToDepth) and the selective endgame at
// each probability (SolveSelective). A Suite measures the standard ones
// in order, reporting each as soon as it is measured; ParseLevels and
// ParseFFORange read the ranges of levels and problems that reversi bench
// is given. The figures are the
// ones docs/BENCHMARKS.md records; `reversi bench` prints them.
//
//	figures, err := bench.Rules(ctx, time.Second)
//	p, err := bench.Perft(ctx, 12)
//	s, err := bench.EngineMidgame(ctx, 9)
//	f, err := bench.Solve(ctx, "fforum-1-19.obf", 19, 1)
//	err = bench.Suite{Budget: time.Second, PerftDepth: 12, SearchDepth: 9, Threads: 4}.Run(ctx, report)
//
// Every measurement stops early when ctx ends. It imports the packages
// it measures (board, perft, player/minimax, engine, endgame, eval), the
// data it measures on (data, data/fforum, internal/testpos, read with
// format/ggf and format/obf), and only the standard library beside them;
// reversi bench prints its figures.
package bench
