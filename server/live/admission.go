// Admission: the caps on live games (in all and per client), the health
// of the store as the writes find it, and the abandonment of games that
// wait for a player for too long.

package live

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/store"
)

// Admit reserves the creation of a game by client within the caps on
// live games (Config.MaxGames, MaxGamesPerClient) and its rate of new
// games (Hooks.NewGame), and returns the function that ends the
// reservation (once the game's table is open, it counts itself), or the
// refusal (a *CapError).
func (h *Hall) Admit(client string) (func(), error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	total, mine := 0, h.created[client]
	for _, n := range h.created {
		total += n
	}
	for _, t := range h.tables {
		t.mu.Lock()
		live := !t.mirror && !t.g.Finished()
		own := t.creator == client
		t.mu.Unlock()
		if live {
			total++
			if own {
				mine++
			}
		}
	}
	switch {
	case total >= h.cfg.MaxGames:
		return nil, &CapError{Reason: fmt.Sprintf("the server holds %d live games, its limit: try again later", h.cfg.MaxGames), Full: true}
	case mine >= h.cfg.MaxGamesPerClient:
		return nil, &CapError{Reason: fmt.Sprintf("you have %d live games, the limit of a client here: finish or resign one first", h.cfg.MaxGamesPerClient)}
	}
	if ok, wait := h.newGame(client); !ok {
		wait = max(time.Second, wait.Round(time.Second))
		return nil, &CapError{Reason: fmt.Sprintf("you created %d games in %v, the limit of a client here: try again in %v",
			h.cfg.NewGamesPerClient, h.cfg.NewGamesPeriod, wait), RetryAfter: wait}
	}
	h.created[client]++
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.created[client]--; h.created[client] <= 0 {
			delete(h.created, client)
		}
	}, nil
}

// newGame takes a new game of client from its allowance (Hooks.NewGame).
func (h *Hall) newGame(client string) (bool, time.Duration) {
	if f := h.cfg.Hooks.NewGame; f != nil {
		return f(client)
	}
	return true, 0
}

// storeHealth is what the writes to the store found last.
type storeHealth struct {
	mu     sync.Mutex
	failed error     // the last write's error, nil after a success
	at     time.Time // when it failed
}

// stored records the outcome of a write to the store, for the health
// check, and returns its error wrapped in ErrStoreFailed (a conflict or a
// missing game are answers, not failures: they pass as they are).
func (h *Hall) stored(err error) error {
	if err == nil || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
		h.health.mu.Lock()
		h.health.failed = nil
		h.health.mu.Unlock()
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", ErrStoreFailed, err)
	}
	if f := h.cfg.Hooks.StoreFailed; f != nil {
		f()
	}
	h.log.Error("a write to the store failed", "err", err)
	h.health.mu.Lock()
	h.health.failed, h.health.at = err, time.Now()
	h.health.mu.Unlock()
	return fmt.Errorf("%w: %w", ErrStoreFailed, err)
}

// StoreFailure returns when the last write to the store failed and its
// error, if it failed (nil after a success).
func (h *Hall) StoreFailure() (time.Time, error) {
	h.health.mu.Lock()
	defer h.health.mu.Unlock()
	return h.health.at, h.health.failed
}

// sweepIdle abandons the games whose open seat nobody took within the
// idle timeout, every tenth of it (at least a second) until the hall
// closes. (A remote seat that does not move loses by itself: see
// remote.Move.)
func (h *Hall) sweepIdle() {
	defer h.wg.Done()
	every := max(h.cfg.IdleTimeout/10, time.Second)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-tick.C:
			cutoff := time.Now().Add(-h.cfg.IdleTimeout)
			h.abandonWaiting(cutoff)
			h.forgetFinished(cutoff)
		}
	}
}

// abandonWaiting ends the games waiting for a player since before
// cutoff: nobody wins, the reason says why.
func (h *Hall) abandonWaiting(cutoff time.Time) {
	h.mu.Lock()
	var stale []*Table
	for _, t := range h.tables {
		t.mu.Lock()
		waiting := !t.mirror && !t.g.Finished() && (t.rec.Seats[0].Kind == store.Open || t.rec.Seats[1].Kind == store.Open)
		if waiting && t.since.Before(cutoff) {
			stale = append(stale, t)
		}
		t.mu.Unlock()
	}
	h.mu.Unlock()
	for _, t := range stale {
		t.mu.Lock()
		open := board.Black
		if t.rec.Seats[1].Kind == store.Open {
			open = board.White
		}
		t.mu.Unlock()
		r, err := t.endWithoutReferee(game.Abandoned, open, fmt.Sprintf("nobody took the open seat within %v", h.cfg.IdleTimeout))
		if err != nil {
			if !errors.Is(err, store.ErrConflict) {
				h.log.Error("abandoning a game", "game", t.id, "err", err)
			}
			continue
		}
		h.log.Info("game abandoned", "game", t.id, "detail", r.Detail)
		h.mu.Lock()
		if h.tables[t.id] == t {
			delete(h.tables, t.id)
		}
		h.mu.Unlock()
	}
}

// forgetFinished lets go of the tables of finished games that nobody has
// watched since before cutoff (kept after the end for the players'
// rematch: see startLocked): a request opens such a game again from the
// store, offers and all. Without it a server would hold every game
// between two people it ever refereed until it stops.
func (h *Hall) forgetFinished(cutoff time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, t := range h.tables {
		t.mu.Lock()
		// A referee of this process has stopped; a mirror has none.
		idle := len(t.watchers) == 0 && (t.g.Finished() || t.rec.Result != nil) && (t.mirror || t.ended()) &&
			t.lastUse.Before(cutoff) && t.since.Before(cutoff)
		t.mu.Unlock()
		if idle {
			delete(h.tables, id)
		}
	}
}
