// Board features used by evaluations and simple players: mobility,
// potential mobility and frontier discs.

package board

// Mobility returns the number of legal moves of the player to move.
func (b Board) Mobility() int { return popCount(moves(b.P, b.O)) }

// PotentialMobility returns the number of empty squares next to (in any of
// the eight directions) at least one opponent disc: the squares where the
// player to move may get a move later.
func (b Board) PotentialMobility() int {
	return popCount(neighbours(b.O) & b.Empty())
}

// Frontier returns the mask of the player to move's discs that touch an
// empty square in one of the eight directions. Frontier discs give the
// opponent moves; fewer is usually better.
func (b Board) Frontier() uint64 {
	return b.P & neighbours(b.Empty())
}

// neighbours returns the squares adjacent, in the eight directions, to some
// square of x.
func neighbours(x uint64) uint64 {
	return x<<1&notColA | x>>1&notColH |
		x<<8 | x>>8 |
		x<<9&notColA | x>>9&notColH |
		x<<7&notColH | x>>7&notColA
}

// Neighbours returns the mask of the squares adjacent, in the eight
// directions, to some square of the mask x (x itself excluded unless a
// square of x is next to another).
func Neighbours(x uint64) uint64 { return neighbours(x) }
