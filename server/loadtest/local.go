// A server of its own to load, for a test without a running server.

package loadtest

import (
	"net"
	"net/http"
	"time"

	"github.com/reversi-engine/reversi/server"
	"github.com/reversi-engine/reversi/store"
)

// Local starts a game server on st, listening on a free loopback port,
// with limits that let games games be played at once and no rate limit
// to speak of: its base URL (for Config.URL) and a function that stops it
// (st stays open).
func Local(st store.Store, games int) (url string, stop func(), err error) {
	srv, err := server.New(server.Config{Store: st, RatePerSecond: 1e9, Burst: 1e9, MaxGames: games, MaxGamesPerClient: games})
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
