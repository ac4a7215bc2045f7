// Package pattern is the trained evaluation of reversi: a sum of weights
// of board patterns, the approach of Buro's Logistello that every strong
// Othello engine uses.
//
// Eleven pattern shapes (corner 3x3 and 2x5 blocks, the edge with its two
// X-squares, the rows two to four from an edge, and the diagonals of length
// four to eight) are placed on the board by its symmetries: 46 instances
// that together cover every square several times. Each configuration of a
// shape (3^k for k squares: empty, the player to move's disc, the
// opponent's) has a weight, shared by all the instances of the shape and
// by configurations that are mirror images of each other. A weight set is
// kept per phase (by the number of discs on the board: 15 phases of four
// disc counts in the first generation, 30 or 60 in files of version 2),
// with a bias and the mobility of both sides.
//
// The search tells a [Tracker] every move it makes and takes back; the
// tracker updates the 46 indexes incrementally (a few additions per
// changed square) and evaluates with 46 table lookups, allocating
// nothing. [Weights] are read from a versioned, checksummed file; the
// weights trained by 'reversi train' ship inside the binary.
//
// The package imports only the standard library.
package pattern
