package main

// Fairness between clients, against the real "reversi serve" process:
// one client address cannot take the connections, the search slots or
// the analyses from the others. The clients are loopback addresses of
// their own (127.0.0.x), as remote clients are to the server.

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// patience bounds the waits of these tests: far beyond what a loaded
// machine takes, far below what a client shut out would wait (the server
// keeps an idle connection 2 minutes).
const patience = 60 * time.Second

// dialFrom opens a TCP connection to the server at url from the loopback
// address ip.
func dialFrom(t *testing.T, ip, url string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: patience}
	c, err := d.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatalf("dialling from %s: %v", ip, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// clientFrom returns an HTTP client whose connections come from the
// loopback address ip.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: patience}
	return &http.Client{Timeout: patience, Transport: &http.Transport{DialContext: d.DialContext}}
}

// keptConn is a keep-alive connection of a test's client: it asks on it
// and reads the answers.
type keptConn struct {
	c  net.Conn
	br *bufio.Reader
}

// ask sends a GET of path on the connection and returns the answer, its
// body read; an answer that does not come within patience fails the test.
func (k *keptConn) ask(t *testing.T, path string) *http.Response {
	t.Helper()
	k.c.SetDeadline(time.Now().Add(patience))
	if _, err := fmt.Fprintf(k.c, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", path); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	resp, err := http.ReadResponse(k.br, nil)
	if err != nil {
		t.Fatalf("GET %s from %s: no answer: %v", path, k.c.LocalAddr(), err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// closedByServer waits until the server closes the connection (what it
// sent is read away) and reports whether it did within patience.
func (k *keptConn) closedByServer() bool {
	k.c.SetReadDeadline(time.Now().Add(patience))
	_, err := io.Copy(io.Discard, k.br)
	return err == nil // EOF: closed by the server; a timeout is an error
}

// TestFairnessConnectionsPerClient: one address that opens many
// keep-alive connections holds at most --max-conns-per-client of them (its
// idle ones are closed to make room for its new ones), another address
// that fills the rest of --max-conns has the oldest idle connections
// closed for its own, and a third client is answered at once. Before the
// caps per client, the first address took all of --max-conns and the
// next client waited for an idle connection to time out (2 minutes).
func TestFairnessConnectionsPerClient(t *testing.T) {
	const total, perClient = 100, 64 // --max-conns-per-client's default
	url, _ := startServer(t, filepath.Join(t.TempDir(), "conns.db"), "--max-conns", fmt.Sprint(total), "--rate", "1000")
	open := func(ip string, n int) []*keptConn {
		var conns []*keptConn
		for i := range n {
			k := &keptConn{c: dialFrom(t, ip, url)}
			k.br = bufio.NewReader(k.c)
			resp := k.ask(t, "/api/health")
			switch {
			case resp.StatusCode == http.StatusTooManyRequests && resp.Close:
				// over its cap with no idle connection to give up
				// (the one before was not idle yet): refused and closed
			case resp.StatusCode != http.StatusOK:
				t.Fatalf("connection %d from %s: %s", i, ip, resp.Status)
			}
			conns = append(conns, k)
		}
		return conns
	}
	// closedOf counts the connections the server has closed, waiting for
	// at least want of them (within patience).
	closedOf := func(conns []*keptConn, want int) int {
		t.Helper()
		closed := make(chan bool, len(conns))
		for _, k := range conns {
			go func() { closed <- k.closedByServer() }()
		}
		n := 0
		for range len(conns) {
			if <-closed {
				n++
				if n >= want {
					break
				}
			}
		}
		return n
	}
	first := open("127.0.0.1", total)
	if n := closedOf(first, total-perClient); n < total-perClient {
		t.Fatalf("one address opened %d keep-alive connections: the server closed %d, want at least %d (at most %d open)", total, n, total-perClient, perClient)
	}
	// A second address: its connections take the room of the first's,
	// which are all idle, once the cap in all is reached.
	open("127.0.0.4", perClient)
	// A third client is answered.
	resp, err := clientFrom("127.0.0.2").Get(url + "/api/health")
	if err != nil {
		t.Fatalf("another client: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("another client: %s", resp.Status)
	}
	if v := metric(t, url, `reversi_connections_shed_total{cap="total"}`); v < 1 {
		t.Errorf("no idle connection closed at the cap in all: %v", v)
	}
	if v := metric(t, url, "reversi_connections"); v > total {
		t.Errorf("%v connections open with --max-conns %d", v, total)
	}
}

// TestFairnessTooManyRequestsCloses: an answer 429 closes its connection
// (Connection: close), so a client over its rate does not keep a
// connection for it; before, the connection stayed open for the idle
// timeout.
func TestFairnessTooManyRequestsCloses(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "close.db"), "--rate", "1") // bursts of 2
	k := &keptConn{c: dialFrom(t, "127.0.0.1", url)}
	k.br = bufio.NewReader(k.c)
	for i := 0; ; i++ {
		resp := k.ask(t, "/api/players")
		if resp.StatusCode == http.StatusOK {
			if i >= 100 { // a hundred in a row within a second each?
				t.Fatalf("%d requests answered 200 with --rate 1", i+1)
			}
			continue
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("request %d: %s", i, resp.Status)
		}
		if !resp.Close { // Connection: close (which ReadResponse takes out of the headers)
			t.Errorf("a 429 without Connection: close (headers %v)", resp.Header)
		}
		if !k.closedByServer() {
			t.Errorf("the connection answered 429 is still open %v later", patience)
		}
		return
	}
}
