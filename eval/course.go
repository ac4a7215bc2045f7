// The course heuristic: six features of a position, weighted.

package eval

import (
	"math"
	"math/bits"

	"github.com/reversi-engine/reversi/board"
)

// Course is the course's heuristic evaluation, exactly. From the side to
// move, six features (see [CourseFeatures]) are combined as
//
//	10*p + 801.724*c + 382.026*l + 78.922*m + 74.396*f + 10*d
//
// and rounded to an int. Its values are not discs (DiscUnit 0): a
// finished game scores beyond any of them, wins above and losses below.
type Course struct{}

// The weights of the features of the classic heuristic.
const (
	weightDiscs     = 10
	weightCorners   = 801.724
	weightCloseness = 382.026
	weightMobility  = 78.922
	weightFrontier  = 74.396
	weightSquares   = 10
)

// classicWin is the value of a won finished game before its margin is
// added: above any value of Evaluate (whose magnitude is below 160,000).
const classicWin = 1_000_000

// Name returns "course". Records and player names written before the
// rename say "classic", a name engine.EvaluatorByName still accepts.
func (Course) Name() string { return "course" }

// Evaluate returns the weighted sum of the features of b. It computes
// them as CourseFeatures does, with each mask counted once (hot path).
func (Course) Evaluate(b board.Board) int {
	pd, od := bits.OnesCount64(b.P), bits.OnesCount64(b.O)
	empty := ^(b.P | b.O)
	pm, om := bits.OnesCount64(b.Moves()), bits.OnesCount64(b.Pass().Moves())
	edge := board.Neighbours(empty)
	pf, of := bits.OnesCount64(b.P&edge), bits.OnesCount64(b.O&edge)
	near := 0
	if empty&corners != 0 {
		for _, c := range cornerNeighbours {
			if empty&c.corner != 0 {
				near += bits.OnesCount64(b.P&c.next) - bits.OnesCount64(b.O&c.next)
			}
		}
	}
	d := 0
	for _, g := range squareGroups {
		d += g.weight * (bits.OnesCount64(b.P&g.squares) - bits.OnesCount64(b.O&g.squares))
	}
	f := Features{
		Discs:     share(pd, od),
		Corners:   25 * float64(bits.OnesCount64(b.P&corners)-bits.OnesCount64(b.O&corners)),
		Closeness: -12.5 * float64(near),
		Mobility:  share(pm, om),
		Frontier:  -share(pf, of),
		Squares:   float64(d),
	}
	return f.weighted()
}

// weighted returns the classic combination of the features, rounded.
func (f Features) weighted() int {
	v := weightDiscs*f.Discs + weightCorners*f.Corners + weightCloseness*f.Closeness +
		weightMobility*f.Mobility + weightFrontier*f.Frontier + weightSquares*f.Squares
	return int(math.Round(v))
}

// Final returns 1,000,000 + score for a win, -1,000,000 + score for a
// loss and 0 for a draw.
func (Course) Final(score int) int {
	switch {
	case score > 0:
		return classicWin + score
	case score < 0:
		return -classicWin + score
	}
	return 0
}

// DiscUnit returns 0: the classic values are not discs.
func (Course) DiscUnit() int { return 0 }

// NewTracker returns a [Stateless] tracker.
func (c Course) NewTracker(board.Board) Tracker { return Stateless{c} }

// Features are the six features of the classic heuristic, each from the
// side of the player to move.
type Features struct {
	// Discs (p): +100*mine/(mine+theirs) if the player has more discs,
	// -100*theirs/(mine+theirs) if fewer, else 0.
	Discs float64
	// Corners (c): 25 * (the player's corners - the opponent's).
	Corners float64
	// Closeness (l): for each empty corner, the three squares next to it
	// (for A1: B1, A2, B2) held by each side; -12.5 * (the player's -
	// the opponent's).
	Closeness float64
	// Mobility (m): the share of legal moves, in the form of Discs.
	Mobility float64
	// Frontier (f): the share of frontier discs (discs next to an empty
	// square) in the form of Discs, with the sign reversed: fewer is
	// better.
	Frontier float64
	// Squares (d): the sum of the course's square weights (see
	// [CourseSquares]) over the player's discs minus over the opponent's.
	Squares float64
}

// share returns +100*a/(a+b) if a > b, -100*b/(a+b) if a < b, else 0:
// the form of the classic features that compare two counts.
func share(a, b int) float64 {
	switch {
	case a > b:
		return 100 * float64(a) / float64(a+b)
	case a < b:
		return -100 * float64(b) / float64(a+b)
	}
	return 0
}

const corners = 1<<0 | 1<<7 | 1<<56 | 1<<63

// cornerNeighbours[i] are the three squares next to the i-th corner (A1,
// H1, A8, H8).
var cornerNeighbours = [4]struct{ corner, next uint64 }{
	{1 << 0, 1<<1 | 1<<8 | 1<<9},     // A1: B1 A2 B2
	{1 << 7, 1<<6 | 1<<15 | 1<<14},   // H1: G1 H2 G2
	{1 << 56, 1<<48 | 1<<57 | 1<<49}, // A8: A7 B8 B7
	{1 << 63, 1<<62 | 1<<55 | 1<<54}, // H8: G8 H7 G7
}

// CourseFeatures returns the six features of b for its player to move.
func CourseFeatures(b board.Board) Features {
	var f Features
	f.Discs = share(bits.OnesCount64(b.P), bits.OnesCount64(b.O))
	f.Corners = 25 * float64(bits.OnesCount64(b.P&corners)-bits.OnesCount64(b.O&corners))
	empty := b.Empty()
	near := 0
	for _, c := range cornerNeighbours {
		if empty&c.corner != 0 {
			near += bits.OnesCount64(b.P&c.next) - bits.OnesCount64(b.O&c.next)
		}
	}
	f.Closeness = -12.5 * float64(near)
	f.Mobility = share(b.Mobility(), b.Pass().Mobility())
	f.Frontier = -share(bits.OnesCount64(b.Frontier()), bits.OnesCount64(b.Pass().Frontier()))
	f.Squares = float64(squareSum(b.P) - squareSum(b.O))
	return f
}

// courseSquares is the course's square table, rows 1 to 8.
var courseSquares = [64]int{
	20, -3, 11, 8, 8, 11, -3, 20,
	-3, -7, -4, 1, 1, -4, -7, -3,
	11, -4, 2, 2, 2, 2, -4, 11,
	8, 1, 2, -3, -3, 2, 1, 8,
	8, 1, 2, -3, -3, 2, 1, 8,
	11, -4, 2, 2, 2, 2, -4, 11,
	-3, -7, -4, 1, 1, -4, -7, -3,
	20, -3, 11, 8, 8, 11, -3, 20,
}

// CourseSquares returns the course's square weights, indexed by
// board.Square (A1 = 0, ..., H8 = 63):
//
//	     A   B   C   D   E   F   G   H
//	1   20  -3  11   8   8  11  -3  20
//	2   -3  -7  -4   1   1  -4  -7  -3
//	3   11  -4   2   2   2   2  -4  11
//	4    8   1   2  -3  -3   2   1   8
//	5-8 rows 4 to 1 again
func CourseSquares() [64]int { return courseSquares }

// squareWeight is one weight of the course table and the squares that
// have it.
type squareWeight struct {
	weight  int
	squares uint64
}

// squareGroups groups the squares of the course table by weight, so that
// a sum over a mask of discs is a few popcounts (8 groups).
var squareGroups = func() []squareWeight {
	var groups []squareWeight
	for sq, w := range courseSquares {
		i := 0
		for i < len(groups) && groups[i].weight != w {
			i++
		}
		if i == len(groups) {
			groups = append(groups, squareWeight{weight: w})
		}
		groups[i].squares |= 1 << uint(sq)
	}
	return groups
}()

// squareSum returns the sum of the course weights of the squares of x.
func squareSum(x uint64) int {
	s := 0
	for _, g := range squareGroups {
		s += g.weight * bits.OnesCount64(x&g.squares)
	}
	return s
}
