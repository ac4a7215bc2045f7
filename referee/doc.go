// Package referee runs a game between two players and enforces the rules
// on both: it owns the real game, hands the players copies, keeps their
// clocks, refuses illegal moves, plays forced passes and decides the
// result.
//
// The rules it enforces:
//   - a per-move time limit (60 s unless configured) and an optional game
//     clock per player; a player that does not answer in time loses, and
//     the referee does not wait for a player that ignores its deadline;
//   - an illegal move is refused with the list of legal moves and the
//     player is asked again; its third illegal move in a game loses;
//   - a resignation (player.Reply.Resign, or Match.Resign at any moment,
//     also while the opponent is to move) ends the game and loses it,
//     whatever the discs on the board (game.Resignation);
//   - a request to stop and count (player.Reply.Count, the original course
//     framework's Q) ends the game, won by the side with more discs on the
//     board (game.Counted, By the player who asked);
//   - a player whose Move returns an error (or panics) forfeits;
//   - passes are played automatically when the side to move has no move;
//   - the rule variant of the game (e.g. no-adjacent) decides what is
//     legal;
//   - a game over on the board ends with the move that ends it: the Moved
//     (or Passed) event carries the result already, and Ended follows.
//
// Play runs a game to its end; Start runs it in a goroutine of its own
// and returns the Match, through which a player resigns out of turn.
// Config sets the clocks, the take-backs (TakeBacks gives the usual rule:
// a human against a computer) and the observers of the events (Event);
// the result is in the returned game.
//
// It imports board, game and player only. Everything that runs a game
// runs it through the referee: arena (matches, tournaments, many games),
// the server (a referee per game, which only stores and broadcasts what
// it decides), tui and reversi play.
package referee
