// The bar or lines of finished units, and the heartbeat.

package progress

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Config says where and how a Progress reports.
type Config struct {
	Out      io.Writer     // where to report (standard error)
	Terminal bool          // Out is a terminal: draw a bar
	Total    int           // units of work to do
	Label    string        // names the work: "games", "solves at 20 empties"
	Unit     string        // what is counted, for the bar's rate: "games", "positions"
	News     time.Duration // without a terminal, how long without a line before the status is repeated
}

// Progress counts finished units of work out of a known total. Its
// methods may be called from several goroutines.
type Progress struct {
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

// New reports to c.Out: a bar if it is a terminal, otherwise a line
// ("games: 3/10 (30%) after 12s") at most every 5 seconds as units finish
// and, while none does, again after c.News to twice that (the heartbeat's
// tick finds the last line at least c.News old). Call Finish at the end.
func New(c Config) *Progress {
	p := &Progress{out: c.Out, label: c.Label, total: c.Total, start: time.Now(), lastLine: time.Now(), every: 5 * time.Second}
	if c.Terminal {
		p.bar = progressbar.NewOptions(c.Total,
			progressbar.OptionSetWriter(c.Out),
			progressbar.OptionSetDescription(c.Label),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(c.Unit),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	} else {
		p.stopNews = Heartbeat(c.News, func(time.Duration) {
			p.mu.Lock()
			defer p.mu.Unlock()
			if time.Since(p.lastLine) >= c.News {
				p.printStatus(time.Now())
			}
		})
	}
	return p
}

// Add records n more finished units.
func (p *Progress) Add(n int) {
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
func (p *Progress) printStatus(now time.Time) {
	p.lastLine = now
	fmt.Fprintf(p.out, "%s: %d/%d (%.0f%%) after %.0fs\n", p.label, p.done, p.total,
		100*float64(p.done)/float64(p.total), now.Sub(p.start).Seconds())
}

// Line prints a line of news: above the bar on a terminal, else on its
// own.
func (p *Progress) Line(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Clear()
	}
	fmt.Fprintln(p.out, text)
	p.lastLine = time.Now()
}

// Finish clears the bar, or stops the heartbeat.
func (p *Progress) Finish() {
	if p.stopNews != nil {
		p.stopNews()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Finish()
	}
}

// Heartbeat calls say with the time elapsed every period until the
// returned stop function is called. stop waits for a call in progress, so
// nothing is said after it returns; a second stop does nothing.
func Heartbeat(every time.Duration, say func(elapsed time.Duration)) (stop func()) {
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
