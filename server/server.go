// The Server: its configuration, and its hall of live games (package
// live) wired to the HTTP layer and the metrics: New, Resume, Close.

package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// Config configures a Server.
type Config struct {
	// Store keeps the games.
	Store store.Store
	// Log receives the server's structured logs (default: discarded).
	Log *slog.Logger
	// Classic serves the course match server's endpoints too.
	Classic bool
	// Owner names this process among the servers of one database
	// (default: random).
	Owner string
	// MaxBody bounds a request's body (default 64 KB).
	MaxBody int64
	// RatePerSecond and Burst bound the requests of one client (by IP
	// address, see IPv6Prefix) to the API (default 50 a second, bursts of
	// 100).
	RatePerSecond, Burst float64
	// Lease is how long this process's claim on a game it referees lasts
	// without renewal, where several processes share the database
	// (default 10 s): a game whose server died continues on another one
	// after this long.
	Lease time.Duration
	// Limits bound the players the server runs for its clients: only
	// confined built-in players (no terminal, no external program), with
	// their memory, threads, time and depth at most these (see
	// catalog.Limits; zero fields take DefaultLimits' values). A spec
	// asking for more is refused with a 400 that says the limit.
	Limits catalog.Limits
	// Engines are the external engines (NBoard protocol 2) that the
	// operator offers: a name, which clients give as a seat's or an
	// analysis's spec, and the command line that starts the engine. No
	// other program is ever started on a client's request.
	Engines map[string]string
	// MaxThink bounds the time of a computer's move, whatever the game's
	// clock (default 60 s): a computer always has a finite time a move.
	MaxThink time.Duration
	// MaxSearches bounds the computer moves thought at once (default: 2).
	// A computer's move waits for a free slot before its clock starts;
	// the players that do not search (catalog.IsInstant: random, the
	// course's table players) move without one. The slots are shared
	// between the clients that created the games (see live.Slots): a
	// client's moves wait behind each other, a freed slot goes to the
	// waiting client that has thought least, and MaxSearchesPerClient
	// bounds the slots one client holds at once (default: half of
	// MaxSearches, rounded up).
	MaxSearches, MaxSearchesPerClient int
	// MaxGames bounds the live games of this process: in progress, or
	// waiting for a player (default 1000). MaxGamesPerClient bounds those
	// that one client address created (default 20).
	MaxGames, MaxGamesPerClient int
	// MaxStudies bounds the studies the store keeps (default 100,000):
	// a new one is refused (503 studies_full) once there are as many,
	// until some are deleted.
	MaxStudies int
	// NewGamesPerClient bounds the games one client creates in
	// NewGamesPeriod, finished ones included (default 300 an hour): a
	// token bucket of that many that refills over the period.
	NewGamesPerClient int
	NewGamesPeriod    time.Duration
	// IdleTimeout: a remote seat (a human or a bot) that has not moved
	// for this long loses the game by forfeit, and a game whose open seat
	// nobody took for this long is abandoned, whatever the clocks
	// (default 1 hour; negative: never). Counted from the last move, or
	// from this process's start for a resumed game. A finished game that
	// no page has watched for this long leaves the memory (the store
	// keeps it).
	IdleTimeout time.Duration
	// PublicHosts are the host names (without port) under which clients
	// reach the server, besides IP addresses and localhost: a request
	// naming another host is refused (a DNS rebinding attack names the
	// attacker's).
	PublicHosts []string
	// MaxAnalyses bounds the analyses running at once (default 2),
	// shared between clients as the search slots are, one client holding
	// at most half of them (rounded up); an analysis waits for a slot at
	// most analysisWait. An analysis by a player that does not search
	// takes none.
	MaxAnalyses int
	// MaxSocketsPerClient bounds the WebSockets one client address has
	// open at once (default 32).
	MaxSocketsPerClient int
	// MaxConns bounds the connections open at once, WebSockets included,
	// on the listener of Serve (default 1000), and MaxConnsPerClient
	// those of one client address (default 64; a trusted proxy's count in
	// all only). At either cap the connection idle for the longest
	// (a keep-alive connection between two requests) is closed to make
	// room; a client at its cap with none idle has its new connection
	// answered 429 and closed, and at the cap in all with none idle a new
	// connection waits to be accepted.
	MaxConns, MaxConnsPerClient int
	// IPv6Prefix is the length of the network prefix that names an IPv6
	// client for every cap and rate per client (default 64: the addresses
	// of one /64 are one client; 128: each address). An IPv4 client is
	// its address.
	IPv6Prefix int
	// TrustedProxies are the reverse proxies in front of the server: a
	// request from one of them is the client's that the proxy appended
	// last to X-Forwarded-For (for the rate limit, the caps and the
	// logs). Without them, X-Forwarded-For is ignored: a client could
	// write anything there.
	TrustedProxies []netip.Prefix
	// InviteOnly: a person registers only with an invitation's code
	// (made by the operator: reversi account invite).
	InviteOnly bool
	// SecureCookies marks the session cookie Secure whatever the
	// request came over: the operator says that clients reach the server
	// over HTTPS only (a proxy that does not say X-Forwarded-Proto, say).
	// Without it the cookie is Secure when the request came over TLS, or
	// through a trusted proxy that says https.
	SecureCookies bool
	// LoginsPerName bounds the attempts to log in to one account name,
	// LoginsPerClient the attempts of one client (registrations and
	// changes of password included), in LoginPeriod: token buckets of
	// that many that refill over the period (default 10 and 100 in 15
	// minutes).
	LoginsPerName, LoginsPerClient int
	LoginPeriod                    time.Duration
	// MaxPasswordHashes bounds the password hashes computed at once
	// (default 4): each takes 19 MiB while it runs. A request that needs
	// one waits up to 2 s for a free slot, then is answered 503.
	MaxPasswordHashes int
}

// DefaultLimits are the limits of the players a server runs for its
// clients when Config.Limits leaves them zero: a 64 MB table, 64 MB of
// Monte Carlo nodes, 1 thread, 60 s a move, depth 24.
var DefaultLimits = catalog.Limits{HashMB: 64, MemoryMB: 64, Threads: 1, MoveTime: time.Minute, Depth: 24}

// Server serves games: the HTTP and WebSocket layer over its hall, the
// live side (package live).
type Server struct {
	hall *live.Hall
	// ctx is the server's life, cancelled by Close.
	ctx    context.Context
	cancel context.CancelFunc
	// cfg and log are the server's own (the hall has its copies).
	cfg     Config
	log     *slog.Logger
	mux     *http.ServeMux
	handler http.Handler // mux behind the front guards
	// tournamentKick wakes the tournament scheduler; tournamentEvery is
	// how often it looks anyway (0: tournamentEvery).
	tournamentKick  chan struct{}
	tournamentEvery time.Duration
	// lobbyNews wakes the lobby's streams when this server changes the
	// lobby (lobbyws.go).
	lobbyNews news
	// seen is when this process last noted each bot online (seeBot).
	seenMu sync.Mutex
	seen   map[string]time.Time
	// tournamentDone is closed when the scheduler has stopped (Close
	// waits for it, so that a closed server writes no more).
	tournamentDone chan struct{}
	// runningTournaments is the most tournaments running at once (0:
	// maxRunningTournaments).
	runningTournaments atomic.Int32

	metrics *metrics
	limiter *limiter
	// newStudies is the bucket of the studies each client creates
	// (newStudiesPerHour).
	newStudies *limiter
	logins     *logins
	// analyses are the slots of the analyses running, shared between
	// clients.
	analyses *live.Slots
	// socketsBy counts the open WebSockets by client; closing counts the
	// WebSockets whose goroutine that closes them at shutdown is running
	// (added under socketsMu until shutDown), so that Serve can wait for
	// their "going away" before the process ends.
	socketsMu sync.Mutex
	socketsBy map[string]int
	closing   sync.WaitGroup
	shutDown  bool
	// pingEvery and pingTimeout: see the constants.
	pingEvery, pingTimeout time.Duration

	// Test seams: a test sets them before the server is used.
	// streamEvery is the least time between two reports of a streamed
	// analysis (streamInterval; a test sets 0 to have every report).
	streamEvery time.Duration
	// hashWait is how long a request waits for a slot to hash a password
	// (the constant hashWait).
	hashWait time.Duration
}

// checkEngineName checks the name of an operator's external engine: a
// word that is not a built-in player's name.
func checkEngineName(name string) error {
	if name == "" || len(name) > 40 || strings.IndexFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.')
	}) >= 0 {
		return errors.New("want a name of letters, digits, '-', '_' or '.' (at most 40)")
	}
	if _, ok := catalog.Lookup(name); ok {
		return errors.New("the name of a built-in player")
	}
	return nil
}

// New returns a server on cfg.Store. Call Resume to continue the games in
// progress, and Close at the end.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Owner == "" {
		cfg.Owner = "server-" + live.NewID(6)
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	if cfg.RatePerSecond <= 0 {
		cfg.RatePerSecond, cfg.Burst = 50, 100
	}
	if cfg.Lease <= 0 {
		cfg.Lease = live.DefaultLease
	}
	lim := &cfg.Limits
	for _, f := range []struct{ v, def *int }{
		{&lim.HashMB, &DefaultLimits.HashMB}, {&lim.MemoryMB, &DefaultLimits.MemoryMB},
		{&lim.Threads, &DefaultLimits.Threads}, {&lim.Depth, &DefaultLimits.Depth},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	if cfg.MaxThink <= 0 {
		cfg.MaxThink = time.Minute
	}
	if lim.MoveTime <= 0 || lim.MoveTime > cfg.MaxThink {
		lim.MoveTime = cfg.MaxThink
	}
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = 2
	}
	if cfg.MaxSearchesPerClient <= 0 {
		cfg.MaxSearchesPerClient = (cfg.MaxSearches + 1) / 2
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = 1000
	}
	if cfg.MaxGamesPerClient <= 0 {
		cfg.MaxGamesPerClient = 20
	}
	if cfg.MaxStudies <= 0 {
		cfg.MaxStudies = 100_000
	}
	if cfg.NewGamesPerClient <= 0 {
		cfg.NewGamesPerClient = 300
	}
	if cfg.NewGamesPeriod <= 0 {
		cfg.NewGamesPeriod = time.Hour
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = time.Hour
	}
	if cfg.MaxAnalyses <= 0 {
		cfg.MaxAnalyses = 2
	}
	if cfg.MaxSocketsPerClient <= 0 {
		cfg.MaxSocketsPerClient = 32
	}
	if cfg.IPv6Prefix <= 0 {
		cfg.IPv6Prefix = 64
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = 1000
	}
	if cfg.MaxConnsPerClient <= 0 {
		cfg.MaxConnsPerClient = min(64, cfg.MaxConns)
	}
	if cfg.LoginsPerName <= 0 {
		cfg.LoginsPerName = 10
	}
	if cfg.LoginsPerClient <= 0 {
		cfg.LoginsPerClient = 100
	}
	if cfg.LoginPeriod <= 0 {
		cfg.LoginPeriod = 15 * time.Minute
	}
	if cfg.MaxPasswordHashes <= 0 {
		cfg.MaxPasswordHashes = 4
	}
	engines := map[string]string{}
	for name, cmd := range cfg.Engines {
		key := strings.ToLower(strings.TrimSpace(name))
		if err := checkEngineName(key); err != nil {
			return nil, fmt.Errorf("server: engine %q: %w", name, err)
		}
		if strings.TrimSpace(cmd) == "" {
			return nil, fmt.Errorf("server: engine %q: no command line", name)
		}
		engines[key] = cmd
	}
	cfg.Engines = engines
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{tournamentKick: make(chan struct{}, 1), tournamentDone: make(chan struct{}), ctx: ctx, cancel: cancel, cfg: cfg, log: cfg.Log, metrics: newMetrics(), limiter: newLimiter(cfg.RatePerSecond, cfg.Burst),
		analyses:  live.NewSlots(cfg.MaxAnalyses, (cfg.MaxAnalyses+1)/2),
		socketsBy: map[string]int{}, pingEvery: pingEvery, pingTimeout: pingTimeout, streamEvery: streamInterval, hashWait: hashWait}
	s.logins = newLogins(cfg)
	s.newStudies = newLimiter(newStudiesPerHour/3600.0, newStudiesPerHour)
	s.metrics.limits(cfg)
	s.analyses.Running = func(d int) { s.metrics.analysesRunning.Add(float64(d)) }
	s.analyses.Waiting = func(d int) { s.metrics.analysesWaiting.Add(float64(d)) }
	newGames := newLimiter(float64(cfg.NewGamesPerClient)/cfg.NewGamesPeriod.Seconds(), float64(cfg.NewGamesPerClient))
	s.showSynchronous()
	s.routes()
	s.handler = s.front(s.mux)
	s.hall = live.New(live.Config{Store: cfg.Store, Log: cfg.Log, Owner: cfg.Owner, Lease: cfg.Lease, IdleTimeout: cfg.IdleTimeout,
		MaxGames: cfg.MaxGames, MaxGamesPerClient: cfg.MaxGamesPerClient, NewGamesPerClient: cfg.NewGamesPerClient, NewGamesPeriod: cfg.NewGamesPeriod,
		Limits: cfg.Limits, Engines: cfg.Engines, MaxThink: cfg.MaxThink,
		MaxSearches: cfg.MaxSearches, MaxSearchesPerClient: cfg.MaxSearchesPerClient, PoolSize: poolSize(cfg),
		EncodeThinking: encodeThinking,
		Hooks: live.Hooks{
			Refereeing:    func(d int) { s.metrics.live.Add(float64(d)) },
			StoreFailed:   s.metrics.storeFailures.Inc,
			Searching:     func(d int) { s.metrics.searchesRunning.Add(float64(d)) },
			SearchWaiting: func(d int) { s.metrics.searchesWaiting.Add(float64(d)) },
			NewGame:       newGames.take,
		}})
	go s.pruneSessions()
	go s.tournamentLoop()
	s.metrics.pooled(s.hall.Pooled)
	s.metrics.tables(s.hall.Count)
	return s, nil
}

// poolSize is how many computer players the hall keeps between their
// moves: twice the searches that may run at once.
func poolSize(cfg Config) int { return 2 * cfg.MaxSearches }

// synchronousStore is a store that says when its commits are on the
// disk: the SQLite store (sqlite.Store.Synchronous).
type synchronousStore interface {
	Synchronous(ctx context.Context) (string, error)
}

// showSynchronous logs and shows in the metrics the synchronous setting
// that the store's connections run with, if it has one (SQLite): read
// from a connection, not taken from the settings asked for.
func (s *Server) showSynchronous() {
	st, ok := s.cfg.Store.(synchronousStore)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	setting, err := st.Synchronous(ctx)
	if err != nil {
		s.log.Warn("the store's synchronous setting is unknown", "err", err)
		return
	}
	s.log.Info("store", "synchronous", setting)
	s.metrics.synchronous(setting)
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops every table (the games stay in the store, to be resumed)
// and waits for their goroutines.
func (s *Server) Close() error {
	s.cancel()
	<-s.tournamentDone
	s.hall.Close()
	return nil
}

// Resume opens a table for every game in progress in the store, so that
// a restarted server continues them; it returns how many.
func (s *Server) Resume(ctx context.Context) (int, error) { return s.hall.Resume(ctx) }
