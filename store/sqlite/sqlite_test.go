package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/storetest"
)

func TestContract(t *testing.T) {
	open := func(t *testing.T) *Store {
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	storetest.Run(t, func(t *testing.T) store.Store { return open(t) })
	storetest.RunCluster(t, func(t *testing.T) storetest.ClusterStore { return open(t) })
	storetest.RunAccounts(t, func(t *testing.T) storetest.AccountStore { return open(t) })
	storetest.RunTournaments(t, func(t *testing.T) storetest.TournamentStore { return open(t) })
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore { return open(t) })
	storetest.RunStudies(t, func(t *testing.T) storetest.StudyStore { return open(t) })
}

// TestReopen: a second open of the same file finds the games and leaves
// the schema alone.
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "re.db")
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	s.Create(ctx, &store.Game{ID: "x", Rule: "standard", Start: "s"})
	s.AppendMove(ctx, "x", store.Move{Ply: 0, Square: "F5"})
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Get(ctx, "x")
	if err != nil || len(g.Moves) != 1 {
		t.Fatalf("after reopening: %v, %v", g, err)
	}
}

// TestMigrateFromV1: a database of the first schema version (as the
// first releases wrote it) gets the new columns and tables, its games
// intact.
func TestMigrateFromV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	old, _ := sql.Open("sqlite", "file:"+path)
	// Back to version 1: drop what the later versions made.
	for _, q := range []string{"DROP TABLE tournament_players", "DROP TABLE studies", "DROP TABLE bot_accepts", "DROP TABLE offers", "DROP TABLE tournaments", "DROP TABLE game_accounts", "DROP TABLE rating_history", "DROP TABLE ratings", "DROP TABLE invitations", "DROP TABLE api_keys", "DROP TABLE sessions", "DROP TABLE accounts", "ALTER TABLE games DROP COLUMN opening_moves", "ALTER TABLE games DROP COLUMN switches", "ALTER TABLE games DROP COLUMN analysis", "ALTER TABLE games DROP COLUMN rematch_offers", "ALTER TABLE games DROP COLUMN rematch_game", "ALTER TABLE games DROP COLUMN increment_ms", "DROP TABLE submissions", "ALTER TABLE games DROP COLUMN revision", "DELETE FROM schema_version WHERE version > 1"} {
		if _, err := old.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	if _, err := old.Exec(`INSERT INTO games VALUES ('old', 1, 1, 'standard', 's', 0, 0, 'human', 'a', '', 'h', 'open', '', '', '', 0, 0, '', '', '', 0, 0, '', '', 0)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Get(ctx, "old")
	if err != nil || g.Seats[0].Name != "a" || g.Revision != 0 || g.Increment != 0 {
		t.Fatalf("the old game after the migration: %+v, %v", g, err)
	}
	if err := s.Submit(ctx, store.Submission{ID: "x", Game: "old", Action: "resign"}); err != nil {
		t.Errorf("a submission after the migration: %v", err)
	}
}

// TestMigrateFromV2: a database of schema version 2 gets the games'
// clock increments (storetest.MigrateFromV2).
func TestMigrateFromV2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	old, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	storetest.MigrateFromV2(t, old, func(t *testing.T) store.Store {
		old.Close() // one process holds the file
		s, err := Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestMigrateTournamentPlayers: the tournaments of a database before
// schema 12 are found by their players (storetest.MigrateTournamentPlayers).
func TestMigrateTournamentPlayers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v11.db")
	storetest.MigrateTournamentPlayers(t, func(t *testing.T) store.Store {
		s, err := Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}, func(t *testing.T, queries ...string) {
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, q := range queries {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	})
}

// TestOpenErrors: what keeps a file from being opened is said in words,
// and a failed Open leaves no lock behind.
func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "not-a-db")
	os.WriteFile(notDB, []byte(strings.Repeat("this is not SQLite ", 200)), 0o644)
	aFile := filepath.Join(dir, "a-file")
	os.WriteFile(aFile, nil, 0o644)
	aDir := filepath.Join(dir, "a-dir")
	os.Mkdir(aDir, 0o755)
	tests := []struct {
		name, path, want string
	}{
		{"no path", "", "sqlite: no database file given"},
		{"missing directory", filepath.Join(dir, "no", "such", "x.db"),
			"sqlite " + filepath.Join(dir, "no", "such", "x.db") + ": directory " + filepath.Join(dir, "no", "such") + " does not exist"},
		{"directory is a file", filepath.Join(aFile, "x.db"),
			"sqlite " + filepath.Join(aFile, "x.db") + ": " + aFile + " is not a directory"},
		{"file is a directory", aDir, "sqlite " + aDir + ": is a directory, not a database file"},
		{"not a database", notDB, "sqlite " + notDB + ": is not an SQLite database (file is not a database (26))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open(context.Background(), tt.path)
			if err == nil {
				s.Close()
				t.Fatalf("opened")
			}
			if err.Error() != tt.want {
				t.Errorf("error\n%s\nwant\n%s", err, tt.want)
			}
			if locks, _ := filepath.Glob(filepath.Join(dir, "*.lock")); len(locks) > 0 {
				t.Errorf("lock files left: %v", locks)
			}
		})
	}
}

// TestSpecialPath: a path with '?', '#', '%', '&' and spaces names
// exactly that file; none of it is taken for URI parameters.
func TestSpecialPath(t *testing.T) {
	root := t.TempDir()
	dirName, fileName := "a dir #1 ?x=y", "games?mode=ro&_pragma=x#frag %41 é.db"
	if runtime.GOOS == "windows" { // no '?' in Windows file names
		dirName, fileName = "a dir #1 x=y", "games&mode=ro#frag %41 é.db"
	}
	dir := filepath.Join(root, dirName)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, fileName)
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, &store.Game{ID: "x", Rule: "standard", Start: "s"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".lock"); err != nil {
		t.Errorf("the lock file while open: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := names(t, root); !slices.Equal(got, []string{dirName}) {
		t.Errorf("in the temporary directory: %q, want only %q", got, dirName)
	}
	if got := names(t, dir); !slices.Equal(got, []string{fileName}) {
		t.Errorf("in %q: %q, want only %q", dirName, got, fileName)
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Get(ctx, "x"); err != nil {
		t.Errorf("the game after reopening: %v", err)
	}
}

// names lists the directory dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestSynchronous: the store's connections run with synchronous=FULL by
// default (a commit is on the disk when it returns), NORMAL only when
// asked (SyncNormal); ParseSync reads the names and refuses others.
// Several connections of the pool are asked at once (each is opened with
// the same settings). Before, every store ran with NORMAL.
func TestSynchronous(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		opts Options
		want string
	}{{Options{}, "full"}, {Options{Sync: SyncFull}, "full"}, {Options{Sync: SyncNormal}, "normal"}} {
		s, err := OpenWith(ctx, filepath.Join(t.TempDir(), "sync.db"), tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		// Hold a few connections at once, so that the pool opens several.
		var held []*sql.Conn
		for range 3 {
			c, err := s.db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			held = append(held, c)
		}
		for i, c := range held {
			var n int
			if err := c.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&n); err != nil {
				t.Fatal(err)
			}
			if got := []string{"off", "normal", "full", "extra"}[n]; got != tc.want {
				t.Errorf("%+v: connection %d runs with synchronous=%s, want %s", tc.opts, i, got, tc.want)
			}
			c.Close()
		}
		if got, err := s.Synchronous(ctx); err != nil || got != tc.want {
			t.Errorf("%+v: Synchronous() = %q, %v; want %q", tc.opts, got, err, tc.want)
		}
		s.Close()
	}
	for text, want := range map[string]Sync{"full": SyncFull, "FULL": SyncFull, "normal": SyncNormal, "Normal": SyncNormal} {
		if got, err := ParseSync(text); err != nil || got != want {
			t.Errorf("ParseSync(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, text := range []string{"", "off", "extra", "2"} {
		if _, err := ParseSync(text); err == nil || !strings.Contains(err.Error(), "want full") {
			t.Errorf("ParseSync(%q): %v, want an error saying what it takes", text, err)
		}
	}
}

// TestWritersTakeTurns: many write transactions at once in one process
// wait for their turn in the store, not in SQLite's busy handler: with a
// busy timeout of a millisecond, none fails with "database is locked".
// Before, the waiting writers polled the lock, and under load (and with
// synchronous=FULL's slower commits) some waited past the 10 s timeout.
func TestWritersTakeTurns(t *testing.T) {
	ctx := context.Background()
	s, err := OpenWith(ctx, filepath.Join(t.TempDir(), "turns.db"), Options{busyTimeout: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const games, moves = 40, 10
	errs := make(chan error, games*moves)
	var wg sync.WaitGroup
	for i := range games {
		id := fmt.Sprintf("g%d", i)
		wg.Go(func() {
			if err := s.Create(ctx, &store.Game{ID: id, Rule: "standard", Start: "s"}); err != nil {
				errs <- err
				return
			}
			for ply := range moves {
				if err := s.AppendMove(ctx, id, store.Move{Ply: ply, Square: "F5"}); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	n := 0
	for err := range errs {
		if n++; n <= 3 {
			t.Error(err)
		}
	}
	if n > 0 {
		t.Errorf("%d of %d writes failed", n, games*(moves+1))
	}
}

// TestGroupCommit: the moves of several games that arrive while a write
// transaction holds the store's turn are committed together in the next
// transaction, each as it would have been alone: the valid ones stored,
// one that conflicts refused with store.ErrConflict and one whose context
// ended while it waited refused with the context's error, neither of
// them stored, and neither undoing the others. Before, each move was a
// transaction (and a flush to the disk) of its own.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "group.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const games = 8
	for i := range games {
		if err := s.Create(ctx, &store.Game{ID: fmt.Sprintf("g%d", i), Rule: "standard", Start: "s"}); err != nil {
			t.Fatal(err)
		}
	}
	gone, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make([]error, games)
	var wg sync.WaitGroup
	before := s.Writes()
	err = s.InTurn(ctx, func() error {
		for i := range games {
			mctx, ply := ctx, 0
			switch i {
			case 6:
				ply = 3 // the game has no move: a conflict
			case 7:
				mctx = gone
			}
			wg.Go(func() { errs[i] = s.AppendMove(mctx, fmt.Sprintf("g%d", i), store.Move{Ply: ply, Square: "F5"}) })
		}
		for deadline := time.Now().Add(time.Minute); s.Waiting() < games; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				return fmt.Errorf("%d moves waiting for the turn, want %d", s.Waiting(), games)
			}
		}
		cancel() // the last move's request gives up while it waits
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if n := s.Writes() - before; n != 1 {
		t.Errorf("%d moves waiting together were committed in %d transactions, want 1", games, n)
	}
	for i := range games {
		g, err := s.Get(ctx, fmt.Sprintf("g%d", i))
		if err != nil {
			t.Fatal(err)
		}
		wantErr, wantMoves := error(nil), 1
		switch i {
		case 6:
			wantErr, wantMoves = store.ErrConflict, 0
		case 7:
			wantErr, wantMoves = context.Canceled, 0
		}
		if !errors.Is(errs[i], wantErr) || errs[i] != nil && wantErr == nil {
			t.Errorf("g%d: AppendMove: %v, want %v", i, errs[i], wantErr)
		}
		if len(g.Moves) != wantMoves || wantMoves == 1 && (g.Moves[0].Square != "F5" || g.Revision != 2) {
			t.Errorf("g%d: moves %+v, revision %d; want %d", i, g.Moves, g.Revision, wantMoves)
		}
	}
	// Alone, a move is its own transaction, as before.
	before = s.Writes()
	if err := s.AppendMove(ctx, "g0", store.Move{Ply: 1, Square: "D6"}); err != nil {
		t.Fatal(err)
	}
	if n := s.Writes() - before; n != 1 {
		t.Errorf("one move: %d transactions", n)
	}
}

// TestCheckpoints: an open store folds its write-ahead log back into the
// database and truncates it after it wrote (here every 50 ms), while a
// reader keeps reading; Checkpoint does it at once. Before, the log
// only grew until the store was closed (167 MB after 1,500 games).
func TestCheckpoints(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "wal.db")
	s, err := OpenWith(ctx, path, Options{checkpointEvery: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	walSize := func() int64 {
		fi, err := os.Stat(path + "-wal")
		if err != nil {
			return 0
		}
		return fi.Size()
	}
	stop := make(chan struct{})
	var readers sync.WaitGroup
	readers.Go(func() { // reads all along
		for {
			select {
			case <-stop:
				return
			default:
				s.List(ctx, store.ListOptions{Limit: 5})
			}
		}
	})
	defer func() { close(stop); readers.Wait() }()
	for i := range 200 {
		if err := s.Create(ctx, &store.Game{ID: fmt.Sprintf("g%d", i), Rule: "standard", Start: strings.Repeat("s", 2000)}); err != nil {
			t.Fatal(err)
		}
	}
	// The writes are over: the log is folded and truncated at the next
	// period (or the test times out).
	for walSize() != 0 {
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.Create(ctx, &store.Game{ID: "more", Rule: "standard", Start: "s"}); err != nil {
		t.Fatal(err)
	}
	if walSize() == 0 {
		t.Fatalf("a write left the log empty")
	}
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	if n := walSize(); n != 0 {
		t.Errorf("after Checkpoint the log holds %d bytes", n)
	}
}
