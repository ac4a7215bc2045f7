// Selective solves: probabilistic cuts (ProbCut) inside the solver.

package endgame

import (
	"fmt"
	"math"

	"github.com/reversi-engine/reversi/board"
)

// Cuts are the parameters of a selective solve: Buro's ProbCut applied to
// the exact score. At a null-window node with e empty squares, a search
// of Cells[e].Shallow plies with the evaluation predicts the exact score
// by a linear regression; when the prediction lies Margin discs or more
// beyond the window, the node returns the bound without its exact
// search. The result is then the exact score with the confidence of the
// cuts (Probability), much sooner than an exact solve.
type Cuts struct {
	// Probability is the confidence of the cuts in percent, 1 to 99: it
	// labels the bounds the solve stores, so that an exact solve (or a
	// less selective one) does not take them for surer than they are.
	Probability int
	// Cells[e] is the regression of positions with e empty squares; a
	// cell with Shallow 0 makes no cuts.
	Cells [MaxEmpties + 1]CutCell
}

// CutCell predicts the exact score of positions of one number of empty
// squares from a shallow search.
type CutCell struct {
	// Shallow is the depth of the predicting search, in plies (0: no
	// cut).
	Shallow int
	// The exact score in discs is about Slope*v + Intercept, v the
	// shallow search's value in discs; Margin (the deviation of the
	// regression times the confidence's factor, in discs) is how far
	// beyond the window a prediction must lie for a cut.
	Slope, Intercept, Margin float64
}

// minCutEmpties is the fewest empty squares at which a selective solve
// tries a cut: below, the exact search of a node costs little more than
// the shallow search that would cut it.
const minCutEmpties = 10

// maxCutShallow bounds the depth of the predicting searches (which are
// not ordered and use no table).
const maxCutShallow = 8

// check reports the first thing wrong with the cuts.
func (c *Cuts) check() error {
	if c.Probability < 1 || c.Probability > 99 {
		return fmt.Errorf("selective solve: probability %d%%: want 1 to 99", c.Probability)
	}
	for e, cell := range c.Cells {
		switch {
		case cell.Shallow == 0:
		case cell.Shallow < 0 || cell.Shallow > maxCutShallow:
			return fmt.Errorf("selective solve: %d empties: shallow depth %d: want 0 to %d", e, cell.Shallow, maxCutShallow)
		case !(cell.Slope > 0.2 && cell.Slope < 5) || !(cell.Margin >= 0 && cell.Margin < 64) || !(math.Abs(cell.Intercept) < 64):
			return fmt.Errorf("selective solve: %d empties: slope %g, intercept %g, margin %g out of range", e, cell.Slope, cell.Intercept, cell.Margin)
		}
	}
	return nil
}

// probCut tries the cuts at a null-window node [alpha, beta] of b with
// empties empty squares: a shallow search whose prediction lies beyond
// the window by the cell's margin returns that bound.
func (s *searcher) probCut(b board.Board, alpha, beta, empties int) (int, bool) {
	c := &s.cuts.Cells[empties]
	if c.Shallow == 0 {
		return 0, false
	}
	u := float64(s.eval.DiscUnit())
	s.tr.Reset(b)
	// Slope*v/u + Intercept >= beta + Margin, v in the evaluation's units.
	if beta < 64 {
		bound := int(math.Ceil((float64(beta) + c.Margin - c.Intercept) * u / c.Slope))
		if s.shallow(b, c.Shallow, bound-1, bound) >= bound {
			return beta, true
		}
	}
	if alpha > -64 {
		bound := int(math.Floor((float64(alpha) - c.Margin - c.Intercept) * u / c.Slope))
		if s.shallow(b, c.Shallow, bound, bound+1) <= bound {
			return alpha, true
		}
	}
	return 0, false
}
