// The hall: the live side of a Server (its tables and what they need:
// the store, the cluster, the search slots and the pool of computer
// players), kept apart from the HTTP layer on its way to package live
// (see live's doc for the plan).

package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// hall holds the live tables of a Server and what they need; a table
// reaches the rest of the server only through it.
type hall struct {
	cfg hallConfig
	log *slog.Logger

	ctx    context.Context // the server's life: cancelled at shutdown
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	tables map[string]*table
	// cluster is the store as shared by several processes, nil if it
	// is not (it does not announce changes): games are claimed, and
	// mirrored where claimed elsewhere.
	cluster store.Shared

	// newGames counts the games each client creates (NewGamesPerClient in
	// NewGamesPeriod).
	newGames *limiter
	// hooks are what the hall reports to the server's metrics.
	hooks hallHooks
	// searches are the slots of the computer moves thought at once,
	// shared between clients.
	searches *live.Slots
	// pool keeps the players of computer seats between their moves.
	pool *pool
	// created counts the creations under way by client (see admit).
	created map[string]int
	// health is what the last write to the store found.
	health storeHealth

	// liveShown, a test's seam set before the server is used, if not
	// nil, is called with the game's id each time the thinking of a
	// built-in player is shown (see table.progress), from the player's
	// goroutine and outside the table's lock: a test holds the player
	// there until it has seen the report.
	liveShown func(game string)
}

// hallConfig is what a hall takes of the server's Config (see Config
// for each).
type hallConfig struct {
	Store store.Store
	// Owner and Lease: the claims on games, where processes share the
	// store.
	Owner string
	Lease time.Duration
	// IdleTimeout: remote seats' forfeit, open seats' abandonment, and
	// the forgetting of finished tables.
	IdleTimeout time.Duration
	// The caps on live games and on the games a client creates.
	MaxGames, MaxGamesPerClient int
	NewGamesPerClient           int
	NewGamesPeriod              time.Duration
	// The computer players: their limits, the operator's engines, the
	// bound of a move's time.
	Limits   catalog.Limits
	Engines  map[string]string
	MaxThink time.Duration
}

// hallConfigOf is the hall's part of cfg.
func hallConfigOf(cfg Config) hallConfig {
	return hallConfig{Store: cfg.Store, Owner: cfg.Owner, Lease: cfg.Lease, IdleTimeout: cfg.IdleTimeout,
		MaxGames: cfg.MaxGames, MaxGamesPerClient: cfg.MaxGamesPerClient, NewGamesPerClient: cfg.NewGamesPerClient, NewGamesPeriod: cfg.NewGamesPeriod,
		Limits: cfg.Limits, Engines: cfg.Engines, MaxThink: cfg.MaxThink}
}

// hallHooks are what a hall reports, for the server's metrics; New sets
// them before the hall is used.
type hallHooks struct {
	// refereeing counts the referees running (+1 at a start, -1 at the
	// end).
	refereeing func(delta int)
	// storeFailed counts a failed write to the store.
	storeFailed func()
}

// count returns the number of tables open.
func (h *hall) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.tables)
}

// storeNew stores a new game made by newGame, with its first moves, and
// opens its table (its referee starts when no seat is open); client made
// it.
func (h *hall) storeNew(ctx context.Context, rec *store.Game, client string) error {
	prefix := rec.Moves
	rec.Moves = nil
	if err := h.stored(h.cfg.Store.Create(ctx, rec)); err != nil {
		return fmt.Errorf("storing the game: %w", err)
	}
	for _, m := range prefix { // the game's history, before anybody plays
		if err := h.stored(h.cfg.Store.AppendMove(ctx, rec.ID, m)); err != nil {
			return fmt.Errorf("storing the game's first moves: %w", err)
		}
	}
	_, err := h.tableFor(ctx, rec.ID, client)
	return err
}

// takeSeat gives the open seat of colour color ("black", "white", or ""
// for any) of t to seat, with the invitation's secret invite, and starts
// the game when no seat is open any more; it returns the seat's colour.
func (h *hall) takeSeat(ctx context.Context, t *table, color string, seat store.Seat, invite string) (board.Color, error) {
	t.mu.Lock()
	c := -1
	for i := range 2 {
		if t.rec.Seats[i].Kind == store.Open && (color == "" || color == board.Color(i).String()) {
			c = i
			break
		}
	}
	secret := ""
	if c >= 0 {
		secret = t.rec.Seats[c].TokenHash
	}
	t.mu.Unlock()
	if c < 0 {
		return board.NoColor, live.ErrNoOpenSeat
	}
	// An open seat made with an invitation (every one the API makes) is
	// taken only with its secret.
	if secret != "" && subtle.ConstantTimeCompare([]byte(secret), []byte(live.HashToken(invite))) != 1 {
		return board.NoColor, live.ErrBadInvite
	}
	if err := h.stored(h.cfg.Store.TakeSeat(ctx, t.id, c, seat)); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return board.NoColor, live.ErrSeatTaken
		}
		return board.NoColor, err
	}
	t.mu.Lock()
	t.rec.Seats[c] = seat
	t.remotes[c].name = seat.Name
	if seat.Kind == store.Human {
		t.remotes[c].sees() // the invitation's page shows the board
	}
	if !t.mirror {
		t.revision++ // a mirror reloads the game when the store announces it
	}
	t.changedLocked()
	t.mu.Unlock()
	h.mu.Lock()
	h.startLocked(t)
	h.mu.Unlock()
	return board.Color(c), nil
}
