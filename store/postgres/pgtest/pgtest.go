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

// FreshDSN creates an empty database, dropped when the test ends, and
// returns its URL. It skips the test if EnvDSN is not set.
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
