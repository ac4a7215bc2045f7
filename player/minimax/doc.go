// Package minimax holds the course's search algorithms, written plainly for
// teaching and comparison: [Minimax] (every node to a fixed depth) and
// [AlphaBeta] (the same value with alpha-beta pruning, moves in board
// order), both over an [eval.Evaluator], and players built on them.
//
// Our strong engine (NegaScout with a transposition table, ordering,
// iterative deepening, time management and an exact endgame) is package
// engine; these are the baselines it is measured against.
//
// The package imports only the standard library.
package minimax
