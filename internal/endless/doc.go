// Package endless gives tests an input that never ends, to check that a
// reader bounds what it takes from a file or a stream.
//
// A reader without a bound grows its memory as long as the input lasts
// (reading /dev/zero, it grows to gigabytes). An endless Reader stands for
// such an input in a test, with a budget: past it, Read fails with
// ErrOverBudget, so that a reader without a bound fails its test at once
// (with that error) instead of running the machine out of memory. File
// serves it under a file name, for readers that open a path.
//
// It uses only the standard library. Only tests import it: those of the
// parsers (format/..., eval/pattern's weights, arena's openings and
// records, nboard) and of the command.
package endless
