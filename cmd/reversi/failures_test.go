package main

// What an anonymous client reads of the real "reversi serve" process's
// own failures (its database full or gone): a generic text, the details
// in the server's log only.

import (
	"io"
	"net"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// noDetails fails if an answer to an anonymous client shows one of the
// details (the database's error text, its file, user, address).
func noDetails(t *testing.T, what, answer string, details ...string) {
	t.Helper()
	for _, d := range details {
		if d != "" && strings.Contains(strings.ToLower(answer), strings.ToLower(d)) {
			t.Errorf("%s shows %q: %s", what, d, answer)
		}
	}
}

// TestFailuresSayNoDetailsSQLite: with the disk full, the 503 of a
// creation, of a move and of /api/health say what happened in general
// words, and the database's error is in the log only. Before, they
// carried the driver's text ("sqlite ... database or disk is full").
func TestFailuresSayNoDetailsSQLite(t *testing.T) {
	f := startFullServer(t)
	_, move := call(t, "POST", f.url+"/api/games/"+f.id+"/move", `{"token":"`+f.black+`","move":"f5"}`)
	health := wantStatus(t, 503, "GET", f.url+"/api/health", "", []string{"the store failed a write"})
	details := []string{filepath.Dir(f.db), "sqlite", "disk", "file", "store:"}
	logs := serverLogs(t, f.cmd)
	m := regexp.MustCompile(`msg="a write to the store failed" err="?([^"\n]+)`).FindStringSubmatch(logs)
	if m != nil {
		details = append(details, m[1])
	}
	noDetails(t, "the refused creation", f.refused, details...)
	noDetails(t, "the refused move", move["_text"].(string), details...)
	noDetails(t, "/api/health", health["_text"].(string), details...)
	if !strings.Contains(f.refused, "could not store the change (try again later)") {
		t.Errorf("the refused creation says %s, want that the change was not stored", f.refused)
	}
	if m == nil {
		t.Errorf("the log does not say why a write failed:\n%s", logs)
	}
}

// TestFailuresSayNoDetailsPostgres: with PostgreSQL gone (the server
// reaches it through a proxy that the test stops), /api/health, the list
// and a creation answer 503 without the driver's "failed to connect to
// user=... database=... 127.0.0.1:port", which is in the log. Before,
// anyone read it.
func TestFailuresSayNoDetailsPostgres(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	p := startProxy(t, u.Host)
	u.Host = p.addr()
	srv, cmd := startServer(t, u.String())
	wantStatus(t, 200, "GET", srv+"/api/health", "", nil)
	p.stop()
	health := wantStatus(t, 503, "GET", srv+"/api/health", "", nil)
	list := wantStatus(t, 503, "GET", srv+"/api/games", "", nil)
	created := wantStatus(t, 503, "POST", srv+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`, nil)
	name := strings.TrimPrefix(u.Path, "/")
	details := []string{"failed to connect", "user=", name, u.User.Username(), p.addr(), "postgres", "connection refused", "store:", "EOF"}
	for what, answer := range map[string]map[string]any{"/api/health": health, "the list": list, "the creation": created} {
		noDetails(t, what, answer["_text"].(string), details...)
	}
	if logs := serverLogs(t, cmd); !strings.Contains(logs, name) {
		t.Errorf("the log does not name what failed (the database %s):\n%s", name, logs)
	}
}

// proxy forwards TCP connections to a server until stopped.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// startProxy listens on a loopback port and forwards to target.
func startProxy(t *testing.T, target string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln}
	t.Cleanup(p.stop)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
	return p
}

// addr is the proxy's address.
func (p *proxy) addr() string { return p.ln.Addr().String() }

// stop closes the listener and every connection: the server is gone.
func (p *proxy) stop() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
