// The contract of store.Tournaments.

package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/store"
)

// TournamentStore is a game store that keeps tournaments.
type TournamentStore interface {
	store.Store
	store.Tournaments
}

// RunTournaments runs the contract tests of store.Tournaments on the
// stores that open returns, a fresh (empty) store for each test.
func RunTournaments(t *testing.T, open func(t *testing.T) TournamentStore) {
	runGroup(t, "Tournaments", open, []namedTest[TournamentStore]{
		{"CreateUpdate", testTournamentCreateUpdate},
		{"List", testTournamentList},
		{"Involving", testTournamentInvolving},
		{"ConcurrentUpdates", func(t *testing.T, s TournamentStore) { RaceTournamentUpdates(t, s, s) }},
	})
}

// testTournamentCreateUpdate: a tournament is read back as written; an
// update over the version read raises it, one over an older version is a
// conflict and changes nothing; an id taken or unknown is refused.
func testTournamentCreateUpdate(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	rec := &store.TournamentRecord{ID: "t1", Name: "class X", Status: "registering", Creator: "p-ada", Data: []byte(`{"round":0}`)}
	if err := s.CreateTournament(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if rec.Version != 1 || rec.Created.IsZero() {
		t.Fatalf("created: %+v", rec)
	}
	if err := s.CreateTournament(ctx, &store.TournamentRecord{ID: "t1", Name: "again", Data: []byte(`{}`)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("an id taken: %v", err)
	}
	got, err := s.Tournament(ctx, "t1")
	if err != nil || got.Name != "class X" || got.Status != "registering" || got.Creator != "p-ada" || string(got.Data) != `{"round":0}` || got.Version != 1 || !got.Created.Equal(rec.Created) {
		t.Fatalf("read back: %+v, %v", got, err)
	}
	stale := *got
	got.Status, got.Data = "running", []byte(`{"round":1}`)
	if err := s.UpdateTournament(ctx, got); err != nil || got.Version != 2 {
		t.Fatalf("update: %v, version %d", err, got.Version)
	}
	stale.Data = []byte(`{"round":99}`)
	if err := s.UpdateTournament(ctx, &stale); !errors.Is(err, store.ErrConflict) || stale.Version != 1 {
		t.Errorf("an update over version 1 after version 2: %v (version %d)", err, stale.Version)
	}
	again, err := s.Tournament(ctx, "t1")
	if err != nil || string(again.Data) != `{"round":1}` || again.Status != "running" || again.Version != 2 {
		t.Errorf("after the refused update: %+v, %v", again, err)
	}
	if _, err := s.Tournament(ctx, "nosuch"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown tournament: %v", err)
	}
	if err := s.UpdateTournament(ctx, &store.TournamentRecord{ID: "nosuch", Version: 1, Data: []byte(`{}`)}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an update of an unknown tournament: %v", err)
	}
}

// testTournamentList: by status, the most recently updated first, at
// most the limit, without their data.
func testTournamentList(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	for i, status := range []string{"running", "registering", "running", "finished"} {
		if err := s.CreateTournament(ctx, &store.TournamentRecord{ID: fmt.Sprintf("t%d", i), Name: fmt.Sprint("T", i), Status: status, Data: []byte(`{"x":1}`)}); err != nil {
			t.Fatal(err)
		}
	}
	// t0 updated last: first of the running ones.
	t0, _ := s.Tournament(ctx, "t0")
	if err := s.UpdateTournament(ctx, t0); err != nil {
		t.Fatal(err)
	}
	running, err := s.ListTournaments(ctx, store.TournamentFilter{Status: "running"})
	if err != nil || len(running) != 2 || running[0].ID != "t0" || running[1].ID != "t2" || len(running[0].Data) != 0 {
		t.Fatalf("running: %+v, %v", running, err)
	}
	all, err := s.ListTournaments(ctx, store.TournamentFilter{Limit: 3})
	if err != nil || len(all) != 3 || all[0].ID != "t0" {
		t.Fatalf("all, at most 3: %+v, %v", all, err)
	}
	// The pages after it: every tournament once, in the same order.
	var paged []string
	for f := (store.TournamentFilter{Limit: 3}); ; {
		page, err := s.ListTournaments(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range page {
			paged = append(paged, r.ID)
		}
		if len(page) < f.Limit {
			break
		}
		f.AfterUpdated, f.AfterID = page[len(page)-1].Updated, page[len(page)-1].ID
	}
	if len(paged) != 4 || paged[0] != "t0" || !slices.Equal(slices.Sorted(slices.Values(paged)), []string{"t0", "t1", "t2", "t3"}) {
		t.Errorf("paged by 3: %v, want all four, t0 first", paged)
	}
}

// testTournamentInvolving: the tournaments an account created or is
// entered in (its players written with the record and rewritten on
// update), alone or with others' accounts; by creator.
func testTournamentInvolving(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	for _, r := range []store.TournamentRecord{
		{ID: "a", Name: "A", Status: "registering", Creator: "ada", Players: []string{"bot1", "bot2"}},
		{ID: "b", Name: "B", Status: "running", Creator: "bob", Players: []string{"bot2", "bot3"}},
		{ID: "c", Name: "C", Status: "finished", Creator: "bob"},
	} {
		r.Data = []byte(`{}`)
		if err := s.CreateTournament(ctx, &r); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(f store.TournamentFilter) string {
		t.Helper()
		list, err := s.ListTournaments(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range list {
			out = append(out, r.ID)
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	for _, c := range []struct {
		f    store.TournamentFilter
		want string
	}{
		{store.TournamentFilter{Involving: []string{"bot2"}}, "a,b"},
		{store.TournamentFilter{Involving: []string{"bot1"}}, "a"},
		{store.TournamentFilter{Involving: []string{"bob"}}, "b,c"},
		{store.TournamentFilter{Involving: []string{"ada", "bot3"}}, "a,b"},
		{store.TournamentFilter{Involving: []string{"bot2"}, Status: "running"}, "b"},
		{store.TournamentFilter{Involving: []string{"nobody"}}, ""},
		{store.TournamentFilter{Creator: "bob"}, "b,c"},
		{store.TournamentFilter{Creator: "bob", Involving: []string{"bot1"}}, ""},
	} {
		if got := ids(c.f); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
	// bot1 leaves, bot4 joins: the update rewrites the players; an update
	// that does not name them keeps them.
	a, _ := s.Tournament(ctx, "a")
	a.Players = []string{"bot2", "bot4"}
	if err := s.UpdateTournament(ctx, a); err != nil {
		t.Fatal(err)
	}
	if got := ids(store.TournamentFilter{Involving: []string{"bot1"}}); got != "" {
		t.Errorf("bot1's after it left: %q", got)
	}
	a.Players = nil
	if err := s.UpdateTournament(ctx, a); err != nil {
		t.Fatal(err)
	}
	if got := ids(store.TournamentFilter{Involving: []string{"bot4"}}); got != "a" {
		t.Errorf("bot4's after an update without players: %q, want a", got)
	}
}

// RaceTournamentUpdates checks that of many updates at once over the same
// version, through the stores a and b (two processes on one database, or
// the same store twice), exactly one is written and the others are
// conflicts.
func RaceTournamentUpdates(t *testing.T, a, b TournamentStore) {
	t.Helper()
	ctx := context.Background()
	if err := a.CreateTournament(ctx, &store.TournamentRecord{ID: "race", Name: "race", Status: "running", Data: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	raceOne(t, 8, func(i int) error {
		rec := &store.TournamentRecord{ID: "race", Name: "race", Status: "running", Data: []byte(fmt.Sprintf(`{"by":%d}`, i)), Version: 1}
		return []TournamentStore{a, b}[i%2].UpdateTournament(ctx, rec)
	})
	for _, s := range []TournamentStore{a, b} {
		if got, err := s.Tournament(ctx, "race"); err != nil || got.Version != 2 {
			t.Errorf("after the race: %+v, %v", got, err)
		}
	}
}
