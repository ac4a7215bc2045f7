// Package mpc holds the rules of Multi-ProbCut that the engine's search
// and the fitting of its parameters (train) share: the parameters file's
// format and version, the depths at which a cut is tried, the depth of
// the shallow search that predicts a deep one (in the midgame and in the
// solver's selective solves), and how an evaluation with trained data
// names its weights (Checksummer).
//
// It is a low helper of the engine floor, not the engine's API: a user of
// the engine reads and checks parameters with engine.ReadProbCut and
// ProbCut.Matches. It imports nothing.
package mpc

// Format names the parameters file format.
const Format = "reversi-probcut"

// Version is the version of the parameters file the engine reads.
const Version = 2

// MinDepth is the smallest depth at which the search tries a cut: below
// it the shallow search costs about as much as the deep one.
const MinDepth = 3

// MaxDepth bounds the depths the parameters describe.
const MaxDepth = 60

// ShallowDepth returns the depth of the shallow search that predicts a
// search depth plies deep: about a quarter of it times two, of the same
// parity (an odd and an even depth differ by the side that moves last).
func ShallowDepth(depth int) int {
	return 2*(depth/4) + depth%2
}

// SolverShallowDepth returns the depth of the shallow search that
// predicts the exact score of a position with empties empty squares in
// the solver's selective solves: 2 plies below 16 empty squares, 4 below
// 20, 6 from there (the solver's shallow searches have no table).
func SolverShallowDepth(empties int) int {
	switch {
	case empties < 16:
		return 2
	case empties < 20:
		return 4
	}
	return 6
}

// Checksummer is implemented by evaluations whose parameters are data
// (trained weights): the checksum identifies the data, and parameters
// fitted for other weights are refused.
type Checksummer interface {
	Checksum() string
}
