package open

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/store/sqlite"
)

func TestIsPostgres(t *testing.T) {
	for db, want := range map[string]bool{
		"postgres://u:p@h/db": true, "postgresql://h/db": true, "reversi.db": false,
		"/var/lib/reversi/postgres.db": false, "POSTGRES://h/db": false, "": false,
	} {
		if got := IsPostgres(db); got != want {
			t.Errorf("IsPostgres(%q) = %v, want %v", db, got, want)
		}
	}
}

func TestRedacted(t *testing.T) {
	for db, want := range map[string]string{
		"postgres://reversi:secret@db.example:5432/games": "postgres://reversi:xxxxx@db.example:5432/games",
		"postgres://reversi@db.example/games":             "postgres://reversi@db.example/games",
		"postgres://db.example/games":                     "postgres://db.example/games",
		"reversi.db":                                      "reversi.db",
		"dir/with:colon.db":                               "dir/with:colon.db",
	} {
		if got := Redacted(db); got != want {
			t.Errorf("Redacted(%q) = %q, want %q", db, got, want)
		}
	}
}

func TestStoreSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := Store(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := st.(*sqlite.Store); !ok {
		t.Errorf("Store(%q) is a %T, want an SQLite store", path, st)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = Store(context.Background(), filepath.Join(t.TempDir(), "nowhere", "x.db"))
	if err == nil || !strings.Contains(err.Error(), "nowhere") {
		t.Errorf("a file in a missing folder: %v, want an error naming it", err)
	}
}
