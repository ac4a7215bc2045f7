package childproc

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"edax -n 2", []string{"edax", "-n", "2"}},
		{`  "my engine" --eval 'a b' x\ y  `, []string{"my engine", "--eval", "a b", "x y"}},
		{`a "" b`, []string{"a", "", "b"}},
	}
	for _, tt := range tests {
		got, err := Split(tt.in)
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%q: %q, %v", tt.in, got, err)
		}
	}
	for _, bad := range []string{"", "   ", `"open`, `trailing\`} {
		if _, err := Split(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// needs skips the test unless the programs it runs are there.
func needs(t *testing.T, programs ...string) {
	t.Helper()
	for _, p := range programs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("no %s: %v", p, err)
		}
	}
}

// ended waits for p to end, failing the test if it has not within a
// generous bound.
func ended(t *testing.T, p *Process, why string) {
	t.Helper()
	select {
	case <-p.Done():
	case <-time.After(30 * time.Second):
		t.Fatalf("the engine still runs after %s", why)
	}
}

// TestNextKillsWhenLate: the engine's lines come back in order; an engine
// that does not answer before the context ends is killed, and Next
// returns the context's error.
func TestNextKillsWhenLate(t *testing.T) {
	needs(t, "cat")
	p, err := Start("cat", Options{Line: "a test line", MaxLine: 100, Buffered: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close("", time.Second)
	for _, l := range []string{"one", "two"} {
		if err := p.Send(l); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"one", "two"} {
		if got, err := p.Next(context.Background()); got != want || err != nil {
			t.Fatalf("Next: %q, %v; want %q", got, err, want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Next after the context's end: %v", err)
	}
	ended(t, p, "its context ended")
	if err := p.Explain(context.Canceled); err != context.Canceled {
		t.Errorf("the context's end explained as %v", err)
	}
}

// TestExitAndLongLine: an engine that exits is said to have exited, with
// its status; a line longer than MaxLine stops the engine with an
// *OutputError that names the protocol's line.
func TestExitAndLongLine(t *testing.T) {
	needs(t, "sh")
	p, err := Start(`sh -c 'echo hello; exit 3'`, Options{Line: "a test line", MaxLine: 100, Buffered: 4})
	if err != nil {
		t.Fatal(err)
	}
	if l, err := p.Next(context.Background()); l != "hello" || err != nil {
		t.Fatalf("the first line: %q, %v", l, err)
	}
	_, err = p.Next(context.Background())
	if !errors.Is(err, ErrExited) {
		t.Fatalf("after the exit: %v", err)
	}
	ended(t, p, "it exited")
	if got := p.Explain(err).Error(); got != `engine "sh -c 'echo hello; exit 3'" exited: exit status 3` {
		t.Errorf("the exit explained as %q", got)
	}

	long, err := Start(`sh -c 'printf "%0200d\n" 0; exec sleep 60'`, Options{Line: "a test line", MaxLine: 100, Buffered: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer long.Close("", time.Second)
	_, err = long.Next(context.Background())
	var oe *OutputError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), "a test line") {
		t.Errorf("a line of 200 bytes: %v", err)
	}
	ended(t, long, "a line too long")
}
