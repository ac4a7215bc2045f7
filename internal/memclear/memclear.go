// Package memclear zeroes large tables (the engine's and the solver's
// transposition tables) so that the rest of the process goes on
// meanwhile.
//
// One clear of a slice of tens of megabytes is a single call of the
// runtime's assembly that the scheduler cannot preempt: a garbage
// collection that starts meanwhile stops every other goroutine of the
// process until it ends, and so does a goroutine that waits for a
// processor. Mapped for the first time, 64 MB take tens of milliseconds,
// which the searches of other games on their clocks lost (a match at
// 100 ms a move lost games on time when the next game's engines were
// made). Slice clears a piece at a time and offers the scheduler a
// preemption point between pieces, without yielding when nobody asks.
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
