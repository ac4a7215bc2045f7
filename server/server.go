// The Server: its configuration, its tables, and the lifecycle of games
// (create, join, resume after a restart).

package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
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
}

// DefaultLimits are the limits of the players a server runs for its
// clients when Config.Limits leaves them zero: a 64 MB table, 64 MB of
// Monte Carlo nodes, 1 thread, 60 s a move, depth 24.
var DefaultLimits = catalog.Limits{HashMB: 64, MemoryMB: 64, Threads: 1, MoveTime: time.Minute, Depth: 24}

// Server serves games: the HTTP and WebSocket layer over its hall, the
// live side (embedded while the live side moves to package live).
type Server struct {
	*hall
	// cfg and log are the server's own (the hall has its copies).
	cfg     Config
	log     *slog.Logger
	mux     *http.ServeMux
	handler http.Handler // mux behind the front guards

	metrics *metrics
	limiter *limiter
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

	// Test seam: a test sets streamEvery before the server is used: the
	// least time between two reports of a streamed analysis
	// (streamInterval; a test sets 0 to have every report).
	streamEvery time.Duration
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
		cfg.Owner = "server-" + randomID(6)
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	if cfg.RatePerSecond <= 0 {
		cfg.RatePerSecond, cfg.Burst = 50, 100
	}
	if cfg.Lease <= 0 {
		cfg.Lease = defaultLease
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
	h := &hall{cfg: hallConfigOf(cfg), log: cfg.Log, ctx: ctx, cancel: cancel, tables: map[string]*table{},
		newGames: newLimiter(float64(cfg.NewGamesPerClient)/cfg.NewGamesPeriod.Seconds(), float64(cfg.NewGamesPerClient)),
		searches: live.NewSlots(cfg.MaxSearches, cfg.MaxSearchesPerClient),
		pool:     newPool(poolSize(cfg)), created: map[string]int{}}
	s := &Server{hall: h, cfg: cfg, log: cfg.Log, metrics: newMetrics(), limiter: newLimiter(cfg.RatePerSecond, cfg.Burst), analyses: live.NewSlots(cfg.MaxAnalyses, (cfg.MaxAnalyses+1)/2),
		socketsBy: map[string]int{}, pingEvery: pingEvery, pingTimeout: pingTimeout, streamEvery: streamInterval}
	s.metrics.limits(cfg)
	s.searches.Running = func(d int) { s.metrics.searchesRunning.Add(float64(d)) }
	s.searches.Waiting = func(d int) { s.metrics.searchesWaiting.Add(float64(d)) }
	s.analyses.Running = func(d int) { s.metrics.analysesRunning.Add(float64(d)) }
	s.analyses.Waiting = func(d int) { s.metrics.analysesWaiting.Add(float64(d)) }
	s.metrics.pooled(s.pool.len)
	s.metrics.tables(h.count)
	h.hooks = hallHooks{refereeing: func(d int) { s.metrics.live.Add(float64(d)) }, storeFailed: s.metrics.storeFailures.Inc}
	s.showSynchronous()
	s.routes()
	s.handler = s.front(s.mux)
	s.startCluster()
	if cfg.IdleTimeout > 0 {
		s.wg.Add(1)
		go s.sweepIdle()
	}
	return s, nil
}

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
	s.wg.Wait()
	return nil
}

// randomID returns n random bytes in hex.
func randomID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Resume opens a table for every game in progress in the store, so that
// a restarted server continues them.
func (s *Server) Resume(ctx context.Context) (int, error) { return s.resume(ctx) }

// resume is Resume.
func (h *hall) resume(ctx context.Context) (int, error) {
	live, err := h.cfg.Store.List(ctx, store.ListOptions{Live: true, Limit: 100000})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, sum := range live {
		if _, err := h.table(ctx, sum.ID); err != nil {
			h.log.Error("cannot resume a game", "game", sum.ID, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// table returns the live table of a game, opening it from the store if
// needed; a finished game gets a table without referee (for watchers).
func (h *hall) table(ctx context.Context, id string) (*table, error) {
	return h.tableFor(ctx, id, "")
}

// tableFor is table for a game that client created (or "", unknown): the
// table counts it for the client's caps and shares, from its first move.
func (h *hall) tableFor(ctx context.Context, id, client string) (*table, error) {
	h.mu.Lock()
	t := h.tables[id]
	h.mu.Unlock()
	if t != nil {
		t.setCreator(client)
		return t, nil
	}
	rec, g, err := h.load(ctx, id)
	if err != nil {
		return nil, err
	}
	mirror := false
	if h.cluster != nil && rec.Result == nil {
		ok, err := h.cluster.Claim(ctx, id, h.cfg.Owner, time.Now().Add(h.cfg.Lease))
		if err != nil {
			return nil, err
		}
		mirror = !ok
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := h.tables[id]; t != nil {
		t.setCreator(client)
		return t, nil
	}
	t = &table{id: id, h: h, mirror: mirror, done: make(chan struct{}), dropped: make(chan struct{}), cancel: func() {}, since: time.Now(),
		creator: client}
	// A finished game that is not between two people (who may agree on a
	// rematch, see startLocked) is not kept: each request reads it from
	// the store again, and the memory does not grow with the games
	// played.
	keep := rec.Result == nil || rec.Seats[0].Kind == store.Human && rec.Seats[1].Kind == store.Human
	for c := range 2 {
		if k := rec.Seats[c].Kind; k == store.Human || k == store.Bot || k == store.Open {
			t.remotes[c] = newRemote(live.SeatName(rec.Seats[c]))
			t.remotes[c].idle = h.cfg.IdleTimeout
		}
	}
	t.setLocked(rec, g) // t is not shared yet
	if !mirror || len(rec.Moves) == 0 {
		t.turnAt = time.Now() // this process's referee starts the clock of the move
	}
	if keep {
		h.tables[id] = t
	}
	switch {
	case rec.Result != nil:
		close(t.done)
	case mirror:
		t.poke() // a change announced while the game was read had no table to reach
	default:
		h.startLocked(t)
		if h.cluster != nil {
			t.poke() // submissions that waited for a referee
		}
	}
	return t, nil
}

// load reads a game from the store and replays it.
func (h *hall) load(ctx context.Context, id string) (*store.Game, *game.Game, error) {
	rec, err := h.cfg.Store.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	g, err := live.Replay(rec)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s in the store does not replay: %w", id, err)
	}
	return rec, g, nil
}

// startLocked starts the referee of a table whose seats are all taken
// (s.mu held); a table with an open seat waits for it to be taken.
func (h *hall) startLocked(t *table) {
	t.mu.Lock()
	rec := t.rec
	wait := t.mirror || t.running || rec.Seats[0].Kind == store.Open || rec.Seats[1].Kind == store.Open || t.g.Finished()
	if !wait {
		t.running = true
	}
	t.mu.Unlock()
	if wait {
		return
	}
	var seats [2]player.Player
	for c := range 2 {
		if t.remotes[c] != nil {
			seats[c] = t.remotes[c]
			continue
		}
		// Built when it is asked for a move (a spec the server no longer
		// offers forfeits then, with the reason).
		seats[c] = &computer{h: h, key: poolKey(t.id, board.Color(c)), spec: rec.Seats[c].Spec,
			name: live.SeatName(rec.Seats[c]), seed: seedOf(t.id, c), moveTime: rec.MoveTime}
	}
	rule, _ := game.ParseRule(rec.Rule)
	human := [2]bool{rec.Seats[0].Kind == store.Human, rec.Seats[1].Kind == store.Human}
	builtin := [2]bool{rec.Seats[0].Kind == store.Builtin, rec.Seats[1].Kind == store.Builtin}
	cfg := referee.Config{
		Game:      t.g.Clone(),
		Rule:      rule,
		MoveTime:  rec.MoveTime,
		GameTime:  rec.GameTime,
		Increment: rec.Increment,
		Used:      t.used,
		AllowUndo: [2]bool{human[0] && builtin[1], human[1] && builtin[0]},
		Observe:   t.observe,
		Progress:  t.progress,
		Ready: func(ctx context.Context, c board.Color) (func(), error) {
			if human[c] {
				// A person's clock starts once the seat's player sees the
				// board (its page subscribed with the seat's token).
				if err := t.remotes[c].ready(ctx); err != nil {
					return nil, err
				}
				return func() {}, nil
			}
			if !builtin[c] {
				return func() {}, nil
			}
			done := func() {}
			if !h.instant(rec.Seats[c].Spec) {
				var err error
				if done, err = h.searches.Acquire(ctx, t.client()); err != nil {
					return nil, err
				}
			}
			seats[c].(*computer).prepare() // off the clock
			return done, nil
		},
	}
	if cfg.MoveTime == 0 {
		cfg.MoveTime = referee.NoLimit
	}
	ctx, cancel := context.WithCancel(h.ctx)
	t.cancel = cancel
	h.wg.Add(1)
	h.hooks.refereeing(1)
	t.mu.Lock()
	t.match = referee.Start(ctx, seats[0], seats[1], cfg)
	m := t.match
	t.mu.Unlock()
	go func() {
		defer h.wg.Done()
		defer h.hooks.refereeing(-1)
		defer close(t.done)
		defer cancel()
		defer h.pool.drop(t.id)
		_, err := m.Wait()
		if err != nil && !errors.Is(err, referee.ErrAborted) {
			h.log.Error("referee", "game", t.id, "err", err)
		}
		// A game between two people stays while its players' pages
		// watch this table for the rematch they may agree on
		// (handleRematch; the offers live in the store, and in a shared
		// store's announcements), until forgetFinished; others are
		// opened from the store by a later request.
		t.mu.Lock()
		friends := t.rec.Seats[0].Kind == store.Human && t.rec.Seats[1].Kind == store.Human
		t.lastUse = time.Now()
		t.mu.Unlock()
		h.mu.Lock()
		if h.tables[t.id] == t && !friends {
			delete(h.tables, t.id)
		}
		h.mu.Unlock()
	}()
}

// seedOf derives a built-in player's seed from the game.
func seedOf(id string, c int) uint64 {
	var x uint64 = 1469598103934665603
	for i := 0; i < len(id); i++ {
		x = (x ^ uint64(id[i])) * 1099511628211
	}
	return x + uint64(c)
}
