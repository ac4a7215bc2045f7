package server

import (
	"testing"
)

// TestRematch: a finished game between two people gets a rematch once
// both ask: the first asking waits (202, the offer in the game's view),
// the second gets the new game, and the first too when it asks again;
// colours swapped, the same clocks; a wrong token, a game not over and a
// game against a computer are refused and make no game.
func TestRematch(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "30s", GameTime: "5m"})
	var j struct{ Color, Token string }
	if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "bob", Invite: g.Invite}, &j); code != 200 {
		t.Fatalf("join: %d", code)
	}
	tokens := map[string]string{"black": g.Tokens["black"], "white": j.Token}
	ask := func(color string) (int, map[string]string) {
		var out map[string]any
		code := ts.call("POST", "/api/games/"+g.ID+"/rematch", TokenRequest{Token: tokens[color]}, &out)
		m := map[string]string{}
		for k, v := range out {
			if s, ok := v.(string); ok {
				m[k] = s
			}
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
	if code, m := ask("black"); code != 202 || m["id"] != "" {
		t.Fatalf("the first to ask: %d %v, want 202 and no game", code, m)
	}
	if r := ts.state(g.ID).Rematch; r == nil || len(r.Offered) != 1 || r.Offered[0] != "black" || r.Game != "" {
		t.Fatalf("the game's view of the offer: %+v", r)
	}
	code, second := ask("white")
	if code != 200 || second["id"] == "" || second["color"] != "black" || second["token"] == "" {
		t.Fatalf("the second to ask: %d %v", code, second)
	}
	code, first := ask("black")
	if code != 200 || first["id"] != second["id"] || first["color"] != "white" || first["token"] == "" || first["token"] == second["token"] {
		t.Fatalf("the first, asking again: %d %v (the second got %v)", code, first, second)
	}
	if r := ts.state(g.ID).Rematch; r == nil || r.Game != second["id"] {
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
