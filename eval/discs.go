// The disc-count evaluator of the course's simplest alpha-beta.

package eval

import (
	"math/bits"

	"github.com/reversi-engine/reversi/board"
)

// Discs scores a position by its disc margin: the player to move's discs
// minus the opponent's, in centi-discs (DiscUnit 100). It is the
// evaluation of the course's simplest alpha-beta player: greedy for discs,
// weak in the midgame, exact at the end.
type Discs struct{}

// Name returns "discs".
func (Discs) Name() string { return "discs" }

// Evaluate returns 100 times the disc margin of b.
func (Discs) Evaluate(b board.Board) int {
	return 100 * (bits.OnesCount64(b.P) - bits.OnesCount64(b.O))
}

// Final returns 100*score.
func (Discs) Final(score int) int { return 100 * score }

// DiscUnit returns 100.
func (Discs) DiscUnit() int { return 100 }

// NewTracker returns a [Stateless] tracker.
func (d Discs) NewTracker(board.Board) Tracker { return Stateless{d} }
