package main

// The attacks of the server-hardening review, each run against the real
// "reversi serve" process and shown refused; and the operator's side:
// SIGTERM, flags, limits in /metrics.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// call sends a request with a JSON body (unless body is "") and the
// given headers ("Name: value"), and returns the status and the decoded
// answer (the raw text under "_text").
func call(t *testing.T, method, url, body string, headers ...string) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		if strings.EqualFold(k, "Host") {
			req.Host = strings.TrimSpace(v)
			continue
		}
		req.Header.Set(k, strings.TrimSpace(v))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	out := map[string]any{}
	json.Unmarshal(text, &out)
	out["_text"] = string(text)
	if ra := resp.Header.Get("Retry-After"); ra != "" {
		out["_retry_after"] = ra
	}
	return resp.StatusCode, out
}

// wantStatus fails unless the request answers status with all of the
// parts in its text.
func wantStatus(t *testing.T, status int, method, url, body string, parts []string, headers ...string) map[string]any {
	t.Helper()
	code, out := call(t, method, url, body, headers...)
	if code != status {
		t.Fatalf("%s %s %s: %d %s, want %d", method, url, body, code, out["_text"], status)
	}
	for _, p := range parts {
		if !strings.Contains(out["_text"].(string), p) {
			t.Fatalf("%s %s %s: %q lacks %q", method, url, body, out["_text"], p)
		}
	}
	return out
}

// metric returns the value of a metric line of the server (-1 if none).
func metric(t *testing.T, url, name string) float64 {
	t.Helper()
	for range 50 { // the rate limit may ask to wait
		resp, err := http.Get(url + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		text, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == 429 {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` (\S+)$`).FindSubmatch(text)
		if m == nil {
			return -1
		}
		v, _ := strconv.ParseFloat(string(m[1]), 64)
		return v
	}
	t.Fatalf("/metrics kept answering 429")
	return 0
}

// rssMB returns the resident memory of a process in MB.
func rssMB(t *testing.T, pid int) int {
	t.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`VmRSS:\s+(\d+) kB`).FindSubmatch(status)
	if m == nil {
		t.Fatalf("no VmRSS in /proc/%d/status", pid)
	}
	kb, _ := strconv.Atoi(string(m[1]))
	return kb / 1024
}

// waitFor polls a game's state until ok says so, for at most d.
func waitFor(t *testing.T, url, id string, d time.Duration, what string, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		s := getState(t, url+"/api/games/"+id)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v; state %v", what, d, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSecurityCommandExecution: no request starts a program. The
// analysis and the seats refuse nboard:, human, and every spec that is
// not a confined built-in player; the operator's --engine NAME=CMD is
// offered by its name, and plays.
func TestSecurityCommandExecution(t *testing.T) {
	dir := t.TempDir()
	pwned := filepath.Join(dir, "pwned")
	engine := quoteWord(reversiBinary(t)) + " nboard --threads 1 --hash 1"
	url, _ := startServer(t, filepath.Join(dir, "rce.db"))
	touch := "touch " + quoteWord(pwned) // one word, whatever the path of the temporary directory
	for _, spec := range []string{"nboard:" + touch, "NBoard : " + touch, "human", "nboard:sh -c " + quoteWord(touch)} {
		body, _ := json.Marshal(map[string]string{"player": spec})
		wantStatus(t, 400, "POST", url+"/api/analyze", string(body), []string{"not offered here"})
		seat, _ := json.Marshal(map[string]any{"black": map[string]string{"kind": "bot"}, "white": map[string]string{"kind": "builtin", "spec": spec}})
		wantStatus(t, 400, "POST", url+"/api/games", string(seat), []string{"not offered here"})
	}
	time.Sleep(300 * time.Millisecond)
	if _, err := os.Stat(pwned); err == nil {
		t.Fatalf("a request ran a command: %s exists", pwned)
	}
	// The operator's engine: listed, analysed with, played against.
	url, _ = startServer(t, filepath.Join(dir, "engines.db"), "--engine", "house="+engine)
	_, list := call(t, "GET", url+"/api/players", "")
	if !strings.Contains(list["_text"].(string), `"name":"house"`) || strings.Contains(list["_text"].(string), `"name":"nboard"`) {
		t.Fatalf("players: %s", list["_text"])
	}
	out := wantStatus(t, 200, "POST", url+"/api/analyze", `{"player":"house","transcript":"f5d6"}`, nil)
	if out["best"] == "" || out["best"] == nil {
		t.Fatalf("analysis by the operator's engine: %v", out["_text"])
	}
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"house"}}`, nil)
	id, token := g["id"].(string), g["tokens"].(map[string]any)["black"].(string)
	wantStatus(t, 200, "POST", url+"/api/games/"+id+"/move", `{"token":"`+token+`","move":"f5"}`, nil)
	s := waitFor(t, url, id, 30*time.Second, "the operator's engine replies", func(s map[string]any) bool { return len(s["moves"].([]any)) >= 2 })
	if s["white"].(map[string]any)["name"] != "house" {
		t.Fatalf("white is %v", s["white"])
	}
	// An engine name that is a built-in player's is refused at start.
	cmd := exec.Command(reversiBinary(t), "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "x.db"), "--engine", "engine=sh")
	if text, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(text), "the name of a built-in player") {
		t.Fatalf("--engine engine=sh: %v %s", err, text)
	}
}

// TestSecurityResourceBombs: specs that name more memory, threads, time
// or depth than the limits are refused with a 400 that says the limit,
// the server stays up and small; flags raise the limits.
func TestSecurityResourceBombs(t *testing.T) {
	url, cmd := startServer(t, filepath.Join(t.TempDir(), "bomb.db"))
	bombs := map[string]string{
		"engine:hash=65536":      "65536 MB is above the limit of 64 MB here",
		"engine:threads=64":      "64 threads is above the limit of 1 threads here",
		"engine:time=10m":        "above the limit of",
		"engine:depth=60":        "60 plies is above the limit of 24 plies here",
		"mcts:memory=65536":      "65536 MB is above the limit of 64 MB here",
		"mcts:threads=256":       "256 threads is above the limit of 1 threads here",
		"mcts:time=1h":           "above the limit of",
		"minimax:depth=20":       "20 plies is above the limit of 24", // within: minimax refuses >20 itself
		"alphabeta:depth=25":     "alphabeta",
		"engine:hash=1000000000": "above the limit",
	}
	for spec, want := range bombs {
		if spec == "minimax:depth=20" {
			continue // within the depth limit: bounded by the time a move instead (see TestSecurityThinking)
		}
		body, _ := json.Marshal(map[string]any{"black": map[string]string{"kind": "bot"}, "white": map[string]string{"kind": "builtin", "spec": spec}})
		wantStatus(t, 400, "POST", url+"/api/games", string(body), []string{want})
		body, _ = json.Marshal(map[string]string{"player": spec, "transcript": "f5"})
		wantStatus(t, 400, "POST", url+"/api/analyze", string(body), []string{"above the limit"})
	}
	// A time a move above the game's clock is refused too.
	wantStatus(t, 400, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"engine:time=30s"},"time":"10s"}`,
		[]string{"30s is above the limit of 10s here"})
	wantStatus(t, 200, "GET", url+"/api/health", "", []string{"ok"})
	if mb := rssMB(t, cmd.Process.Pid); mb > 400 {
		t.Fatalf("the server holds %d MB after the bombs", mb)
	}
	// An operator may allow more.
	url2, _ := startServer(t, filepath.Join(t.TempDir(), "big.db"), "--max-hash", "128", "--max-threads", "2")
	wantStatus(t, 201, "POST", url2+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"engine:hash=128,threads=2"}}`, nil)
}

// TestSecurityAdmission: the caps on live games (in all, per client),
// shown in /metrics; computers are built only when they move, so that
// many games against the engine do not hold a table each.
func TestSecurityAdmission(t *testing.T) {
	url, cmd := startServer(t, filepath.Join(t.TempDir(), "adm.db"), "--max-games", "30", "--max-games-per-client", "25", "--rate", "1000")
	for i := range 25 {
		// White is the strongest engine with a 64 MB table; black (a bot)
		// is to move, so the engine never thinks.
		code, out := call(t, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"engine:level=10,hash=64"}}`)
		if code != 201 {
			t.Fatalf("game %d: %d %v", i, code, out["_text"])
		}
	}
	if mb := rssMB(t, cmd.Process.Pid); mb > 400 {
		t.Fatalf("25 games waiting for their bot hold %d MB: the engines' tables are allocated before they move", mb)
	}
	out := wantStatus(t, 429, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"random"}}`,
		[]string{"you have 25 live games, the limit of a client here"})
	_ = out
	if v := metric(t, url, `reversi_limit{name="live_games_per_client"}`); v != 25 {
		t.Fatalf("metric of the cap per client: %v", v)
	}
	if v := metric(t, url, `reversi_limit{name="live_games"}`); v != 30 {
		t.Fatalf("metric of the cap: %v", v)
	}
	if v := metric(t, url, `reversi_refused_total{reason="games"}`); v != 1 {
		t.Fatalf("refusals counted: %v", v)
	}
	// The cap in all: another server with a smaller one.
	url2, _ := startServer(t, filepath.Join(t.TempDir(), "adm2.db"), "--max-games", "2")
	for range 2 {
		wantStatus(t, 201, "POST", url2+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`, nil)
	}
	out = wantStatus(t, 503, "POST", url2+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`, []string{"the server holds 2 live games, its limit"})
	if out["_retry_after"] == nil {
		t.Fatalf("a 503 without Retry-After")
	}
}

// TestSecurityThinking: a computer always has a finite time a move (a
// game without clock between two computers ends), at most --max-searches
// of them think at once, and waiting does not cost them their clock.
//
// The bounds are for a loaded machine (the server is another process),
// far beyond what the moves take on an idle one, and far below what they
// would take without --max-think: minimax at depth 20 would think for
// hours a move.
func TestSecurityThinking(t *testing.T) {
	const (
		maxThink  = 300 * time.Millisecond
		moveBound = maxThink*3/2 + 5*time.Second // a move's time at most
		gameBound = 60 * time.Second             // for the first six moves
	)
	// --rate: the polling below is not what is tested.
	url, _ := startServer(t, filepath.Join(t.TempDir(), "think.db"), "--max-think", maxThink.String(), "--max-searches", "1", "--rate", "1000")
	// Without a limit a move, minimax at depth 20 would think for ages.
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"builtin","spec":"minimax:depth=20"},"white":{"kind":"builtin","spec":"minimax:depth=20"},"time":"0"}`, nil)
	// A second such game: the two share one search slot.
	g2 := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"builtin","spec":"mcts:time=200ms"},"white":{"kind":"builtin","spec":"alphabeta:depth=20"},"time":"5s"}`, nil)
	sawWaiting := false
	deadline := time.Now().Add(gameBound)
	for time.Now().Before(deadline) {
		if running := metric(t, url, "reversi_searches_running"); running > 1 {
			t.Fatalf("%v searches running with --max-searches 1", running)
		}
		if metric(t, url, "reversi_searches_waiting") >= 1 {
			sawWaiting = true
		}
		s := getState(t, url+"/api/games/"+g["id"].(string))
		if len(s["moves"].([]any)) >= 6 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !sawWaiting {
		t.Errorf("two games of computers never had a move waiting for the one search slot")
	}
	s := getState(t, url+"/api/games/"+g["id"].(string))
	moves := s["moves"].([]any)
	if len(moves) < 6 {
		t.Fatalf("a game without clock between minimax at depth 20 made %d moves in %v: no finite time a move", len(moves), gameBound)
	}
	for _, m := range moves {
		if ms := m.(map[string]any)["time_ms"].(float64); time.Duration(ms)*time.Millisecond > moveBound {
			t.Fatalf("a move took %v ms with --max-think %v, more than %v (waiting for the slot counted?)", ms, maxThink, moveBound)
		}
	}
	// The game with a 5 s clock is not lost on time while it waits.
	s2 := getState(t, url+"/api/games/"+g2["id"].(string))
	if r, ok := s2["result"].(map[string]any); ok && r["reason"] == "timeout" {
		t.Fatalf("a computer lost on time while waiting for a slot: %v", r)
	}
}

// TestSecurityIdle: a remote seat that does not move loses (forfeit,
// "abandoned") after --idle even without a clock; an invitation nobody
// takes is abandoned.
func TestSecurityIdle(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "idle.db"), "--idle", "2s")
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"random"},"time":"0"}`, nil)
	// The waits are bounds for a loaded machine: a seat or an invitation
	// that was never given up would wait for ever.
	s := waitFor(t, url, g["id"].(string), 30*time.Second, "an idle bot loses", func(s map[string]any) bool { return s["status"] == "finished" })
	r := s["result"].(map[string]any)
	if r["reason"] != "forfeit" || r["by"] != "black" || r["winner"] != "white" || !strings.Contains(r["detail"].(string), "abandoned") {
		t.Fatalf("result %v", r)
	}
	inv := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"human"},"white":{"kind":"open"}}`, nil)
	s = waitFor(t, url, inv["id"].(string), 30*time.Second, "an invitation nobody took ends", func(s map[string]any) bool { return s["status"] == "finished" })
	if r := s["result"].(map[string]any); r["reason"] != "abandoned" || r["winner"] != "none" {
		t.Fatalf("result %v", r)
	}
}

// TestSecuritySIGTERM: SIGTERM shuts the server down as SIGINT does:
// WebSockets get "going away", the process exits 0, the SQLite
// write-ahead log is folded back.
func TestSecuritySIGTERM(t *testing.T) {
	db := filepath.Join(t.TempDir(), "term.db")
	url, cmd := startServer(t, db)
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"random"}}`, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/api/games/"+g["id"].(string)+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ws.Read(ctx); err != nil { // the state
		t.Fatal(err)
	}
	if _, err := os.Stat(db + "-wal"); err != nil {
		t.Fatalf("no write-ahead log while serving: %v", err)
	}
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	// Updates sent before the signal may still come first: the socket's
	// end is what is checked.
	for err == nil {
		_, _, err = ws.Read(ctx)
	}
	if status := websocket.CloseStatus(err); status != websocket.StatusGoingAway {
		t.Errorf("the WebSocket ended with %v (status %v), want going away", err, status)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after SIGTERM the server exited with %v, want 0", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("the server did not exit within 15 s of SIGTERM")
	}
	if took := time.Since(start); took > 12*time.Second {
		t.Errorf("the shutdown took %v", took)
	}
	if fi, err := os.Stat(db + "-wal"); err == nil && fi.Size() > 0 {
		t.Errorf("the write-ahead log is left with %d bytes", fi.Size())
	}
}

// TestSecurityCrossSite: the JSON API takes only JSON; cross-site POSTs
// (by Sec-Fetch-Site or Origin) and requests for other hosts (DNS
// rebinding) are refused; the server's own pages and plain clients are
// not.
func TestSecurityCrossSite(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "csrf.db"), "--public-host", "reversi.example.org")
	create := `{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"random"}}`
	host := strings.TrimPrefix(url, "http://")
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
		req, _ := http.NewRequest("POST", url+"/api/games", strings.NewReader(create))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 415 {
			t.Errorf("Content-Type %q: %d, want 415", ct, resp.StatusCode)
		}
	}
	wantStatus(t, 403, "POST", url+"/api/games", create, []string{"cross-origin"}, "Sec-Fetch-Site: cross-site", "Origin: https://evil.example")
	wantStatus(t, 403, "POST", url+"/api/games", create, []string{"cross-origin"}, "Origin: https://evil.example")
	wantStatus(t, 403, "POST", url+"/api/analyze", `{"transcript":"f5"}`, []string{"cross-origin"}, "Sec-Fetch-Site: same-site")
	wantStatus(t, 421, "GET", url+"/api/games", "", []string{"evil.example", "--public-host"}, "Host: evil.example")
	wantStatus(t, 421, "POST", url+"/api/games", create, []string{"--public-host"}, "Host: rebind.attacker.test:8080")
	wantStatus(t, 421, "GET", url+"/", "", nil, "Host: evil.example")
	// Allowed: the GUI on this origin, plain clients, the public host.
	wantStatus(t, 201, "POST", url+"/api/games", create, nil, "Sec-Fetch-Site: same-origin", "Origin: "+url)
	wantStatus(t, 201, "POST", url+"/api/games", create, nil, "Origin: "+url)
	wantStatus(t, 201, "POST", url+"/api/games", create, nil)
	wantStatus(t, 201, "POST", url+"/api/games", create, nil, "Host: reversi.example.org", "Origin: http://reversi.example.org")
	wantStatus(t, 200, "GET", url+"/api/games", "", nil, "Host: localhost:"+strings.Split(host, ":")[1])
}

// TestSecurityStoreFailure: with the disk full (here: a file size limit
// on the server), a move answers 503 with Retry-After, not 422 ("illegal
// move"), and health turns 503.
func TestSecurityStoreFailure(t *testing.T) {
	f := startFullServer(t)
	url := f.url
	code, out := call(t, "POST", url+"/api/games/"+f.id+"/move", `{"token":"`+f.black+`","move":"f5"}`)
	if code != 503 || out["_retry_after"] == nil {
		t.Fatalf("a move on a full disk: %d %v (Retry-After %v), want 503 with Retry-After", code, out["_text"], out["_retry_after"])
	}
	wantStatus(t, 503, "GET", url+"/api/health", "", []string{"the store failed a write"})
}

// fullServer is a server whose disk is full (startFullServer).
type fullServer struct {
	url, db string
	cmd     *exec.Cmd
	// id is a game between two bots made before the disk was full, black
	// its black seat's token; refused the text of the 503 that said the
	// disk was full.
	id, black, refused string
}

// startFullServer starts a server whose disk is full: a file size limit
// keeps its SQLite database under 400 KiB, and games are created until
// one is refused (503 with Retry-After, checked).
func startFullServer(t *testing.T) fullServer {
	t.Helper()
	db := filepath.Join(t.TempDir(), "full.db")
	bin := reversiBinary(t)
	// ulimit -f of a POSIX sh (dash; bash as sh) counts blocks of 512
	// bytes: the database may not grow past 400 KiB (a write beyond fails
	// with EFBIG, as on a full disk).
	wrapper := filepath.Join(t.TempDir(), "reversi-limited")
	script := "#!/bin/sh\nulimit -f 800 || exit 1\nexec " + quoteWord(bin) + " \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	saved := binary
	binary = wrapper
	defer func() { binary = saved }()
	url, cmd := startServer(t, db, "--rate", "100000", "--max-games", "100000", "--max-games-per-client", "100000")
	binary = saved
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`, nil)
	f := fullServer{url: url, db: db, cmd: cmd, id: g["id"].(string), black: g["tokens"].(map[string]any)["black"].(string)}
	pad := strings.Repeat("x", 40)
	for i := 0; i < 5000 && f.refused == ""; i++ {
		code, out := call(t, "POST", url+"/api/games", `{"black":{"kind":"bot","name":"`+pad+`"},"white":{"kind":"bot","name":"`+pad+`"}}`)
		switch code {
		case 201:
		case 503:
			f.refused = out["_text"].(string)
			if out["_retry_after"] == nil {
				t.Fatalf("503 without Retry-After: %v", out["_text"])
			}
		default:
			t.Fatalf("create %d: %d %v", i, code, out["_text"])
		}
	}
	if f.refused == "" {
		t.Fatalf("5000 games fit in 400 KiB")
	}
	return f
}

// TestSecurityInvitation: an invited friend's seat is taken only with
// the invitation's secret, and the waiting game is not listed.
func TestSecurityInvitation(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "inv.db"))
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"human","name":"ann"},"white":{"kind":"open"}}`, nil)
	id, invite := g["id"].(string), fmt.Sprint(g["invite"])
	if g["invite_url"] != "/game/"+id+"#invite="+invite {
		t.Fatalf("invitation link %v", g["invite_url"])
	}
	_, list := call(t, "GET", url+"/api/games?status=all", "")
	if strings.Contains(list["_text"].(string), id) {
		t.Fatalf("the waiting private game is listed: %s", list["_text"])
	}
	wantStatus(t, 403, "POST", url+"/api/games/"+id+"/join", `{"kind":"human","name":"eve"}`, []string{"invitation"})
	wantStatus(t, 403, "POST", url+"/api/games/"+id+"/join", `{"kind":"human","name":"eve","invite":"00"}`, []string{"invitation"})
	wantStatus(t, 200, "POST", url+"/api/games/"+id+"/join", `{"kind":"human","name":"bob","invite":"`+invite+`"}`, nil)
	wantStatus(t, 409, "POST", url+"/api/games/"+id+"/join", `{"kind":"human","name":"eve","invite":"`+invite+`"}`, nil)
}

// TestSecurityResignation: resigning while ahead loses; "count" stops
// and scores by the discs.
func TestSecurityResignation(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "resign.db"))
	play := func() (string, string, string) {
		g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"},"transcript":"f5"}`, nil)
		tok := g["tokens"].(map[string]any)
		return g["id"].(string), tok["black"].(string), tok["white"].(string)
	}
	// After f5 black leads 4-1; white to move. Black resigns (out of
	// turn), white resigns (in turn): each loses.
	for _, who := range []string{"black", "white"} {
		id, b, w := play()
		tok := map[string]string{"black": b, "white": w}[who]
		wantStatus(t, 200, "POST", url+"/api/games/"+id+"/resign", `{"token":"`+tok+`"}`, nil)
		// 20 s: a bound for a loaded machine; a game that did not end
		// would wait for ever.
		s := waitFor(t, url, id, 20*time.Second, "resigned", func(s map[string]any) bool { return s["status"] == "finished" })
		r := s["result"].(map[string]any)
		if r["reason"] != "resignation" || r["by"] != who || r["winner"] == who || r["winner"] == "none" {
			t.Fatalf("%s resigned: result %v", who, r)
		}
	}
	id, _, w := play()
	wantStatus(t, 200, "POST", url+"/api/games/"+id+"/count", `{"token":"`+w+`"}`, nil)
	s := waitFor(t, url, id, 20*time.Second, "counted", func(s map[string]any) bool { return s["status"] == "finished" })
	if r := s["result"].(map[string]any); r["reason"] != "stopped and counted" || r["winner"] != "black" {
		t.Fatalf("white stopped and counted at 4-1: result %v", r)
	}
}

// TestSecurityInputs: the small ones: durations too short, names with
// control characters or too long (counted in characters), bad flags.
func TestSecurityInputs(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "in.db"))
	wantStatus(t, 400, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"},"time":"1ns"}`, []string{"shorter than 100ms"})
	wantStatus(t, 400, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"},"game_time":"10ms"}`, []string{"shorter than 1s"})
	wantStatus(t, 400, "POST", url+"/api/games", `{"black":{"kind":"bot","name":"a\u0007b"},"white":{"kind":"bot"}}`, []string{"control"})
	wantStatus(t, 400, "POST", url+"/api/games", `{"black":{"kind":"bot","name":"a\u202eb"},"white":{"kind":"bot"}}`, []string{"control or formatting"})
	wantStatus(t, 400, "POST", url+"/api/games", `{"black":{"kind":"bot","name":"`+strings.Repeat("名", 41)+`"},"white":{"kind":"bot"}}`, []string{"longer than 40 characters"})
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot","name":"`+strings.Repeat("名", 40)+`"},"white":{"kind":"bot"}}`, nil)
	if s := getState(t, url+"/api/games/"+g["id"].(string)); s["black"].(map[string]any)["name"] != strings.Repeat("名", 40) {
		t.Fatalf("name read back %v", s["black"])
	}
	for _, flags := range [][]string{
		{"--rate", "NaN"}, {"--rate", "Inf"}, {"--rate", "0"}, {"--rate", "-3"}, {"--lease", "-1s"}, {"--max-games", "0"},
		{"--max-hash", "100000"}, {"--max-think", "1ns"}, {"--idle", "-5m"}, {"--max-conns", "-1"}, {"--engine", "noequals"},
		{"--max-conns-per-client", "0"}, {"--max-conns-per-client", "11", "--max-conns", "10"},
		{"--max-searches-per-client", "0"}, {"--max-searches-per-client", "3", "--max-searches", "2"},
		{"--ipv6-prefix", "0"}, {"--ipv6-prefix", "129"},
	} {
		cmd := exec.Command(reversiBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "f.db")}, flags...)...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if err == nil || !strings.Contains(out.String(), strings.TrimPrefix(flags[0], "-")) {
			t.Errorf("serve %v: %v %q: want a refusal naming the flag", flags, err, out.String())
		}
	}
}

// TestSecurityLogsAndMetricsLimit: every request has an access log line,
// a refused token is logged, and /metrics is behind the rate limit.
func TestSecurityLogsAndMetricsLimit(t *testing.T) {
	db := filepath.Join(t.TempDir(), "log.db")
	url, cmd := startServer(t, db, "--rate", "2")
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`, nil)
	time.Sleep(1100 * time.Millisecond)
	wantStatus(t, 403, "POST", url+"/api/games/"+g["id"].(string)+"/move", `{"token":"forged","move":"f5"}`, nil)
	// Scrapes in a row until one is refused: with --rate 2 (bursts of 4)
	// the fifth of quick ones is at the latest; all of 100 are served only
	// if no limit applies or they take 48 s (a loaded machine's scrapes
	// are slower, not that slow).
	limited := false
	for i := 0; i < 100 && !limited; i++ {
		if code, _ := call(t, "GET", url+"/metrics", ""); code == 429 {
			limited = true
		}
	}
	if !limited {
		t.Errorf("100 scrapes of /metrics in a row with --rate 2: none refused")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	logs := serverLogs(t, cmd)
	for _, want := range []string{`msg=request method=POST route="POST /api/games" status=201`, `msg="token refused"`, `route="GET /metrics" status=429`} {
		if !strings.Contains(logs, want) {
			t.Errorf("the logs lack %s:\n%s", want, logs)
		}
	}
}

// serverLogs returns what a server started by startServer wrote on its
// standard error.
func serverLogs(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	f, ok := cmd.Stderr.(*os.File)
	if !ok {
		t.Fatalf("the server's standard error is not a file")
	}
	text, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// TestSecuritySQLiteOneServer: a second server on the SQLite file of a
// running one refuses to start, saying why; a database in a directory
// that does not exist is refused clearly; a path with '?' and '#' names
// that file, not URI parameters.
func TestSecuritySQLiteOneServer(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games?mode=ro#x.db")
	url, first := startServer(t, db)
	wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`, nil)
	out, err := exec.Command(reversiBinary(t), "serve", "--addr", "127.0.0.1:0", "--db", db).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "in use by another reversi server") || !strings.Contains(string(out), strconv.Itoa(first.Process.Pid)) {
		t.Fatalf("a second server on %s: %v %s", db, err, out)
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("the database is not the file named: %v", err)
	}
	out, err = exec.Command(reversiBinary(t), "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "nowhere", "x.db")).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "does not exist") {
		t.Fatalf("a database in a missing directory: %v %s", err, out)
	}
	// After a kill -9 of the first, a new server starts on the file.
	first.Process.Signal(syscall.SIGKILL)
	first.Wait()
	url, _ = startServer(t, db)
	wantStatus(t, 200, "GET", url+"/api/health", "", nil)
}

// TestSecurityHeaders: the GUI and the API come with a strict
// Content-Security-Policy that no page may frame (clickjacking), no
// content-type sniffing and no referrer to other sites.
func TestSecurityHeaders(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "headers.db"))
	for _, path := range []string{"/", "/game/abc", "/static/app.js", "/api/health"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("GET %s: Content-Security-Policy %q, want a strict one with frame-ancestors 'none'", path, csp)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q", path, got)
		}
		if got := resp.Header.Get("Referrer-Policy"); got != "same-origin" {
			t.Errorf("GET %s: Referrer-Policy %q", path, got)
		}
	}
}
