// Package obf reads and writes OBF lines: positions with the scores of their moves.
//
// OBF, the "Othello Board File" format, is the format of Edax's endgame
// test suites: one position per line with the scores of its moves under
// perfect play.
//
// A line holds the 64 squares from A1 to H8 row by row ('X' black, 'O'
// white, '-' empty), a space, the side to move, then a list of
// "<move>:<score>;" pairs, for example
//
//	O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;
//
// A score is the exact final disc margin of the side to move after that
// move and perfect play, the empty squares of a finished game counted for
// the winner. Lines starting with '%' are comments and blank lines are
// skipped; a '%' after the moves starts a comment too.
//
// [Parse] reads a file into [Problem] values and [Problem.String] writes
// the canonical line that [ParseLine] reads back. Every move must be legal
// in the position (a pass, written "PA", only when the side to move has no
// move); errors name the line and say what is wrong. A line longer than
// [MaxLine] bytes is refused as soon as the limit is reached.
//
// The package imports only the standard library and the board package.
package obf
