package postgres

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/storetest"
)

// The tests need a PostgreSQL server: REVERSI_TEST_POSTGRES is the URL
// of a role that may create databases (.ci/run starts one). Each test
// gets a database of its own, dropped at the end.
const envDSN = "REVERSI_TEST_POSTGRES"

var dbCount atomic.Int64

// freshDSN creates an empty database and returns its URL.
func freshDSN(t *testing.T) string {
	t.Helper()
	admin := os.Getenv(envDSN)
	if admin == "" {
		t.Skip(envDSN + " is not set: no PostgreSQL server to test against (.ci/run starts one)")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connecting to %s: %v", envDSN, err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("reversi_t%d_%d", time.Now().UnixNano()%1e9, dbCount.Add(1))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), admin)
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := Open(context.Background(), freshDSN(t))
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
	dsn := freshDSN(t)
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
	a.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_version").Scan(&versions)
	if versions != len(migrations) {
		t.Errorf("%d schema versions recorded, want %d", versions, len(migrations))
	}
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	heard := make(chan string, 10)
	ready := make(chan struct{})
	go b.Listen(lctx, func(id string) { heard <- id })
	go func() { // the listener needs a moment to register
		time.Sleep(200 * time.Millisecond)
		close(ready)
	}()
	<-ready
	if err := a.Create(ctx, &store.Game{ID: "shared", Rule: "standard", Start: "s"}); err != nil {
		t.Fatal(err)
	}
	if err := a.AppendMove(ctx, "shared", store.Move{Ply: 0, Square: "F5"}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		select {
		case id := <-heard:
			if id != "shared" {
				t.Errorf("notified of %q", id)
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
