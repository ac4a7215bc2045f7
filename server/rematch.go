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

// tokenRequest reads a request that names a seat by its token (or by
// the caller's account, seatHash), finds its game's table and returns
// the request, the seat's token hash and the table; it answers the
// error itself and returns a nil table when the request is malformed,
// names no game or no seat.
func (s *Server) tokenRequest(w http.ResponseWriter, r *http.Request) (TokenRequest, string, *live.Table) {
	var req TokenRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return req, "", nil
	}
	t := s.lookup(w, r)
	if t == nil {
		return req, "", nil
	}
	hash, ok := s.seatHash(w, r, t, req.Token)
	if !ok {
		return req, "", nil
	}
	return req, hash, t
}

// handleRematch asks for a rematch of a finished game between two people
// for the seat of the token: 202 while the other has not asked, then
// (to both, whenever they ask) 200 with the new game and the seat's
// colour and token in it. The second to ask makes the game, once, in the
// store (see store.Store.Rematch): two requests at the same moment,
// through any processes, make one.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	req, hash, t := s.tokenRequest(w, r)
	if t == nil {
		return
	}
	rm, color, err := s.hall.Rematch(r.Context(), t, hash, s.clientOf(r))
	var ce *live.CapError
	switch {
	case errors.Is(err, live.ErrBadToken):
		s.metrics.refused.WithLabelValues("token").Inc()
		s.refuse(w, r, err, http.StatusForbidden, CodeBadToken)
		return
	case errors.Is(err, live.ErrNoRematch):
		s.refuse(w, r, err, http.StatusConflict, CodeNoRematch)
		return
	case errors.As(err, &ce):
		s.metrics.refused.WithLabelValues("games").Inc()
		s.refuse(w, r, err, http.StatusTooManyRequests, CodeClientCap)
		return
	case errors.Is(err, store.ErrConflict):
		writeError(w, http.StatusConflict, CodeNotOver, "the game is not over")
		return
	case err != nil:
		s.unavailable(w, r, fmt.Errorf("the rematch: %w", err))
		return
	}
	if rm.Game == "" {
		writeJSON(w, http.StatusAccepted, map[string]any{"offered": true})
		return
	}
	s.linkRematch(r.Context(), t.ID(), rm.Game)
	answer := map[string]any{"id": rm.Game, "color": color.Other().String(), "url": "/game/" + rm.Game}
	if req.Token != "" {
		answer["token"] = req.Token // an account plays its seat without
	}
	writeJSON(w, http.StatusOK, answer)
}

// linkRematch links a rematch to the accounts of the game it follows,
// their colours swapped (casual, as every game the server links): each
// player's page lists it. Both players' requests may do it, through any
// servers: the link is the same. A failure is logged: the game goes on,
// unlinked; a rematch already over keeps its link as it was.
func (s *Server) linkRematch(ctx context.Context, game, rematch string) {
	accounts := s.accountsStore()
	if accounts == nil {
		return
	}
	old, err := accounts.GameLink(ctx, game)
	if err != nil || old.Accounts == [2]string{} {
		return
	}
	want := store.GameLink{Accounts: [2]string{old.Accounts[1], old.Accounts[0]}}
	if cur, err := accounts.GameLink(ctx, rematch); err == nil && cur.Accounts == want.Accounts {
		return
	}
	if err := accounts.LinkGame(ctx, rematch, want); err != nil && !errors.Is(err, store.ErrConflict) {
		s.log.Error("the rematch could not be linked to the accounts", "game", rematch, "err", err)
	}
}
