// The serve subcommand: the game server with its web GUI.

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/server"
	"github.com/reversi-engine/reversi/store/open"
	"github.com/reversi-engine/reversi/store/sqlite"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "serve", "[--addr 127.0.0.1:8080] [--db reversi.db [--sqlite-sync full|normal] | --db postgres://...] [--course-endpoints] [--engine NAME=CMD] [--invite-only] [limits]", help("serve"))
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "reversi.db", "SQLite file, or a postgres:// URL")
	sqliteSync := fs.String("sqlite-sync", "full", "with an SQLite --db: full (every move on the disk before it is acknowledged: it survives a power cut) or normal (faster; a crash of the server loses nothing, but a power cut or an OS crash may lose the last acknowledged moves)")
	courseEndpoints := fs.Bool("course-endpoints", false, "also serve the course match server's endpoints under /classic/ (unauthenticated, as the original)")
	classic := fs.Bool("classic", false, "deprecated: the old name of --course-endpoints")
	logJSON := fs.Bool("log-json", false, "write logs as JSON")
	rate := fs.Float64("rate", 50, "API requests a second allowed from one client address (bursts of twice that)")
	lease := fs.Duration("lease", 10*time.Second, "with PostgreSQL: how long a dead server's games wait before another server takes them over")
	var engines cli.Engines
	fs.Var(&engines, "engine", "`NAME=CMD`: offer an external NBoard engine to clients under NAME (repeatable); no other program is ever started for a client")
	var hosts cli.List
	fs.Var(&hosts, "public-host", "`HOST` names under which clients reach the server (repeatable, or comma-separated), besides IP addresses and localhost; other Host headers are refused")
	ipv6Prefix := fs.Int("ipv6-prefix", 64, "an IPv6 client is its network of this many bits for every cap and rate per client (128: each address); an IPv4 client is its address")
	var proxies cli.List
	fs.Var(&proxies, "trusted-proxy", "`ADDR|CIDR` of a reverse proxy in front of the server (repeatable): its requests are the client's it names last in X-Forwarded-For")
	maxGames := fs.Int("max-games", 1000, "live games (in progress or waiting for a player) at most")
	maxPerClient := fs.Int("max-games-per-client", 20, "live games that one client address may have created")
	maxStudies := fs.Int("max-studies", 100000, "studies the store keeps at most (a new one is refused beyond)")
	newPerClient := fs.Int("max-new-games-per-client", 300, "games that one client address may create in --new-games-period, finished ones included (a bucket that refills over the period)")
	newPeriod := fs.Duration("new-games-period", time.Hour, "the period of --max-new-games-per-client")
	maxSearches := fs.Int("max-searches", runtime.NumCPU(), "computer moves thought at once; the others wait, their clocks stopped, a client's behind each other and the clients in turn (the players that do not search, such as random and the course's table players, move without waiting)")
	maxSearchesPerClient := fs.Int("max-searches-per-client", 0, "computer moves of one client's games thought at once (default: half of --max-searches, rounded up)")
	maxAnalyses := fs.Int("max-analyses", 2, "analyses (POST /api/analyze) running at once, half of them (rounded up) at most for one client; an analysis waits up to 10 s for a slot, then 503 (the players that do not search take none)")
	maxThink := fs.Duration("max-think", time.Minute, "time of a computer's move at most, whatever the game's clock")
	maxHash := fs.Int("max-hash", 64, "MB of a computer's transposition table at most")
	maxMemory := fs.Int("max-memory", 64, "MB of a Monte Carlo player's tree at most")
	maxThreads := fs.Int("max-threads", 1, "search threads of a computer player at most")
	maxDepth := fs.Int("max-depth", 24, "fixed search depth at most")
	idle := fs.Duration("idle", time.Hour, "a human or bot that has not moved for this long loses (forfeit), and an invitation nobody took is abandoned; 0 never")
	maxSockets := fs.Int("max-sockets-per-client", 32, "WebSockets (games watched live) one client address may have open at once")
	maxConns := fs.Int("max-conns", 1000, "open connections at most (WebSockets included): the one idle for the longest is closed to make room, or, if none is idle, more wait to be accepted")
	maxConnsPerClient := fs.Int("max-conns-per-client", 64, "open connections of one client address at most (WebSockets included; a --trusted-proxy's count in --max-conns only): its one idle for the longest is closed to make room, or, if none is idle, more are answered 429 and closed (default: 64, or --max-conns if fewer)")
	memLimit := fs.Int("memory-limit", 0, "MB the Go runtime keeps the heap under, collecting garbage harder near it (a soft limit; default: 256 + 3 x max-searches x the largest computer, unless GOMEMLIMIT is set)")
	inviteOnly := fs.Bool("invite-only", false, "a person registers an account only with an invitation's code (reversi account invite makes them)")
	secureCookies := fs.Bool("secure-cookies", false, "mark the session cookie Secure whatever the request came over: every client reaches the server over HTTPS (without it: Secure over TLS, or when a --trusted-proxy says X-Forwarded-Proto: https)")
	grace := fs.Duration("shutdown-timeout", 10*time.Second, "at SIGINT or SIGTERM: how long requests under way may take to finish")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *classic {
		fmt.Fprintln(e.stderr, "reversi serve: --classic is deprecated: use --course-endpoints")
	}
	var h slog.Handler = slog.NewTextHandler(e.stderr, nil)
	if *logJSON {
		h = slog.NewJSONHandler(e.stderr, nil)
	}
	log := slog.New(h)
	if _, note := engine.DefaultEvaluatorNote(); note != "" {
		log.Warn(note + " (analyses and the engine's players)")
	}
	idleTimeout := *idle
	if idleTimeout == 0 {
		idleTimeout = -1 // never
	}
	cfg := server.Config{Log: log, Classic: *courseEndpoints || *classic, Lease: *lease, RatePerSecond: *rate, Burst: 2 * *rate,
		Limits:  catalog.Limits{HashMB: *maxHash, MemoryMB: *maxMemory, Threads: *maxThreads, MoveTime: *maxThink, Depth: *maxDepth},
		Engines: engines, MaxThink: *maxThink, MaxSearches: *maxSearches, MaxSearchesPerClient: *maxSearchesPerClient, MaxAnalyses: *maxAnalyses,
		MaxGames: *maxGames, MaxGamesPerClient: *maxPerClient, MaxStudies: *maxStudies, IdleTimeout: idleTimeout, PublicHosts: hosts, MaxSocketsPerClient: *maxSockets,
		MaxConns: *maxConns, MaxConnsPerClient: *maxConnsPerClient, IPv6Prefix: *ipv6Prefix,
		NewGamesPerClient: *newPerClient, NewGamesPeriod: *newPeriod, InviteOnly: *inviteOnly, SecureCookies: *secureCookies}
	if !cli.Given(fs, "max-searches-per-client") {
		cfg.MaxSearchesPerClient = (*maxSearches + 1) / 2
	}
	if !cli.Given(fs, "max-conns-per-client") {
		cfg.MaxConnsPerClient = min(cfg.MaxConnsPerClient, max(*maxConns, 1)) // the default within a smaller --max-conns
	}
	if err := checkServeFlags(cfg, *idle, *grace); err != nil {
		return err
	}
	limit, err := cfg.SoftMemoryLimit(*memLimit, os.Getenv("GOMEMLIMIT") != "")
	if err != nil {
		return flagError(err)
	}
	if limit > 0 {
		debug.SetMemoryLimit(limit) // see Config.MemoryLimit
		log.Info("memory limit", "MB", limit>>20)
	}
	trusted, err := server.ParseTrustedProxies(proxies)
	if err != nil {
		return fmt.Errorf("--trusted-proxy %w", err)
	}
	cfg.TrustedProxies = trusted
	sync, err := sqlite.ParseSync(*sqliteSync)
	if err != nil {
		return fmt.Errorf("--sqlite-sync %v", err)
	}
	if cli.Given(fs, "sqlite-sync") && open.IsPostgres(*db) {
		return errors.New("--sqlite-sync: for an SQLite --db only (PostgreSQL commits are durable as its server is configured: see its synchronous_commit)")
	}
	st, err := open.With(ctx, *db, open.Options{SQLite: sqlite.Options{Sync: sync}})
	if err != nil {
		return err
	}
	defer st.Close()
	cfg.Store = st
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	n, err := srv.Resume(ctx)
	if err != nil {
		srv.Close()
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		srv.Close()
		return err
	}
	fmt.Fprintf(e.stdout, "reversi server on http://%s/ (database %s, %s resumed)\n", ln.Addr(), open.Redacted(*db), counted(n, "game"))
	// At SIGINT or SIGTERM the games stop where they are, requests under
	// way get --shutdown-timeout, then the store closes (SQLite folds its
	// write-ahead log back into the file).
	return srv.Serve(ctx, ln, *grace)
}

// serveFlags names the flag of each server.Config setting, for the
// errors of checkServeFlags.
var serveFlags = map[string]string{
	"RatePerSecond": "rate", "Lease": "lease", "MaxThink": "max-think", "IdleTimeout": "idle",
	"MaxGames": "max-games", "MaxGamesPerClient": "max-games-per-client", "MaxStudies": "max-studies", "MaxSearches": "max-searches",
	"MaxAnalyses": "max-analyses", "Limits.HashMB": "max-hash", "Limits.MemoryMB": "max-memory",
	"Limits.Threads": "max-threads", "Limits.Depth": "max-depth", "MaxSocketsPerClient": "max-sockets-per-client",
	"MemoryLimitMB": "memory-limit", "MaxConns": "max-conns", "MaxConnsPerClient": "max-conns-per-client",
	"MaxSearchesPerClient": "max-searches-per-client", "IPv6Prefix": "ipv6-prefix",
	"NewGamesPerClient": "max-new-games-per-client", "NewGamesPeriod": "new-games-period",
}

// flagError says a *server.SettingError with the flag of its setting;
// other errors are returned as they are.
func flagError(err error) error {
	var se *server.SettingError
	if errors.As(err, &se) {
		return fmt.Errorf("--%s %v: want %s", serveFlags[se.Field], se.Value, se.Want)
	}
	return err
}

// checkServeFlags refuses numeric flags out of their range, each with
// the flag's name and what it takes: those of cfg (server.Config.Validate),
// and the command's own (--idle, which takes 0 for never, and
// --shutdown-timeout).
func checkServeFlags(cfg server.Config, idle, grace time.Duration) error {
	const week = 7 * 24 * time.Hour
	switch err := cfg.Validate(); {
	case err != nil:
		return flagError(err)
	case idle < 0:
		return fmt.Errorf("--idle %v: want a duration from 1s to 168h", idle)
	case grace < 0 || grace > week:
		return fmt.Errorf("--shutdown-timeout %v: want a duration from 1ns to 168h", grace)
	}
	return nil
}
