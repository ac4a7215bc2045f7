package server

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// testLease is the lease of the test servers' claims: an hour, so that
// no claim lapses during a test however late a renewal comes, and the
// periodic sweep (every third of the lease) never runs during one. A
// test of a take-over expires the claim in the store and calls the
// sweep itself (see TestTwoServers).
const testLease = time.Hour

// newPostgresServer is a server on the PostgreSQL database dsn, as one
// process of several would run it.
func newPostgresServer(t *testing.T, dsn, owner string) *testServer {
	t.Helper()
	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Store: st, Owner: owner, Lease: testLease, RatePerSecond: 1e6, Burst: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, srv: srv, http: httptest.NewServer(srv.Handler()), st: st}
	t.Cleanup(ts.close)
	return ts
}

// waitFor polls ts until the game satisfies ok. Its minute bounds a
// wait that would never end, not how quickly the server answers.
func (ts *testServer) waitFor(id, what string, ok func(GameView) bool) GameView {
	ts.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if v := ts.state(id); ok(v) {
			return v
		}
		time.Sleep(10 * time.Millisecond)
	}
	ts.t.Fatalf("never %s: %+v", what, ts.state(id))
	return GameView{}
}

// TestTwoServers: two servers on one PostgreSQL database serve the same
// games. A game created on one is joined and played through the other;
// each move is seen live on both (also over a WebSocket); refusals keep
// their meaning when forwarded; and when the referee's server stops,
// the other takes the game over and it goes on.
func TestTwoServers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")

	g := a.create(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "ann"}, White: SeatRequest{Kind: "open"}})
	black := g.Tokens["black"]
	// White joins through b, which does not referee the game.
	var joined map[string]string
	if code := b.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "bot", Name: "bob", Invite: g.Invite}, &joined); code != 200 || joined["color"] != "white" {
		t.Fatalf("join through the other server: %d %v", code, joined)
	}
	white := joined["token"]
	a.waitFor(g.ID, "playing on the referee's server", func(v GameView) bool { return v.Status == "playing" && v.White.Name == "bob" })

	// A spectator on b's WebSocket.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // bounds a hang only
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.http.URL, "http")+"/api/games/"+g.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
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
	waitSeen := func(plies int) GameView {
		t.Helper()
		for {
			select {
			case v := <-seen:
				if len(v.Moves) == plies {
					return v
				}
			case <-ctx.Done():
				t.Fatalf("the spectator on the other server never saw move %d", plies)
			}
		}
	}

	move := func(ts *testServer, token, sq string) (int, string) { return ts.move(g.ID, token, sq) }
	if code, msg := move(a, black, "f5"); code != 200 {
		t.Fatalf("black's move on the referee's server: %d %s", code, msg)
	}
	start := time.Now()
	if v := waitSeen(1); v.Moves[0].Square != "F5" {
		t.Fatalf("the spectator saw %+v", v.Moves)
	}
	t.Logf("a move through server a reached a spectator of server b in %v", time.Since(start))

	// Refusals through b mean what they mean on a.
	for _, c := range []struct {
		token, move string
		code        int
		want        string
	}{
		{"nonsense", "d6", 403, "token"},
		{black, "d6", 409, "not your turn"},
		{white, "a1", 422, "A1 is not legal"},
	} {
		if code, msg := move(b, c.token, c.move); code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("through b, %s: %d %q, want %d %q", c.move, code, msg, c.code, c.want)
		}
	}
	// White's move through b is judged by a's referee.
	if code, msg := move(b, white, "d6"); code != 200 {
		t.Fatalf("white's move through the other server: %d %s", code, msg)
	}
	if v := a.state(g.ID); len(v.Moves) != 2 || v.Moves[1].Square != "D6" || v.Turn != "black" {
		t.Fatalf("the referee's server after a forwarded move: %+v", v.Moves)
	}
	waitSeen(2)
	// Both servers give the same state, with the same version.
	va, vb := a.state(g.ID), b.waitFor(g.ID, "in sync", func(v GameView) bool { return len(v.Moves) == 2 })
	if va.Version != vb.Version || va.Board != vb.Board || va.Transcript != vb.Transcript {
		t.Errorf("a: v%d %s %s; b: v%d %s %s", va.Version, va.Board, va.Transcript, vb.Version, vb.Board, vb.Transcript)
	}

	// Server a stops (its claim is no longer renewed): b takes over.
	// Rather than wait for the lease to run out and for b's next sweep,
	// the test expires a's claim in the store, as time would, and sweeps
	// b as its ticker would (nothing else sweeps b within the test's
	// hour: see testLease).
	a.close()
	kept, err := b.st.(store.Cluster).Renew(context.Background(), "server-a", []string{g.ID}, time.Now().Add(-time.Second))
	if _, held := kept[g.ID]; err != nil || !held {
		t.Fatalf("server a's claim on the game before it lapsed: %v, %v", kept, err)
	}
	b.srv.hall.Sweep(context.Background())
	for _, sq := range []string{"c3", "d3"} {
		token := black
		if sq == "d3" {
			token = white
		}
		if code, msg := move(b, token, sq); code != 200 {
			t.Fatalf("move %s after the referee's server stopped and b swept: %d %s", sq, code, msg)
		}
	}
	v := waitSeen(4)
	if v.Transcript != "f5d6c3d3" {
		t.Fatalf("after the take-over: %s", v.Transcript)
	}
	// The store has every move once.
	rec, err := b.st.Get(context.Background(), g.ID)
	if err != nil || len(rec.Moves) != 4 {
		t.Fatalf("stored: %v, %v", rec, err)
	}
}

// TestRatedGameOutlivesItsServer: a rated game between two bots, made
// and begun on one server of two on one PostgreSQL database, goes on
// through the other when the first stops mid-game, and its end rates
// both bots once: the result and the ratings written together, by the
// server that took the game over.
func TestRatedGameOutlivesItsServer(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	ctx := context.Background()
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")
	_, bots := arenaBots(t, a, "ann", 2)
	accounts := a.st.(store.Accounts)
	black, _ := accounts.AccountByName(ctx, "annbot1")
	white, _ := accounts.AccountByName(ctx, "annbot2")
	id, err := a.srv.createPairing(ctx, Pairing{Accounts: [2]*store.Account{black, white}, Game: CreateRequest{GameTime: "5m"}, Rated: true, Client: "test"})
	if err != nil {
		t.Fatal(err)
	}
	v := a.state(id)
	a.client().do("POST", "/api/games/"+id+"/move", MoveRequest{Move: v.Legal[0]}, bots["annbot1"]).want(t, "black's move on a", 200, "")

	// a stops; its claim lapses (expired in the store, as time would) and
	// b sweeps, as its ticker would.
	a.close()
	kept, err := b.st.(store.Cluster).Renew(ctx, "server-a", []string{id}, time.Now().Add(-time.Second))
	if _, held := kept[id]; err != nil || !held {
		t.Fatalf("server a's claim on the game before it lapsed: %v, %v", kept, err)
	}
	b.srv.hall.Sweep(ctx)
	v = b.waitFor(id, "one move on b", func(v GameView) bool { return len(v.Moves) == 1 })
	b.client().do("POST", "/api/games/"+id+"/move", MoveRequest{Move: v.Legal[0]}, bots["annbot2"]).want(t, "white's move on b", 200, "")
	b.client().do("POST", "/api/games/"+id+"/resign", TokenRequest{}, bots["annbot1"]).want(t, "black resigns on b", 200, "")
	b.waitFor(id, "the end", func(v GameView) bool { return v.Status == "finished" })
	b.srv.hall.Sweep(ctx) // nothing more to do: a second pass rates nothing again
	for name, acct := range map[string]*store.Account{"annbot1": black, "annbot2": white} {
		r, err := b.st.(store.Accounts).Ratings(ctx, acct.ID)
		if err != nil || len(r) != 1 || r[0].Class != "blitz" || r[0].Games != 1 {
			t.Fatalf("%s's ratings after the game: %+v, %v; want one blitz game", name, r, err)
		}
		if won := name == "annbot2"; won != (r[0].Rating > 1500) {
			t.Errorf("%s's rating %v after it %s", name, r[0].Rating, map[bool]string{true: "won", false: "lost"}[won])
		}
	}
}
