// Package xot ships the XOT openings, embedded: 10,784 balanced 8-move
// openings, one transcript a line, the usual start of fair engine matches
// (arena.XOT reads them). Where they come from is in data/README.md.
package xot

import _ "embed"

// Name is the name of the file of openings, as matches and records cite
// it.
const Name = "xot-large.txt"

//go:embed xot-large.txt
var large string

// Large returns the text of xot-large.txt: one opening a line, as a
// transcript such as "f5d6c3d3c4f4c5b3".
func Large() string { return large }
