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
	storetest.RaceFinishRated(t, a, b)
}
