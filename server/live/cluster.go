// Several server processes on one database (PostgreSQL): each live game
// is refereed by the one process that holds its claim; the others keep a
// mirror of it, reloaded whenever the database announces a change, and
// hand the moves they receive to the referee's process through the
// store's submissions.

package live

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/store"
)

// startCluster starts listening to the store's announcements and the
// renewal of claims, if the store is shared by several processes.
func (h *Hall) startCluster() {
	sh, ok := h.cfg.Store.(store.Shared)
	if !ok {
		return
	}
	h.cluster = sh
	h.wg.Add(2)
	listening := make(chan struct{})
	var once sync.Once
	go func() {
		defer h.wg.Done()
		for h.ctx.Err() == nil {
			err := sh.Listen(h.ctx, func(note store.Note) {
				if note == (store.Note{}) { // listening (again)
					once.Do(func() { close(listening) })
					h.syncAll() // what was announced before was missed
					return
				}
				h.announced(note)
			})
			if h.ctx.Err() != nil {
				return
			}
			h.log.Error("listening to the database; again in a second", "err", err)
			select {
			case <-time.After(time.Second):
			case <-h.ctx.Done():
				return
			}
		}
	}()
	// Serve once listening, so that no change made through another
	// process is missed (or after a while, with a log line).
	select {
	case <-listening:
	case <-time.After(5 * time.Second):
		h.log.Error("not listening to the database after 5 s; going on")
	}
	go func() {
		defer h.wg.Done()
		tick := time.NewTicker(h.cfg.Lease / 3)
		defer tick.Stop()
		for {
			select {
			case <-h.ctx.Done():
				return
			case <-tick.C:
				h.Sweep(h.ctx)
			}
		}
	}()
}

// announced handles the database's announcement of news of a game.
func (h *Hall) announced(n store.Note) {
	h.mu.Lock()
	t := h.tables[n.Game]
	h.mu.Unlock()
	if t == nil {
		return
	}
	t.mu.Lock()
	mirror, running, over := t.mirror, t.running, t.ended()
	if n.Submission && mirror {
		t.wakeLocked() // a verdict, perhaps for a forwarded move
	}
	t.mu.Unlock()
	switch {
	// A game whose referee has ended changes too: its rematch (see
	// Hall.Rematch).
	case n.Submission && !mirror, !n.Submission && (mirror || !running || over):
		t.poke()
	}
}

// syncAll syncs every open table with the store.
func (h *Hall) syncAll() {
	for _, t := range h.openTables() {
		t.poke()
	}
}

// openTables returns the tables open now.
func (h *Hall) openTables() []*Table {
	h.mu.Lock()
	defer h.mu.Unlock()
	ts := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		ts = append(ts, t)
	}
	return ts
}

// Sweep renews this process's claims, gives up the games whose claim
// another process took, and takes over the live games whose referee's
// claim expired (its process died). On a store shared by several
// processes the hall sweeps every third of its lease; a caller may sweep
// sooner (a test of a take-over does).
func (h *Hall) Sweep(ctx context.Context) {
	until := time.Now().Add(h.cfg.Lease)
	ts := h.openTables()
	var owned []string
	mine := map[string]bool{}
	for _, t := range ts {
		t.mu.Lock()
		mirror, over, waiting := t.mirror, t.g.Finished(), !t.mirror && !t.running
		t.mu.Unlock()
		switch {
		case over:
		case !mirror:
			owned = append(owned, t.id)
			mine[t.id] = true
			if waiting {
				t.poke() // a seat taken elsewhere, in case its announcement was missed
			}
		default: // a mirror: has its referee's server died?
			if ok, err := h.cluster.Claim(ctx, t.id, h.cfg.Owner, until); err != nil {
				h.log.Error("claiming a game", "game", t.id, "err", err)
			} else if ok {
				h.takeOver(ctx, t)
			}
		}
	}
	kept, err := h.cluster.Renew(ctx, h.cfg.Owner, owned, until)
	if err != nil {
		h.log.Error("renewing the claims", "err", err)
	} else {
		for _, t := range ts {
			rev, held := kept[t.id]
			switch {
			case held:
				t.mu.Lock()
				ahead := rev > t.revision // perhaps only a change of ours being counted
				t.mu.Unlock()
				if ahead {
					h.checkFresh(ctx, t)
				}
			case mine[t.id]:
				h.log.Warn("another server took the game over", "game", t.id)
				h.drop(t)
			}
		}
	}
	// The live games nobody referees (their server died, nobody here has
	// opened them): open them, which claims them.
	orphans, err := h.cfg.Store.List(ctx, store.ListOptions{Live: true, Unclaimed: true, Limit: 1000})
	if err != nil {
		h.log.Error("listing the unclaimed games", "err", err)
		return
	}
	for _, o := range orphans {
		if _, err := h.Open(ctx, o.ID); err != nil {
			h.log.Error("taking over a game", "game", o.ID, "err", err)
		}
	}
}

// checkFresh gives up a table whose game another process changed while
// this one referees it: that process took it over while this one stalled
// past its lease (the store refused whatever move conflicted).
func (h *Hall) checkFresh(ctx context.Context, t *Table) {
	t.writeMu.Lock()
	rec, err := h.cfg.Store.Get(ctx, t.id)
	t.mu.Lock()
	stale := err == nil && rec.Revision != t.revision && t.running
	t.mu.Unlock()
	t.writeMu.Unlock()
	if stale {
		h.log.Warn("the game changed under its referee: giving it up", "game", t.id)
		h.drop(t)
	}
}

// drop gives a table up: its referee stops, its watchers are told to
// reconnect, and the next request opens the game again from the store.
func (h *Hall) drop(t *Table) {
	h.mu.Lock()
	if h.tables[t.id] == t {
		delete(h.tables, t.id)
	}
	h.mu.Unlock()
	t.cancel()
	t.dropOnce.Do(func() { close(t.dropped) })
}

// takeOver makes a mirror table, whose claim this process now holds, the
// game's referee.
func (h *Hall) takeOver(ctx context.Context, t *Table) {
	rec, g, err := h.load(ctx, t.id)
	if err != nil {
		h.log.Error("taking over a game", "game", t.id, "err", err)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	t.mu.Lock()
	t.setLocked(rec, g)
	t.mirror = false
	t.mu.Unlock()
	h.log.Info("took the game over", "game", t.id, "plies", g.Ply())
	h.startLocked(t)
	t.poke() // the submissions waiting for a referee
}

// ended reports whether the table's game is over and its referee, if it
// had one here, has stopped (the result stored).
func (t *Table) ended() bool {
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// poke schedules a sync of the table with the store; pokes that come
// while one waits are one.
func (t *Table) poke() {
	if t.syncWanted.Swap(true) {
		return
	}
	go func() {
		t.syncMu.Lock()
		defer t.syncMu.Unlock()
		t.syncWanted.Store(false)
		t.sync(t.h.ctx)
	}()
}

// sync brings the table up to date with the store: a mirror, or a table
// whose referee has ended (a finished game, whose rematch may change),
// reloads the game; the referee's table takes the seats taken elsewhere
// and judges the submissions waiting.
func (t *Table) sync(ctx context.Context) {
	h := t.h
	t.mu.Lock()
	mirror, running, over := t.mirror, t.running, t.ended()
	t.mu.Unlock()
	if mirror || !running || over {
		rec, g, err := h.load(ctx, t.id)
		if err != nil {
			h.log.Error("reloading a game", "game", t.id, "err", err)
			return
		}
		t.mu.Lock()
		// A read older than the table (a seat taken here after the read,
		// and counted) would take the change back.
		if rec.Revision >= t.revision {
			t.setLocked(rec, g)
			t.changedLocked()
		}
		t.mu.Unlock()
		if mirror {
			return
		}
		h.mu.Lock()
		h.startLocked(t) // if the last open seat was taken elsewhere
		h.mu.Unlock()
	}
	subs, err := h.cluster.Pending(ctx, t.id)
	if err != nil {
		h.log.Error("reading the submissions", "game", t.id, "err", err)
		return
	}
	for _, sub := range subs {
		if sub.Action == "seen" {
			t.Seen(ctx, sub.TokenHash)
			if err := h.cluster.Decide(ctx, sub.ID, ""); err != nil && !errors.Is(err, store.ErrConflict) {
				h.log.Error("deciding a submission", "game", t.id, "err", err)
			}
			continue
		}
		if sub.Action == "switch" {
			// The table is given up for a new one, with the seats swapped,
			// which judges the submissions left.
			// The verdict of a switch made is stored with it.
			sctx, cancel := context.WithTimeout(ctx, submitWait)
			swapped, err := h.switchSides(sctx, t, sub.TokenHash, sub.ID)
			cancel()
			if swapped {
				if err != nil {
					h.log.Error("reopening a game after a switch of sides", "game", t.id, "err", err)
				}
				return
			}
			if err := h.cluster.Decide(ctx, sub.ID, verdictText(err)); err != nil && !errors.Is(err, store.ErrConflict) {
				h.log.Error("deciding a submission", "game", t.id, "err", err)
			}
			continue
		}
		reply, err := replyOf(sub)
		if err == nil {
			sctx, cancel := context.WithTimeout(ctx, submitWait)
			err = t.SubmitHash(sctx, sub.TokenHash, reply)
			cancel()
		}
		if err := h.cluster.Decide(ctx, sub.ID, verdictText(err)); err != nil && !errors.Is(err, store.ErrConflict) {
			h.log.Error("deciding a submission", "game", t.id, "err", err)
		}
	}
}

// setLocked replaces the table's game by one read from the store (t.mu
// held).
func (t *Table) setLocked(rec *store.Game, g *game.Game) {
	t.rec = rec
	t.g = g
	t.revision = rec.Revision
	t.used = [2]time.Duration{}
	t.turnAt = rec.Updated
	for _, m := range rec.Moves {
		t.used[m.Color] += m.Elapsed
		// A move a player made (not a pass, nor a move of the game's
		// given start, which took no time) earned the increment.
		if rec.GameTime > 0 && m.Square != "PA" && m.Elapsed > 0 {
			t.used[m.Color] -= rec.Increment
		}
		t.turnAt = m.At
	}
	for c := range 2 {
		if t.remotes[c] != nil {
			t.remotes[c].name = SeatName(rec.Seats[c])
		}
	}
}

// submitWait bounds the wait for a verdict.
const submitWait = 30 * time.Second

// forward hands a submission to the game's referee in another process,
// through the store, and waits for its verdict.
func (t *Table) forward(ctx context.Context, tokenHash string, reply player.Reply) error {
	sub := store.Submission{ID: NewID(12), Game: t.id, TokenHash: tokenHash, Action: "move"}
	switch {
	case reply.Resign:
		sub.Action = "resign"
	case reply.Count:
		sub.Action = "count"
	case reply.Undo:
		sub.Action = "undo"
	default:
		sub.Square = reply.Move.String()
	}
	return t.forwardSub(ctx, sub)
}

// forwardSub hands a submission (a move, or a switch of sides) to the
// game's referee in another process, through the store, and waits for
// its verdict.
func (t *Table) forwardSub(ctx context.Context, sub store.Submission) error {
	h := t.h
	wake, unwatch := t.Watch() // woken by each announcement of the game
	defer unwatch()
	if err := h.cluster.Submit(ctx, sub); err != nil {
		return fmt.Errorf("handing the move to the game's server: %w", err)
	}
	tick := time.NewTicker(time.Second) // in case an announcement is missed
	defer tick.Stop()
	for {
		got, err := h.cluster.Submission(context.WithoutCancel(ctx), sub.ID)
		if err != nil {
			return err
		}
		if got.Decided {
			return verdictError(got.Verdict)
		}
		select {
		case <-wake:
		case <-tick.C:
		case <-ctx.Done():
			// Withdraw it, unless it was decided meanwhile.
			err := h.cluster.Decide(context.WithoutCancel(ctx), sub.ID, verdictText(ctx.Err()))
			if errors.Is(err, store.ErrConflict) {
				if got, err := h.cluster.Submission(context.WithoutCancel(ctx), sub.ID); err == nil {
					return verdictError(got.Verdict)
				}
			}
			return ctx.Err()
		}
	}
}

// replyOf reads a submission back as a player's reply.
func replyOf(sub store.Submission) (player.Reply, error) {
	switch sub.Action {
	case "resign":
		return player.Reply{Resign: true}, nil
	case "count":
		return player.Reply{Count: true}, nil
	case "undo":
		return player.Reply{Undo: true}, nil
	case "move":
		sq, err := board.ParseSquare(sub.Square)
		return player.Reply{Move: sq}, err
	}
	return player.Reply{}, fmt.Errorf("unknown action %q", sub.Action)
}

// The verdicts of forwarded submissions keep the kind of refusal (the
// error the referee's process returned): "code: message".
var verdictCodes = []struct {
	code string
	err  error
}{
	{"token", ErrBadToken},
	{"turn", ErrNotYourTurn},
	{"over", ErrGameOver},
	{"remote", ErrNotRemote},
	{"switch", ErrCannotSwitch},
	{"timeout", context.DeadlineExceeded},
	{"cancelled", context.Canceled},
}

// verdictText is the stored form of a verdict ("" for accepted).
func verdictText(err error) string {
	if err == nil {
		return ""
	}
	for _, v := range verdictCodes {
		if errors.Is(err, v.err) {
			return v.code + ": " + err.Error()
		}
	}
	return "refused: " + err.Error()
}

// verdictError reads a stored verdict back.
func verdictError(text string) error {
	if text == "" {
		return nil
	}
	code, msg, _ := strings.Cut(text, ": ")
	for _, v := range verdictCodes {
		if v.code == code {
			if msg == v.err.Error() {
				return v.err
			}
			return fmt.Errorf("%s: %w", msg, v.err)
		}
	}
	return errors.New(msg)
}
