package sqlite

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
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
	s.DB.Close()
	old := &store.SQL{DB: s.DB, D: s.D}
	old.D.Migrations = store.Migrations[:1]
	old.DB, _ = sql.Open("sqlite", "file:"+path)
	// Back to version 1: drop what version 2 made.
	for _, q := range []string{"DROP TABLE submissions", "ALTER TABLE games DROP COLUMN revision", "DELETE FROM schema_version WHERE version > 1"} {
		if _, err := old.DB.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	if _, err := old.DB.Exec(`INSERT INTO games VALUES ('old', 1, 1, 'standard', 's', 0, 0, 'human', 'a', '', 'h', 'open', '', '', '', 0, 0, '', '', '', 0, 0, '', '', 0)`); err != nil {
		t.Fatal(err)
	}
	old.DB.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Get(ctx, "old")
	if err != nil || g.Seats[0].Name != "a" || g.Revision != 0 {
		t.Fatalf("the old game after the migration: %+v, %v", g, err)
	}
	if err := s.Submit(ctx, store.Submission{ID: "x", Game: "old", Action: "resign"}); err != nil {
		t.Errorf("a submission after the migration: %v", err)
	}
}

func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "not-a-db")
	os.WriteFile(bad, []byte(strings.Repeat("this is not SQLite ", 200)), 0o644)
	if s, err := Open(context.Background(), bad); err == nil {
		s.Close()
		t.Errorf("a text file opened as a database")
	}
	if s, err := Open(context.Background(), filepath.Join(dir, "no", "such", "dir", "x.db")); err == nil {
		s.Close()
		t.Errorf("a database in a missing folder opened")
	}
}
