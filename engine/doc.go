// Package engine is reversi's strong player: iterative deepening
// NegaScout (principal variation search) with a transposition table,
// aspiration windows, move ordering (table move, shallow searches,
// fastest-first mobility, square weights), a time manager that never lets
// the clock run out, parallel search on all cores (Lazy SMP: every thread
// searches the same tree and they share the table), and the exact endgame
// solver of package endgame when few enough squares are empty.
//
// An [Engine] searches with an [eval.Evaluator]; [Level] gives settings
// that make sense to a human, from 1 (a beginner can win) to [MaxLevel]
// (as strong as the machine allows), and [Player] plays refereed games.
//
// Under the no-adjacent rule variant the engine restricts the moves of the
// root to those the rule allows and searches the tree below with the
// standard rules: the values are then estimates of the variant.
//
// The package imports only the standard library.
package engine
