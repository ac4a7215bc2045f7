// Package engine is reversi's strong player: iterative deepening
// NegaScout (principal variation search) with a transposition table,
// aspiration windows, Multi-ProbCut selective cuts (shallow searches that
// predict the deep value, with parameters fitted by 'reversi train mpc'),
// move ordering (the table's move first, then the evaluation of the
// children three plies or more from the leaves, their mobility and square
// weights below that; one ply from the leaves a fixed order of squares
// and no table), a time manager that never lets the clock run out,
// parallel search on all cores (Lazy SMP: every thread searches the same
// tree and they share the table), and the exact (or selective) endgame
// solver of package endgame when few enough squares are empty.
//
// An [Engine] searches with an [eval.Evaluator]; [Level] gives settings
// that make sense to a human, from 1 (a beginner can win) to [MaxLevel]
// (as strong as the machine allows), and [Player] plays refereed games.
//
// Under the no-adjacent rule variant the engine restricts the moves of the
// root to those the rule allows ([Limits].Forbidden) and searches the tree
// below with the standard rules: the values are then estimates of the
// variant. A Player plays from its opening book ([Player.SetBook],
// [BookMoves]) in games under the standard rule only, the rule the book's
// values were found under.
//
// The search follows the convention of every search of this module
// (engine, endgame, mcts, player/minimax):
//
//	Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error)
//
// with the package's own Limits, Info and Result. progress may be nil.
// The end of ctx stops the search early: it is reported in
// Result.Stopped, with the best that was found, never as an error. The
// error is non-nil only for invalid input (here: a board whose masks
// overlap).
//
// The constructors follow the convention of the engine packages (engine,
// endgame, mcts): options are checked, the zero value of an option is its
// default, and a value out of range is an error returned, never a panic
// nor another value taken without a word; a fallback (the course
// heuristic when the trained weights cannot be read) happens only when
// the caller asks for it ([DefaultEvaluatorNote], which says so). [New]
// makes an Engine that way, and is its only constructor.
//
// The package imports only the standard library.
package engine
