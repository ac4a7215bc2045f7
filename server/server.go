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
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/players"
	"github.com/reversi-engine/reversi/referee"
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
	// address) to the API (default 50 a second, bursts of 100).
	RatePerSecond, Burst float64
	// Lease is how long this process's claim on a game it referees lasts
	// without renewal, where several processes share the database
	// (default 10 s): a game whose server died continues on another one
	// after this long.
	Lease time.Duration
	// ThreadsPerEngine bounds the threads of built-in engine players
	// (default 1, so that many games share the machine).
	ThreadsPerEngine int
}

// Server serves games.
type Server struct {
	cfg Config
	log *slog.Logger
	mux *http.ServeMux

	ctx    context.Context // the server's life: cancelled at shutdown
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	tables map[string]*table
	// shared: other processes may serve the same database (it announces
	// changes); games are claimed, and mirrored where claimed elsewhere.
	shared bool

	limiter  *limiter
	metrics  *metrics
	analyses chan struct{} // a token per analysis running
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
	if cfg.ThreadsPerEngine <= 0 {
		cfg.ThreadsPerEngine = 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, log: cfg.Log, ctx: ctx, cancel: cancel, tables: map[string]*table{},
		limiter: newLimiter(cfg.RatePerSecond, cfg.Burst), metrics: newMetrics(), analyses: make(chan struct{}, maxAnalyses)}
	s.routes()
	s.startCluster()
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

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
func (s *Server) Resume(ctx context.Context) (int, error) {
	live, err := s.cfg.Store.List(ctx, store.ListOptions{Live: true, Limit: 100000})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, sum := range live {
		if _, err := s.table(ctx, sum.ID); err != nil {
			s.log.Error("cannot resume a game", "game", sum.ID, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// table returns the live table of a game, opening it from the store if
// needed; a finished game gets a table without referee (for watchers).
func (s *Server) table(ctx context.Context, id string) (*table, error) {
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t != nil {
		return t, nil
	}
	rec, g, err := s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	mirror := false
	if s.shared && rec.Result == nil {
		ok, err := s.cfg.Store.Claim(ctx, id, s.cfg.Owner, time.Now().Add(s.cfg.Lease))
		if err != nil {
			return nil, err
		}
		mirror = !ok
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.tables[id]; t != nil {
		return t, nil
	}
	t = &table{id: id, srv: s, mirror: mirror, done: make(chan struct{}), dropped: make(chan struct{}), cancel: func() {}}
	for c := range 2 {
		if k := rec.Seats[c].Kind; k == store.Human || k == store.Bot || k == store.Open {
			t.remotes[c] = newRemote(seatName(rec.Seats[c]))
		}
	}
	t.setLocked(rec, g) // t is not shared yet
	if !mirror || len(rec.Moves) == 0 {
		t.turnAt = time.Now() // this process's referee starts the clock of the move
	}
	s.tables[id] = t
	switch {
	case rec.Result != nil:
		close(t.done)
	case mirror:
		t.poke() // a change announced while the game was read had no table to reach
	default:
		s.startLocked(t)
		if s.shared {
			t.poke() // submissions that waited for a referee
		}
	}
	return t, nil
}

// load reads a game from the store and replays it.
func (s *Server) load(ctx context.Context, id string) (*store.Game, *game.Game, error) {
	rec, err := s.cfg.Store.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	g, err := replay(rec)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s in the store does not replay: %w", id, err)
	}
	return rec, g, nil
}

// seatName is the name a seat shows.
func seatName(seat store.Seat) string {
	if seat.Name != "" {
		return seat.Name
	}
	if seat.Kind == store.Builtin {
		return seat.Spec
	}
	return string(seat.Kind)
}

// startLocked starts the referee of a table whose seats are all taken
// (s.mu held); a table with an open seat waits for it to be taken.
func (s *Server) startLocked(t *table) {
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
		p, err := players.New(rec.Seats[c].Spec, players.Env{Seed: seedOf(t.id, c), Threads: s.cfg.ThreadsPerEngine})
		if err != nil {
			s.log.Error("built-in player", "game", t.id, "spec", rec.Seats[c].Spec, "err", err)
			return
		}
		seats[c] = p
	}
	rule, _ := game.ParseRule(rec.Rule)
	human := [2]bool{rec.Seats[0].Kind == store.Human, rec.Seats[1].Kind == store.Human}
	builtin := [2]bool{rec.Seats[0].Kind == store.Builtin, rec.Seats[1].Kind == store.Builtin}
	cfg := referee.Config{
		Game:      t.g.Clone(),
		Rule:      rule,
		MoveTime:  rec.MoveTime,
		GameTime:  rec.GameTime,
		Used:      t.used,
		AllowUndo: [2]bool{human[0] && builtin[1], human[1] && builtin[0]},
		Observe:   t.observe,
		Progress:  t.progress,
	}
	if cfg.MoveTime == 0 {
		cfg.MoveTime = referee.NoLimit
	}
	ctx, cancel := context.WithCancel(s.ctx)
	t.cancel = cancel
	s.wg.Add(1)
	s.metrics.live.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.metrics.live.Add(-1)
		defer close(t.done)
		defer cancel()
		for _, seat := range seats {
			if c, ok := seat.(interface{ Close() error }); ok {
				defer c.Close()
			}
		}
		_, err := referee.Play(ctx, seats[0], seats[1], cfg)
		if err != nil && !errors.Is(err, referee.ErrAborted) {
			s.log.Error("referee", "game", t.id, "err", err)
		}
		s.mu.Lock()
		if s.tables[t.id] == t {
			delete(s.tables, t.id) // a later request opens it from the store
		}
		s.mu.Unlock()
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

// replay rebuilds a stored game.
func replay(rec *store.Game) (*game.Game, error) {
	start, err := board.ParsePosition(rec.Start)
	if err != nil {
		return nil, err
	}
	rule, err := game.ParseRule(rec.Rule)
	if err != nil {
		return nil, err
	}
	g := game.New(start, rule)
	for _, m := range rec.Moves {
		sq, err := board.ParseSquare(m.Square)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", m.Ply, err)
		}
		if err := g.Play(game.Move{Square: sq, Time: m.Elapsed, Eval: m.Eval, HasEval: m.HasEval}); err != nil {
			return nil, fmt.Errorf("move %d: %w", m.Ply, err)
		}
	}
	if r := rec.Result; r != nil {
		g.Result = game.Result{Reason: parseReason(r.Reason), Winner: parseColor(r.Winner), By: parseColor(r.By), Black: r.Black, White: r.White, Detail: r.Detail}
	} else {
		g.Finish()
	}
	return g, nil
}
