// Package endgame solves Othello positions exactly: the final disc margin
// with perfect play from both sides (exact mode), or only whether the side
// to move wins, draws or loses (WLD mode, much faster).
//
// The search is a null-window alpha-beta (PVS) over the remaining empty
// squares, specialised by depth as the strong engines do it:
//
//   - many empties: a transposition table, enhanced transposition cutoffs,
//     moves ordered fastest-first (fewest replies for the opponent, corners
//     and parity counted), and stability cutoffs;
//   - a few empties: the same ordering without the table;
//   - the last empties: no move generation, squares tried in parity order
//     (odd regions first), and dedicated code for the last four, three,
//     two and one empty squares.
//
// Scores follow the standard convention: the empty squares left when
// neither side can move go to the winner, so scores are even and lie in
// -64..64.
//
// A [Solver] may use several goroutines: the first move of a node is
// searched alone and the others are shared out once it is done (young
// brothers wait), with one transposition table shared without locks.
//
// [Solver.Search] follows the convention of every search of this module
// (engine, endgame, mcts, player/minimax):
//
//	Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error)
//
// with the package's own Limits (the mode, every move or only the best,
// the moves a rule forbids), Info and Result. progress may be nil. The end
// of ctx stops the search early: it is reported in Result.Stopped, never
// as an error. The error is non-nil only for invalid input (an overlapping
// board, more than [MaxEmpties] empty squares).
//
// Package endgame/problems solves the problems of an OBF file one after
// another and checks each against the file's best score (the solve
// subcommand and the FForum benchmarks): the solver reads no file format.
//
// [New] checks its options and returns an error for one out of range (the
// convention of engine, endgame and mcts).
//
// The package imports only the standard library (and reversi's engine
// packages).
package endgame
