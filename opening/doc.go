// Package opening names the openings of Othello: the classic public list
// of nearly eighty named lines (Tiger, Rose, Buffalo, Heath, Cow, ...),
// looked up by the position a game reaches, in any of the eight
// symmetries of the board.
//
// Every line of the list is written from f5; a game that starts d3, c4 or
// e6 plays the same openings turned or mirrored, and Of finds them all.
// Since lines are compared by the positions they reach, a game that
// reaches a named position by another order of moves gets its name too.
// The longest named line that the game has reached wins.
//
// Of returns a game's Opening. The package imports board and game only;
// textboard (the terminal's "opening:" lines), the server (the game page)
// and reversi book show use it.
package opening
