// Tests of a person's clock, which starts when the seat's player first
// sees the board (its page subscribes with the seat's token), against a
// real server.

package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// hello subscribes to a game's WebSocket and says hello with token (""
// for a spectator); it returns the connection, closed with the test.
func hello(t *testing.T, ts *testServer, id, token string) *websocket.Conn {
	t.Helper()
	return helloWith(t, ts, id, token, nil)
}

// helloWith is hello with the WebSocket's request's headers (a bot's
// Authorization, a person's session cookie).
func helloWith(t *testing.T, ts *testServer, id, token string, header http.Header) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // bounds a hang only
	t.Cleanup(cancel)
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/api/games/" + id + "/ws"
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	var first Envelope
	if err := wsjson.Read(ctx, c, &first); err != nil || first.Type != "state" {
		t.Fatalf("first message %+v, %v", first, err)
	}
	if err := wsjson.Write(ctx, c, Envelope{Type: "hello", Version: first.Version, Token: token}); err != nil {
		t.Fatal(err)
	}
	go func() { // read on, so that the server's writes never wait
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
		}
	}()
	return c
}

// TestPersonClockStartsWhenSeen: a person's clock does not run before
// the seat's page has subscribed with its token (the game made, the page
// not loaded yet): after many times its limit the game goes on, and its
// state says the clock waits; a spectator's subscription changes
// nothing; the seat's own hello starts the clock, which then runs out.
// A bot's clock starts at once, as the course's rule wants.
func TestPersonClockStartsWhenSeen(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	person := ts.create(CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "200ms"})
	bot := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "200ms"})

	// The bot's clock ran from the start: it lost on time without moving.
	b := ts.waitFor(bot.ID, "the bot's game over", func(v GameView) bool { return v.Status == "finished" })
	if b.Result.Reason != "timeout" || b.Result.Winner != "white" {
		t.Errorf("the silent bot's game: %+v, want a loss on time", *b.Result)
	}
	hello(t, ts, person.ID, "") // a spectator
	time.Sleep(time.Second)     // five times the person's limit, had it run
	v := ts.state(person.ID)
	if v.Status != "playing" || len(v.Moves) != 0 {
		t.Fatalf("before the person's page came: %s, %d moves, result %+v; want the game waiting for its player", v.Status, len(v.Moves), v.Result)
	}
	if !v.ClockWaits || v.TurnSince != nil {
		t.Errorf("before the person's page came: clock_waits %v, turn_since %v; want the clock said to wait", v.ClockWaits, v.TurnSince)
	}

	before := time.Now()
	hello(t, ts, person.ID, person.Tokens["black"])
	v = ts.waitFor(person.ID, "the clock started", func(v GameView) bool { return !v.ClockWaits })
	if v.Status == "playing" && (v.TurnSince == nil || v.TurnSince.Before(before.Add(-time.Second))) {
		t.Errorf("the clock started at %v, the page came at %v", v.TurnSince, before)
	}
	v = ts.waitFor(person.ID, "the game over", func(v GameView) bool { return v.Status == "finished" })
	if v.Result.Reason != "timeout" || v.Result.Winner != "white" {
		t.Errorf("the person who saw the board and did not move: %+v, want a loss on time", *v.Result)
	}
}

// TestPersonMovesWithoutHello: a person's seat played through the API
// without a WebSocket (a script) moves as before: its move starts its
// clock, and the game goes on.
func TestPersonMovesWithoutHello(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Time: "30s"})
	v := ts.waitTurn(g.ID, "black")
	if code, msg := ts.move(g.ID, g.Tokens["black"], v.Legal[0]); code != 200 {
		t.Fatalf("the move: %d %s", code, msg)
	}
	v = ts.waitTurn(g.ID, "black")
	if v.Status != "playing" || len(v.Moves) != 2 || v.ClockWaits || v.TurnSince == nil {
		t.Fatalf("after the move and the reply: %s, %d moves, clock_waits %v, turn_since %v", v.Status, len(v.Moves), v.ClockWaits, v.TurnSince)
	}
}

// TestUnseenSeatAbandoned: a person who never opens the game loses it
// by forfeit after the idle limit, as one who stops moving does, though
// the clock never started.
func TestUnseenSeatAbandoned(t *testing.T) {
	ts := newTestServer(t, "", Config{IdleTimeout: 300 * time.Millisecond})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "0"})
	v := ts.waitFor(g.ID, "the game over", func(v GameView) bool { return v.Status == "finished" })
	if v.Result.Reason != "forfeit" || !strings.Contains(v.Result.Detail, "abandoned") {
		t.Errorf("the unseen seat's game: %+v, want a forfeit, abandoned", *v.Result)
	}
}
