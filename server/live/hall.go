// The hall: the live tables of one process and what they need, their
// opening (from the store if needed), the start of their referees, and
// the joining of open seats.

package live

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
	"github.com/reversi-engine/reversi/store"
)

// Hall holds the live tables of one process and what they need: the
// store, the claims on games where processes share the store, the
// search slots and the pool of computer players. A table reaches the rest
// of the process only through its hall.
type Hall struct {
	cfg Config
	log *slog.Logger

	ctx    context.Context // the hall's life: cancelled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	tables map[string]*Table
	// cluster is the store as shared by several processes, nil if it
	// is not (it does not announce changes): games are claimed, and
	// mirrored where claimed elsewhere.
	cluster store.Shared

	// searches are the slots of the computer moves thought at once,
	// shared between clients.
	searches *Slots
	// pool keeps the players of computer seats between their moves.
	pool *pool
	// created counts the creations under way by client (see Admit).
	created map[string]int
	// health is what the last write to the store found.
	health storeHealth

	// shown, a test's seam set before the hall is used, if not nil, is
	// called with the game's id each time the thinking of a built-in
	// player is shown (see Table.progress), from the player's goroutine
	// and outside the table's lock: a test holds the player there until
	// it has seen the report.
	shown func(game string)
}

// Config configures a Hall. The HTTP side fills it from its own
// configuration, with its defaults: a zero field here means none, unless
// it says otherwise.
type Config struct {
	// Store keeps the games.
	Store store.Store
	// Log receives the hall's structured logs (default: discarded).
	Log *slog.Logger
	// Owner names this process among those of one database, and Lease
	// is how long its claim on a game it referees lasts without renewal
	// (default DefaultLease), where processes share the store.
	Owner string
	Lease time.Duration
	// IdleTimeout: a remote seat that has not moved for this long loses
	// by forfeit, a game whose open seat nobody took for this long is
	// abandoned, and a finished table nobody watched for this long is let
	// go of (0 or less: never).
	IdleTimeout time.Duration
	// MaxGames bounds the live games of this process, MaxGamesPerClient
	// those one client created (see Admit).
	MaxGames, MaxGamesPerClient int
	// NewGamesPerClient and NewGamesPeriod are the rate of new games of
	// a client, which Hooks.NewGame counts, for the text of its refusal.
	NewGamesPerClient int
	NewGamesPeriod    time.Duration
	// Limits bound the computer players run for clients, Engines are the
	// operator's external engines by name (see CheckSpec), and MaxThink
	// bounds the time of a computer's move whatever the clock (default a
	// minute).
	Limits   catalog.Limits
	Engines  map[string]string
	MaxThink time.Duration
	// MaxSearches bounds the computer moves thought at once, shared
	// between clients (see Slots), MaxSearchesPerClient at most each
	// (both at least 1).
	MaxSearches, MaxSearchesPerClient int
	// PoolSize is how many computer players are kept between their
	// moves (the least recently used given up first).
	PoolSize int
	// EncodeThinking, if not nil, gives the stored form of what a player
	// reported of its move (see store.Move.Thinking); without it none is
	// stored.
	EncodeThinking func(th *player.Thinking, side board.Color) string
	// Hooks are what the hall reports.
	Hooks Hooks
}

// Hooks are what a hall reports, for metrics and tests, and the rate of
// new games it asks about; each may be nil.
type Hooks struct {
	// Refereeing counts the referees running (+1 at a start, -1 at the
	// end).
	Refereeing func(delta int)
	// StoreFailed counts a failed write to the store.
	StoreFailed func()
	// Searching and SearchWaiting follow the computer moves that hold a
	// search slot and those that wait for one.
	Searching, SearchWaiting func(delta int)
	// NewGame takes a new game of client from its allowance (the rate of
	// new games of a client): false refuses it, wait saying when the
	// client may try again.
	NewGame func(client string) (ok bool, wait time.Duration)
}

// DefaultLease is how long a claim on a game lasts without renewal when
// Config.Lease is zero: a process that dies leaves its games to the
// others after this long.
const DefaultLease = 10 * time.Second

// New returns a hall on cfg.Store, and starts its background work: the
// idle sweeps, and, on a store shared by several processes (a
// store.Shared), the listening to its announcements (New returns once it
// listens, or after 5 s) and the renewal of claims. Call Resume to
// continue the games in progress, and Close at the end.
func New(cfg Config) *Hall {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.MaxThink <= 0 {
		cfg.MaxThink = time.Minute
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &Hall{cfg: cfg, log: cfg.Log, ctx: ctx, cancel: cancel, tables: map[string]*Table{},
		searches: NewSlots(max(cfg.MaxSearches, 1), max(cfg.MaxSearchesPerClient, 1)),
		pool:     newPool(cfg.PoolSize), created: map[string]int{}}
	if f := cfg.Hooks.Searching; f != nil {
		h.searches.Running = f
	}
	if f := cfg.Hooks.SearchWaiting; f != nil {
		h.searches.Waiting = f
	}
	h.startCluster()
	if cfg.IdleTimeout > 0 {
		h.wg.Add(1)
		go h.sweepIdle()
	}
	return h
}

// Close stops every table (the games stay in the store, to be resumed)
// and waits for their goroutines.
func (h *Hall) Close() {
	h.cancel()
	h.wg.Wait()
}

// refereeing reports a referee started (+1) or ended (-1).
func (h *Hall) refereeing(delta int) {
	if f := h.cfg.Hooks.Refereeing; f != nil {
		f(delta)
	}
}

// Pooled returns the number of computer players kept between their
// moves.
func (h *Hall) Pooled() int { return h.pool.len() }

// Count returns the number of tables held: the live games, and the
// finished games between two people kept for their rematch.
func (h *Hall) Count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.tables)
}

// Create stores a new game, with its first moves (rec.Moves, the
// history it starts from), and opens its table (its referee starts when
// no seat is open); client made it, and the table counts it for the
// client's caps and shares. Call it within the reservation of Admit. A
// failed write is ErrStoreFailed.
func (h *Hall) Create(ctx context.Context, rec *store.Game, client string) error {
	// The game with its history, at once: a player who finds it (an
	// account's games are listed as soon as they are stored) never sees
	// it, nor moves in it, before its first moves are all there.
	if err := h.stored(h.cfg.Store.Create(ctx, rec)); err != nil {
		return fmt.Errorf("storing the game: %w", err)
	}
	_, err := h.tableFor(ctx, rec.ID, client)
	return err
}

// Join gives the open seat of colour color ("black", "white", or "" for
// any) of t to seat, with the invitation's secret invite, and starts the
// game when no seat is open any more; it returns the seat's colour. It
// refuses with ErrNoOpenSeat, ErrBadInvite or ErrSeatTaken, and a failed
// write is ErrStoreFailed.
func (h *Hall) Join(ctx context.Context, t *Table, color string, seat store.Seat, invite string) (board.Color, error) {
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
		return board.NoColor, ErrNoOpenSeat
	}
	// An open seat made with an invitation (every one the API makes) is
	// taken only with its secret.
	if secret != "" && subtle.ConstantTimeCompare([]byte(secret), []byte(HashToken(invite))) != 1 {
		return board.NoColor, ErrBadInvite
	}
	if err := h.stored(h.cfg.Store.TakeSeat(ctx, t.id, c, seat)); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return board.NoColor, ErrSeatTaken
		}
		return board.NoColor, err
	}
	t.mu.Lock()
	t.rec.Seats[c] = seat
	t.remotes[c].name = SeatName(seat)
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

// Resume opens a table for every game in progress in the store, so that
// a restarted process continues them; it returns how many.
func (h *Hall) Resume(ctx context.Context) (int, error) {
	games, err := h.cfg.Store.List(ctx, store.ListOptions{Live: true, Limit: 100000})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, sum := range games {
		if _, err := h.Open(ctx, sum.ID); err != nil {
			h.log.Error("cannot resume a game", "game", sum.ID, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// Open returns the live table of a game, opening it from the store if
// needed (store.ErrNotFound if there is no such game); a finished game
// gets a table without referee (for watchers).
func (h *Hall) Open(ctx context.Context, id string) (*Table, error) {
	return h.tableFor(ctx, id, "")
}

// tableFor is Open for a game that client created (or "", unknown): the
// table counts it for the client's caps and shares, from its first move.
func (h *Hall) tableFor(ctx context.Context, id, client string) (*Table, error) {
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
	t = &Table{id: id, h: h, mirror: mirror, done: make(chan struct{}), dropped: make(chan struct{}), cancel: func() {}, since: time.Now(),
		creator: client}
	// A finished game that is not between two people (who may agree on a
	// rematch, see startLocked) is not kept: each request reads it from
	// the store again, and the memory does not grow with the games
	// played.
	keep := rec.Result == nil || rec.Seats[0].Kind == store.Human && rec.Seats[1].Kind == store.Human
	for c := range 2 {
		if k := rec.Seats[c].Kind; k == store.Human || k == store.Bot || k == store.Open {
			t.remotes[c] = newRemote(SeatName(rec.Seats[c]))
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
func (h *Hall) load(ctx context.Context, id string) (*store.Game, *game.Game, error) {
	rec, err := h.cfg.Store.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	g, err := Replay(rec)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s in the store does not replay: %w", id, err)
	}
	return rec, g, nil
}

// startLocked starts the referee of a table whose seats are all taken
// (h.mu held); a table with an open seat waits for it to be taken.
func (h *Hall) startLocked(t *Table) {
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
			name: SeatName(rec.Seats[c]), seed: seedOf(t.id, c), moveTime: rec.MoveTime}
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
			if !h.Instant(rec.Seats[c].Spec) {
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
	h.refereeing(1)
	t.mu.Lock()
	t.match = referee.Start(ctx, seats[0], seats[1], cfg)
	m := t.match
	t.mu.Unlock()
	go func() {
		defer h.wg.Done()
		defer h.refereeing(-1)
		defer close(t.done)
		defer cancel()
		defer h.pool.drop(t.id)
		_, err := m.Wait()
		if err != nil && !errors.Is(err, referee.ErrAborted) {
			h.log.Error("referee", "game", t.id, "err", err)
		}
		// A game between two people stays while its players' pages
		// watch this table for the rematch they may agree on
		// (Hall.Rematch; the offers live in the store, and in a shared
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

// NewID returns n random bytes in hex: the ids of games and submissions,
// and the secrets of seats and invitations (the server's too).
func NewID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// seedOf derives a built-in player's seed from the game.
func seedOf(id string, c int) uint64 {
	var x uint64 = 1469598103934665603
	for i := 0; i < len(id); i++ {
		x = (x ^ uint64(id[i])) * 1099511628211
	}
	return x + uint64(c)
}
