// The PostgreSQL store.

package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/internal/sqlbase"
)

// channel is the NOTIFY channel of game changes; the payload is "g:" and
// the game's id for a change of the game, "s:" and the id for a
// submission or a verdict.
const channel = "reversi_games"

// Store is a PostgreSQL store: the SQL it shares with store/sqlite, and
// the announcements of changes. It implements store.Shared and
// store.Accounts.
type Store struct {
	*sqlStore
	db  *sql.DB
	dsn string
}

// sqlStore is the shared SQL implementation, embedded under a name of
// this package so that its methods are Store's and the field stays
// unexported.
type sqlStore = sqlbase.SQL

var (
	_ store.Shared      = (*Store)(nil)
	_ store.Accounts    = (*Store)(nil)
	_ store.Tournaments = (*Store)(nil)
	_ store.Lobby       = (*Store)(nil)
	_ store.Studies     = (*Store)(nil)
)

// Open connects to the database of dsn (a postgres:// URL or key=value
// string) and brings its schema up to date.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(20) // the default of 2 would open a new connection (a new PostgreSQL process) for most changes under load
	base, err := sqlbase.Open(ctx, db, sqlbase.Dialect{
		Name:           "postgres",
		Placeholder:    func(n int) string { return "$" + strconv.Itoa(n) },
		ForUpdate:      " FOR UPDATE",
		Begin:          func(ctx context.Context, db *sql.DB) (*sql.Tx, error) { return db.BeginTx(ctx, nil) },
		Migrations:     sqlbase.Migrations,
		LockMigrations: "SELECT pg_advisory_xact_lock(726173)",
		AfterChange: func(ctx context.Context, tx *sql.Tx, note store.Note) error {
			payload := "g:" + note.Game
			if note.Submission {
				payload = "s:" + note.Game
			}
			_, err := tx.ExecContext(ctx, "SELECT pg_notify($1, $2)", channel, payload)
			return err
		},
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Store{sqlStore: base, db: db, dsn: dsn}, nil
}

// Listen implements store.Notifier: it calls f with the id of every game
// changed by any process, from a connection of its own, until ctx ends.
func (s *Store) Listen(ctx context.Context, f func(store.Note)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return fmt.Errorf("postgres: listening: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return fmt.Errorf("postgres: listening: %w", err)
	}
	f(store.Note{}) // listening from now on
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("postgres: listening: %w", err)
		}
		kind, id, ok := strings.Cut(n.Payload, ":")
		if !ok {
			continue // not ours
		}
		f(store.Note{Game: id, Submission: kind == "s"})
	}
}
