// Package serve starts the real game server that the example bots' tests
// play against: a server on a fresh SQLite file, behind a loopback HTTP
// listener, closed with the test. For tests only.
package serve

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/reversi-engine/reversi/server"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// Start starts a server for t and returns its base URL and its store.
func Start(t *testing.T) (string, store.Store) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := server.New(server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return hs.URL, st
}

// OneFinishedGame fails t unless st holds exactly one game, finished, with
// black named black.
func OneFinishedGame(t *testing.T, st store.Store, black string) {
	t.Helper()
	games, err := st.List(context.Background(), store.ListOptions{})
	if err != nil || len(games) != 1 || !games[0].Finished || games[0].Black != black {
		t.Fatalf("games after the bot's game: %+v, %v (want one finished, black %q)", games, err, black)
	}
}
