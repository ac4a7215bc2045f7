package server

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/store/sqlite"
)

// TestServeShutsDownAtTheEndOfTheContext: Serve answers on its listener
// until ctx ends, then logs its shutdown and returns nil; the listener is
// closed.
func TestServeShutsDownAtTheEndOfTheContext(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var logs lockedLog
	srv, err := New(Config{Store: st, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, time.Second) }()
	resp, err := http.Get("http://" + ln.Addr().String() + "/api/players")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/players: %s", resp.Status)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(time.Minute): // a hang: Serve waits 1 s for its connections
		t.Fatal("Serve did not return a minute after the end of its context")
	}
	if !strings.Contains(logs.String(), "shutting down") || !strings.Contains(logs.String(), "stopped") {
		t.Errorf("logs:\n%s", logs.String())
	}
	if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		c.Close()
		t.Error("the listener still accepts connections")
	}
}

// TestServeReturnsTheListenersError: a listener that fails ends Serve
// with its error.
func TestServeReturnsTheListenersError(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	if err := srv.Serve(context.Background(), ln, time.Second); err == nil {
		t.Fatal("no error from a closed listener")
	}
}

// lockedLog is a log buffer that the server's goroutines may write.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
