// What a subcommand may use of the outside world.

package cli

import (
	"errors"
	"io"
	"time"

	"github.com/reversi-engine/reversi/cmd/internal/progress"
)

// Env is what a subcommand may use of the outside world: its standard
// input and outputs, whether standard error is a terminal, and how often
// long work that has nothing else to report says that it is still going.
// cmd/reversi makes one for the process and hands it to every
// subcommand; a test makes one on buffers.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	StderrIsTTY    bool          // progress is drawn as a bar on a terminal, written as lines elsewhere
	News           time.Duration // how often long work with nothing else to report says it is still going
}

// ErrInterrupted is what a subcommand returns when its context ends
// (Ctrl-C, SIGTERM) before its work does and there is nothing more to say
// than that.
var ErrInterrupted = errors.New("interrupted")

// Notes returns the writer of a command's progress and summary lines
// given the files it writes (see the function Notes): standard error when
// one of them is standard output.
func (e *Env) Notes(paths ...string) io.Writer { return Notes(e.Stdout, e.Stderr, paths...) }

// Progress returns the progress of total units of work on e's standard
// error: a bar if it is a terminal, otherwise a line now and then (see
// progress.New). Call Finish at the end.
func (e *Env) Progress(total int, label, unit string) *progress.Progress {
	return progress.New(progress.Config{Out: e.Stderr, Terminal: e.StderrIsTTY, Total: total, Label: label, Unit: unit, News: e.News})
}

// LazyProgress returns the progress on e's standard error, as Progress
// does, of work whose total is known only at its first report
// (progress.Lazy). Call Finish at the end.
func (e *Env) LazyProgress(label, unit string) *progress.Lazy {
	return progress.NewLazy(progress.Config{Out: e.Stderr, Terminal: e.StderrIsTTY, Label: label, Unit: unit, News: e.News})
}
