// A server of its own to load, for a test without a running server: on a
// store given, or on a database named or made for the test.

package loadtest

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/reversi-engine/reversi/server"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/open"
)

// Local starts a game server on st, listening on a free loopback port,
// with limits that let games games be played at once, and no rate limit
// nor cap on WebSockets to speak of (for spectators): its base URL (for Config.URL) and a function that stops it
// (st stays open).
func Local(st store.Store, games int) (url string, stop func(), err error) {
	srv, err := server.New(server.Config{Store: st, RatePerSecond: 1e9, Burst: 1e9, MaxGames: games, MaxGamesPerClient: games,
		NewGamesPerClient: games, MaxSocketsPerClient: 1 << 20})
	if err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		srv.Close()
		return "", nil, err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	return "http://" + ln.Addr().String(), func() {
		hs.Close()
		srv.Close()
	}, nil
}

// LocalOn starts a server as Local does, on the database db (an SQLite
// file or a postgres:// URL, as store/open reads it; use an empty
// database), or without db on a new SQLite file in a temporary folder. It
// returns the server's base URL, the database it uses (the temporary
// file's name without db) and a function that stops the server, closes
// the store and removes the temporary folder.
func LocalOn(ctx context.Context, db string, games int) (url, used string, stop func(), err error) {
	dir := ""
	if db == "" {
		if dir, err = os.MkdirTemp("", "reversi-loadtest"); err != nil {
			return "", "", nil, err
		}
		db = filepath.Join(dir, "load.db")
	}
	removeDir := func() {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	st, err := open.Store(ctx, db)
	if err != nil {
		removeDir()
		return "", "", nil, err
	}
	url, stopServer, err := Local(st, games)
	if err != nil {
		st.Close()
		removeDir()
		return "", "", nil, err
	}
	return url, db, func() {
		stopServer()
		st.Close()
		removeDir()
	}, nil
}
