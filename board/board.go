// The side-relative board: discs, moves, play, pass, game over and scores.

package board

import "math/bits"

// Board is a side-relative position: P holds the discs of the player to
// move, O those of the opponent. It is a 16-byte value; every method that
// changes the position returns a new Board (copy-make).
//
// The zero Board is the empty board, on which nobody can move.
type Board struct {
	P, O uint64
}

// Masks of the start position.
const (
	startBlack = 1<<28 | 1<<35 // E4, D5
	startWhite = 1<<27 | 1<<36 // D4, E5
)

// StartBoard returns the standard start position from Black's side: Black
// (to move) on E4 and D5, White on D4 and E5.
func StartBoard() Board { return Board{P: startBlack, O: startWhite} }

// Empty returns the mask of empty squares.
func (b Board) Empty() uint64 { return ^(b.P | b.O) }

// Occupied returns the mask of squares holding a disc.
func (b Board) Occupied() uint64 { return b.P | b.O }

// PlayerDiscs returns the number of discs of the player to move.
func (b Board) PlayerDiscs() int { return popCount(b.P) }

// OpponentDiscs returns the number of discs of the opponent.
func (b Board) OpponentDiscs() int { return popCount(b.O) }

// Empties returns the number of empty squares.
func (b Board) Empties() int { return 64 - popCount(b.P|b.O) }

// Valid reports whether no square holds two discs.
func (b Board) Valid() bool { return b.P&b.O == 0 }

// Moves returns the mask of the legal moves of the player to move. It is
// empty when the player must pass or the game is over.
func (b Board) Moves() uint64 { return moves(b.P, b.O) }

// HasMoves reports whether the player to move has a legal move.
func (b Board) HasMoves() bool { return moves(b.P, b.O) != 0 }

// IsLegal reports whether placing a disc on sq is a legal move. Pass is
// legal exactly when the player has no move and the game is not over.
func (b Board) IsLegal(sq Square) bool {
	if sq == Pass {
		return !b.HasMoves() && b.Pass().HasMoves()
	}
	return sq.OnBoard() && b.Empty()&sq.Bit() != 0 && flips(b.P, b.O, sq) != 0
}

// Flips returns the mask of the opponent discs that a disc on sq turns
// over. It is 0 when sq is not a legal move (or is occupied).
func (b Board) Flips(sq Square) uint64 {
	if !sq.OnBoard() || (b.P|b.O)&sq.Bit() != 0 {
		return 0
	}
	return flips(b.P, b.O, sq)
}

// Play returns the board after the player to move places a disc on sq, seen
// from the new player to move (the former opponent). sq must be a legal move
// or [Pass]; Play does not check legality (see [Board.IsLegal]).
func (b Board) Play(sq Square) Board {
	if sq == Pass {
		return Board{b.O, b.P}
	}
	return play(b.P, b.O, sq)
}

// PlayFlips is Play for a caller that has already computed the flips of sq
// (for example to order moves); it skips computing them again.
func (b Board) PlayFlips(sq Square, flipped uint64) Board {
	return Board{P: b.O &^ flipped, O: b.P | flipped | 1<<uint(sq&63)}
}

// Pass returns the board with the turn handed to the opponent.
func (b Board) Pass() Board { return Board{P: b.O, O: b.P} }

// GameOver reports whether neither side can move.
func (b Board) GameOver() bool {
	return moves(b.P, b.O) == 0 && moves(b.O, b.P) == 0
}

// DiscMargin returns the player to move's discs minus the opponent's: the
// plain score of the original course framework, in which empty squares
// count for nobody.
func (b Board) DiscMargin() int { return popCount(b.P) - popCount(b.O) }

// FinalScore returns the score of a finished game for the player to move
// under the standard tournament convention: the disc margin, with the
// empty squares counted for the side with more discs (none for a draw).
// A 40-20 finish with 4 empties scores +24; a wipe-out scores +64.
func (b Board) FinalScore() int {
	p, o := popCount(b.P), popCount(b.O)
	e := 64 - p - o
	switch {
	case p > o:
		return p - o + e
	case p < o:
		return p - o - e
	}
	return 0
}

func popCount(x uint64) int      { return bits.OnesCount64(x) }
func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }
