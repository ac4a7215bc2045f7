// Rematches of games between two people: each asks, and once both have
// the new game (the colours swapped, the same clocks, rule and start) is
// theirs, each seat's token given to its player.

package server

import (
	"crypto/subtle"
	"net/http"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/store"
)

// RematchView is where a rematch of a finished game between two people
// stands: the sides that asked for one, and the new game once both did.
type RematchView struct {
	Offered []string `json:"offered,omitempty"`
	Game    string   `json:"game,omitempty"`
}

// rematch is a table's rematch: the sides that asked (by colour), the new
// game and its tokens (by the colour each player had in this game). It
// lives in the process that holds the table.
type rematch struct {
	offered [2]bool
	id      string
	tokens  [2]string
}

// viewLocked is the rematch as the game's view shows it (nil: none asked).
func (r *rematch) viewLocked() *RematchView {
	if !r.offered[0] && !r.offered[1] {
		return nil
	}
	v := &RematchView{Game: r.id}
	for c := range 2 {
		if r.offered[c] {
			v.Offered = append(v.Offered, board.Color(c).String())
		}
	}
	return v
}

// durationText writes a clock as a CreateRequest takes it.
func durationText(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	return d.String()
}

// handleRematch asks for a rematch of a finished game between two people
// for the seat of the token: 202 while the other has not asked, then
// (to both, whenever they ask) 200 with the new game and the seat's
// colour and token in it.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	var req TokenRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if req.Token == "" {
		writeError(w, http.StatusBadRequest, "token: missing")
		return
	}
	t := s.lookup(w, r)
	if t == nil {
		return
	}
	t.rematchMu.Lock() // one rematch made at a time
	defer t.rematchMu.Unlock()
	t.mu.Lock()
	color, hash := -1, hashToken(req.Token)
	for c := range 2 {
		if h := t.rec.Seats[c].TokenHash; h != "" && subtle.ConstantTimeCompare([]byte(h), []byte(hash)) == 1 {
			color = c
		}
	}
	rec, finished := t.rec, t.g.Finished()
	answer := func(status int) {
		v := map[string]any{"offered": true}
		if t.rematch.id != "" {
			v = map[string]any{"id": t.rematch.id, "color": board.Color(color).Other().String(), "token": t.rematch.tokens[color], "url": "/game/" + t.rematch.id}
		}
		t.mu.Unlock()
		writeJSON(w, status, v)
	}
	switch {
	case color < 0:
		t.mu.Unlock()
		s.metrics.refused.WithLabelValues("token").Inc()
		writeError(w, http.StatusForbidden, errBadToken.Error())
		return
	case rec.Seats[0].Kind != store.Human || rec.Seats[1].Kind != store.Human:
		t.mu.Unlock()
		writeError(w, http.StatusConflict, "a rematch by agreement is for games between two people (against a computer, start one)")
		return
	case !finished:
		t.mu.Unlock()
		writeError(w, http.StatusConflict, "the game is not over")
		return
	case t.rematch.id != "":
		answer(http.StatusOK)
		return
	}
	if !t.rematch.offered[color] {
		t.rematch.offered[color] = true
		t.changedLocked()
	}
	if !t.rematch.offered[board.Color(color).Other()] {
		answer(http.StatusAccepted)
		return
	}
	t.mu.Unlock()
	// Both asked: the new game, the colours swapped.
	cr := CreateRequest{Black: SeatRequest{Kind: "human", Name: rec.Seats[1].Name}, White: SeatRequest{Kind: "human", Name: rec.Seats[0].Name},
		Time: durationText(rec.MoveTime), GameTime: durationText(rec.GameTime), Increment: durationText(rec.Increment), Rule: rec.Rule}
	if rec.Start != "" && rec.Start != board.Start().String() {
		cr.Board = rec.Start
	}
	if cr.GameTime == "0" {
		cr.GameTime = ""
	}
	newRec, tokens, err := s.newGame(cr)
	if err != nil {
		writeError(w, http.StatusConflict, "the rematch: "+err.Error())
		return
	}
	client := s.clientOf(r)
	done, status, err := s.admit(client)
	if err != nil {
		s.metrics.refused.WithLabelValues("games").Inc()
		writeError(w, status, err.Error())
		return
	}
	defer done()
	if err := s.storeNew(r.Context(), newRec, client); err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	s.log.Info("rematch created", "game", newRec.ID, "of", t.id, "client", client)
	t.mu.Lock()
	t.rematch.id = newRec.ID
	t.rematch.tokens = [2]string{tokens["white"], tokens["black"]} // Black plays White now
	t.changedLocked()
	answer(http.StatusOK)
}
