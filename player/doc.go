// Package player defines what a player of a refereed game is: something
// that, given a copy of the game and the time it has, returns a move (and
// optionally what it thought).
//
// The referee (package referee) owns the real game; a player only ever
// receives copies, so nothing it does can change the game.
//
// Player is the interface (a Request in, a Reply out); Thinking is what a
// player reports of its search, typed (Source: the kind and depth of the
// search; Unit: discs, points or a win rate), and MoveStat a move's value
// in an analysis; Analyze asks a player for the value of every legal
// move; Func makes a player of a function; Close closes a player that
// holds resources.
//
// It imports board and game only. Every player implements it (player/course,
// player/human, player/minimax, engine, mcts, nboard, gtp) and everything that
// runs games uses it (referee, arena, the server, tui, textboard, the
// command); catalog builds the players by name.
package player
