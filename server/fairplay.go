// Fair play: no engine help in a game between two remote seats (people,
// or a person and a bot) while it goes on, unless it was created as an
// analysis game; the hall says which positions are such games'
// (live.Hall.WithoutHelp), and the server refuses their analyses.

package server

import (
	"net/http"

	"github.com/reversi-engine/reversi/board"
)

// errNoHelp is the refusal of an analysis of the position of a live game
// without help.
const errNoHelp = "this is the position of a game in progress between players, whom the server does not help: it is analysed once the game is over (a game created with \"analysis\": true is helped)"

// refuseHelp answers 403 to an analysis of the position of a live game
// without help, and reports whether it did.
func (s *Server) refuseHelp(w http.ResponseWriter, r *http.Request, pos board.Position) bool {
	if !s.hall.WithoutHelp(pos) {
		return false
	}
	s.metrics.refused.WithLabelValues("help").Inc()
	s.log.Info("analysis of a live game refused", "client", s.addressOf(r))
	writeError(w, http.StatusForbidden, CodeNoHelp, errNoHelp)
	return true
}
