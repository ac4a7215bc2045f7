// Package cpufeature tells which optional instructions the processor and
// the operating system support, for the packages that have code written
// for them (the board's move generation, the pattern evaluation's
// tracker). It needs nothing outside the standard library.
package cpufeature
