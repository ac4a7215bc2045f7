// Switching sides: a person playing the computer gives it their colour
// and takes the other, in the same game, from the position as it stands
// (the moves, their times and values kept), as analysis GUIs let a
// player do (POST /api/games/{id}/switch).

package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// SwitchResponse is the answer to a switch of sides: the colour the
// player now holds (with the same token) and the game's version.
type SwitchResponse struct {
	Color   string `json:"color"`
	Version int64  `json:"version"`
}

func (s *Server) handleSwitch(w http.ResponseWriter, r *http.Request) {
	req, t := s.tokenRequest(w, r)
	if t == nil {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), submitWait)
	defer cancel()
	color, version, err := s.switchFor(ctx, t, live.HashToken(req.Token))
	if err != nil {
		if errors.Is(err, live.ErrBadToken) {
			s.metrics.refused.WithLabelValues("token").Inc()
		}
		s.refuse(w, r, err, http.StatusUnprocessableEntity)
		return
	}
	resp := SwitchResponse{Version: version}
	if color != board.NoColor {
		resp.Color = color.String()
	}
	writeJSON(w, http.StatusOK, resp)
}

// switchFor switches the sides of the person whose token hashes to
// tokenHash in t's game (see switchSides), and returns the colour the
// token holds now (board.NoColor if none) and the game's revision, as
// the store says them: a table of this process may be a mirror a moment
// behind the referee's. A failed read of the store is live.ErrStoreUnreadable.
func (h *hall) switchFor(ctx context.Context, t *table, tokenHash string) (board.Color, int64, error) {
	if _, err := h.switchSides(ctx, t, tokenHash, ""); err != nil {
		return board.NoColor, 0, err
	}
	rec, err := h.cfg.Store.Get(ctx, t.id)
	if err != nil {
		return board.NoColor, 0, fmt.Errorf("%w: %w", live.ErrStoreUnreadable, err)
	}
	if c := live.SeatOf(rec.Seats, tokenHash); c >= 0 {
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
func (h *hall) switchSides(ctx context.Context, t *table, tokenHash, submission string) (bool, error) {
	t.mu.Lock()
	if t.mirror {
		t.mu.Unlock()
		return false, t.forwardSub(ctx, store.Submission{ID: randomID(12), Game: t.id, TokenHash: tokenHash, Action: "switch"})
	}
	color := live.SeatOf(t.rec.Seats, tokenHash)
	rec, over, running, creator := t.rec, t.g.Finished() || t.rec.Result != nil, t.running, t.creator
	t.mu.Unlock()
	switch {
	case color < 0:
		return false, live.ErrBadToken
	case over:
		return false, live.ErrGameOver
	case rec.Seats[color].Kind != store.Human || rec.Seats[1-color].Kind != store.Builtin || rec.GameTime > 0:
		return false, live.ErrCannotSwitch
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
		return false, live.ErrGameOver
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
