// The choice of the store by the database's name.

package open

import (
	"context"
	"net/url"
	"strings"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// IsPostgres reports whether db is a PostgreSQL URL (postgres:// or
// postgresql://) rather than an SQLite file.
func IsPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Store opens the database db: a PostgreSQL URL (see IsPostgres), or an
// SQLite file, created if needed, whose commits are on the disk when they
// return (sqlite.SyncFull). The errors are those of postgres.Open and
// sqlite.Open.
func Store(ctx context.Context, db string) (store.Store, error) {
	return With(ctx, db, Options{})
}

// Options are the settings of With; the zero value is Store's.
type Options struct {
	// SQLite are the settings of an SQLite file (see sqlite.Options).
	SQLite sqlite.Options
}

// With is Store with the settings of opts.
func With(ctx context.Context, db string, opts Options) (store.Store, error) {
	if IsPostgres(db) {
		return postgres.Open(ctx, db)
	}
	return sqlite.OpenWith(ctx, db, opts.SQLite)
}

// Redacted returns db as it may be shown or logged: a URL with a user
// has its password replaced by "xxxxx"; anything else is returned as it
// is.
func Redacted(db string) string {
	if u, err := url.Parse(db); err == nil && u.User != nil {
		return u.Redacted()
	}
	return db
}
