// Package mcts is Monte Carlo tree search for Othello: UCT with every
// variant of the course material.
//
// Each iteration walks down the tree choosing children by UCB1 (the mean
// reward plus C*sqrt(ln N / n), unvisited children first), adds one new
// node, plays a rollout from it to the end of the game (or for a few
// plies, then evaluates), and backs the reward up the path, each node's
// statistics from the view of the player who moved into it. Terminal
// positions back up their exact result, and proven wins and losses
// propagate up the tree (MCTS-Solver), so a won endgame is never thrown
// away.
//
// Rollout policies: uniform random, the Roxanne priority table,
// epsilon-greedy or softmax over the classic evaluation of each move, a
// shallow alpha-beta that picks each move; any of them truncated after K
// plies with an evaluation. Rewards: win/loss/draw, disc margin, or a win
// bonus plus the margin (each scaled to [0, 1]).
//
// The tree lives in a node pool of bounded size; between moves the
// subtree of the position reached is kept and the rest dropped. Several
// threads search either separate trees merged at the root (root
// parallelism) or one shared tree with virtual loss (tree parallelism).
//
// [Searcher.Search] follows the convention of every search of this module
// (engine, endgame, mcts, player/minimax):
//
//	Search(ctx context.Context, b board.Board, lim Limits, progress func(Info)) (Result, error)
//
// with the package's own Limits (iterations, time, the moves a rule
// forbids), Info and Result. progress may be nil. The end of ctx stops the
// search early: it is reported in Result.Stopped, with the move the trees
// prefer, never as an error. The error is non-nil only for invalid input
// (a board whose masks overlap).
//
// The package imports only the standard library.
package mcts
