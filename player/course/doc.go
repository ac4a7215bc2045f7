// Package course implements the one-ply strategies of the Othello
// AI course as players: random, greedy, positional, roxanne, mobility,
// stable, parity and evaporation.
//
// Each strategy looks at the legal moves of the current position only (no
// search) and picks the best by its own measure. Ties are broken uniformly
// at random by a PCG generator seeded at construction, so a player built
// with the same seed, playing the same game, plays the same moves:
//
//	black := course.NewRoxanne(1)
//	white := course.NewEvaporation(2, course.DefaultEndgame)
//	g, err := referee.Play(ctx, black, white, referee.Config{})
//
// Every player is a [*Player], which implements player.Player. Its
// [Player.Choose] method picks a move from a bare board and mask of legal
// moves without allocating, for programs that play many fast games without
// a referee.
//
// The strategies choose among the legal moves they are given (the
// request's Legal mask, which the no-adjacent rule may restrict) but
// measure what follows a move under the standard rules: the mobility
// player counts the opponent's replies without the no-adjacent
// restriction.
//
// The package imports only the standard library and the engine's own
// board, game and player packages.
package course
