package sqlite

import (
	"context"
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
