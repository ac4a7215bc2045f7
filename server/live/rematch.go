// Rematches of games between two people: each asks, and once both have
// the new game (the colours swapped, the same clocks, rule and start) is
// theirs, each keeping the token it played with. The offers and the new
// game live in the store, with the finished game, so that requests
// through any server process, before and after a restart, meet the same
// rematch.

package live

import (
	"context"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/store"
)

// rematchOf is the rematch of a finished game between two people: the
// same people, the colours swapped, each seat held by the token its
// player had (so that each learns its seat from its own token, in any
// process), the same clocks, rule and start: the start position and the
// moves given with it (an XOT opening is played again, each player now
// with the other colour).
func rematchOf(rec *store.Game) *store.Game {
	next := &store.Game{ID: NewID(8), Rule: rec.Rule, Start: rec.Start, MoveTime: rec.MoveTime, GameTime: rec.GameTime, Increment: rec.Increment,
		Analysis: rec.Analysis,
		Seats: [2]store.Seat{
			{Kind: store.Human, Name: rec.Seats[1].Name, TokenHash: rec.Seats[1].TokenHash},
			{Kind: store.Human, Name: rec.Seats[0].Name, TokenHash: rec.Seats[0].TokenHash},
		}}
	if n := min(rec.OpeningMoves, len(rec.Moves)); n > 0 {
		now := time.Now()
		for _, m := range rec.Moves[:n] {
			next.Moves = append(next.Moves, store.Move{Ply: m.Ply, Color: m.Color, Square: m.Square, At: now})
		}
		next.OpeningMoves = n
	}
	return next
}

// Rematch records the offer of a rematch by the seat whose token hashes
// to tokenHash, of t's finished game between two people, and, once both
// sides asked, makes the new game (the colours swapped), within the caps
// on live games for client; then it shows the finished table's change to
// its watchers. It returns the rematch as stored and the seat's colour in
// the finished game; or ErrBadToken, ErrNoRematch, store.ErrConflict if
// the game is not over, a *CapError, or the store's failure. The second
// to ask makes the game, once, in the store (see store.Store.Rematch):
// two requests at the same moment, through any processes, make one.
func (h *Hall) Rematch(ctx context.Context, t *Table, tokenHash, client string) (store.Rematch, board.Color, error) {
	st := t.State()
	rec := &st.Record
	color := SeatOf(rec.Seats, tokenHash)
	switch {
	case color < 0:
		return store.Rematch{}, board.NoColor, ErrBadToken
	case rec.Seats[0].Kind != store.Human || rec.Seats[1].Kind != store.Human:
		return store.Rematch{}, board.NoColor, ErrNoRematch
	}
	rm, err := h.rematch(ctx, t, rec, color, client)
	return rm, board.Color(color), err
}

// rematch is Rematch by the seat color of t's game (rec, its stored
// game).
func (h *Hall) rematch(ctx context.Context, t *Table, rec *store.Game, color int, client string) (store.Rematch, error) {
	// Whether the game is over is the store's to say: this process's
	// table may be a mirror a moment behind its referee's.
	// The offer first; then, if the other side has asked too and no game
	// is made yet, the game, within the limits of the server.
	rm, err := h.cfg.Store.Rematch(ctx, t.id, color, nil)
	if err = h.stored(err); err != nil {
		return rm, err
	}
	if rm.Game == "" && rm.Offered[1-color] {
		done, err := h.Admit(client)
		if err != nil {
			return rm, err
		}
		defer done()
		next := rematchOf(rec)
		rm, err = h.cfg.Store.Rematch(ctx, t.id, color, next)
		if err = h.stored(err); err != nil {
			return rm, err
		}
		if rm.Game == next.ID {
			h.log.Info("rematch created", "game", next.ID, "of", t.id, "client", client)
			if _, err := h.tableFor(ctx, next.ID, client); err != nil {
				h.log.Error("opening the rematch", "game", next.ID, "err", err) // a later request opens it
			}
		}
	}
	h.reloadFinished(ctx, t)
	return rm, nil
}

// reloadFinished reads a finished game's table again from the store (its
// rematch changed) and tells its watchers.
func (h *Hall) reloadFinished(ctx context.Context, t *Table) {
	rec, g, err := h.load(ctx, t.id)
	if err != nil {
		h.log.Error("reloading a game", "game", t.id, "err", err)
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if rec.Result == nil || rec.Revision < t.revision {
		return // older than the table
	}
	t.setLocked(rec, g)
	t.changedLocked()
}
