// The embedded XOT openings.

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
