// Computer players for the API's requests (the seats of new games, the
// analyses): the hall's allow-list and limits.

package server

import (
	"time"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/player"
)

// checkSpec checks a spec that a client names (see live.Hall.CheckSpec).
func (s *Server) checkSpec(spec string, moveTime time.Duration) error {
	return s.hall.CheckSpec(spec, moveTime)
}

// limitsFor returns the server's limits for a game with the given time a
// move (see live.Hall.LimitsFor).
func (s *Server) limitsFor(moveTime time.Duration) catalog.Limits { return s.hall.LimitsFor(moveTime) }

// newComputer builds the player of a spec that checkSpec accepted (see
// live.Hall.NewComputer).
func (s *Server) newComputer(spec string, seed uint64, moveTime time.Duration) (player.Player, error) {
	return s.hall.NewComputer(spec, seed, moveTime)
}

// computerName is the name of a computer seat (see
// live.Hall.ComputerName).
func (s *Server) computerName(spec string) string { return s.hall.ComputerName(spec) }

// instant reports whether spec names a player that takes no search slot
// (see live.Hall.Instant).
func (s *Server) instant(spec string) bool { return s.hall.Instant(spec) }
