package progress_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/cmd/internal/progress"
	"github.com/reversi-engine/reversi/internal/testproc"
)

func TestHeartbeatStops(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	stop := progress.Heartbeat(time.Millisecond, func(time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		calls++
	})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		mu.Lock()
		n := calls
		mu.Unlock()
		if n >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d calls in 10 s at one a millisecond", n)
		}
	}
	stop()
	mu.Lock()
	n := calls
	mu.Unlock()
	time.Sleep(20 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if calls != n {
		t.Errorf("%d calls after stop returned", calls-n)
	}
	stop() // a second stop does nothing
}

func TestProgressSaysItIsStillGoing(t *testing.T) {
	var out testproc.Output
	p := progress.New(progress.Config{Out: &out, Total: 3, Label: "solves", Unit: "positions", News: time.Millisecond})
	p.Add(1) // then nothing more is done: a line a millisecond says so
	for deadline := time.Now().Add(10 * time.Second); strings.Count(out.String(), "solves: 1/3 (33%) after ") < 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			p.Finish()
			t.Fatalf("no news of the work for 10 s:\n%s", out.String())
		}
	}
	p.Finish()
	said := out.String()
	time.Sleep(20 * time.Millisecond)
	if now := out.String(); now != said {
		t.Errorf("news after finish: %q", strings.TrimPrefix(now, said))
	}
}

func TestLineAndBar(t *testing.T) {
	var out bytes.Buffer
	p := progress.New(progress.Config{Out: &out, Total: 2, Label: "games", Unit: "games", News: time.Hour})
	p.Line("1/2: news")
	p.Add(2)
	p.Finish()
	if got := out.String(); got != "1/2: news\n" {
		t.Errorf("lines: %q", got)
	}
	out.Reset()
	bar := progress.New(progress.Config{Out: &out, Terminal: true, Total: 2, Label: "games", Unit: "games"})
	bar.Add(1)
	bar.Line("news")
	bar.Add(1)
	bar.Finish()
	if !strings.Contains(out.String(), "news\n") {
		t.Errorf("bar: %q", out.String())
	}
}

// TestLazy: nothing is shown before the first report; then the units
// done so far count once each, out of the total of the first report.
func TestLazy(t *testing.T) {
	var out testproc.Output
	l := progress.NewLazy(progress.Config{Out: &out, Label: "positions", Unit: "positions", News: time.Millisecond})
	l.Line("before")
	l.Finish() // before any report: nothing to finish
	if got := out.String(); got != "before\n" {
		t.Fatalf("before the first report: %q", got)
	}
	l.Report(1, 4)
	l.Report(3, 4) // then nothing more is done: the status line says 3/4
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), "positions: 3/4 (75%) after "); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			l.Finish()
			t.Fatalf("no status 3/4 for 10 s:\n%s", out.String())
		}
	}
	l.Line("news")
	l.Report(4, 4)
	l.Finish()
	if got := out.String(); !strings.HasPrefix(got, "before\n") || !strings.Contains(got, "\nnews\n") || strings.Contains(got, "/3") || strings.Contains(got, "5/4") {
		t.Errorf("lines: %q", got)
	}
	var none *progress.Lazy
	none.Finish()
}
