package server

import (
	"slices"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// TestSwitchSides: a person playing the computer switches sides in the
// same game: the moves stay, the computer takes the person's colour and
// moves from the position as it stands, the person plays the other
// colour with the same token. A switch is refused with a bad token, in a
// game with a game clock, between computers and after the end.
func TestSwitchSides(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Transcript: "f5d6c3d3", Time: "0"})
	token := g.Tokens["black"]
	before := ts.state(g.ID)
	var sw SwitchResponse
	if code := ts.call("POST", "/api/games/"+g.ID+"/switch", TokenRequest{Token: token}, &sw); code != 200 || sw.Color != "white" {
		t.Fatalf("switch: %d %+v", code, sw)
	}
	v := ts.waitFor(g.ID, "the computer's move as Black", func(v GameView) bool { return len(v.Moves) >= 5 })
	if v.Black.Kind != "builtin" || v.White.Kind != "human" || v.White.Name != "ann" || v.Status != "playing" {
		t.Fatalf("after the switch: black %+v, white %+v, %s", v.Black, v.White, v.Status)
	}
	if !strings.HasPrefix(v.Transcript, strings.ToLower(before.Transcript)) && !strings.HasPrefix(strings.ToLower(v.Transcript), strings.ToLower(before.Transcript)) {
		t.Fatalf("the moves before the switch, %q, are not the game's now: %q", before.Transcript, v.Transcript)
	}
	if v.Moves[4].Color != "black" {
		t.Fatalf("the move after the switch: %+v", v.Moves[4])
	}
	if !slices.Equal(v.Switches, []int{4}) || before.Switches != nil {
		t.Errorf("the switches said: %v before, %v after a switch at 4 moves", before.Switches, v.Switches)
	}
	// The person plays White with the same token, and switches back.
	v = ts.waitTurn(g.ID, "white")
	if code, msg := ts.move(g.ID, token, v.Legal[0]); code != 200 {
		t.Fatalf("the person's move as White: %d %s", code, msg)
	}
	if code, msg := ts.move(g.ID, token, "a1"); code == 200 {
		t.Fatalf("a move out of turn accepted: %s", msg)
	}
	ts.waitTurn(g.ID, "white")
	if code := ts.call("POST", "/api/games/"+g.ID+"/switch", TokenRequest{Token: token}, &sw); code != 200 || sw.Color != "black" {
		t.Fatalf("switch back: %d %+v", code, sw)
	}
	v = ts.waitFor(g.ID, "the computer's move as White", func(v GameView) bool { return v.White.Kind == "builtin" && v.Turn == "black" })
	if v.Black.Name != "ann" {
		t.Errorf("switched back, Black is %+v", v.Black)
	}
	if len(v.Switches) != 2 || v.Switches[0] != 4 || v.Switches[1] < 6 {
		t.Errorf("switched back after %d moves, the switches said are %v", len(v.Moves), v.Switches)
	}

	// Refusals.
	clock := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, GameTime: "5m"})
	computers := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "0"})
	finished := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Time: "0"})
	ts.call("POST", "/api/games/"+finished.ID+"/resign", TokenRequest{Token: finished.Tokens["black"]}, nil)
	for _, c := range []struct {
		what, id, token string
		code            int
		want            string
	}{
		{"a bad token", g.ID, "nonsense", 403, "token"},
		{"no token", g.ID, "", 400, "token"},
		{"a game clock", clock.ID, clock.Tokens["black"], 409, "game clock"},
		{"between computers", computers.ID, "nonsense", 403, "token"},
		{"a finished game", finished.ID, finished.Tokens["black"], 409, "over"},
	} {
		var e apiError
		if code := ts.call("POST", "/api/games/"+c.id+"/switch", TokenRequest{Token: c.token}, &e); code != c.code || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s: %d %q, want %d %q", c.what, code, e.Error, c.code, c.want)
		}
	}
	if v := ts.state(clock.ID); v.Black.Kind != "human" {
		t.Errorf("a refused switch changed the seats: %+v", v.Black)
	}
}

// TestSwitchSidesTwoServers: a switch asked of a server that does not
// referee the game is made by the one that does.
func TestSwitchSidesTwoServers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")
	g := a.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Transcript: "f5d6", Time: "0"})
	b.state(g.ID) // b opens the game as a mirror
	var sw SwitchResponse
	if code := b.call("POST", "/api/games/"+g.ID+"/switch", TokenRequest{Token: g.Tokens["black"]}, &sw); code != 200 || sw.Color != "white" {
		t.Fatalf("switch through the other server: %d %+v", code, sw)
	}
	v := a.waitFor(g.ID, "the computer's move as Black", func(v GameView) bool { return len(v.Moves) >= 3 })
	if v.Black.Kind != "builtin" || v.White.Name != "ann" {
		t.Fatalf("after the switch: %+v - %+v", v.Black, v.White)
	}
	b.waitFor(g.ID, "the switch seen on b", func(v GameView) bool { return v.White.Name == "ann" && len(v.Moves) >= 3 })
}
