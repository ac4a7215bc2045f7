// Package enginecmd is reversi's commands that lend the engine out: to a
// person for one position (analyze: the value of every legal move, the
// opening book's moves merged in), and to a GUI or another program over
// standard input and output (nboard: the NBoard protocol; gtp: the Go
// Text Protocol, with any player of the catalog).
//
// The analysis and its table are packages engine and textboard's, the
// protocols nboard's and gtp's, the players catalog's; the shipped book
// and weights are taken, and noted when they cannot be read, through
// cmd/internal/shipped. The descriptions are help/analyze.txt,
// nboard.txt and gtp.txt, embedded.
package enginecmd
