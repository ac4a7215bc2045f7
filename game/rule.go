// Rule variants: which moves are legal besides the standard rules.

package game

import (
	"fmt"
	"strings"

	"github.com/reversi-engine/reversi/board"
)

// Rule is a rule variant.
type Rule uint8

const (
	// Standard is the usual rule set.
	Standard Rule = iota
	// NoAdjacent forbids a move orthogonally adjacent (Manhattan distance
	// 1) to the square of the opponent's last move. A player whose moves
	// are all forbidden passes; after a pass nothing is forbidden.
	NoAdjacent
)

// String returns "standard" or "no-adjacent", the names ParseRule reads.
func (r Rule) String() string {
	switch r {
	case Standard:
		return "standard"
	case NoAdjacent:
		return "no-adjacent"
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// ParseRule reads a rule name: "standard" (or "") or "no-adjacent".
func ParseRule(name string) (Rule, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "standard":
		return Standard, nil
	case "no-adjacent", "noadjacent", "no_adjacent":
		return NoAdjacent, nil
	}
	return Standard, fmt.Errorf("unknown rule %q: want standard or no-adjacent", name)
}

// Legal returns the legal moves in position pos when the opponent's last
// move was last (board.NoSquare at the start of a game, board.Pass after a
// pass).
func (r Rule) Legal(pos board.Position, last board.Square) uint64 {
	m := pos.Board.Moves()
	if r == NoAdjacent && last.OnBoard() {
		m &^= orthogonalNeighbours(last)
	}
	return m
}

// orthogonalNeighbours returns the squares above, below, left and right of
// sq.
func orthogonalNeighbours(sq board.Square) uint64 {
	var m uint64
	row, col := sq.Row(), sq.Col()
	if row > 0 {
		m |= board.SquareAt(row-1, col).Bit()
	}
	if row < 7 {
		m |= board.SquareAt(row+1, col).Bit()
	}
	if col > 0 {
		m |= board.SquareAt(row, col-1).Bit()
	}
	if col < 7 {
		m |= board.SquareAt(row, col+1).Bit()
	}
	return m
}
