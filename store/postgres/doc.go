// Package postgres is the PostgreSQL store of the game server (pgx), for
// several server processes on one database: a game's row is locked for
// each change, and every change is announced with NOTIFY so that the
// other processes update their watchers.
//
// Open returns a Store (store.Store and store.Shared). It imports store,
// store/internal/sqlbase and pgx; store/open opens it for a postgres://
// --db, and store/postgres/pgtest gives its tests a fresh database.
package postgres
