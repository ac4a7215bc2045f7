package server

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/store"
)

// TestIncrementRefused: a bad increment, or one without a game clock, is
// refused with a 400 that names it, and no game is stored.
func TestIncrementRefused(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	bots := CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, GameTime: "5m"}
	for _, tt := range []struct{ increment, gameTime, want string }{
		{"fast", "5m", `increment: "fast" is not an increment such as 3s`},
		{"-3s", "5m", `increment: "-3s" is not an increment`},
		{"3", "5m", `increment: "3" is not an increment`},
		{"11m", "5m", "at most 10m0s"},
		{"3s", "", "increment: it adds to a game clock: give game_time too"},
		{"3s", "0", "give game_time too"},
	} {
		req := bots
		req.Increment, req.GameTime = tt.increment, tt.gameTime
		var e apiError
		if code := ts.call("POST", "/api/games", req, &e); code != 400 || !strings.Contains(e.Error, tt.want) {
			t.Errorf("increment %q, game_time %q: %d %q, want 400 %q", tt.increment, tt.gameTime, code, e.Error, tt.want)
		}
	}
	if games, err := ts.st.List(context.Background(), store.ListOptions{}); err != nil || len(games) != 0 {
		t.Errorf("games stored after the refusals: %v, %v", games, err)
	}
}

// TestIncrementApplied: a 5 min + 3 s game shows its increment, each
// move adds it to the mover's clock (what is left is the clock less the
// move's time plus 3 s: more than 5 min after a quick move), it is
// stored, and a restarted server gives the same clocks.
func TestIncrementApplied(t *testing.T) {
	path := filepath.Join(t.TempDir(), "inc.db")
	a := newTestServer(t, path, Config{})
	g := a.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, Time: "0", GameTime: "5m", Increment: "3s"})
	v := a.waitTurn(g.ID, "black")
	if v.GameTimeMS != 300000 || v.IncrementMS != 3000 || v.Black.ClockLeftMS == nil || *v.Black.ClockLeftMS != 300000 {
		t.Fatalf("a new 5+3 game: game %d ms, increment %d ms, black's clock %v", v.GameTimeMS, v.IncrementMS, v.Black.ClockLeftMS)
	}
	for _, c := range []string{"black", "white"} {
		v = a.waitTurn(g.ID, c)
		if code, e := a.move(g.ID, g.Tokens[c], v.Legal[0]); code != 200 {
			t.Fatalf("%s's move: %d %s", c, code, e)
		}
	}
	v = a.waitTurn(g.ID, "black")
	for i, sv := range []SeatView{v.Black, v.White} {
		took := v.Moves[i].TimeMS
		want := int64(300000) + 3000 - took
		if sv.ClockLeftMS == nil || *sv.ClockLeftMS < want-1 || *sv.ClockLeftMS > want+1 || *sv.ClockLeftMS <= 300000 && took < 3000 {
			t.Errorf("%s after a move of %d ms: %v ms left, want %d", v.Moves[i].Color, took, sv.ClockLeftMS, want)
		}
	}
	rec, err := a.st.Get(context.Background(), g.ID)
	if err != nil || rec.Increment.Seconds() != 3 {
		t.Fatalf("stored increment: %v, %v", rec, err)
	}
	a.close()
	b := newTestServer(t, path, Config{})
	after := b.state(g.ID)
	for i, pair := range [][2]SeatView{{v.Black, after.Black}, {v.White, after.White}} {
		before, now := *pair[0].ClockLeftMS, *pair[1].ClockLeftMS
		if d := now - before; d < -1 || d > 1 {
			t.Errorf("seat %d's clock: %d ms left before the restart, %d after", i, before, now)
		}
	}
	if after.IncrementMS != 3000 {
		t.Errorf("increment after the restart: %d ms", after.IncrementMS)
	}
}
