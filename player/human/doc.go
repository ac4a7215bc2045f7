// Package human is a player that reads its moves from a text input (a
// terminal or a pipe) and writes prompts and help to a text output.
//
// Input, one command per line: a square ("d3" or "D3"), "undo" (take back
// your last move and the computer's reply, when the game allows it),
// "resign" (give up: you lose, whatever the discs), "Q" or "count" (stop
// the game and count the discs: more discs wins, as the Q of the original
// course framework), "moves" (list the legal moves), "help". "quit" is
// refused as ambiguous, with the two ways to end the game explained, so
// that neither a loss nor a count comes as a surprise. A line that is not a
// square gets an explanation and the prompt again; a square that is not a
// legal move goes to the referee, who refuses it, counts it as an illegal
// move and asks again.
//
// Two humans at one terminal share one [Input]: its lines go, in order, to
// the player whose turn it is.
//
// It imports board and player only; catalog builds it (the "human"
// player) and reversi play gives it its input in the line mode.
package human
