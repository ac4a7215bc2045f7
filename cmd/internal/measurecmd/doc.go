// Package measurecmd is reversi's commands that measure the engine:
// perft (the leaves of the game tree, counted, timed and checked: the
// proof that move generation is right), solve (the positions of an OBF
// file solved exactly and checked against their scores, such as the
// FForum benchmarks), bench (the standard speed figures, time to depth,
// the selective endgame, the levels' times) and accuracy (evaluations
// and searches against the exact scores of held-out real positions).
//
// The measures are the packages perft, endgame/problems, bench and
// accuracy; this package parses the flags with the conventions of
// cmd/internal/cli, shows progress on the cli.Env's standard error
// (a long solve says it is still solving every Env.News) and prints the
// tables. The descriptions are help/perft.txt, solve.txt, bench.txt and
// accuracy.txt, embedded.
package measurecmd
