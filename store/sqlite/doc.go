// Package sqlite is the SQLite store of the game server (modernc.org's
// pure Go SQLite): one file, write-ahead logging, one writer at a time,
// one reversi process at a time.
//
// Every change is a transaction that takes the write lock at once
// (BEGIN IMMEDIATE) and is committed before the call returns. By default
// (synchronous=FULL in WAL mode, SyncFull) a commit is on the disk when
// it returns: it survives a crash of the process, of the operating
// system and a power cut. OpenWith with SyncNormal trades that for
// speed: a commit then survives a crash of the process (the kill -9 the
// server's tests make), though not a power cut of the machine. The
// changes of games that arrive while a commit is under way are committed
// together in the next transaction, each in a savepoint of its own (a
// group commit: one flush to the disk for them all), and each call
// returns once the commit that holds its change is done.
//
// Only one Store may have a file open at a time: Open locks the file
// "<database>.lock" beside it, and a second Open, in this process or
// another, fails with an *InUseError until the first is closed or its
// process ends (see lock.go). Several servers on one database need
// PostgreSQL (package store/postgres).
//
// Open returns a Store (store.Store); InUseError says who holds the file.
// It imports store, store/internal/sqlbase and modernc.org/sqlite;
// store/open opens it for any --db that is not a postgres:// URL.
package sqlite
