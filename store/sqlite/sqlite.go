// The SQLite store.

package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	driver "modernc.org/sqlite" // the database/sql driver "sqlite"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/internal/sqlbase"
)

// Store is an SQLite store: the SQL it shares with store/postgres on the
// file, and the lock that keeps other reversi processes off it. It
// implements store.Store, store.Cluster and store.Accounts (the SQL is
// shared), but not store.Notifier: one process at a time uses the file,
// so it is not a store.Shared.
type Store struct {
	*sqlStore
	db      *sql.DB
	lock    *fileLock
	release sync.Once
	// stop ends the checkpoints' goroutine, stopped says it has ended.
	stop    context.CancelFunc
	stopped chan struct{}
	// busyTimeout is the connections' (Options.busyTimeout).
	busyTimeout time.Duration
}

// Sync is when a commit is on the disk: SQLite's synchronous setting in
// WAL mode (https://www.sqlite.org/pragma.html#pragma_synchronous).
type Sync int

const (
	// SyncFull (the default) makes every commit durable before it
	// returns: the write-ahead log is flushed to the disk (fsync) at each
	// commit, so a move acknowledged survives a power cut or a crash of
	// the operating system as well as a crash of the process.
	SyncFull Sync = iota
	// SyncNormal flushes the write-ahead log only at checkpoints: a
	// commit survives a crash of the process (kill -9), but a power cut
	// or a crash of the operating system may lose the last commits (the
	// database stays consistent). Faster where an fsync is slow.
	SyncNormal
)

// String is the setting's name, as ParseSync reads it: "full" or
// "normal".
func (y Sync) String() string {
	if y == SyncNormal {
		return "normal"
	}
	return "full"
}

// ParseSync reads "full" or "normal" (in any case).
func ParseSync(s string) (Sync, error) {
	switch strings.ToLower(s) {
	case "full":
		return SyncFull, nil
	case "normal":
		return SyncNormal, nil
	}
	return 0, fmt.Errorf("%q: want full (every commit on the disk before it is acknowledged) or normal (faster; a power cut may lose the last commits)", s)
}

// Options are the settings of OpenWith; the zero value is Open's.
type Options struct {
	// Sync is when a commit is on the disk (default SyncFull).
	Sync Sync
	// busyTimeout is how long a connection waits for a lock that another
	// process holds (default 10 s); tests shorten it.
	busyTimeout time.Duration
	// checkpointEvery is how often the write-ahead log is folded back
	// into the database if there were writes (default
	// CheckpointInterval); tests shorten it.
	checkpointEvery time.Duration
}

// CheckpointInterval is how often an open store folds its write-ahead log
// back into the database file and truncates it, when it has written
// since the last time (besides SQLite's own checkpoints every 1000
// pages, which readers always at work may keep from reaching the end of
// the log, and which do not shrink the file).
const CheckpointInterval = 30 * time.Second

// sqlStore is the shared SQL implementation, embedded under a name of
// this package so that its methods are Store's and the field stays
// unexported.
type sqlStore = sqlbase.SQL

var (
	_ store.Store       = (*Store)(nil)
	_ store.Cluster     = (*Store)(nil)
	_ store.Accounts    = (*Store)(nil)
	_ store.Tournaments = (*Store)(nil)
	_ store.Lobby       = (*Store)(nil)
	_ store.Studies     = (*Store)(nil)
)

// Open opens (creating it if needed) the database file at path, locks it
// against every other Open until Close, and brings its schema up to date;
// every commit is on the disk before it returns (SyncFull). It is
// OpenWith with the zero Options.
//
// Its errors name the file and say what is wrong in words for the
// operator: a missing or read-only directory, a read-only file, a file
// that is not an SQLite database, or another process using the file (an
// *InUseError).
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, Options{})
}

// OpenWith is Open with the settings of opts.
func OpenWith(ctx context.Context, path string, opts Options) (*Store, error) {
	if opts.Sync != SyncFull && opts.Sync != SyncNormal {
		return nil, fmt.Errorf("sqlite %s: synchronous setting %d unknown", path, opts.Sync)
	}
	if path == "" {
		return nil, errors.New("sqlite: no database file given")
	}
	fail := func(err error) error { return fmt.Errorf("sqlite %s: %w", path, err) }
	if err := check(path); err != nil {
		return nil, fail(err)
	}
	lk, err := acquire(path)
	if err != nil {
		return nil, err // an *InUseError, or already says "sqlite <path>: "
	}
	if opts.busyTimeout <= 0 {
		opts.busyTimeout = 10 * time.Second
	}
	name, err := dsn(path, opts)
	if err != nil {
		lk.release()
		return nil, fail(err)
	}
	db, err := sql.Open("sqlite", name)
	if err != nil {
		lk.release()
		return nil, fail(err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		lk.release()
		return nil, fail(explain(err))
	}
	base, err := sqlbase.Open(ctx, db, sqlbase.Dialect{
		Name:       "sqlite",
		Begin:      func(ctx context.Context, db *sql.DB) (*sql.Tx, error) { return db.BeginTx(ctx, nil) },
		Migrations: sqlbase.Migrations,
		OneWriter:  true,
	})
	if err != nil {
		db.Close()
		lk.release()
		return nil, fail(explain(err))
	}
	if opts.checkpointEvery <= 0 {
		opts.checkpointEvery = CheckpointInterval
	}
	cctx, stop := context.WithCancel(context.Background())
	st := &Store{sqlStore: base, db: db, lock: lk, stop: stop, stopped: make(chan struct{}), busyTimeout: opts.busyTimeout}
	go st.checkpoints(cctx, opts.checkpointEvery)
	return st, nil
}

// checkpoints folds the write-ahead log back into the database and
// truncates it every period in which the store wrote, until ctx ends.
// A checkpoint that fails (readers that would not finish within a
// second) is tried again at the next period.
func (s *Store) checkpoints(ctx context.Context, every time.Duration) {
	defer close(s.stopped)
	tick := time.NewTicker(every)
	defer tick.Stop()
	done := s.Writes()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if w := s.Writes(); w != done {
			if s.Checkpoint(ctx) == nil {
				done = w
			}
		}
	}
}

// Checkpoint folds the write-ahead log back into the database file and
// truncates it (PRAGMA wal_checkpoint(TRUNCATE)), in the turn of the
// write transactions, waiting at most a second for the readers under way.
// The store does it every CheckpointInterval in which it wrote.
func (s *Store) Checkpoint(ctx context.Context) error {
	c, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	return s.InTurn(ctx, func() error {
		if _, err := c.ExecContext(ctx, "PRAGMA busy_timeout(1000)"); err != nil {
			return err
		}
		defer c.ExecContext(context.Background(), "PRAGMA busy_timeout("+strconv.FormatInt(s.busyTimeout.Milliseconds(), 10)+")")
		var busy, logged, folded int
		if err := c.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logged, &folded); err != nil {
			return fmt.Errorf("sqlite: checkpoint: %w", err)
		}
		if busy != 0 {
			return errors.New("sqlite: checkpoint: readers kept it from the end of the log")
		}
		return nil
	})
}

// Synchronous reads the synchronous setting that the store's connections
// run with (PRAGMA synchronous, on a connection of its pool; every
// connection is opened with the same settings): "off", "normal", "full"
// or "extra".
func (s *Store) Synchronous(ctx context.Context) (string, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&n); err != nil {
		return "", fmt.Errorf("sqlite: reading the synchronous setting: %w", err)
	}
	if names := []string{"off", "normal", "full", "extra"}; n >= 0 && n < len(names) {
		return names[n], nil
	}
	return fmt.Sprint(n), nil
}

// Close stops the checkpoints, closes the database (SQLite folds the
// write-ahead log back into it), then releases its lock; closing again
// does nothing more.
func (s *Store) Close() error {
	s.stop()
	<-s.stopped
	err := s.sqlStore.Close()
	s.release.Do(func() {
		if lerr := s.lock.release(); lerr != nil && err == nil {
			err = lerr
		}
	})
	return err
}

// check says, before the driver tries, what would keep the database at
// path from being opened for writing: the directory (missing, not a
// directory, not writable: SQLite keeps the -wal and -shm files beside
// the database, and Open its lock file), the file (a directory, not a
// regular file, read-only or unreadable) and leftover -wal and -shm
// files that cannot be written.
func check(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("directory %s does not exist", dir)
	case err != nil:
		return fmt.Errorf("directory %s: %w", dir, bare(err))
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	if err := access(dir, canWrite); err != nil {
		return fmt.Errorf("directory %s is not writable (%v): the database, its lock file and its write-ahead log (-wal, -shm) are kept there", dir, err)
	}
	fi, err = os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil // created by the driver
	case err != nil:
		return bare(err)
	case fi.IsDir():
		return errors.New("is a directory, not a database file")
	case !fi.Mode().IsRegular():
		return errors.New("is not a regular file")
	}
	if err := access(path, canRead); err != nil {
		return fmt.Errorf("cannot be read (%v)", err)
	}
	if err := access(path, canWrite); err != nil {
		return fmt.Errorf("is read-only (%v): the server writes every move to it", err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + suffix); err == nil {
			if err := access(path+suffix, canRead|canWrite); err != nil {
				return fmt.Errorf("its write-ahead log %s is read-only (%v), left by another user?", path+suffix, err)
			}
		}
	}
	return nil
}

// bare is the error of a failed file operation without the operation
// and the path, which the caller's message names already.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// SQLite's primary result codes that explain gets a message for.
const (
	sqliteReadOnly = 8
	sqliteCorrupt  = 11
	sqliteCantOpen = 14
	sqliteNotADB   = 26
)

// explain puts an error of the driver in an operator's words, keeping
// the driver's text.
func explain(err error) error {
	var se *driver.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case sqliteNotADB:
		return fmt.Errorf("is not an SQLite database (%w)", err)
	case sqliteCorrupt:
		return fmt.Errorf("is a damaged SQLite database (%w)", err)
	case sqliteReadOnly:
		return fmt.Errorf("is read-only (%w)", err)
	case sqliteCantOpen:
		return fmt.Errorf("cannot be opened (%w)", err)
	}
	return err
}

// dsn is the driver's name of the database at path: an SQLite URI
// (https://www.sqlite.org/uri.html) with the path's absolute form
// percent-encoded, so that a '?', '#' or '%' in it is part of the file
// name rather than the start of parameters, then the connection's
// parameters: write-ahead logging, the synchronous setting and the busy
// timeout of opts, foreign keys, and write transactions that take the
// lock at once.
func dsn(path string, opts Options) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows: C:/x.db is file:///C:/x.db
	}
	var b strings.Builder
	b.WriteString("file://") // an empty authority: the path follows
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("/:-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous("+strings.ToUpper(opts.Sync.String())+")")
	q.Add("_pragma", "busy_timeout("+strconv.FormatInt(opts.busyTimeout.Milliseconds(), 10)+")")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	return b.String() + "?" + q.Encode(), nil
}
