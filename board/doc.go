// Package board implements the rules of Othello on bitboards.
//
// A [Board] is side-relative: P holds the discs of the player to move and O
// those of the opponent, one bit per square. Playing a move returns a new
// Board (copy-make) with the roles swapped, so the hot paths of a search
// allocate nothing. A [Position] adds whose colour the player to move is.
//
// Squares are numbered row by row from A1, the way a board is printed:
//
//	     A  B  C  D  E  F  G  H
//	1    0  1  2  3  4  5  6  7
//	2    8  9 10 11 12 13 14 15
//	3   16 17 18 19 20 21 22 23
//	4   24 25 26 27 28 29 30 31
//	5   32 33 34 35 36 37 38 39
//	6   40 41 42 43 44 45 46 47
//	7   48 49 50 51 52 53 54 55
//	8   56 57 58 59 60 61 62 63
//
// Square i is bit i of a mask: row = i/8, column = i%8, so "E4" is row 3,
// column 4, square 28. Shifting a mask left by 1 moves every disc one column
// right (towards H), by 8 one row down (towards row 8).
//
// The package imports only the standard library.
package board
