package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/reversi-engine/reversi/server"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// TestBotPlaysAGame runs the example bot against a real server to the end.
func TestBotPlaysAGame(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	if err := play(hs.URL, "greedy"); err != nil {
		t.Fatal(err)
	}
	games, err := st.List(context.Background(), store.ListOptions{})
	if err != nil || len(games) != 1 || !games[0].Finished {
		t.Fatalf("games after the bot's game: %+v, %v", games, err)
	}
}
