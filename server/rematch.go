// Rematches of games between two people: each asks, and once both have
// the new game (the colours swapped, the same clocks, rule and start) is
// theirs, each keeping the token it played with. The offers and the new
// game live in the store, with the finished game, so that requests
// through any server process, before and after a restart, meet the same
// rematch.

package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// RematchView is where a rematch of a finished game between two people
// stands: the sides that asked for one, and the new game once both did.
type RematchView struct {
	Offered []string `json:"offered,omitempty"`
	Game    string   `json:"game,omitempty"`
}

// rematchView is a stored rematch as the game's view shows it (nil: none
// asked).
func rematchView(r store.Rematch) *RematchView {
	if !r.Offered[0] && !r.Offered[1] {
		return nil
	}
	v := &RematchView{Game: r.Game}
	for c := range 2 {
		if r.Offered[c] {
			v.Offered = append(v.Offered, board.Color(c).String())
		}
	}
	return v
}

// rematchOf is the rematch of a finished game between two people: the
// same people, the colours swapped, each seat held by the token its
// player had (so that each learns its seat from its own token, in any
// process), the same clocks, rule and start position.
func rematchOf(rec *store.Game) *store.Game {
	return &store.Game{ID: randomID(8), Rule: rec.Rule, Start: rec.Start, MoveTime: rec.MoveTime, GameTime: rec.GameTime, Increment: rec.Increment,
		Analysis: rec.Analysis,
		Seats: [2]store.Seat{
			{Kind: store.Human, Name: rec.Seats[1].Name, TokenHash: rec.Seats[1].TokenHash},
			{Kind: store.Human, Name: rec.Seats[0].Name, TokenHash: rec.Seats[0].TokenHash},
		}}
}

// tokenRequest reads a request that names a seat by its token and finds
// its game's table; it answers the error itself and returns a nil table
// when the request is malformed, has no token or names no game.
func (s *Server) tokenRequest(w http.ResponseWriter, r *http.Request) (TokenRequest, *table) {
	var req TokenRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return req, nil
	}
	if req.Token == "" {
		writeError(w, http.StatusBadRequest, "token: missing")
		return req, nil
	}
	return req, s.lookup(w, r)
}

// handleRematch asks for a rematch of a finished game between two people
// for the seat of the token: 202 while the other has not asked, then
// (to both, whenever they ask) 200 with the new game and the seat's
// colour and token in it. The second to ask makes the game, once, in the
// store (see store.Store.Rematch): two requests at the same moment,
// through any processes, make one.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	req, t := s.tokenRequest(w, r)
	if t == nil {
		return
	}
	st := t.state()
	color := live.SeatOf(st.rec.Seats, live.HashToken(req.Token))
	rec := &st.rec
	switch {
	case color < 0:
		s.metrics.refused.WithLabelValues("token").Inc()
		s.refuse(w, r, live.ErrBadToken, http.StatusForbidden)
		return
	case rec.Seats[0].Kind != store.Human || rec.Seats[1].Kind != store.Human:
		writeError(w, http.StatusConflict, "a rematch by agreement is for games between two people (against a computer, start one)")
		return
	}
	rm, err := s.rematch(r.Context(), t, rec, color, s.clientOf(r))
	var ce *live.CapError
	switch {
	case errors.As(err, &ce):
		s.metrics.refused.WithLabelValues("games").Inc()
		s.refuse(w, r, err, http.StatusTooManyRequests)
		return
	case errors.Is(err, store.ErrConflict):
		writeError(w, http.StatusConflict, "the game is not over")
		return
	case err != nil:
		s.unavailable(w, r, fmt.Errorf("the rematch: %w", err))
		return
	}
	if rm.Game == "" {
		writeJSON(w, http.StatusAccepted, map[string]any{"offered": true})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": rm.Game, "color": board.Color(color).Other().String(), "token": req.Token, "url": "/game/" + rm.Game})
}

// rematch records the offer of a rematch by the seat color of t's
// finished game between two people (rec, its stored game) and, once both
// sides asked, makes the new game, within the caps on live games for
// client; then it shows the finished table's change to its watchers. It
// returns the rematch as stored, or store.ErrConflict if the game is not
// over, a *live.CapError, or the store's failure. The second to ask makes the
// game, once, in the store (see store.Store.Rematch): two requests at the
// same moment, through any processes, make one.
func (h *hall) rematch(ctx context.Context, t *table, rec *store.Game, color int, client string) (store.Rematch, error) {
	// Whether the game is over is the store's to say: this process's
	// table may be a mirror a moment behind its referee's.
	// The offer first; then, if the other side has asked too and no game
	// is made yet, the game, within the limits of the server.
	rm, err := h.cfg.Store.Rematch(ctx, t.id, color, nil)
	if err = h.stored(err); err != nil {
		return rm, err
	}
	if rm.Game == "" && rm.Offered[1-color] {
		done, err := h.admit(client)
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
func (h *hall) reloadFinished(ctx context.Context, t *table) {
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
