// The leaf count.

package perft

import (
	"math/bits"

	"github.com/reversi-engine/reversi/board"
)

// Count returns the number of leaves of the game tree of b at depth plies.
// Depth 0 counts b itself. It allocates nothing per node.
func Count(b board.Board, depth int) uint64 {
	var c counter
	return c.count(b, depth)
}

// counter holds the scratch space of one count, so that the nodes next to
// the leaves need not clear a fresh array each time.
type counter struct {
	children [64]board.Board // more than the most moves any position has
}

func (c *counter) count(b board.Board, depth int) uint64 {
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return leavesBelow(b)
	}
	m := b.Moves()
	if m == 0 {
		if !b.Pass().HasMoves() {
			return 1 // game over: one leaf at every depth
		}
		return c.count(b.Pass(), depth-1)
	}
	if depth > 2 {
		var n uint64
		for m != 0 {
			var sq board.Square
			sq, m = board.NextSquare(m)
			n += c.count(b.Play(sq), depth-1)
		}
		return n
	}
	// Two plies from the leaves: play every move first, then count the
	// children's moves. Two loops of independent iterations, which the
	// processor overlaps far better than one loop doing both.
	k := 0
	for m != 0 {
		var sq board.Square
		sq, m = board.NextSquare(m)
		c.children[k&63] = b.Play(sq)
		k++
	}
	var n uint64
	for _, child := range c.children[:k] {
		n += leavesBelow(child)
	}
	return n
}

// leavesBelow is the count at depth 1: one leaf per move, or one for a pass
// or a finished game.
func leavesBelow(b board.Board) uint64 {
	if m := b.Moves(); m != 0 {
		return uint64(bits.OnesCount64(m))
	}
	return 1
}
