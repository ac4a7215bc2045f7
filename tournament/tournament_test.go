package tournament

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func players(n int) []Player {
	out := make([]Player, n)
	for i := range out {
		out[i] = Player{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Player %d", i), Rating: float64(1500 + 10*i)}
	}
	return out
}

func newWith(t *testing.T, s Settings, n int) *Tournament {
	t.Helper()
	tr, err := New("t1", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players(n) {
		if err := tr.Join(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	return tr
}

// play starts and finishes every pending game of the current round with
// results from result, until the tournament ends; it returns the rounds
// played.
func play(t *testing.T, tr *Tournament, result func(g Game) Result) int {
	t.Helper()
	rounds := 0
	for tr.Status == Running {
		pending := tr.Pending()
		if len(pending) == 0 {
			t.Fatalf("round %d: nothing to play, the round not over", tr.Round)
		}
		rounds++
		for _, i := range pending {
			if err := tr.Started(i, fmt.Sprintf("g%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		for _, i := range pending {
			if _, err := tr.Record(fmt.Sprintf("g%d", i), result(tr.Games[i])); err != nil {
				t.Fatal(err)
			}
		}
		if rounds > 100 {
			t.Fatal("the tournament never ends")
		}
	}
	return rounds
}

var clock = Settings{Name: "class X", MoveTime: 60 * time.Second}

// TestRoundRobinTwice: every player meets every other twice, once with
// each colour; the standings add up (a win a game, byes worth nothing).
func TestRoundRobinTwice(t *testing.T) {
	for _, n := range []int{2, 4, 5} {
		s := clock
		s.Kind, s.Cycles = RoundRobin, 2
		tr := newWith(t, s, n)
		// The player who joined first wins every game, the others draw.
		rounds := play(t, tr, func(g Game) Result {
			switch {
			case g.Black == "p0":
				return Result{Black: 1, Margin: 10}
			case g.White == "p0":
				return Result{Black: 0, Margin: -10}
			}
			return Result{Black: 0.5}
		})
		if rounds != tr.Rounds() || tr.Status != Finished {
			t.Fatalf("%d players: %d rounds played of %d, %s", n, rounds, tr.Rounds(), tr.Status)
		}
		met := map[[2]string]int{}
		for _, g := range tr.Games {
			met[[2]string{g.Black, g.White}]++
		}
		for _, a := range tr.Players {
			for _, b := range tr.Players {
				if a.ID != b.ID && met[[2]string{a.ID, b.ID}] != 1 {
					t.Errorf("%d players: %s had Black against %s %d times, want once", n, a.ID, b.ID, met[[2]string{a.ID, b.ID}])
				}
			}
		}
		st := tr.Standings()
		if st[0].Player.ID != "p0" || st[0].Points != float64(2*(n-1)) || st[0].Wins != 2*(n-1) || st[0].Margin != 20*(n-1) {
			t.Errorf("%d players: the winner %+v", n, st[0])
		}
		total := 0.0
		for _, x := range st {
			total += x.Points
			if x.Games != 2*(n-1) || x.Wins+x.Draws+x.Losses != x.Games {
				t.Errorf("%d players: %+v", n, x)
			}
		}
		if total != float64(n*(n-1)) {
			t.Errorf("%d players: %v points in all, want %d", n, total, n*(n-1))
		}
		// The others are equal on everything: they share second place.
		for _, x := range st[1:] {
			if x.Rank != 2 {
				t.Errorf("%d players: %s ranked %d, want 2 (equal)", n, x.Player.ID, x.Rank)
			}
		}
	}
}

// TestMeeting: in a round robin of four cycles, each pair's games are its
// meetings 0, 1, 2 and 3 in the order played, the first two and the last
// two with colours swapped.
func TestMeeting(t *testing.T) {
	s := clock
	s.Kind, s.Cycles = RoundRobin, 4
	tr := newWith(t, s, 3)
	play(t, tr, func(Game) Result { return Result{Black: 0.5} })
	seen := map[[2]string][]Game{}
	for i, g := range tr.Games {
		key := [2]string{min(g.Black, g.White), max(g.Black, g.White)}
		if m := tr.Meeting(i); m != len(seen[key]) {
			t.Errorf("game %d (%s-%s, round %d): meeting %d, want %d", i, g.Black, g.White, g.Round, m, len(seen[key]))
		}
		seen[key] = append(seen[key], g)
	}
	for key, gs := range seen {
		if len(gs) != 4 {
			t.Fatalf("%v met %d times, want 4", key, len(gs))
		}
		for k := 0; k < 4; k += 2 {
			if gs[k].Black != gs[k+1].White || gs[k].Round >= gs[k+1].Round {
				t.Errorf("%v: meetings %d and %d: %+v, %+v: want colours swapped, in order", key, k, k+1, gs[k], gs[k+1])
			}
		}
	}
}

// TestSwiss: each round pairs everyone but one bye (odd), nobody meets
// twice while it can be avoided, and the bye is worth a point.
func TestSwiss(t *testing.T) {
	s := clock
	s.Kind, s.Rounds = Swiss, 4
	tr := newWith(t, s, 7)
	rng := rand.New(rand.NewPCG(1, 2))
	rounds := play(t, tr, func(g Game) Result {
		switch rng.IntN(3) {
		case 0:
			return Result{Black: 1, Margin: 2 + 2*rng.IntN(10)}
		case 1:
			return Result{Black: 0, Margin: -2 - 2*rng.IntN(10)}
		}
		return Result{Black: 0.5}
	})
	if rounds != 4 || len(tr.Games) != 4*3 || len(tr.Byes) != 4 {
		t.Fatalf("%d rounds, %d games, byes %v", rounds, len(tr.Games), tr.Byes)
	}
	met := map[[2]string]bool{}
	for _, g := range tr.Games {
		k := [2]string{min(g.Black, g.White), max(g.Black, g.White)}
		if met[k] {
			t.Errorf("%s and %s met twice", g.Black, g.White)
		}
		met[k] = true
	}
	if c := slices.Compact(slices.Sorted(slices.Values(tr.Byes))); len(c) != 4 {
		t.Errorf("byes %v: someone sat out twice", tr.Byes)
	}
	total := 0.0
	for _, x := range tr.Standings() {
		total += x.Points
	}
	if total != 4*3+4 { // a point a game, a point a bye
		t.Errorf("%v points in all, want %d", total, 16)
	}
}

// TestRestart: a tournament written as JSON mid-round and read back
// goes on as the one that was not.
func TestRestart(t *testing.T) {
	s := clock
	s.Kind, s.Rounds = Swiss, 3
	a := newWith(t, s, 6)
	for _, i := range a.Pending() {
		a.Started(i, fmt.Sprintf("g%d", i))
	}
	if _, err := a.Record("g0", Result{Black: 1, Margin: 4}); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var b Tournament
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	result := func(g Game) Result {
		if g.Black < g.White {
			return Result{Black: 1, Margin: 6}
		}
		return Result{Black: 0, Margin: -6}
	}
	for _, tr := range []*Tournament{a, &b} {
		for _, i := range tr.Pending() {
			tr.Started(i, fmt.Sprintf("g%d", i))
		}
		for i, g := range tr.Games {
			if g.Round == tr.Round && g.Result == nil {
				tr.Record(fmt.Sprintf("g%d", i), result(g))
			}
		}
		play(t, tr, result)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(&b)
	if string(ja) != string(jb) || a.Status != Finished {
		t.Errorf("after a restart:\n%s\nwithout:\n%s", jb, ja)
	}
}

// TestRefusals: bad settings, changes at the wrong time, unknown games,
// a result given twice differently; a result given twice the same is no
// change.
func TestRefusals(t *testing.T) {
	for _, s := range []Settings{
		{Kind: RoundRobin, Cycles: 1, MoveTime: time.Second},
		{Name: "x", Kind: RoundRobin, Cycles: 0, MoveTime: time.Second},
		{Name: "x", Kind: Swiss, Rounds: 0, MoveTime: time.Second},
		{Name: "x", Kind: "knockout", MoveTime: time.Second},
		{Name: "x", Kind: Swiss, Rounds: 3},
		{Name: "x", Kind: Swiss, Rounds: 3, MoveTime: time.Second, Increment: time.Second},
	} {
		if _, err := New("t", s); err == nil {
			t.Errorf("settings %+v: no error", s)
		}
	}
	s := clock
	s.Kind, s.Cycles = RoundRobin, 1
	tr, _ := New("t", s)
	if err := tr.Start(); err == nil {
		t.Error("a start without players: no error")
	}
	tr.Join(Player{ID: "a", Name: "A"})
	if err := tr.Join(Player{ID: "a", Name: "A"}); err == nil {
		t.Error("joining twice: no error")
	}
	tr.Join(Player{ID: "b", Name: "B"})
	tr.Start()
	if err := tr.Join(Player{ID: "c", Name: "C"}); err != ErrNotRegistering {
		t.Errorf("joining a running tournament: %v", err)
	}
	tr.Started(0, "g")
	if _, err := tr.Record("nosuch", Result{Black: 1, Margin: 2}); err != ErrNoSuchGame {
		t.Errorf("an unknown game: %v", err)
	}
	if _, err := tr.Record("g", Result{Black: 1, Margin: -2}); err == nil {
		t.Error("a win with a negative margin: no error")
	}
	if changed, err := tr.Record("g", Result{Black: 1, Margin: 2}); !changed || err != nil {
		t.Fatalf("the result: %v, %v", changed, err)
	}
	if changed, err := tr.Record("g", Result{Black: 1, Margin: 2}); changed || err != nil {
		t.Errorf("the same result again: changed %v, %v", changed, err)
	}
	if tr.Status != Finished {
		t.Errorf("after its only game: %s", tr.Status)
	}
}

// TestCancel: a cancelled tournament makes no more games and takes no
// more players; a finished or cancelled one cannot be cancelled.
func TestCancel(t *testing.T) {
	s := clock
	s.Kind, s.Cycles = RoundRobin, 1
	tr := newWith(t, s, 4)
	if len(tr.Pending()) != 2 {
		t.Fatalf("round 1 of 4 players: %d games pending", len(tr.Pending()))
	}
	if err := tr.Cancel(); err != nil {
		t.Fatal(err)
	}
	if tr.Status != Cancelled || len(tr.Pending()) != 0 {
		t.Errorf("cancelled: status %s, %d pending", tr.Status, len(tr.Pending()))
	}
	if err := tr.Started(0, "g"); err != ErrNotRunning {
		t.Errorf("a game started in a cancelled tournament: %v", err)
	}
	if err := tr.Cancel(); err == nil {
		t.Error("cancelled twice: no error")
	}
	done := newWith(t, s, 2)
	play(t, done, func(Game) Result { return Result{Black: 1, Margin: 4} })
	if err := done.Cancel(); err == nil || done.Status != Finished {
		t.Errorf("a finished tournament cancelled: %v, %s", err, done.Status)
	}
}
