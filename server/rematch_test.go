package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// askRematch asks ts for a rematch of game id with token: the status and
// the answer's strings. It does not use the test's t, so that goroutines
// may call it.
func askRematch(ts *testServer, id, token string) (int, map[string]string, error) {
	data, _ := json.Marshal(TokenRequest{Token: token})
	resp, err := http.Post(ts.http.URL+"/api/games/"+id+"/rematch", "application/json", bytes.NewReader(data))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	m := map[string]string{}
	for k, v := range out {
		if s, ok := v.(string); ok {
			m[k] = s
		}
	}
	return resp.StatusCode, m, nil
}

// finishedFriends makes on ts a game between ann (black) and bob (white,
// who joins by the invitation), which bob resigns: its id and the seats'
// tokens by colour.
func finishedFriends(t *testing.T, ts *testServer) (string, map[string]string) {
	t.Helper()
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "30s", GameTime: "5m"})
	var j struct{ Color, Token string }
	if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "bob", Invite: g.Invite}, &j); code != 200 {
		t.Fatalf("join: %d", code)
	}
	tokens := map[string]string{"black": g.Tokens["black"], "white": j.Token}
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: tokens["white"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ts.waitFor(g.ID, "the end", func(v GameView) bool { return v.Status == "finished" })
	return g.ID, tokens
}

// TestRematch: a finished game between two people gets a rematch once
// both ask: the first asking waits (202, the offer in the game's view),
// the second gets the new game, and the first too when it asks again;
// colours swapped, the same clocks, each keeping its token; a wrong
// token, a game not over and a game against a computer are refused and
// make no game.
func TestRematch(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "30s", GameTime: "5m"})
	var j struct{ Color, Token string }
	if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "bob", Invite: g.Invite}, &j); code != 200 {
		t.Fatalf("join: %d", code)
	}
	tokens := map[string]string{"black": g.Tokens["black"], "white": j.Token}
	ask := func(color string) (int, map[string]string) {
		t.Helper()
		code, m, err := askRematch(ts, g.ID, tokens[color])
		if err != nil {
			t.Fatal(err)
		}
		return code, m
	}
	if code, _ := ask("black"); code != 409 {
		t.Errorf("a rematch of a game in play: %d, want 409", code)
	}
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: tokens["white"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ts.waitFor(g.ID, "the end", func(v GameView) bool { return v.Status == "finished" })
	if code := ts.call("POST", "/api/games/"+g.ID+"/rematch", TokenRequest{Token: "nobody"}, nil); code != 403 {
		t.Errorf("a wrong token: %d, want 403", code)
	}
	if r := ts.state(g.ID).Rematch; r != nil {
		t.Fatalf("refusals left an offer: %+v", r)
	}
	if code, m := ask("black"); code != 202 || m["id"] != "" {
		t.Fatalf("the first to ask: %d %v, want 202 and no game", code, m)
	}
	if r := ts.state(g.ID).Rematch; r == nil || len(r.Offered) != 1 || r.Offered[0] != "black" || r.Game != "" {
		t.Fatalf("the game's view of the offer: %+v", r)
	}
	code, second := ask("white")
	if code != 200 || second["id"] == "" || second["color"] != "black" || second["token"] != tokens["white"] || second["url"] != "/game/"+second["id"] {
		t.Fatalf("the second to ask: %d %v", code, second)
	}
	code, first := ask("black")
	if code != 200 || first["id"] != second["id"] || first["color"] != "white" || first["token"] != tokens["black"] {
		t.Fatalf("the first, asking again: %d %v (the second got %v)", code, first, second)
	}
	if r := ts.state(g.ID).Rematch; r == nil || r.Game != second["id"] || len(r.Offered) != 2 {
		t.Errorf("the game's view does not name the rematch: %+v", r)
	}
	v := ts.state(second["id"])
	if v.Black.Name != "bob" || v.White.Name != "ann" || v.MoveTimeMS != 30000 || v.GameTimeMS != 300000 || v.Status != "playing" {
		t.Fatalf("the rematch: %s - %s, %d ms a move, %d ms a game, %s", v.Black.Name, v.White.Name, v.MoveTimeMS, v.GameTimeMS, v.Status)
	}
	if code, msg := ts.move(second["id"], second["token"], v.Legal[0]); code != 200 {
		t.Errorf("the new black plays with its token: %d %s", code, msg)
	}
	// Against a computer: refused.
	c := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "0"})
	ts.call("POST", "/api/games/"+c.ID+"/resign", TokenRequest{Token: c.Tokens["black"]}, nil)
	ts.waitFor(c.ID, "the end", func(v GameView) bool { return v.Status == "finished" })
	if code := ts.call("POST", "/api/games/"+c.ID+"/rematch", TokenRequest{Token: c.Tokens["black"]}, nil); code != 409 {
		t.Errorf("a rematch against a computer: %d, want 409", code)
	}
}

// watchGame follows a game's WebSocket on ts until ctx ends: the states
// it is sent.
func watchGame(t *testing.T, ctx context.Context, ts *testServer, id string) <-chan GameView {
	t.Helper()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/games/"+id+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	seen := make(chan GameView, 100)
	go func() {
		for {
			var e Envelope
			if err := wsjson.Read(ctx, ws, &e); err != nil {
				return
			}
			if e.Type == "state" {
				seen <- *e.Game
			}
		}
	}()
	return seen
}

// waitSeen waits for a state that satisfies ok among those seen.
func waitSeen(t *testing.T, ctx context.Context, seen <-chan GameView, what string, ok func(GameView) bool) GameView {
	t.Helper()
	for {
		select {
		case v := <-seen:
			if ok(v) {
				return v
			}
		case <-ctx.Done():
			t.Fatalf("never saw %s", what)
			return GameView{}
		}
	}
}

// TestRematchAcrossRestart: an offer made before the server stops is
// there after it starts again on the same file: the other side's request
// then makes the rematch, and the first learns it.
func TestRematchAcrossRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rematch.db")
	a := newTestServer(t, path, Config{})
	id, tokens := finishedFriends(t, a)
	if code, m, err := askRematch(a, id, tokens["black"]); err != nil || code != 202 {
		t.Fatalf("black asks: %d %v %v", code, m, err)
	}
	a.close()
	b := newTestServer(t, path, Config{})
	if r := b.state(id).Rematch; r == nil || len(r.Offered) != 1 || r.Offered[0] != "black" {
		t.Fatalf("after the restart, the offer is %+v", r)
	}
	code, white, err := askRematch(b, id, tokens["white"])
	if err != nil || code != 200 || white["id"] == "" || white["color"] != "black" {
		t.Fatalf("white asks after the restart: %d %v %v", code, white, err)
	}
	code, black, err := askRematch(b, id, tokens["black"])
	if err != nil || code != 200 || black["id"] != white["id"] || black["color"] != "white" {
		t.Fatalf("black asks again: %d %v %v (white got %v)", code, black, err, white)
	}
	if v := b.state(white["id"]); v.Black.Name != "bob" || v.White.Name != "ann" || v.Status != "playing" {
		t.Errorf("the rematch: %s - %s, %s", v.Black.Name, v.White.Name, v.Status)
	}
}

// TestRematchTwoServers: two servers on one PostgreSQL database. Black
// asks through one, white through the other: one rematch, which both
// learn, and black's page, watching the game on its server since before
// the end, is told of white's offer and of the new game. Then, again
// and again, both ask at the same moment, each through its server: each
// time exactly one game is made.
func TestRematchTwoServers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // bounds a hang only
	defer cancel()

	g := a.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "30s"})
	var j struct{ Color, Token string }
	if code := b.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "bob", Invite: g.Invite}, &j); code != 200 {
		t.Fatalf("join through b: %d", code)
	}
	a.waitFor(g.ID, "playing", func(v GameView) bool { return v.Status == "playing" })
	seen := watchGame(t, ctx, a, g.ID) // black's page, on a
	if code := b.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: j.Token}, nil); code != 200 {
		t.Fatalf("resign through b: %d", code)
	}
	waitSeen(t, ctx, seen, "the end", func(v GameView) bool { return v.Status == "finished" })
	if code, m, err := askRematch(b, g.ID, j.Token); err != nil || code != 202 {
		t.Fatalf("white asks through b: %d %v %v", code, m, err)
	}
	waitSeen(t, ctx, seen, "white's offer on a", func(v GameView) bool {
		return v.Rematch != nil && len(v.Rematch.Offered) == 1 && v.Rematch.Offered[0] == "white"
	})
	code, black, err := askRematch(a, g.ID, g.Tokens["black"])
	if err != nil || code != 200 || black["id"] == "" || black["color"] != "white" {
		t.Fatalf("black accepts through a: %d %v %v", code, black, err)
	}
	code, white, err := askRematch(b, g.ID, j.Token)
	if err != nil || code != 200 || white["id"] != black["id"] || white["color"] != "black" {
		t.Fatalf("white learns it through b: %d %v %v (black got %v)", code, white, err, black)
	}
	if v := b.state(black["id"]); v.Black.Name != "bob" || v.White.Name != "ann" || v.Status != "playing" {
		t.Errorf("the rematch seen on b: %s - %s, %s", v.Black.Name, v.White.Name, v.Status)
	}

	// Both at once, each through its server.
	for round := range 5 {
		id, tokens := finishedFriends(t, a)
		var ids [2]string
		for try := range 2 { // asking again, both learn the game
			var wg sync.WaitGroup
			var errs [2]error
			for c, ts := range []*testServer{a, b} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					code, m, err := askRematch(ts, id, tokens[[]string{"black", "white"}[c]])
					switch {
					case err != nil:
						errs[c] = err
					case code == 200:
						ids[c] = m["id"]
					case code != 202 || try == 1:
						errs[c] = fmt.Errorf("ask %d: %d %v", try, code, m)
					}
				}()
			}
			wg.Wait()
			if errs[0] != nil || errs[1] != nil {
				t.Fatalf("round %d: %v, %v", round, errs[0], errs[1])
			}
		}
		if ids[0] == "" || ids[0] != ids[1] {
			t.Errorf("round %d: the sides learnt the rematches %q and %q", round, ids[0], ids[1])
		}
		made := 0
		games, err := a.st.List(ctx, store.ListOptions{Live: true, Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range games {
			if s.Black == "bob" && s.White == "ann" {
				made++
			}
		}
		if want := round + 2; made != want { // the first game's rematch, and one a round
			t.Errorf("round %d: %d rematches stored, want %d", round, made, want)
		}
	}
}

// TestRematchPlaysTheOpening: a rematch between two people starts where
// the finished game started: its start position and the moves given
// with it (an XOT opening, a board and a transcript), the colours
// swapped; the moves played after them are not part of it. A game's
// JSON counts its given moves; one created with none has none.
func TestRematchPlaysTheOpening(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	after, err := game.ParseTranscript("f5")
	if err != nil {
		t.Fatal(err)
	}
	custom := after.Position().String() // white to move
	for _, tc := range []struct {
		name string
		req  CreateRequest
		n    int
	}{
		{"an XOT opening", CreateRequest{Opening: "xot"}, 8},
		{"a random opening", CreateRequest{Opening: "random"}, 8},
		{"a board and a transcript", CreateRequest{Board: custom, Transcript: "d6c3"}, 2},
		{"a board alone", CreateRequest{Board: custom}, 0},
		{"the start", CreateRequest{}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := tc.req
			req.Black, req.White, req.Time = SeatRequest{Kind: "human", Name: "ann"}, SeatRequest{Kind: "open"}, "0"
			g := ts.create(req)
			var j struct{ Color, Token string }
			if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "bob", Invite: g.Invite}, &j); code != 200 {
				t.Fatalf("join: %d", code)
			}
			tokens := map[string]string{"black": g.Tokens["black"], "white": j.Token}
			v := ts.state(g.ID)
			if v.OpeningMoves != tc.n || len(v.Moves) != tc.n {
				t.Fatalf("the new game: %d opening moves of %d, want %d", v.OpeningMoves, len(v.Moves), tc.n)
			}
			opening := v.Moves
			// A move after the opening, which the rematch does not play.
			if code, msg := ts.move(g.ID, tokens[v.Turn], v.Legal[0]); code != 200 {
				t.Fatalf("a move: %d %s", code, msg)
			}
			if v := ts.state(g.ID); v.OpeningMoves != tc.n || len(v.Moves) != tc.n+1 {
				t.Fatalf("after a move: %d opening moves of %d", v.OpeningMoves, len(v.Moves))
			}
			if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: tokens["white"]}, nil); code != 200 {
				t.Fatalf("resign: %d", code)
			}
			ts.waitFor(g.ID, "the end", func(v GameView) bool { return v.Status == "finished" })
			if code, _, err := askRematch(ts, g.ID, tokens["black"]); err != nil || code != 202 {
				t.Fatalf("black asks: %d %v", code, err)
			}
			code, m, err := askRematch(ts, g.ID, tokens["white"])
			if err != nil || code != 200 {
				t.Fatalf("white asks: %d %v", code, err)
			}
			r := ts.state(m["id"])
			if r.Black.Name != "bob" || r.White.Name != "ann" || r.Start != v.Start || r.OpeningMoves != tc.n || len(r.Moves) != tc.n {
				t.Fatalf("the rematch: %s - %s from %q, %d opening moves of %d; want bob - ann from %q, %d", r.Black.Name, r.White.Name, r.Start, r.OpeningMoves, len(r.Moves), v.Start, tc.n)
			}
			for i, mv := range r.Moves {
				if mv.Square != opening[i].Square || mv.Color != opening[i].Color {
					t.Fatalf("the rematch's move %d: %s %s, want %s %s", i, mv.Color, mv.Square, opening[i].Color, opening[i].Square)
				}
			}
			if code, msg := ts.move(r.ID, tokens[map[string]string{"black": "white", "white": "black"}[r.Turn]], r.Legal[0]); code != 200 {
				t.Errorf("the rematch goes on from the opening: %d %s", code, msg)
			}
		})
	}
	// A GGF game is given alone.
	var e apiError
	if code := ts.call("POST", "/api/games", CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, GGF: "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5];)", Transcript: "d6"}, &e); code != 400 || e.Code != CodeBadPosition {
		t.Errorf("a GGF game with a transcript: %d %+v, want 400 %s", code, e, CodeBadPosition)
	}
}
