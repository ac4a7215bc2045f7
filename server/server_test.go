package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// testServer is a server on a fresh SQLite file behind a real HTTP
// listener.
type testServer struct {
	t    *testing.T
	srv  *Server
	http *httptest.Server
	st   store.Store
	path string
}

func newTestServer(t *testing.T, path string, cfg Config) *testServer {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "games.db")
	}
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerOn(t, st, path, cfg)
}

// newTestServerOn starts a server on the store st (kept in path). Unless
// cfg sets a rate limit (as the tests of the limiter do), a client may
// make a million requests a second: the tests' polling helpers (state,
// waitTurn, waitFor) ask as often as the machine lets them, and a 429
// must not depend on how slow the machine is.
func newTestServerOn(t *testing.T, st store.Store, path string, cfg Config) *testServer {
	t.Helper()
	cfg.Store = st
	if cfg.RatePerSecond == 0 {
		cfg.RatePerSecond, cfg.Burst = 1e6, 1e6
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, srv: srv, http: httptest.NewServer(srv.Handler()), st: st, path: path}
	t.Cleanup(ts.close)
	return ts
}

func (ts *testServer) close() {
	ts.http.Close()
	ts.srv.Close()
	ts.st.Close()
}

// call sends a request and decodes the JSON answer into out (if not
// nil); it returns the status.
func (ts *testServer) call(method, path string, body any, out any) int {
	ts.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, ts.http.URL+path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

func (ts *testServer) state(id string) GameView {
	var v GameView
	if code := ts.call("GET", "/api/games/"+id, nil, &v); code != 200 {
		ts.t.Fatalf("GET game: %d", code)
	}
	return v
}

// waitTurn waits until it is color's turn (with a move to make) or the
// game is over. Its minute bounds a wait that would never end, not how
// quickly the server answers.
func (ts *testServer) waitTurn(id, color string) GameView {
	ts.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		v := ts.state(id)
		// No legal move: the server is about to pass for color (see
		// docs/API.md), the turn is not color's yet.
		if v.Status == "finished" || v.Turn == color && len(v.Legal) > 0 {
			return v
		}
		time.Sleep(10 * time.Millisecond)
	}
	ts.t.Fatalf("it never became %s's turn", color)
	return GameView{}
}

// move plays sq for the seat of token; it returns the status and the
// error message, if any.
func (ts *testServer) move(id, token, sq string) (int, string) {
	var e apiError
	code := ts.call("POST", "/api/games/"+id+"/move", MoveRequest{Token: token, Move: sq}, &e)
	return code, e.Error
}

func (ts *testServer) create(req CreateRequest) CreateResponse {
	ts.t.Helper()
	var resp CreateResponse
	if code := ts.call("POST", "/api/games", req, &resp); code != 201 {
		ts.t.Fatalf("create: %d", code)
	}
	return resp
}

// TestWholeGameAgainstBuiltin plays a bot seat (first legal move) against
// the random player through the API to the end.
func TestWholeGameAgainstBuiltin(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "first"}, White: SeatRequest{Kind: "builtin", Spec: "random"}})
	token := g.Tokens["black"]
	if token == "" || g.Tokens["white"] != "" {
		t.Fatalf("tokens %v", g.Tokens)
	}
	for {
		v := ts.waitTurn(g.ID, "black")
		if v.Status == "finished" {
			break
		}
		var ok map[string]any
		if code := ts.call("POST", "/api/games/"+g.ID+"/move", MoveRequest{Token: token, Move: strings.ToLower(v.Legal[0])}, &ok); code != 200 {
			t.Fatalf("move %s: %d %v", v.Legal[0], code, ok)
		}
	}
	v := ts.state(g.ID)
	if v.Result == nil || v.Result.Reason != "normal end" || v.Result.Black+v.Result.White == 0 {
		t.Fatalf("result %+v", v.Result)
	}
	// The stored record replays to the same end.
	rec, err := ts.st.Get(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	re, err := live.Replay(rec)
	if err != nil || !re.Over() || re.Result.Black != v.Result.Black || len(rec.Moves) != len(v.Moves) {
		t.Fatalf("stored game: %v, %d moves (view %d)", err, len(rec.Moves), len(v.Moves))
	}
	var list struct{ Games []map[string]any }
	ts.call("GET", "/api/games?status=finished", nil, &list)
	if len(list.Games) != 1 || list.Games[0]["id"] != g.ID {
		t.Errorf("finished games: %v", list.Games)
	}
}

// slowFinish is a store whose Finish takes a while: a game end stored
// apart from the move that made it shows as a window where the two
// disagree.
type slowFinish struct{ store.Store }

func (s slowFinish) Finish(ctx context.Context, id string, r store.Result) error {
	time.Sleep(300 * time.Millisecond)
	return s.Store.Finish(ctx, id, r)
}

// TestLastMoveFinishesTheStoredGame: once the move that ends the game on
// the board is answered, the stored game is finished and listed so, as
// its view says (not a moment later, when the referee's end arrives).
func TestLastMoveFinishesTheStoredGame(t *testing.T) {
	// A whole game, each side playing its first legal move.
	var squares []string
	p := board.Start()
	var last board.Position // before the last move
	for !p.Board.GameOver() {
		if !p.Board.HasMoves() {
			p = p.Pass()
			continue
		}
		last = p
		sq := board.Squares(p.Board.Moves())[0]
		squares = append(squares, strings.ToLower(sq.String()))
		p = p.Play(sq)
	}
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerOn(t, slowFinish{st}, path, Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"},
		Transcript: strings.Join(squares[:len(squares)-1], "")})
	mover := last.Turn.String()
	if v := ts.waitTurn(g.ID, mover); v.Status != "playing" {
		t.Fatalf("before the last move: %+v", v)
	}
	if code, msg := ts.move(g.ID, g.Tokens[mover], squares[len(squares)-1]); code != 200 {
		t.Fatalf("last move %s: %d %s", squares[len(squares)-1], code, msg)
	}
	rec, err := st.Get(context.Background(), g.ID)
	if err != nil || rec.Result == nil || rec.Result.Reason != "normal end" || rec.Result.Black != p.Count(board.Black) {
		t.Fatalf("stored game right after the last move: %v (err %v)", rec.Result, err)
	}
	var list struct{ Games []map[string]any }
	ts.call("GET", "/api/games?status=finished", nil, &list)
	if len(list.Games) != 1 || list.Games[0]["id"] != g.ID {
		t.Errorf("finished games: %v", list.Games)
	}
	if v := ts.state(g.ID); v.Status != "finished" || v.Result == nil || v.Result.Black != p.Count(board.Black) {
		t.Errorf("view: %+v", v)
	}
}

func TestRefusals(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	black, white := g.Tokens["black"], g.Tokens["white"]
	move := func(token, sq string) (int, string) { return ts.move(g.ID, token, sq) }
	cases := []struct {
		token, move string
		code        int
		want        string
	}{
		{"nonsense", "d3", 403, "token"},
		{white, "d3", 409, "not your turn"},
		{black, "e3", 422, "E3 is not legal here; legal moves: D3 C4 F5 E6"},
		{black, "z9", 400, "not a square"},
		{black, "", 400, "empty square"},
	}
	for _, c := range cases {
		if code, msg := move(c.token, c.move); code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("move %q with %s: %d %q, want %d %q", c.move, c.token[:4], code, msg, c.code, c.want)
		}
	}
	v := ts.state(g.ID)
	if len(v.Moves) != 0 || v.Turn != "black" {
		t.Fatalf("refusals changed the game: %+v", v.Moves)
	}
	for _, body := range []string{"{", `{"token":"x","move":"d3","extra":1}`, `[1,2]`, `{"token":"x"} {"token":"y"}`, strings.Repeat(" ", 70<<10) + "{}"} {
		var e apiError
		if code := ts.call("POST", "/api/games/"+g.ID+"/move", body, &e); code != 400 || e.Error == "" {
			t.Errorf("body %.20q: %d %q", body, code, e.Error)
		}
	}
	if code := ts.call("GET", "/api/games/nonexistent", nil, nil); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
	for _, req := range []CreateRequest{
		{Black: SeatRequest{Kind: "alien"}, White: SeatRequest{Kind: "bot"}},
		{Black: SeatRequest{Kind: "builtin", Spec: "nosuch"}, White: SeatRequest{Kind: "bot"}},
		{Black: SeatRequest{Kind: "builtin", Spec: "human"}, White: SeatRequest{Kind: "bot"}},
		{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, Time: "forever"},
		{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, Rule: "chess"},
		{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, Transcript: "f5f5"},
		{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, GGF: "(;GM[Othello]BO[8 garbage]B[F5];)"},
		{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, GGF: "(;GM[Othello]B[F5];)", Transcript: "f5"},
		{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, Board: "XO X"},
	} {
		var e apiError
		if code := ts.call("POST", "/api/games", req, &e); code != 400 || e.Error == "" {
			t.Errorf("create %+v: %d %q", req, code, e.Error)
		}
	}
	// Three illegal moves lose (the refusal comes back before the end is
	// stored: wait for it).
	move(black, "a1")
	move(black, "a1")
	v = ts.waitTurn(g.ID, "nobody")
	if v.Result == nil || v.Result.Reason != "illegal moves" || v.Result.Winner != "white" {
		t.Fatalf("after three illegal moves: %+v", v.Result)
	}
	if code, _ := move(black, "d3"); code != 409 {
		t.Errorf("a move after the end: %d", code)
	}
}

func TestJoinResignUndo(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}})
	if v := ts.state(g.ID); v.Status != "waiting" {
		t.Fatalf("status %s", v.Status)
	}
	if g.Invite == "" || g.InviteURL != "/game/"+g.ID+"#invite="+g.Invite {
		t.Fatalf("invitation %q, link %q", g.Invite, g.InviteURL)
	}
	// The open seat is taken only with the invitation's secret, and the
	// waiting game is not listed.
	wrong := "0" + g.Invite[1:] // one character changed
	if wrong == g.Invite {
		wrong = "1" + g.Invite[1:]
	}
	for _, bad := range []string{"", wrong, g.Tokens["black"]} {
		if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "eve", Invite: bad}, nil); code != 403 {
			t.Fatalf("join with invitation %q: %d, want 403", bad, code)
		}
	}
	var list struct{ Games []struct{ ID string } }
	ts.call("GET", "/api/games?status=live", nil, &list)
	for _, it := range list.Games {
		if it.ID == g.ID {
			t.Fatalf("the game waiting for its invited player is listed")
		}
	}
	var j map[string]string
	if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "bob", Invite: g.Invite}, &j); code != 200 || j["color"] != "white" || j["token"] == "" {
		t.Fatalf("join: %d %v", code, j)
	}
	if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Invite: g.Invite}, nil); code != 409 {
		t.Errorf("joining a full game: %d", code)
	}
	v := ts.state(g.ID)
	if v.Status != "playing" || v.White.Name != "bob" {
		t.Fatalf("after joining: %s %+v", v.Status, v.White)
	}
	// Undo is for a human against the computer only: refused here.
	ts.call("POST", "/api/games/"+g.ID+"/move", MoveRequest{Token: g.Tokens["black"], Move: "d3"}, nil)
	ts.waitTurn(g.ID, "white")
	if code := ts.call("POST", "/api/games/"+g.ID+"/undo", TokenRequest{Token: j["token"]}, nil); code != 422 {
		t.Errorf("undo between humans: %d", code)
	}
	// Black resigns while White is to move.
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: g.Tokens["black"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	v = ts.state(g.ID)
	if v.Result == nil || v.Result.Reason != "resignation" || v.Result.By != "black" {
		t.Fatalf("result %+v", v.Result)
	}

	// Against the computer a human may take back a move.
	h := ts.create(CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}})
	tok := h.Tokens["black"]
	ts.call("POST", "/api/games/"+h.ID+"/move", MoveRequest{Token: tok, Move: "f5"}, nil)
	ts.waitTurn(h.ID, "black")
	if code := ts.call("POST", "/api/games/"+h.ID+"/undo", TokenRequest{Token: tok}, nil); code != 200 {
		t.Fatalf("undo: %d", code)
	}
	if v := ts.state(h.ID); len(v.Moves) != 0 || v.Turn != "black" {
		t.Fatalf("after undo: %d moves", len(v.Moves))
	}
	if rec, _ := ts.st.Get(context.Background(), h.ID); len(rec.Moves) != 0 {
		t.Errorf("the store kept %d moves after the undo", len(rec.Moves))
	}
}

// TestWatchers: a spectator's WebSocket receives every change, in order,
// and answers pings; garbage is answered with an error and changes
// nothing.
func TestWatchers(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // bounds a hang only
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/api/games/" + g.ID + "/ws"
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	var first Envelope
	if err := wsjson.Read(ctx, c, &first); err != nil || first.Type != "state" || first.Game == nil {
		t.Fatalf("first message %+v, %v", first, err)
	}
	c.Write(ctx, websocket.MessageText, []byte(`{"type":"launch"}`))
	c.Write(ctx, websocket.MessageText, []byte(`not json`))
	wsjson.Write(ctx, c, map[string]any{"type": "ping", "id": 7})
	ts.call("POST", "/api/games/"+g.ID+"/move", MoveRequest{Token: g.Tokens["black"], Move: "f5"}, nil)
	errors, pong, last := 0, false, first.Version
	seenMoves := 0
	for !(pong && errors == 2 && seenMoves >= 2) {
		var e Envelope
		if err := wsjson.Read(ctx, c, &e); err != nil {
			t.Fatalf("read: %v (pong %v, errors %d, moves %d)", err, pong, errors, seenMoves)
		}
		switch e.Type {
		case "error":
			errors++
		case "pong":
			pong = string(e.ID) == "7"
		case "state":
			// The version counts stored changes: a state with other news
			// (live thinking, the referee's start of a turn) repeats it,
			// and it never goes back.
			if e.Version < last {
				t.Fatalf("version %d after %d", e.Version, last)
			}
			last = e.Version
			seenMoves = len(e.Game.Moves)
		}
	}
}

// TestRestart: a server stopped in the middle of a game (its tables
// aborted, as a crash would) and started again on the same file
// continues the game with every acknowledged move.
func TestRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "restart.db")
	a := newTestServer(t, path, Config{})
	g := a.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "builtin", Spec: "roxanne"}, GameTime: "10m"})
	for range 3 {
		v := a.waitTurn(g.ID, "black")
		a.call("POST", "/api/games/"+g.ID+"/move", MoveRequest{Token: g.Tokens["black"], Move: v.Legal[0]}, nil)
	}
	before := a.waitTurn(g.ID, "black")
	a.close()
	b := newTestServer(t, path, Config{})
	after := b.state(g.ID)
	if after.Transcript != before.Transcript || after.Status != "playing" || after.Turn != "black" {
		t.Fatalf("after the restart: %q %s, before %q", after.Transcript, after.Status, before.Transcript)
	}
	if after.Black.ClockUsedMS != before.Black.ClockUsedMS {
		t.Errorf("black's clock: %d ms used before, %d after", before.Black.ClockUsedMS, after.Black.ClockUsedMS)
	}
	if code := b.call("POST", "/api/games/"+g.ID+"/move", MoveRequest{Token: g.Tokens["black"], Move: after.Legal[0]}, nil); code != 200 {
		t.Fatalf("the first move after the restart: %d", code)
	}
	if v := b.waitTurn(g.ID, "black"); len(v.Moves) != len(after.Moves)+2 {
		t.Errorf("%d moves, want %d (the move and the reply)", len(v.Moves), len(after.Moves)+2)
	}
}

func TestClassicEndpoints(t *testing.T) {
	ts := newTestServer(t, "", Config{Classic: true})
	get := func(path string) (int, string) {
		resp, err := http.Get(ts.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(b))
	}
	if _, s := get("/classic/7/join"); s != "B" {
		t.Fatalf("first join: %q", s)
	}
	if _, s := get("/classic/7/turn"); s != "0" {
		t.Errorf("turn before the second player: %q", s)
	}
	if _, s := get("/classic/7/join"); s != "W" {
		t.Fatalf("second join: %q", s)
	}
	if code, _ := get("/classic/7/join"); code != 409 {
		t.Errorf("third join: %d", code)
	}
	if _, s := get("/classic/7/turn"); s != "B" {
		t.Errorf("turn: %q", s)
	}
	_, b := get("/classic/7/board")
	if b != "0.0.0.0.0.0.0.0;0.0.0.0.0.0.0.0;0.0.0.0.0.0.0.0;0.0.0.W.B.0.0.0;0.0.0.B.W.0.0.0;0.0.0.0.0.0.0.0;0.0.0.0.0.0.0.0;0.0.0.0.0.0.0.0" {
		t.Errorf("board %q", b)
	}
	if _, s := get("/classic/7/last"); s != "none" {
		t.Errorf("last before any move: %q", s)
	}
	// D3 is row 2, column 3.
	if code, s := get("/classic/7/move?row=2&col=3&color=B"); code != 200 || s != "OK" {
		t.Fatalf("move: %d %q", code, s)
	}
	if _, s := get("/classic/7/last"); s != "2,3" {
		t.Errorf("last: %q", s)
	}
	for _, bad := range []string{"/classic/7/move?row=9&col=0&color=W", "/classic/7/move?row=2&col=2&color=Q", "/classic/x/board", "/classic/99/board"} {
		if code, s := get(bad); code < 400 || !strings.HasPrefix(s, "error:") {
			t.Errorf("%s: %d %q", bad, code, s)
		}
	}
	if code, s := get("/classic/7/move?row=0&col=0&color=W"); code != 422 || !strings.Contains(s, "not legal") {
		t.Errorf("illegal classic move: %d %q", code, s)
	}
	// New sessions are games like the others: within the caps.
	capped := newTestServer(t, "", Config{Classic: true, MaxGamesPerClient: 2})
	for n, want := range []int{200, 200, 400} {
		resp, err := http.Get(capped.http.URL + "/classic/" + strconv.Itoa(n+1) + "/join")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("session %d of a client allowed 2: %d %s", n+1, resp.StatusCode, b)
		}
	}
	// A cross-site page cannot play through a visitor's browser.
	req, _ := http.NewRequest("GET", ts.http.URL+"/classic/7/move?row=2&col=4&color=W", nil)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("a cross-site classic move: %d", resp.StatusCode)
	}
}

// testClock is a clock a test moves by hand (see limiter.now).
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestHealthMetricsAndLimits: a client gets its burst of requests, then
// 429s (/metrics too) until its bucket refills at the rate; the metrics
// show the limits. The limiter's clock is the test's: no token comes
// back while a request is slow, and none is waited for.
func TestHealthMetricsAndLimits(t *testing.T) {
	ts := newTestServer(t, "", Config{RatePerSecond: 5, Burst: 5})
	clock := &testClock{now: time.Now()}
	ts.srv.limiter.now = clock.Now // before any request
	if code := ts.call("GET", "/api/health", nil, nil); code != 200 {
		t.Errorf("health: %d", code)
	}
	var codes []int
	for range 20 {
		codes = append(codes, ts.call("GET", "/api/games", nil, nil))
	}
	// The health check took one token of the 5.
	if want := append(slices.Repeat([]int{200}, 4), slices.Repeat([]int{429}, 16)...); !slices.Equal(codes, want) {
		t.Errorf("20 requests at once after one, 5 allowed at once: %v, want %v", codes, want)
	}
	// /metrics is behind the same limit: a scraper cannot be used to
	// spin the server.
	if code := ts.call("GET", "/metrics", nil, nil); code != 429 {
		t.Errorf("/metrics after a burst: %d, want 429", code)
	}
	clock.Add(100 * time.Millisecond) // half a token at 5 a second
	if code := ts.call("GET", "/metrics", nil, nil); code != 429 {
		t.Errorf("/metrics 0.1 s after a burst: %d, want 429", code)
	}
	clock.Add(1100 * time.Millisecond) // the bucket refills
	resp, err := http.Get(ts.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("/metrics 1.2 s after a burst: %d, want 200", resp.StatusCode)
	}
	for _, want := range []string{"reversi_rate_limited_total", "reversi_http_requests_total", `reversi_limit{name="live_games"} 1000`,
		`reversi_limit{name="hash_mb"} 64`, `reversi_limit{name="searches"} 2`, "reversi_searches_waiting"} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func FuzzEnvelope(f *testing.F) {
	for _, s := range []string{`{"type":"ping","id":1}`, `{"type":"hello","version":3}`, `{}`, `[]`, `{"type":"ping","id":"` + strings.Repeat("x", 300) + `"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := parseEnvelope(data)
		if err == nil && e.Type != "ping" && e.Type != "hello" {
			t.Fatalf("accepted type %q", e.Type)
		}
	})
}

// FuzzCreate: no request body makes the create handler fail with
// anything but a clear 4xx, or succeed.
func FuzzCreate(f *testing.F) {
	f.Add(`{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"random"}}`)
	f.Add(`{"black":{"kind":"human"},"white":{"kind":"open"},"transcript":"f5d6","time":"5s"}`)
	f.Add(`{"black":{"kind":"bot"},"white":{"kind":"bot"},"board":"---------------------------OX------XO--------------------------- O"}`)
	// The resource bombs and commands of the hardening review: refused.
	for _, spec := range []string{"engine:hash=65536", "engine:threads=256", "mcts:memory=65536", "mcts:threads=64,time=24h",
		"engine:time=24h", "minimax:depth=20", "nboard:touch pwned", "human", "engine:depth=60"} {
		f.Add(`{"black":{"kind":"bot"},"white":{"kind":"builtin","spec":"` + spec + `"},"time":"0"}`)
	}
	f.Add(`{"black":{"kind":"bot","name":"\u0000\u202e"},"white":{"kind":"open"},"time":"1ns"}`)
	st, err := sqlite.Open(context.Background(), filepath.Join(f.TempDir(), "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	srv, _ := New(Config{Store: st, RatePerSecond: 1e9, Burst: 1e9})
	defer srv.Close()
	f.Fuzz(func(t *testing.T, body string) {
		w := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		srv.Handler().ServeHTTP(w, req)
		if w.Code != 201 && (w.Code < 400 || w.Code >= 500) {
			t.Fatalf("%q: status %d", body, w.Code)
		}
		if w.Code >= 400 && !strings.Contains(w.Body.String(), `"error"`) {
			t.Fatalf("%q: no error message", body)
		}
		if w.Code == 201 && (strings.Contains(strings.ToLower(body), "nboard") || strings.Contains(body, "65536")) && strings.Contains(body, "builtin") {
			var req CreateRequest
			if json.Unmarshal([]byte(body), &req) == nil {
				for _, sr := range []SeatRequest{req.Black, req.White} {
					if sr.Kind == "builtin" && srv.checkSpec(sr.Spec, 0) != nil {
						t.Fatalf("%q: created with a seat the allow-list refuses", body)
					}
				}
			}
		}
	})
}

// TestCreateFromGGF: a game loaded from GGF (as the server writes it)
// starts where the loaded one stood.
func TestCreateFromGGF(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	a := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	for i, sq := range []string{"f5", "d6", "c3"} {
		tok := a.Tokens[[]string{"black", "white"}[i%2]]
		if code, _ := ts.move(a.ID, tok, sq); code != 200 {
			t.Fatalf("move %s: %d", sq, code)
		}
	}
	resp, err := http.Get(ts.http.URL + "/api/games/" + a.ID + "/ggf")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	b := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, GGF: string(text)})
	va, vb := ts.state(a.ID), ts.state(b.ID)
	if vb.Board != va.Board || vb.Turn != "white" || vb.Transcript != va.Transcript || vb.LastMove != "C3" || vb.Start != va.Start {
		t.Fatalf("loaded from GGF: %s %s to move, moves %q from %s; the game: %s, %q", vb.Board, vb.Turn, vb.Transcript, vb.Start, va.Board, va.Transcript)
	}
	// The GGF's moves are history: they cannot be taken back, and the game
	// goes on from them (and survives a restart with them).
	if code, _ := ts.move(b.ID, b.Tokens["white"], "d3"); code != 200 {
		t.Fatalf("a move after the GGF's: %d", code)
	}
	if rec, _ := ts.st.Get(context.Background(), b.ID); len(rec.Moves) != 4 {
		t.Fatalf("the store holds %d moves, want the GGF's 3 and one", len(rec.Moves))
	}
	// A GGF game whose moves the rule refuses is refused: F6 is next to
	// F5, which no-adjacent forbids.
	c := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, Transcript: "f5f6"})
	resp, err = http.Get(ts.http.URL + "/api/games/" + c.ID + "/ggf")
	if err != nil {
		t.Fatal(err)
	}
	text, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	var e apiError
	if code := ts.call("POST", "/api/games", CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, GGF: string(text), Rule: "no-adjacent"}, &e); code != 400 || !strings.Contains(e.Error, "no-adjacent") {
		t.Fatalf("a GGF game illegal under no-adjacent: %d %q", code, e.Error)
	}
}

// TestClientBehindProxy: X-Forwarded-For names the client's address
// only when the request comes from a trusted proxy.
func TestClientBehindProxy(t *testing.T) {
	s := &Server{cfg: Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}}}
	for _, tt := range []struct {
		remote string
		fwd    []string
		want   string
	}{
		{"203.0.113.9:5000", nil, "203.0.113.9"},
		{"203.0.113.9:5000", []string{"1.2.3.4"}, "203.0.113.9"}, // not a proxy: the header is the client's own words
		{"10.1.2.3:5000", []string{"1.2.3.4"}, "1.2.3.4"},
		{"10.1.2.3:5000", []string{"6.6.6.6, 1.2.3.4"}, "1.2.3.4"}, // the proxy appends: the last is what it saw
		{"10.1.2.3:5000", []string{"6.6.6.6", "1.2.3.4"}, "1.2.3.4"},
		{"10.1.2.3:5000", []string{"garbage"}, "10.1.2.3"},
		{"10.1.2.3:5000", nil, "10.1.2.3"},
		{"[::1]:5000", []string{"2001:db8::7"}, "2001:db8::7"},
		{"[::ffff:10.0.0.1]:5000", []string{"1.2.3.4"}, "1.2.3.4"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		for _, v := range tt.fwd {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := s.addressOf(r); got != tt.want {
			t.Errorf("from %s with %q: client %q, want %q", tt.remote, tt.fwd, got, tt.want)
		}
	}
	// Without trusted proxies, the header is ignored.
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr, s.cfg.TrustedProxies = "10.1.2.3:1", nil
	r.Header.Set("X-Forwarded-For", "1.2.3.4")
	if got := s.addressOf(r); got != "10.1.2.3" {
		t.Errorf("no trusted proxy: client %q", got)
	}
}

// TestClientKey: an IPv6 client is its network (Config.IPv6Prefix bits),
// an IPv4 client its address.
func TestClientKey(t *testing.T) {
	for _, tt := range []struct {
		prefix          int
		address, client string
	}{
		{64, "203.0.113.9", "203.0.113.9"},
		{64, "::ffff:203.0.113.9", "203.0.113.9"},
		{64, "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"},
		{64, "2001:db8:1:2::1", "2001:db8:1:2::/64"},
		{64, "fe80::1%eth0", "fe80::/64"},
		{48, "2001:db8:1:2::1", "2001:db8:1::/48"},
		{128, "2001:db8:1:2::1", "2001:db8:1:2::1"},
		{64, "not an address", "not an address"},
	} {
		s := &Server{cfg: Config{IPv6Prefix: tt.prefix}}
		if got := s.clientKey(tt.address); got != tt.client {
			t.Errorf("/%d: client of %s %q, want %q", tt.prefix, tt.address, got, tt.client)
		}
	}
}

// waitCount polls n until it is at least want, or fails after a minute
// (which bounds a count that never comes, not how quickly it comes).
func waitCount(t *testing.T, n *atomic.Int64, want int64, what string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); n.Load() < want; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d after a minute, want %d", what, n.Load(), want)
		}
	}
}

// TestSocketPing: a WebSocket peer that does not answer the server's
// pings is closed; one that answers stays connected. The server's
// counts of pings answered and unanswered say when to look, not a
// sleep.
func TestSocketPing(t *testing.T) {
	// Not reading: the client answers no ping (the library answers them
	// in Read). However late the server's pings come, none is answered
	// before the server gives up on one.
	ts := newTestServer(t, "", Config{})
	ts.srv.pingEvery, ts.srv.pingTimeout = 100*time.Millisecond, 400*time.Millisecond // before any socket
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // bounds a hang only
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/games/"+g.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	waitCount(t, &ts.srv.metrics.pingsUnanswered, 1, "sockets closed for no answer to a ping")
	if n := ts.srv.metrics.pingsAnswered.Load(); n != 0 {
		t.Fatalf("%d pings answered by a peer that never read", n)
	}
	// Read what is left: the state, then the server's close.
	for {
		if _, _, err = c.Read(ctx); err != nil {
			break
		}
	}
	if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("a peer deaf to pings: the socket ended with %v, want closed for no answer", err)
	}
	// The operator sees it in the metrics.
	resp, err := http.Get(ts.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`reversi_websocket_pings_total{answer="unanswered"} 1`, `reversi_websocket_pings_total{answer="answered"} 0`} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("metrics lack %s", want)
		}
	}

	// A peer that reads (and so answers pings) stays connected while
	// the server sees several pings answered: a ping every 100 ms, each
	// given 5 s for its answer, which a starved machine's reader still
	// gives in time.
	ts2 := newTestServer(t, "", Config{})
	ts2.srv.pingEvery, ts2.srv.pingTimeout = 100*time.Millisecond, 5*time.Second // before any socket
	g2 := ts2.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	c2, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts2.http.URL, "http")+"/api/games/"+g2.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.CloseNow()
	// Read until the socket ends, with no deadline of the reader's own: a
	// read whose context expires closes the connection itself, which may
	// race a pong being written and look like the server's doing.
	ended := make(chan error, 1)
	go func() {
		for {
			if _, _, err := c2.Read(context.Background()); err != nil {
				ended <- err
				return
			}
		}
	}()
	const answered = 3
	for deadline := time.Now().Add(time.Minute); ts2.srv.metrics.pingsAnswered.Load() < answered; {
		select {
		case err := <-ended:
			t.Fatalf("a peer answering pings: the socket ended with %v after %d pings answered", err, ts2.srv.metrics.pingsAnswered.Load())
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("a peer answering pings: %d pings answered in a minute, want %d", ts2.srv.metrics.pingsAnswered.Load(), answered)
		}
	}
	if n := ts2.srv.metrics.pingsUnanswered.Load(); n != 0 {
		t.Fatalf("a peer answering pings: %d sockets closed for no answer", n)
	}
	select {
	case err := <-ended:
		t.Fatalf("a peer answering pings: the socket ended with %v", err)
	default:
	}
	c2.CloseNow()
	<-ended
}

// TestSocketsPerClient: a client may keep only so many WebSockets open;
// closing one frees its place.
func TestSocketsPerClient(t *testing.T) {
	ts := newTestServer(t, "", Config{MaxSocketsPerClient: 2})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // bounds a hang only
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/api/games/" + g.ID + "/ws"
	var open []*websocket.Conn
	for range 2 {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.Read(ctx) // the state: the server counts it
		open = append(open, c)
	}
	if _, resp, err := websocket.Dial(ctx, url, nil); err == nil || resp == nil || resp.StatusCode != 429 {
		t.Fatalf("a third WebSocket with a limit of 2: %v %v", err, resp)
	}
	open[0].Close(websocket.StatusNormalClosure, "")
	// The server uncounts the socket when its handler returns, a moment
	// after the close: dial again until a place is free, refused only
	// for the limit meanwhile, within a minute of its own.
	rctx, rcancel := context.WithTimeout(context.Background(), time.Minute)
	defer rcancel()
	for {
		c, resp, err := websocket.Dial(rctx, url, nil)
		if err == nil {
			c.CloseNow()
			break
		}
		if resp == nil || resp.StatusCode != 429 || rctx.Err() != nil {
			t.Fatalf("no place after one was closed: %v %v", err, resp)
		}
		time.Sleep(20 * time.Millisecond)
	}
	open[1].CloseNow()
}

// TestPosition: a position in any format, read by the server for the
// GUI's editor.
func TestPosition(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	var p struct {
		Board, Turn, Transcript string
		Legal                   []string
		Over                    bool
	}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: "f5d6c3"}, &p); code != 200 || p.Turn != "white" || p.Transcript != "f5d6c3" || len(p.Legal) == 0 {
		t.Fatalf("transcript: %d %+v", code, p)
	}
	want, m := p.Board, p.Legal[0] // white's move there
	if code := ts.call("POST", "/api/position", PositionRequest{Board: want + " O"}, &p); code != 200 || p.Board != want {
		t.Fatalf("board: %d %+v", code, p)
	}
	// The shortest game: over, and still shown.
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: "e6f4e3f6g5d6e7f5c5"}, &p); code != 200 || !p.Over {
		t.Fatalf("a finished game: %d %+v", code, p)
	}
	// A board and a transcript: the moves played from the board.
	if code := ts.call("POST", "/api/position", PositionRequest{Board: want + " O", Transcript: m}, &p); code != 200 || p.Turn != "black" || p.Board == want || !strings.EqualFold(p.Transcript, m) {
		t.Fatalf("a board and %s: %d %+v", m, code, p)
	}
	ggf := "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5];)"
	for _, bad := range []PositionRequest{{}, {Transcript: "f5f5"}, {Board: "x"}, {GGF: "(;"}, {Transcript: "d6", GGF: ggf}, {Board: want + " O", GGF: ggf}} {
		var e apiError
		if code := ts.call("POST", "/api/position", bad, &e); code != 400 || e.Error == "" {
			t.Errorf("%+v: %d %q", bad, code, e.Error)
		}
	}
}
