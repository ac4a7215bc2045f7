// Switching sides: a person playing the computer gives it their colour
// and takes the other, in the same game, from the position as it stands
// (the moves, their times and values kept), as analysis GUIs let a
// player do (POST /api/games/{id}/switch).

package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/server/live"
)

// SwitchResponse is the answer to a switch of sides: the colour the
// player now holds (with the same token) and the game's version.
type SwitchResponse struct {
	Color   string `json:"color"`
	Version int64  `json:"version"`
}

// switchWait bounds the wait for a switch of sides (which a process that
// does not referee the game hands to the one that does).
const switchWait = 30 * time.Second

func (s *Server) handleSwitch(w http.ResponseWriter, r *http.Request) {
	_, hash, t := s.tokenRequest(w, r)
	if t == nil {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), switchWait)
	defer cancel()
	color, version, err := s.hall.Switch(ctx, t, hash)
	if err != nil {
		if errors.Is(err, live.ErrBadToken) {
			s.metrics.refused.WithLabelValues("token").Inc()
		}
		s.refuse(w, r, err, http.StatusUnprocessableEntity, CodeRefused)
		return
	}
	resp := SwitchResponse{Version: version}
	if color != board.NoColor {
		resp.Color = color.String()
	}
	writeJSON(w, http.StatusOK, resp)
}
