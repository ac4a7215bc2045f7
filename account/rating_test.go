package account

import (
	"math"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/glicko"
	"github.com/reversi-engine/reversi/store"
)

func TestClassify(t *testing.T) {
	const s, m = time.Second, time.Minute
	tests := []struct {
		name                  string
		move, game, increment time.Duration
		want                  Class
	}{
		{"no clock", 0, 0, 0, Unlimited},
		{"an increment alone is no clock", 0, 0, 5 * s, Unlimited},
		{"1+0", 0, 1 * m, 0, Bullet},
		{"2+1: 2 min + 30 s", 0, 2 * m, 1 * s, Bullet},
		{"just under 3 min", 0, 3*m - time.Millisecond, 0, Bullet},
		{"3+0: the border", 0, 3 * m, 0, Blitz},
		{"2+2: 2 min + 60 s", 0, 2 * m, 2 * s, Blitz},
		{"5+3", 0, 5 * m, 3 * s, Blitz},
		{"just under 8 min", 0, 8*m - time.Millisecond, 0, Blitz},
		{"8+0: the border", 0, 8 * m, 0, Rapid},
		{"10+0", 0, 10 * m, 0, Rapid},
		{"15+10: 15 + 5 min", 0, 15 * m, 10 * s, Rapid},
		{"just under 25 min", 0, 25*m - time.Millisecond, 0, Rapid},
		{"25+0: the border", 0, 25 * m, 0, Classical},
		{"30+0", 0, 30 * m, 0, Classical},
		{"the course's 60 s a move", 60 * s, 0, 0, Classical},
		{"5 s a move: 150 s", 5 * s, 0, 0, Bullet},
		{"6 s a move: 3 min", 6 * s, 0, 0, Blitz},
		{"10 s a move", 10 * s, 0, 0, Blitz},
		{"both: the move clock bounds", 10 * s, 60 * m, 0, Blitz},
		{"both: the game clock bounds", 60 * s, 5 * m, 0, Blitz},
		{"just under a day", 0, 24*time.Hour - time.Millisecond, 0, Classical},
		{"a day: the border", 0, 24 * time.Hour, 0, Correspondence},
		{"48 min a move", 48 * m, 0, 0, Correspondence},
		{"a negative increment counts nothing", 0, 1 * m, -10 * s, Bullet},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(tt.move, tt.game, tt.increment); got != tt.want {
				est, _ := Estimate(tt.move, tt.game, tt.increment)
				t.Errorf("%v a move, %v + %v: %s (estimate %v), want %s", tt.move, tt.game, tt.increment, got, est, tt.want)
			}
		})
	}
	g := &store.Game{MoveTime: 60 * s}
	if ClassOf(g) != Classical {
		t.Errorf("a stored game of 60 s a move: %s", ClassOf(g))
	}
}

func TestClassRatedAndParse(t *testing.T) {
	for _, c := range Classes {
		got, err := ParseClass(string(c))
		if err != nil || got != c {
			t.Errorf("%s read back %q, %v", c, got, err)
		}
		if c.Rated() != (c != Unlimited) {
			t.Errorf("%s rated: %v", c, c.Rated())
		}
	}
	if _, err := ParseClass("hyperbullet"); err == nil {
		t.Error("an unknown class read")
	}
	if Class("hyperbullet").Rated() {
		t.Error("an unknown class is rated")
	}
}

// TestRateGame: one game is a rating period for each player, against
// the other's rating before it: the same as glicko.Update from both
// sides, zero-sum between equals, and a draw between equals moves no
// rating.
func TestRateGame(t *testing.T) {
	a := glicko.New()
	b := glicko.Rating{Rating: 1700, Deviation: 80, Volatility: 0.06}
	tests := []struct {
		name  string
		score float64
	}{{"black wins", 1}, {"draw", 0.5}, {"white wins", 0}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gb, gw, err := RateGame(a, b, tt.score, 0)
			if err != nil {
				t.Fatal(err)
			}
			wb, _ := glicko.Update(a, []glicko.Result{{Opponent: b, Score: tt.score}}, 0)
			ww, _ := glicko.Update(b, []glicko.Result{{Opponent: a, Score: 1 - tt.score}}, 0)
			if gb != wb || gw != ww {
				t.Errorf("got %+v, %+v; want %+v, %+v", gb, gw, wb, ww)
			}
		})
	}
	b1, w1, _ := RateGame(a, a, 1, 0)
	if d := (b1.Rating - 1500) + (w1.Rating - 1500); math.Abs(d) > 1e-9 {
		t.Errorf("between equals the changes add to %v", d)
	}
	bd, wd, _ := RateGame(a, a, 0.5, 0)
	if math.Abs(bd.Rating-1500) > 1e-9 || math.Abs(wd.Rating-1500) > 1e-9 {
		t.Errorf("a draw between equals: %v, %v", bd.Rating, wd.Rating)
	}
	if _, _, err := RateGame(a, b, 2, 0); err == nil {
		t.Error("a score of 2 rated")
	}
}

func TestRater(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	rr := Rater{MinPlies: 2, Period: 7 * 24 * time.Hour, Now: func() time.Time { return now }}
	newcomer := store.Rating{Account: "a", Class: "blitz"}
	regular := store.Rating{Account: "b", Class: "blitz", Rating: 1600, Deviation: 60, Volatility: 0.06, Games: 40, Updated: now.Add(-time.Hour)}
	away := regular
	away.Updated = now.Add(-10 * 7 * 24 * time.Hour) // ten weeks
	win := store.Result{Reason: "normal end", Winner: "black", By: "none"}
	in := func(r store.Result, plies int, b, w store.Rating) store.RateInput {
		return store.RateInput{Game: "g", Result: r, Plies: plies, Class: "blitz", Ratings: [2]store.Rating{b, w}}
	}

	out, ok, err := rr.Rate(in(win, 30, newcomer, regular))
	if err != nil || !ok {
		t.Fatalf("%v, %v", ok, err)
	}
	wantB, wantW, _ := RateGame(glicko.New(), Glicko(regular), 1, 0)
	if Glicko(store.Rating{Rating: out[0].Rating, Deviation: out[0].Deviation, Volatility: out[0].Volatility, Games: 1}) != wantB ||
		out[1].Rating != wantW.Rating || out[0].Account != "a" || out[1].Account != "b" {
		t.Errorf("rated %+v; want %+v, %+v", out, wantB, wantW)
	}
	if !Provisional(out[0]) || Provisional(out[1]) || !Provisional(newcomer) {
		t.Errorf("provisional: the newcomer after a game %v, the regular %v, a newcomer %v", Provisional(out[0]), Provisional(out[1]), Provisional(newcomer))
	}

	// Ten weeks away: the regular is less sure, so moves more.
	back, _, _ := rr.Rate(in(win, 30, newcomer, away))
	if !(back[1].Rating < out[1].Rating) {
		t.Errorf("a loss after ten weeks away: %.2f, right after playing: %.2f; want a larger drop", back[1].Rating, out[1].Rating)
	}
	idle := Glicko(away)
	for range 10 {
		idle = idle.Idle()
	}
	_, wantAway, _ := RateGame(glicko.New(), idle, 1, 0)
	if back[1].Rating != wantAway.Rating {
		t.Errorf("after ten idle weeks: %.4f, want %.4f", back[1].Rating, wantAway.Rating)
	}

	for _, tt := range []struct {
		name  string
		r     store.Result
		plies int
	}{
		{"no move", store.Result{Reason: "abandoned", Winner: "white", By: "black"}, 0},
		{"one move", store.Result{Reason: "timeout", Winner: "black", By: "white"}, 1},
	} {
		if out, ok, err := rr.Rate(in(tt.r, tt.plies, newcomer, regular)); ok || err != nil || out != [2]store.Rating{newcomer, regular} {
			t.Errorf("%s: rated %v, %v, %+v", tt.name, ok, err, out)
		}
	}
	if _, ok, err := rr.Rate(in(store.Result{Winner: "red"}, 30, newcomer, regular)); ok || err == nil {
		t.Errorf("a result won by red: %v, %v", ok, err)
	}
}

func TestLink(t *testing.T) {
	ada := &store.Account{ID: "a", Kind: store.Person, Name: "ada"}
	bob := &store.Account{ID: "b", Kind: store.Person, Name: "bob"}
	off := &store.Account{ID: "c", Kind: store.Person, Name: "cy", Disabled: true}
	blitz := &store.Game{GameTime: 5 * time.Minute}
	free := &store.Game{}
	tests := []struct {
		name         string
		g            *store.Game
		black, white *store.Account
		rated        bool
		want         store.GameLink
		ok           bool
	}{
		{"rated blitz", blitz, ada, bob, true, store.GameLink{Accounts: [2]string{"a", "b"}, Rated: true, Class: "blitz"}, true},
		{"casual, one account", free, nil, bob, false, store.GameLink{Accounts: [2]string{"", "b"}}, true},
		{"casual against a disabled account", blitz, ada, off, false, store.GameLink{Accounts: [2]string{"a", "c"}}, true},
		{"rated without a clock", free, ada, bob, true, store.GameLink{}, false},
		{"rated with one account", blitz, ada, nil, true, store.GameLink{}, false},
		{"rated against oneself", blitz, ada, ada, true, store.GameLink{}, false},
		{"rated against a disabled account", blitz, ada, off, true, store.GameLink{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Link(tt.g, tt.black, tt.white, tt.rated)
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("got %+v, %v; want %+v, ok %v", got, err, tt.want, tt.ok)
			}
		})
	}
}
