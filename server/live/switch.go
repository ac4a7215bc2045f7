// Switching sides: a person playing the computer gives it their colour
// and takes the other, in the same game, from the position as it stands
// (the moves, their times and values kept), as analysis GUIs let a
// player do.

package live

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/store"
)

// Switch switches the sides of the person whose token hashes to
// tokenHash in t's game, playing the computer (the computer takes the
// person's colour, the person the other, in the same game from the
// position as it stands), and returns the colour the token holds now (board.NoColor if none) and the game's revision, as
// the store says them: a table of this process may be a mirror a moment
// behind the referee's. It refuses with ErrBadToken, ErrGameOver or
// ErrCannotSwitch (a switch is for a person playing a built-in player, in
// a game without a game clock); a failed read of the store is
// ErrStoreUnreadable.
func (h *Hall) Switch(ctx context.Context, t *Table, tokenHash string) (board.Color, int64, error) {
	if _, err := h.switchSides(ctx, t, tokenHash, ""); err != nil {
		return board.NoColor, 0, err
	}
	rec, err := h.cfg.Store.Get(ctx, t.id)
	if err != nil {
		return board.NoColor, 0, fmt.Errorf("%w: %w", ErrStoreUnreadable, err)
	}
	if c := SeatOf(rec.Seats, tokenHash); c >= 0 {
		return board.Color(c), rec.Revision, nil
	}
	return board.NoColor, rec.Revision, nil
}

// switchSides swaps the seats of the game of table t for the person
// whose token hashes to tokenHash, playing the computer: the store first
// (under writeMu: no move is written meanwhile), then the referee is
// stopped and the game opened again from the store, the computer now to
// play the person's old colour. A process that does not referee the game
// hands the switch to the one that does. The referee's process gives
// the id of the submission it judges, so that the swap and its verdict
// are stored together and made once. It reports whether the seats were
// swapped (the verdict stored, when there is a submission).
func (h *Hall) switchSides(ctx context.Context, t *Table, tokenHash, submission string) (bool, error) {
	t.mu.Lock()
	if t.mirror {
		t.mu.Unlock()
		return false, t.forwardSub(ctx, store.Submission{ID: NewID(12), Game: t.id, TokenHash: tokenHash, Action: "switch"})
	}
	color := SeatOf(t.rec.Seats, tokenHash)
	rec, over, running, creator := t.rec, t.g.Finished() || t.rec.Result != nil, t.running, t.creator
	t.mu.Unlock()
	switch {
	case color < 0:
		return false, ErrBadToken
	case over:
		return false, ErrGameOver
	case rec.Seats[color].Kind != store.Human || rec.Seats[1-color].Kind != store.Builtin || rec.GameTime > 0:
		return false, ErrCannotSwitch
	}
	t.writeMu.Lock()
	var err error
	if submission == "" {
		err = h.stored(h.cfg.Store.SwapSeats(ctx, t.id))
	} else {
		err = h.stored(h.cluster.SwapSeatsFor(ctx, t.id, submission))
		if errors.Is(err, store.ErrConflict) {
			if sub, serr := h.cluster.Submission(ctx, submission); serr == nil && sub.Decided {
				err = errDecided
			}
		}
	}
	t.writeMu.Unlock()
	switch {
	case errors.Is(err, errDecided):
		return true, nil // made by a table that read the submission before
	case errors.Is(err, store.ErrConflict):
		return false, ErrGameOver
	case err != nil:
		return false, err
	}
	h.drop(t)
	if running {
		select {
		case <-t.done: // the referee has stopped: no move of the old seats is written after
		case <-ctx.Done():
			return true, ctx.Err()
		case <-time.After(submitWait):
		}
	}
	// still counted against the client that made it
	if _, err := h.tableFor(ctx, t.id, creator); err != nil {
		return true, err
	}
	return true, nil
}

// errDecided: a submission was decided before its judge got to it.
var errDecided = errors.New("decided already")
