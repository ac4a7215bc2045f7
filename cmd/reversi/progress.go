// Progress of long work: a bar on a terminal, a line now and then
// elsewhere (logs, pipes, CI).

package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress counts finished units of work out of a known total.
type progress struct {
	mu       sync.Mutex
	bar      *progressbar.ProgressBar // on a terminal, else nil
	out      io.Writer
	label    string
	total    int
	done     int
	start    time.Time
	lastLine time.Time
	every    time.Duration
	stopNews func() // the heartbeat of a run without a terminal
}

// newProgress reports to e's standard error (label names the work, unit
// what is counted): a bar if it is a terminal, otherwise a line at most
// every 5 seconds as units finish and, while none does, again after
// newsEvery to twice that (the heartbeat's tick finds the last line at
// least newsEvery old). Call finish at the end.
func newProgress(e *env, total int, label, unit string) *progress {
	p := &progress{out: e.stderr, label: label, total: total, start: time.Now(), lastLine: time.Now(), every: 5 * time.Second}
	if e.stderrIsTTY {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription(label),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(unit),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	} else {
		p.stopNews = heartbeat(newsEvery, func(time.Duration) {
			p.mu.Lock()
			defer p.mu.Unlock()
			if time.Since(p.lastLine) >= newsEvery {
				p.printStatus(time.Now())
			}
		})
	}
	return p
}

// add records n more finished units.
func (p *progress) add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	if p.bar != nil {
		p.bar.Add(n)
		return
	}
	if now := time.Now(); now.Sub(p.lastLine) >= p.every {
		p.printStatus(now)
	}
}

// printStatus prints the progress line; p.mu is held.
func (p *progress) printStatus(now time.Time) {
	p.lastLine = now
	fmt.Fprintf(p.out, "%s: %d/%d (%.0f%%) after %.0fs\n", p.label, p.done, p.total,
		100*float64(p.done)/float64(p.total), now.Sub(p.start).Seconds())
}

// line prints a line of news: above the bar on a terminal, else on its
// own.
func (p *progress) line(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Clear()
	}
	fmt.Fprintln(p.out, text)
	p.lastLine = time.Now()
}

// finish clears the bar, or stops the heartbeat.
func (p *progress) finish() {
	if p.stopNews != nil {
		p.stopNews()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Finish()
	}
}

// newsEvery is how often long work that has nothing else to report says
// that it is still going (a long solve; a run of games or solves whose
// progress line has not changed).
var newsEvery = 30 * time.Second

// heartbeat calls say with the time elapsed every period until the
// returned stop function is called. stop waits for a call in progress, so
// nothing is said after it returns.
func heartbeat(every time.Duration, say func(elapsed time.Duration)) (stop func()) {
	start := time.Now()
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case now := <-t.C:
				say(now.Sub(start))
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(quit); wg.Wait() })
	}
}
