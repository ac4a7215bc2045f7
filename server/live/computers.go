// Computer seats: the one allow-list of players the server runs for its
// clients, the bound on their thinking (time, concurrent searches) and the
// pool that keeps their memory bounded.

package live

import (
	"container/list"
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/player"
)

// CheckSpec checks a spec that a client names for a computer seat or an
// analysis: one of the configured external engines by its name, or a
// confined built-in player within the hall's limits (Config.Limits).
// moveTime is the game's time a move (0: none); a time option above it
// is refused.
func (h *Hall) CheckSpec(spec string, moveTime time.Duration) error {
	if _, ok := h.external(spec); ok {
		return nil
	}
	_, err := catalog.CheckLimited(spec, h.LimitsFor(moveTime))
	return err
}

// LimitsFor returns the limits for a game with the given time a
// move (0: none).
func (h *Hall) LimitsFor(moveTime time.Duration) catalog.Limits {
	lim := h.cfg.Limits
	if moveTime > 0 && (lim.MoveTime <= 0 || moveTime < lim.MoveTime) {
		lim.MoveTime = moveTime
	}
	return lim
}

// external returns the command line of the operator's external engine
// that spec names (its name, in any case, with nothing after it).
func (h *Hall) external(spec string) (string, bool) {
	name := strings.ToLower(strings.TrimSpace(spec))
	cmd, ok := h.cfg.Engines[name]
	return cmd, ok && name != ""
}

// NewComputer builds the player of a spec that CheckSpec accepted: an
// external engine configured by the operator, or a confined built-in
// player within the limits.
func (h *Hall) NewComputer(spec string, seed uint64, moveTime time.Duration) (player.Player, error) {
	if cmd, ok := h.external(spec); ok {
		p, err := catalog.New("nboard:"+cmd, catalog.Env{Seed: seed})
		if err != nil {
			return nil, fmt.Errorf("engine %s: %w", spec, err)
		}
		return p, nil
	}
	return catalog.NewLimited(spec, catalog.Env{Seed: seed, Threads: h.cfg.Limits.Threads}, h.LimitsFor(moveTime))
}

// ComputerName is the name of a computer seat: the configured engine's
// name, or the built-in player's spec in its canonical form (e.g.
// "engine:level=5").
func (h *Hall) ComputerName(spec string) string {
	if _, ok := h.external(spec); ok {
		return strings.ToLower(strings.TrimSpace(spec))
	}
	if parsed, err := catalog.Parse(spec); err == nil {
		return parsed.String()
	}
	return spec
}

// computer is a computer seat of a game: it builds its player when asked
// for a move (or takes it back from the pool), thinks within the server's
// time a move, and gives the player back to the pool between moves.
type computer struct {
	h        *Hall
	key      string // game id and colour: the player's place in the pool
	spec     string
	name     string
	seed     uint64
	moveTime time.Duration

	// p is the player made ready for the next move (see prepare), or
	// err why it could not be built.
	p   player.Player
	err error
}

func (c *computer) Name() string { return c.name }

// prepare takes the seat's player back from the pool, or builds it, before
// its clock starts (the referee's Ready): building a player with a large
// table takes time that is not the player's.
func (c *computer) prepare() {
	if c.p != nil {
		return
	}
	if c.p = c.h.pool.take(c.key); c.p == nil {
		c.p, c.err = c.h.NewComputer(c.spec, c.seed, c.moveTime)
	}
}

// Move plays with the seat's player (made ready by prepare, or now),
// within the server's time a move, and gives it back to the pool.
func (c *computer) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	c.prepare()
	p, err := c.p, c.err
	c.p, c.err = nil, nil
	if err != nil {
		return player.Reply{}, err
	}
	defer c.h.pool.put(c.key, p)
	if limit := c.h.cfg.MaxThink; req.TimeLeft <= 0 || req.TimeLeft > limit {
		req.TimeLeft = limit
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	return p.Move(ctx, req)
}

// pool keeps the players of computer seats between their moves, at most
// max of them, the least recently used given up first: the memory of
// computer seats is bounded by the searches running plus the pool,
// whatever the number of games.
type pool struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *pooled, most recently used first
	byKey map[string]*list.Element
}

type pooled struct {
	key string
	p   player.Player
}

func newPool(max int) *pool {
	return &pool{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

// take removes and returns the player kept for key, or nil.
func (pl *pool) take(key string) player.Player {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	e := pl.byKey[key]
	if e == nil {
		return nil
	}
	pl.order.Remove(e)
	delete(pl.byKey, key)
	return e.Value.(*pooled).p
}

// put keeps p for key, closing the players it gives up for room.
func (pl *pool) put(key string, p player.Player) {
	var out []player.Player
	pl.mu.Lock()
	if e := pl.byKey[key]; e != nil { // not expected: one move at a time
		out = append(out, e.Value.(*pooled).p)
		pl.order.Remove(e)
	}
	pl.byKey[key] = pl.order.PushFront(&pooled{key, p})
	for pl.order.Len() > pl.max {
		e := pl.order.Back()
		pl.order.Remove(e)
		delete(pl.byKey, e.Value.(*pooled).key)
		out = append(out, e.Value.(*pooled).p)
	}
	pl.mu.Unlock()
	for _, p := range out {
		player.Close(p)
	}
}

// drop closes the players kept for a game.
func (pl *pool) drop(game string) {
	var out []player.Player
	pl.mu.Lock()
	for c := range 2 {
		key := poolKey(game, board.Color(c))
		if e := pl.byKey[key]; e != nil {
			pl.order.Remove(e)
			delete(pl.byKey, key)
			out = append(out, e.Value.(*pooled).p)
		}
	}
	pl.mu.Unlock()
	for _, p := range out {
		player.Close(p)
	}
}

// len returns the number of players kept.
func (pl *pool) len() int {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return pl.order.Len()
}

// poolKey names a computer seat in the pool.
func poolKey(game string, c board.Color) string { return game + "/" + c.String() }

// Instant reports whether spec names a built-in player that does not
// search (catalog.IsInstant): its move takes no search slot. An
// operator's engine always searches.
func (h *Hall) Instant(spec string) bool {
	if _, ok := h.external(spec); ok {
		return false
	}
	return catalog.IsInstant(spec)
}
