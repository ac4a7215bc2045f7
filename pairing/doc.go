// Package pairing pairs the players of a tournament round by round: a
// round robin by the circle method (Berger tables), where everyone meets
// everyone once per cycle with the colours alternating, and the Swiss
// system, where each round pairs players of equal scores who have not met,
// balancing the colours and giving the bye to the lowest-ranked player who
// has not had one.
//
// Players are named by strings (account or bot ids); the package knows
// nothing of games, clocks or storage: the server's tournaments call it
// between rounds. Standard library only.
package pairing
