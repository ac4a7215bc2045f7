// Progress of long work on the command's standard error (package
// internal/progress).

package main

import (
	"github.com/reversi-engine/reversi/cmd/internal/progress"
)

// newProgress reports to e's standard error: a bar if it is a terminal,
// otherwise a line now and then (see progress.New). Call Finish at the end.
func newProgress(e *env, total int, label, unit string) *progress.Progress {
	return progress.New(progress.Config{Out: e.stderr, Terminal: e.stderrIsTTY, Total: total, Label: label, Unit: unit, News: newsEvery})
}

// newLazyProgress reports to e's standard error as newProgress does, made
// at the first report of work whose total is known only then
// (progress.Lazy). Call Finish at the end.
func newLazyProgress(e *env, label, unit string) *progress.Lazy {
	return progress.NewLazy(progress.Config{Out: e.stderr, Terminal: e.stderrIsTTY, Label: label, Unit: unit, News: newsEvery})
}
