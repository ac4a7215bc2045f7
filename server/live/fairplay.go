// Fair play: no engine help in a game between two remote seats (people,
// or a person and a bot) while it goes on, unless it was created as an
// analysis game.

package live

import (
	"math/bits"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/store"
)

// helpFromDiscs is the number of discs from which the position of a
// live game without help is refused to analyses: the first six moves
// (ten discs) are the openings everybody knows, and the positions every
// game goes through (refusing them would refuse every analysis of an
// opening while any such game is at its start).
const helpFromDiscs = 10

// NoHelp reports whether a game gets no engine help while it goes on:
// both seats remote (a human, a bot, or open for one), and not created as
// an analysis game.
func NoHelp(rec *store.Game) bool {
	remote := func(k store.SeatKind) bool { return k == store.Human || k == store.Bot || k == store.Open }
	return !rec.Analysis && remote(rec.Seats[0].Kind) && remote(rec.Seats[1].Kind)
}

// WithoutHelp reports whether pos is the position of a live game of this process that gets no help, past its
// first moves (helpFromDiscs): its seats, or anyone for them, may not
// have it analysed or see its book moves before the end. Games refereed
// by another server of the database count if this process mirrors them.
func (h *Hall) WithoutHelp(pos board.Position) bool {
	if bits.OnesCount64(pos.Board.P|pos.Board.O) < helpFromDiscs {
		return false
	}
	for _, t := range h.openTables() {
		t.mu.Lock()
		hit := !t.g.Finished() && NoHelp(t.rec) && t.g.Position() == pos
		t.mu.Unlock()
		if hit {
			return true
		}
	}
	return false
}
