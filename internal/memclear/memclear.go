// Package memclear zeroes large tables (the engine's and the solver's
// transposition tables) so that the rest of the process goes on
// meanwhile.
//
// One clear of a slice of tens of megabytes is a single call of the
// runtime's assembly that the scheduler cannot preempt: a goroutine that
// waits for its processor waits until it ends (TestSliceLetsOthersRun).
// Mapped for the first time, 64 MB take tens of milliseconds. In a match
// at 100 ms a move, which makes new engines for every game, the other
// game's searches lost moves on time, and the garbage collector's trace
// showed stop-the-world phases of 21-43 ms; with Slice, neither
// (docs/STRENGTH.md, "Losses on time"). Slice clears a piece at a time and
// offers the scheduler a preemption point between pieces, without
// yielding when nobody asks.
package memclear

import "unsafe"

// pieceBytes is about how much one piece clears: 256 kB, as the Go
// runtime clears large allocations.
const pieceBytes = 256 << 10

// Slice sets every element of s to its zero value, a piece of about
// 256 kB at a time with a preemption point between pieces.
func Slice[T any](s []T) {
	var zero T
	n := max(pieceBytes/max(int(unsafe.Sizeof(zero)), 1), 1)
	for i := 0; i < len(s); i += n {
		clear(s[i:min(i+n, len(s))])
		//lint:ignore SA4017 the call is for its stack check, not its value
		preemptionPoint(0)
	}
}

// preemptionPoint does nothing, but it is a call that the compiler gives
// a stack check (it is not a leaf: it may call itself), and the stack
// check is where a goroutine that the scheduler asked to stop stops.
//
//go:noinline
func preemptionPoint(depth int) int {
	if depth > 0 {
		return preemptionPoint(depth - 1)
	}
	return depth
}
