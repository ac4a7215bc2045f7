// Package glicko rates players by the Glicko-2 system (Mark Glickman,
// "Example of the Glicko-2 system", 2012): a rating, a rating deviation
// that says how sure the rating is, and a volatility that says how much
// the player's strength moves.
//
// A rating period is a batch of games: [Update] takes a player's rating
// and the results of the period against opponents as rated at its start,
// and returns the rating after it. A server that rates each game as it
// ends (as lichess does) makes each game its own period. A player who
// plays nothing in a period becomes less sure ([Rating.Idle]).
//
// The package is the standard library only; the Elo difference and SPRT
// of matches are package arena's.
package glicko
