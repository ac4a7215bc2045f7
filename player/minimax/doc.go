// Package minimax holds the course's search algorithms, written plainly for
// teaching and comparison: minimax (every node to a fixed depth) and
// alpha-beta (the same value with alpha-beta pruning, moves in board
// order), both over an [eval.Evaluator] ([Searcher]), and players built on
// them.
//
// [Searcher.Search] follows the convention of every search of this module
// (engine, endgame, mcts, player/minimax):
//
//	Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error)
//
// with the package's own Limits (the depth, the moves a rule forbids),
// Info and Result. progress may be nil. The end of ctx stops the search
// early: it is reported in Result.Stopped, with the best of the moves
// searched completely, never as an error. The error is non-nil only for
// invalid input (a board whose masks overlap, no evaluation).
//
// Our strong engine (NegaScout with a transposition table, ordering,
// iterative deepening, time management and an exact endgame) is package
// engine; these are the baselines it is measured against.
//
// The package imports only the standard library.
package minimax
