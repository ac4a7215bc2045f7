// A Progress made when the total of the work is first known.

package progress

import "fmt"

// Lazy is a Progress made at the first report of work whose total is
// known only then, and told how many units are done so far rather than
// how many more (the form of book.Build's and bench.LevelTimes's
// progress callbacks). Its methods are called from one goroutine at a
// time.
type Lazy struct {
	c    Config
	p    *Progress // nil until the first report
	last int       // the units done at the last report
}

// NewLazy returns a Lazy that reports as New(c) does, with the total of
// its first report as c.Total.
func NewLazy(c Config) *Lazy { return &Lazy{c: c} }

// Report records that done units of total are finished.
func (l *Lazy) Report(done, total int) {
	if l.p == nil {
		c := l.c
		c.Total = total
		l.p = New(c)
	}
	l.p.Add(done - l.last)
	l.last = done
}

// Line prints a line of news as Progress.Line does once the work has
// reported, and on its own line of the output before.
func (l *Lazy) Line(text string) {
	if l.p == nil {
		fmt.Fprintln(l.c.Out, text)
		return
	}
	l.p.Line(text)
}

// Finish finishes the Progress if the work has reported. A nil Lazy does
// nothing.
func (l *Lazy) Finish() {
	if l != nil && l.p != nil {
		l.p.Finish()
	}
}
