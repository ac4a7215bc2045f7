package postgres

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/internal/sqlbase"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
	"github.com/reversi-engine/reversi/store/storetest"
)

func TestContract(t *testing.T) {
	open := func(t *testing.T) *Store {
		s, err := Open(context.Background(), pgtest.FreshDSN(t))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	storetest.Run(t, func(t *testing.T) store.Store { return open(t) })
	storetest.RunCluster(t, func(t *testing.T) storetest.ClusterStore { return open(t) })
	storetest.RunAccounts(t, func(t *testing.T) storetest.AccountStore { return open(t) })
	storetest.RunTournaments(t, func(t *testing.T) storetest.TournamentStore { return open(t) })
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore { return open(t) })
	storetest.RunStudies(t, func(t *testing.T) storetest.StudyStore { return open(t) })
}

// TestMigrateFromV2: a database of schema version 2 gets the games'
// clock increments (storetest.MigrateFromV2).
func TestMigrateFromV2(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.MigrateFromV2(t, s.db, func(t *testing.T) store.Store {
		s, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestMigrateTournamentPlayers: the tournaments of a database before
// schema 12 are found by their players (storetest.MigrateTournamentPlayers).
func TestMigrateTournamentPlayers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	open := func(t *testing.T) *Store {
		s, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	storetest.MigrateTournamentPlayers(t, func(t *testing.T) store.Store { return open(t) }, func(t *testing.T, queries ...string) {
		s := open(t)
		defer s.Close()
		for _, q := range queries {
			if _, err := s.db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	})
}

// TestTwoProcesses: two stores on one database (as two servers would
// hold) see each other's changes, are told of them by NOTIFY, and
// migrate the schema once between them.
func TestTwoProcesses(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	ctx := context.Background()
	var a, b *Store
	var errA, errB error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a, errA = Open(ctx, dsn) }()
	go func() { defer wg.Done(); b, errB = Open(ctx, dsn) }()
	wg.Wait()
	if errA != nil || errB != nil {
		t.Fatalf("opening together: %v, %v", errA, errB)
	}
	defer a.Close()
	defer b.Close()
	var versions int
	a.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_version").Scan(&versions)
	if versions != len(sqlbase.Migrations) {
		t.Errorf("%d schema versions recorded, want %d", versions, len(sqlbase.Migrations))
	}
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	heard := make(chan store.Note, 10)
	ready := make(chan struct{})
	go b.Listen(lctx, func(n store.Note) {
		if n == (store.Note{}) {
			close(ready) // listening
			return
		}
		heard <- n
	})
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		t.Fatal("not listening after 5 s")
	}
	if err := a.Create(ctx, &store.Game{ID: "shared", Rule: "standard", Start: "s"}); err != nil {
		t.Fatal(err)
	}
	if err := a.AppendMove(ctx, "shared", store.Move{Ply: 0, Square: "F5"}); err != nil {
		t.Fatal(err)
	}
	if err := a.Submit(ctx, store.Submission{ID: "s1", Game: "shared", Action: "resign"}); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		select {
		case n := <-heard:
			if n.Game != "shared" || n.Submission != (i == 2) {
				t.Errorf("note %d: %+v", i, n)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no notification from the other process")
		}
	}
	g, err := b.Get(ctx, "shared")
	if err != nil || len(g.Moves) != 1 {
		t.Fatalf("the other process reads %v, %v", g, err)
	}
}

// TestTwoProcessesRate: two stores on one database (two servers) racing
// to finish the same rated game rate it once (storetest.RaceFinishRated).
func TestTwoProcessesRate(t *testing.T) {
	a, b := twoProcesses(t)
	storetest.RaceFinishRated(t, a, b)
}

// twoProcesses opens two stores on one fresh database, as two servers
// do; they close when the test ends.
func twoProcesses(t *testing.T) (a, b *Store) {
	t.Helper()
	dsn := pgtest.FreshDSN(t)
	for _, s := range []**Store{&a, &b} {
		var err error
		if *s, err = Open(context.Background(), dsn); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { (*s).Close() })
	}
	return a, b
}

// TestTwoProcessesUpdateATournament: two stores on one database (two
// servers) updating one tournament at once over the same version: one
// update is written (storetest.RaceTournamentUpdates).
func TestTwoProcessesUpdateATournament(t *testing.T) {
	a, b := twoProcesses(t)
	storetest.RaceTournamentUpdates(t, a, b)
}

// TestTwoProcessesUpdateAStudy: two stores on one database (two
// servers) saving one study at once over the same revision: one save is
// written (storetest.RaceStudyUpdates).
func TestTwoProcessesUpdateAStudy(t *testing.T) {
	a, b := twoProcesses(t)
	storetest.RaceStudyUpdates(t, a, b)
}

// TestTwoProcessesAcceptAnOffer: two stores on one database (two
// servers) accepting one offer at once: one acceptance is written
// (storetest.RaceOfferAccepts).
func TestTwoProcessesAcceptAnOffer(t *testing.T) {
	a, b := twoProcesses(t)
	storetest.RaceOfferAccepts(t, a, b)
}

// TestServerDiesWhileRating: a server whose connection dies in the
// middle of rating a game (its backend terminated while its transaction
// is open, as when its process is killed) leaves nothing of it: another
// server finishes and rates the game, once.
func TestServerDiesWhileRating(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	ctx := context.Background()
	a, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, id := range []string{"ada", "bob"} {
		if err := a.CreateAccount(ctx, &store.Account{ID: id, Kind: store.Person, Name: id}, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Create(ctx, &store.Game{ID: "g", Rule: "standard", Start: "s", GameTime: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	if err := a.LinkGame(ctx, "g", store.GameLink{Accounts: [2]string{"ada", "bob"}, Rated: true, Class: "blitz"}); err != nil {
		t.Fatal(err)
	}
	result := store.Result{Reason: "normal end", Winner: "black", By: "none", Black: 40, White: 24}
	rate := func(in store.RateInput) ([2]store.Rating, bool, error) {
		out := in.Ratings
		out[0].Rating, out[0].Deviation, out[0].Volatility = 1600, 300, 0.06
		out[1].Rating, out[1].Deviation, out[1].Volatility = 1400, 300, 0.06
		return out, true, nil
	}
	inside, release := make(chan struct{}), make(chan struct{})
	errA := make(chan error, 1)
	go func() {
		_, err := a.FinishRated(ctx, "g", result, func(in store.RateInput) ([2]store.Rating, bool, error) {
			close(inside)
			<-release
			return rate(in)
		})
		errA <- err
	}()
	<-inside
	// A's transaction waits in its Rater: its connection is the one idle
	// in a transaction. End it as the death of A's process would.
	var pid int
	if err := b.db.QueryRowContext(ctx, `SELECT pid FROM pg_stat_activity
		WHERE datname = current_database() AND state = 'idle in transaction'`).Scan(&pid); err != nil {
		t.Fatalf("finding A's transaction: %v", err)
	}
	var killed bool
	if err := b.db.QueryRowContext(ctx, `SELECT pg_terminate_backend($1)`, pid).Scan(&killed); err != nil || !killed {
		t.Fatalf("ending A's connection: %v, %v", killed, err)
	}
	done, err := b.FinishRated(ctx, "g", result, rate)
	if err != nil || !done.Rated || done.After[0].Rating != 1600 {
		t.Fatalf("B's finish: %+v, %v", done, err)
	}
	close(release)
	if err := <-errA; err == nil {
		t.Error("A's finish succeeded on a dead connection")
	}
	for _, id := range []string{"ada", "bob"} {
		rs, err := a.Ratings(ctx, id)
		hist, _ := a.RatingHistory(ctx, id, "blitz")
		if err != nil || len(rs) != 1 || rs[0].Games != 1 || len(hist) != 1 {
			t.Errorf("%s: ratings %+v, %v, history %+v: want one game", id, rs, err, hist)
		}
	}
	if g, err := a.Get(ctx, "g"); err != nil || g.Result == nil || *g.Result != result {
		t.Errorf("the game: %+v, %v", g, err)
	}
}
