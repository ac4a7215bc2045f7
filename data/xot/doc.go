// Package xot ships the XOT openings, embedded: 10,784 balanced 8-move
// openings, one transcript a line, the usual start of fair engine matches.
// Where they come from is in data/README.md.
//
// Large returns the file's text (Name names it). It imports nothing of
// reversi; arena.XOT reads it, for reversi match and tournament.
package xot
