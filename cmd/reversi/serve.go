// The serve subcommand: the game server with its web GUI.

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/server"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/sqlite"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "serve", "[--addr 127.0.0.1:8080] [--db reversi.db | --db postgres://...] [--classic] [--lease 10s]", `
Starts the game server and its web GUI: games between humans in the
browser, built-in players and bots over HTTP/WebSocket, refereed by the
server and stored in a database (an SQLite file by default, or
PostgreSQL for several servers on one database). Games in progress are
resumed when the server starts again. Several servers may share one
PostgreSQL database: each game is refereed by one of them and seen live
through all of them; if that server dies, another takes its games over
after --lease. The API is described in docs/API.md.`)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "reversi.db", "SQLite file, or a postgres:// URL")
	classic := fs.Bool("classic", false, "also serve the course match server's endpoints (unauthenticated, as the original)")
	logJSON := fs.Bool("log-json", false, "write logs as JSON")
	rate := fs.Float64("rate", 50, "API requests a second allowed from one client address (bursts of twice that)")
	lease := fs.Duration("lease", 10*time.Second, "with PostgreSQL: how long a dead server's games wait before another server takes them over")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var h slog.Handler = slog.NewTextHandler(e.stderr, nil)
	if *logJSON {
		h = slog.NewJSONHandler(e.stderr, nil)
	}
	log := slog.New(h)
	if *rate <= 0 {
		return fmt.Errorf("serve: --rate %v: want a positive number", *rate)
	}
	st, err := openStore(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st, Log: log, Classic: *classic, Lease: *lease, RatePerSecond: *rate, Burst: 2 * *rate})
	if err != nil {
		return err
	}
	n, err := srv.Resume(ctx)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	shown := *db
	if u, err := url.Parse(*db); err == nil && u.User != nil {
		shown = u.Redacted() // not the password
	}
	fmt.Fprintf(e.stdout, "reversi server on http://%s/ (database %s, %d games resumed)\n", ln.Addr(), shown, n)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv.Close()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openStore opens the database of --db: a postgres:// URL, or an SQLite
// file.
func openStore(ctx context.Context, db string) (store.Store, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(ctx, db)
}
