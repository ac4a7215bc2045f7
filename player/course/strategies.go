// The measures of the strategies: each returns the set of legal moves that
// score best by its measure (hot path: no allocation).

package course

import (
	"math/bits"

	"github.com/reversi-engine/reversi/board"
)

// mostFlips returns the moves of legal that flip the most discs.
func mostFlips(b board.Board, legal uint64) uint64 {
	var top best
	for m := legal; m != 0; {
		var sq board.Square
		sq, m = board.NextSquare(m)
		top.add(sq, bits.OnesCount64(b.Flips(sq)))
	}
	return top.set
}

// fewestFlips returns the moves of legal that flip the fewest discs, which
// are those that leave the mover the fewest discs.
func fewestFlips(b board.Board, legal uint64) uint64 {
	var top best
	for m := legal; m != 0; {
		var sq board.Square
		sq, m = board.NextSquare(m)
		top.add(sq, -bits.OnesCount64(b.Flips(sq)))
	}
	return top.set
}

// bestPositional returns the moves of legal after which the weighted disc
// difference is highest. A move on sq flipping F changes the difference
// (own weights minus opponent weights) by t[sq] + 2*t(F): the new disc
// counts once, and each flipped disc leaves the opponent's sum and joins
// the mover's. The difference before the move is the same for every move,
// so comparing the changes compares the differences after the moves.
func bestPositional(b board.Board, legal uint64, t *Table) uint64 {
	var top best
	for m := legal; m != 0; {
		var sq board.Square
		sq, m = board.NextSquare(m)
		gain := t[sq]
		for f := b.Flips(sq); f != 0; {
			var d board.Square
			d, f = board.NextSquare(f)
			gain += 2 * t[d]
		}
		top.add(sq, gain)
	}
	return top.set
}

// bestTier returns the moves of legal in the best tier of roxanne that
// holds any.
func bestTier(legal uint64) uint64 {
	for _, tier := range roxanneTiers {
		if s := legal & tier; s != 0 {
			return s
		}
	}
	return legal // unreachable: the tiers cover the board
}

// roxanneTiers are the squares of each priority tier of roxanne, best
// first, then the four centre squares, which no tier of the course names.
var roxanneTiers = [...]uint64{
	squares("A1 H1 A8 H8"),
	squares("C3 F3 C6 F6"),
	squares("C4 F4 C5 F5 D3 E3 D6 E6"),
	squares("A3 H3 A6 H6 C1 F1 C8 F8"),
	squares("A4 H4 A5 H5 D1 E1 D8 E8"),
	squares("B3 G3 B6 G6 C2 F2 C7 F7"),
	squares("B4 G4 B5 G5 D2 E2 D7 E7"),
	squares("B2 G2 B7 G7"),
	squares("A2 H2 A7 H7 B1 G1 B8 G8"),
	squares("D4 E4 D5 E5"),
}

// RoxanneTiers returns the priority tiers of the roxanne player as square
// masks, best first: the nine tiers of the course, then a tenth holding
// the four centre squares, which can be empty only in a game started from
// an unusual position. The tiers partition the board.
func RoxanneTiers() [10]uint64 { return roxanneTiers }

// squares returns the mask of space-separated square names.
func squares(names string) uint64 {
	var m uint64
	for i := 0; i+1 < len(names); i += 3 {
		m |= board.MustParseSquare(names[i : i+2]).Bit()
	}
	return m
}

// fewestReplies returns the moves of legal after which the opponent has
// the fewest legal moves (0 when it must pass).
func fewestReplies(b board.Board, legal uint64) uint64 {
	var top best
	for m := legal; m != 0; {
		var sq board.Square
		sq, m = board.NextSquare(m)
		after := b.PlayFlips(sq, b.Flips(sq)) // from the opponent's side
		top.add(sq, -after.Mobility())
	}
	return top.set
}

// mostStable returns the moves of legal after which the mover owns the
// most stable discs.
func mostStable(b board.Board, legal uint64) uint64 {
	var top best
	for m := legal; m != 0; {
		var sq board.Square
		sq, m = board.NextSquare(m)
		// After the move the opponent is to move; Pass turns the board
		// back to the mover's side, which StableDiscs counts.
		after := b.PlayFlips(sq, b.Flips(sq)).Pass()
		top.add(sq, bits.OnesCount64(after.StableDiscs()))
	}
	return top.set
}

// oddRegionMoves returns the moves of legal that lie in an empty region of
// odd size, or all of legal if none does.
func oddRegionMoves(b board.Board, legal uint64) uint64 {
	empty := b.Empty()
	var odd, seen uint64
	for m := legal; m != 0; {
		var sq board.Square
		sq, m = board.NextSquare(m)
		if seen&sq.Bit() != 0 {
			continue
		}
		r := Region(empty, sq)
		seen |= r
		if bits.OnesCount64(r)%2 == 1 {
			odd |= r & legal
		}
	}
	if odd == 0 {
		return legal
	}
	return odd
}

// Region returns the empty region of square sq: the squares of the mask
// empty connected to sq by steps to one of the eight neighbouring squares
// (orthogonal or diagonal) that stay within empty. It is 0 if sq is not in
// empty. The regions of a board are the connected components of its empty
// squares under this 8-neighbour connectivity; the parity player prefers
// moves into regions of odd size, counted before the move (the square
// played included).
func Region(empty uint64, sq board.Square) uint64 {
	r := sq.Bit() & empty
	for r != 0 {
		grown := (r | board.Neighbours(r)) & empty
		if grown == r {
			break
		}
		r = grown
	}
	return r
}
