package main

// Fairness between clients, against the real "reversi serve" process:
// one client address cannot take the connections, the search slots or
// the analyses from the others. The clients are loopback addresses of
// their own (127.0.0.x), as remote clients are to the server.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
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
	resp, err := k.try(path)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// try is ask that returns what went wrong instead of failing the test.
func (k *keptConn) try(path string) (*http.Response, error) {
	k.c.SetDeadline(time.Now().Add(patience))
	if _, err := fmt.Fprintf(k.c, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", path); err != nil {
		return nil, fmt.Errorf("GET %s: %v", path, err)
	}
	resp, err := http.ReadResponse(k.br, nil)
	if err != nil {
		return nil, fmt.Errorf("GET %s from %s: no answer: %v", path, k.c.LocalAddr(), err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp, nil
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

// postFrom sends a JSON POST from client and returns the status and the
// answer's text.
func postFrom(t *testing.T, client *http.Client, url, body string) (int, string) {
	t.Helper()
	resp, err := client.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(text)
}

// createFrom creates a game from client and returns its id and the
// black seat's token (if black is a bot).
func createFrom(t *testing.T, client *http.Client, url, body string) (string, string) {
	t.Helper()
	resp, err := client.Post(url+"/api/games", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var g struct {
		ID     string            `json:"id"`
		Tokens map[string]string `json:"tokens"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&g); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("create %s: %s %v", body, resp.Status, err)
	}
	return g.ID, g.Tokens["black"]
}

// movesOf returns the number of moves of each game.
func movesOf(t *testing.T, url string, ids ...string) int {
	t.Helper()
	n := 0
	for _, id := range ids {
		n += len(getState(t, url+"/api/games/"+id)["moves"].([]any))
	}
	return n
}

// waitMetric waits until ok says so of a metric of the server, within
// patience.
func waitMetric(t *testing.T, url, name, what string, ok func(float64) bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for v := metric(t, url, name); !ok(v); v = metric(t, url, name) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %s is %v after %v", what, name, v, patience)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// hogGames makes n games between two computers that think for all of
// --max-think a move (minimax at depth 20 never finishes), created by the
// client from 127.0.0.1, and returns their ids.
func hogGames(t *testing.T, url string, n int) []string {
	t.Helper()
	hog := clientFrom("127.0.0.1")
	var ids []string
	for range n {
		id, _ := createFrom(t, hog, url, `{"black":{"kind":"builtin","spec":"minimax:depth=20"},"white":{"kind":"builtin","spec":"minimax:depth=20"},"time":"0"}`)
		ids = append(ids, id)
	}
	return ids
}

// replyTo plays f5 for the bot of game id (from client) and waits for the
// computer's reply (within patience).
func replyTo(t *testing.T, client *http.Client, url, id, token string) {
	t.Helper()
	if code, text := postFrom(t, client, url+"/api/games/"+id+"/move", `{"token":"`+token+`","move":"f5"}`); code != http.StatusOK {
		t.Fatalf("f5: %d %s", code, text)
	}
	waitFor(t, url, id, patience, "the computer's reply", func(s map[string]any) bool { return len(s["moves"].([]any)) >= 2 })
}

// TestFairnessInstantPlayersTakeNoSlot: a player that does not search
// (random) replies at once while another client's games hold the one
// search slot and wait for it; before, its reply waited in the one queue
// behind all of their moves.
func TestFairnessInstantPlayersTakeNoSlot(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "instant.db"), "--max-searches", "1", "--max-think", "30s", "--rate", "1000")
	hog := hogGames(t, url, 2)
	waitMetric(t, url, "reversi_searches_waiting", "the hog's second game waits for the slot", func(v float64) bool { return v >= 1 })
	other := clientFrom("127.0.0.2")
	id, token := createFrom(t, other, url, `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"random"}}`)
	replyTo(t, other, url, id, token)
	// The hog's first move takes 30 s: the reply came before it.
	if n := movesOf(t, url, hog...); n != 0 {
		t.Fatalf("random replied after %d moves of the other client's games, which hold the slot: it waited for the slot", n)
	}
}

// TestFairnessSearchesTakeTurns: a client whose four games wait for the
// one search slot does not make another client's computer wait for all
// of them: the other's move goes next (after the move thinking, and at
// worst one more that started as it asked); before, it waited in one
// queue behind the four.
func TestFairnessSearchesTakeTurns(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "turns.db"), "--max-searches", "1", "--max-think", "2s", "--rate", "1000")
	hog := hogGames(t, url, 4)
	waitMetric(t, url, "reversi_searches_waiting", "the hog's games wait for the slot", func(v float64) bool { return v >= 3 })
	other := clientFrom("127.0.0.2")
	id, token := createFrom(t, other, url, `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"engine:level=1"}}`)
	before := movesOf(t, url, hog...)
	replyTo(t, other, url, id, token)
	if n := movesOf(t, url, hog...) - before; n > 2 {
		t.Fatalf("the other client's computer replied after %d moves of the hog's games, want at most 2", n)
	}
}

// TestFairnessSearchesPerClient: with two search slots, one client's
// games hold one (--max-searches-per-client: half), and another client's
// computer takes the other at once; before, the first client's games held
// both and the other's waited for one of their moves to end.
func TestFairnessSearchesPerClient(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "share.db"), "--max-searches", "2", "--max-think", "30s", "--rate", "1000")
	hog := hogGames(t, url, 3)
	waitMetric(t, url, "reversi_searches_waiting", "the hog's games wait for a slot", func(v float64) bool { return v >= 1 })
	other := clientFrom("127.0.0.2")
	id, token := createFrom(t, other, url, `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"engine:level=1"}}`)
	replyTo(t, other, url, id, token)
	if n := movesOf(t, url, hog...); n != 0 {
		t.Fatalf("the other client's computer replied after %d moves of the hog's games (30 s each): it waited for their slots", n)
	}
	if v := metric(t, url, `reversi_limit{name="searches_per_client"}`); v != 1 {
		t.Errorf("the limit searches_per_client is %v, want 1", v)
	}
}

// streamAnalysis starts a streamed analysis from client and returns when
// its answer has begun (the analysis holds a slot), with a channel
// closed when the answer ends.
func streamAnalysis(t *testing.T, client *http.Client, url, body string) (status int, ended chan struct{}) {
	t.Helper()
	resp, err := client.Post(url+"/api/analyze?stream=1", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("analysis: %v", err)
	}
	ended = make(chan struct{})
	go func() {
		defer close(ended)
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
	}()
	return resp.StatusCode, ended
}

// TestFairnessAnalyses: a client holds at most half of the analysis slots
// (the other's one-ply analysis is answered while the first client's
// long ones run), and a player that does not search analyses without a
// slot (answered while another client holds the only one); before, the
// first client held both slots and the others were answered 503.
func TestFairnessAnalyses(t *testing.T) {
	const long = `{"transcript":"f5","player":"minimax:depth=20"}` // 8 s
	other := clientFrom("127.0.0.2")
	// Two slots: the hog's second analysis waits, the other's takes a slot.
	url, _ := startServer(t, filepath.Join(t.TempDir(), "analyses.db"), "--max-analyses", "2", "--rate", "1000")
	hog := clientFrom("127.0.0.1")
	status, ended := streamAnalysis(t, hog, url, long)
	if status != http.StatusOK {
		t.Fatalf("the hog's first analysis: %d", status)
	}
	go func() { // waits for its slot (its answer is not checked)
		if resp, err := hog.Post(url+"/api/analyze?stream=1", "application/json", strings.NewReader(long)); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	// The hog's second analysis has arrived: it runs or waits.
	for deadline := time.Now().Add(patience); metric(t, url, "reversi_analyses_running")+metric(t, url, "reversi_analyses_waiting") < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("the hog's second analysis neither runs nor waits after %v", patience)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if v := metric(t, url, "reversi_analyses_running"); v != 1 {
		t.Errorf("%v analyses running with --max-analyses 2 and one client: want 1, the half of a client", v)
	}
	code, text := postFrom(t, other, url+"/api/analyze", `{"transcript":"f5","player":"alphabeta:depth=1"}`)
	select {
	case <-ended:
		t.Fatalf("the other client's analysis was answered (%d) only after the hog's ended: it waited for the hog's slots", code)
	default:
	}
	if code != http.StatusOK {
		t.Fatalf("another client's one-ply analysis while the hog analyses: %d %s", code, text)
	}
	// One slot, held by the hog: a player that does not search answers.
	url, _ = startServer(t, filepath.Join(t.TempDir(), "instant.db"), "--max-analyses", "1", "--rate", "1000")
	status, ended = streamAnalysis(t, hog, url, long)
	if status != http.StatusOK {
		t.Fatalf("the hog's analysis: %d", status)
	}
	code, text = postFrom(t, other, url+"/api/analyze", `{"transcript":"f5","player":"roxanne"}`)
	select {
	case <-ended:
		t.Fatalf("roxanne's analysis was answered (%d) only after the hog's ended: it waited for the slot", code)
	default:
	}
	if code != http.StatusOK {
		t.Fatalf("roxanne's analysis while the hog holds the only slot: %d %s", code, text)
	}
}

// TestFairnessIPv6Network: the addresses of one IPv6 /64 are one client
// for the caps and the rate (here behind a trusted proxy, which names
// them in X-Forwarded-For: the machine may have no IPv6); --ipv6-prefix
// 128 makes each address a client. Before, each address of a /64 had
// its own caps.
func TestFairnessIPv6Network(t *testing.T) {
	create := `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`
	url, _ := startServer(t, filepath.Join(t.TempDir(), "v6.db"), "--trusted-proxy", "127.0.0.1", "--max-games-per-client", "3", "--rate", "1000")
	for i := 1; i <= 3; i++ {
		wantStatus(t, 201, "POST", url+"/api/games", create, nil, fmt.Sprintf("X-Forwarded-For: 2001:db8:1:2::%x", i))
	}
	wantStatus(t, 429, "POST", url+"/api/games", create, []string{"you have 3 live games"}, "X-Forwarded-For: 2001:db8:1:2:ffff:1:2:3")
	wantStatus(t, 201, "POST", url+"/api/games", create, nil, "X-Forwarded-For: 2001:db8:1:3::1") // another /64
	// The rate: a burst of 1 for the /64 (a token every 2 s), whichever of
	// its addresses asks.
	url, _ = startServer(t, filepath.Join(t.TempDir(), "v6rate.db"), "--trusted-proxy", "127.0.0.1", "--rate", "0.5")
	var codes []int
	for i := 1; i <= 3; i++ {
		code, _ := call(t, "GET", url+"/api/players", "", fmt.Sprintf("X-Forwarded-For: 2001:db8:5:6::%x", i))
		codes = append(codes, code)
	}
	if codes[0] != 200 || codes[1] != 429 && codes[2] != 429 {
		t.Errorf("3 requests from 3 addresses of one /64 with bursts of 1: %v, want 200 then a 429", codes)
	}
	// Each address its own client.
	url, _ = startServer(t, filepath.Join(t.TempDir(), "v6each.db"), "--trusted-proxy", "127.0.0.1", "--max-games-per-client", "1", "--ipv6-prefix", "128")
	wantStatus(t, 201, "POST", url+"/api/games", create, nil, "X-Forwarded-For: 2001:db8:1:2::1")
	wantStatus(t, 201, "POST", url+"/api/games", create, nil, "X-Forwarded-For: 2001:db8:1:2::2")
	wantStatus(t, 429, "POST", url+"/api/games", create, nil, "X-Forwarded-For: 2001:db8:1:2::2")
}

// needIPv6Loopback checks that the machine has an IPv6 loopback
// address: without it the test skips, saying so, but fails under CI
// (the CI environment variable set), where it must run.
func needIPv6Loopback(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("tcp", "[::1]:0")
	if err == nil {
		ln.Close()
		return
	}
	msg := fmt.Sprintf("this machine has no IPv6 loopback address ([::1]): %v", err)
	if v := os.Getenv("CI"); v != "" && v != "0" && !strings.EqualFold(v, "false") {
		t.Fatalf("%s (CI is set: in CI this test must run)", msg)
	}
	t.Skipf("%s; set CI to make this a failure", msg)
}

// TestFairnessIPv6Loopback: a server listening on [::1], reached over
// real TCP connections from [::1], counts them as one client, named by
// its /64 (::/64) from the address the connection and the request
// really carry ("[::1]:port"), for the cap on connections and for the
// caps per client of the requests; --ipv6-prefix 128 names it by its
// address. The other tests of IPv6 clients go through a proxy's
// X-Forwarded-For or a request made up in memory.
func TestFairnessIPv6Loopback(t *testing.T) {
	needIPv6Loopback(t)
	create := `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`
	url, _, _, logs := startServerLogs(t, filepath.Join(t.TempDir(), "v6loop.db"), "--addr", "[::1]:0",
		"--max-conns-per-client", "2", "--max-games-per-client", "1", "--rate", "1000")
	if !strings.HasPrefix(url, "http://[::1]:") {
		t.Fatalf("the server listens on %s, want [::1]", url)
	}
	hostPort := strings.TrimPrefix(url, "http://")
	dial := func() net.Conn {
		t.Helper()
		c, err := (&net.Dialer{Timeout: patience}).Dial("tcp6", hostPort)
		if err != nil {
			t.Fatalf("dialling %s: %v", hostPort, err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// Two connections that send nothing (not idle: none can be closed to
	// make room) take the client's two; a third, from another port of
	// ::1, is the same client: refused with a 429 and closed.
	held := []net.Conn{dial(), dial()}
	third := &keptConn{c: dial()}
	third.br = bufio.NewReader(third.c)
	resp := third.ask(t, "/api/health")
	if resp.StatusCode != http.StatusTooManyRequests || !resp.Close {
		t.Fatalf("a third connection from [::1] with --max-conns-per-client 2: %s (closed: %v), want 429 and closed", resp.Status, resp.Close)
	}
	// One of the two closed, there is room again for the client.
	held[0].Close()
	deadline := time.Now().Add(patience)
	for {
		k := &keptConn{c: dial()}
		k.br = bufio.NewReader(k.c)
		resp, err := k.try("/api/health")
		k.c.Close()
		if err == nil && resp.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("one of the client's two connections closed, a new one is still answered %v %v", resp, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	held[1].Close()
	// The server sees the closes. Each try on a connection of its own:
	// one accepted before the server saw a close is refused (a 429, then
	// closed), and a pooled keep-alive connection may be the one refused.
	for {
		k := &keptConn{c: dial()}
		k.br = bufio.NewReader(k.c)
		resp, err := k.try("/api/health")
		k.c.Close()
		if err == nil && resp.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the client's connections closed, a new one is still answered %v %v", resp, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The requests' caps: one live game for the client, whatever the
	// connection; the log names the client by its /64.
	wantStatus(t, 201, "POST", url+"/api/games", create, nil)
	wantStatus(t, 429, "POST", url+"/api/games", create, []string{"you have 1 live games"})
	if text, _ := os.ReadFile(logs); !strings.Contains(string(text), `msg="game created"`) || !strings.Contains(string(text), "client=::/64") {
		t.Errorf("the server's log does not name the client ::/64:\n%s", text)
	}
	// --ipv6-prefix 128: the client is the address itself.
	url, _, _, logs = startServerLogs(t, filepath.Join(t.TempDir(), "v6loop128.db"), "--addr", "[::1]:0", "--ipv6-prefix", "128")
	wantStatus(t, 201, "POST", url+"/api/games", create, nil)
	if text, _ := os.ReadFile(logs); !strings.Contains(string(text), "client=::1\n") {
		t.Errorf("with --ipv6-prefix 128, the server's log does not name the client ::1:\n%s", text)
	}
}
