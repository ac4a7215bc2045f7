// Slow, obviously-correct statements of each strategy, checked against
// the fast ones on random positions.

package course

import (
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/clip"
)

// refBest returns the moves of legal with the highest score.
func refBest(legal uint64, score func(sq board.Square) int) uint64 {
	var set uint64
	top := 0
	for _, sq := range board.Squares(legal) {
		s := score(sq)
		switch {
		case set == 0 || s > top:
			set, top = sq.Bit(), s
		case s == top:
			set |= sq.Bit()
		}
	}
	return set
}

// ownDiscsAfter counts the mover's discs after sq: Play returns the board
// from the opponent's side, so the mover's discs are its O.
func ownDiscsAfter(b board.Board, sq board.Square) int {
	return b.Play(sq).OpponentDiscs()
}

// refPositional evaluates the board after the move in full: the weights
// of the mover's discs minus those of the opponent's.
func refPositional(t Table) func(b board.Board, legal uint64) uint64 {
	return func(b board.Board, legal uint64) uint64 {
		return refBest(legal, func(sq board.Square) int {
			after := b.Play(sq)
			sum := 0
			for s := board.Square(0); s < 64; s++ {
				switch {
				case after.O&s.Bit() != 0: // the mover's
					sum += t[s]
				case after.P&s.Bit() != 0:
					sum -= t[s]
				}
			}
			return sum
		})
	}
}

// The tiers as the course lists them.
var refTiers = []string{
	"A1 H1 A8 H8",
	"C3 F3 C6 F6",
	"C4 F4 C5 F5 D3 E3 D6 E6",
	"A3 H3 A6 H6 C1 F1 C8 F8",
	"A4 H4 A5 H5 D1 E1 D8 E8",
	"B3 G3 B6 G6 C2 F2 C7 F7",
	"B4 G4 B5 G5 D2 E2 D7 E7",
	"B2 G2 B7 G7",
	"A2 H2 A7 H7 B1 G1 B8 G8",
}

func refRoxanne(b board.Board, legal uint64) uint64 {
	return refBest(legal, func(sq board.Square) int {
		for i, tier := range refTiers {
			if strings.Contains(tier, sq.String()) {
				return -i
			}
		}
		return -len(refTiers)
	})
}

// refRegionSize counts the empty squares reachable from sq by a
// breadth-first walk over the eight neighbours on an 8x8 grid.
func refRegionSize(b board.Board, sq board.Square) int {
	empty := func(r, c int) bool {
		return r >= 0 && r < 8 && c >= 0 && c < 8 && b.Empty()&board.SquareAt(r, c).Bit() != 0
	}
	var seen [8][8]bool
	queue := [][2]int{{sq.Row(), sq.Col()}}
	seen[sq.Row()][sq.Col()] = true
	n := 0
	for len(queue) > 0 {
		r, c := queue[0][0], queue[0][1]
		queue = queue[1:]
		n++
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if empty(r+dr, c+dc) && !seen[r+dr][c+dc] {
					seen[r+dr][c+dc] = true
					queue = append(queue, [2]int{r + dr, c + dc})
				}
			}
		}
	}
	return n
}

func refParity(b board.Board, legal uint64) uint64 {
	return refBest(legal, func(sq board.Square) int { return refRegionSize(b, sq) % 2 })
}

func refEvaporation(endgame int) func(b board.Board, legal uint64) uint64 {
	return func(b board.Board, legal uint64) uint64 {
		if b.Empties() > endgame {
			return refBest(legal, func(sq board.Square) int { return -ownDiscsAfter(b, sq) })
		}
		return refBest(legal, func(sq board.Square) int { return ownDiscsAfter(b, sq) })
	}
}

func TestAgainstReference(t *testing.T) {
	odd := Table{}
	for i := range odd {
		odd[i] = (i*37)%11 - 5 // an asymmetric table
	}
	tests := []struct {
		p   *Player
		ref func(b board.Board, legal uint64) uint64
	}{
		{NewPositional(1, odd), refPositional(odd)},
		{NewRandom(1), func(b board.Board, legal uint64) uint64 { return legal }},
		{NewGreedy(1), func(b board.Board, legal uint64) uint64 {
			return refBest(legal, func(sq board.Square) int { return ownDiscsAfter(b, sq) })
		}},
		{NewPositional(1, CourseTable()), refPositional(CourseTable())},
		{NewRoxanne(1), refRoxanne},
		{NewMobility(1), func(b board.Board, legal uint64) uint64 {
			return refBest(legal, func(sq board.Square) int { return -len(board.Squares(b.Play(sq).Moves())) })
		}},
		{NewStable(1), func(b board.Board, legal uint64) uint64 {
			return refBest(legal, func(sq board.Square) int {
				mine := b.Play(sq).Pass() // back to the mover's side
				return len(board.Squares(mine.StableDiscs()))
			})
		}},
		{NewParity(1), refParity},
		{NewEvaporation(1, DefaultEndgame), refEvaporation(DefaultEndgame)},
		{NewEvaporation(1, 40), refEvaporation(40)},
	}
	bs, legal := randomPositions(3000, 11)
	for _, tt := range tests {
		t.Run(clip.Text(tt.p.Name(), quoted), func(t *testing.T) {
			for i, b := range bs {
				got, want := tt.p.candidates(b, legal[i]), tt.ref(b, legal[i])
				if got != want {
					t.Fatalf("%v with legal moves %s: best moves %s, want %s",
						board.Position{Board: b, Turn: board.Black}, board.FormatSquares(legal[i]),
						board.FormatSquares(got), board.FormatSquares(want))
				}
			}
		})
	}
}
