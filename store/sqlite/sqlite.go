// Package sqlite is the SQLite store of the game server (modernc.org's
// pure Go SQLite): one file, write-ahead logging, one writer at a time.
//
// Every change is a transaction that takes the write lock at once
// (BEGIN IMMEDIATE) and is committed before the call returns. With
// synchronous=NORMAL in WAL mode a commit survives a crash of the
// process (the kill -9 the server's tests make), though not a power cut
// of the machine.
package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"

	"github.com/reversi-engine/reversi/store"
)

// Open opens (creating it if needed) the database file at path and
// brings its schema up to date.
func Open(ctx context.Context, path string) (*store.SQL, error) {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	s := &store.SQL{DB: db, D: store.Dialect{
		Name:       "sqlite",
		Begin:      func(ctx context.Context, db *sql.DB) (*sql.Tx, error) { return db.BeginTx(ctx, nil) },
		Migrations: store.Migrations,
	}}
	if err := s.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}
