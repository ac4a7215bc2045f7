// A fresh PostgreSQL database per test.

package pgtest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvDSN is the variable that names the test server.
const EnvDSN = "REVERSI_TEST_POSTGRES"

var count atomic.Int64

// FreshDSN creates an empty database, dropped when the test ends (a
// database it cannot drop fails the test), and returns its URL. It skips
// the test if EnvDSN is not set.
func FreshDSN(t testing.TB) string {
	t.Helper()
	admin := os.Getenv(EnvDSN)
	if admin == "" {
		t.Skip(EnvDSN + " is not set: no PostgreSQL server to test against (.ci/run starts one)")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connecting to %s: %v", EnvDSN, err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("reversi_t%d_%d_%d", time.Now().UnixNano()%1e9, os.Getpid(), count.Add(1))
	// From template0, which no session may be connected to, not template1
	// (the default), which a session (psql's, say) may be: CREATE
	// DATABASE fails while one is.
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0"); err != nil {
		t.Fatalf("creating the test database %s: %v", name, err)
	}
	t.Cleanup(func() {
		// A database left behind is an error of the test: the server
		// keeps it, and every run would add some.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("dropping the test database %s: connecting to %s: %v", name, EnvDSN, err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("dropping the test database %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
