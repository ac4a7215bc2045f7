// Levels: settings of the engine that make sense to a human.

package engine

import (
	"fmt"
	"time"
)

// Level is a strength setting of the engine.
type Level struct {
	// Number is the level, 1 to MaxLevel.
	Number int
	// Depth is the midgame depth (0: as deep as Time allows).
	Depth int
	// ExactEmpties and WLDEmpties: the engine solves exactly at and below
	// ExactEmpties empty squares, for win/loss/draw at and below
	// WLDEmpties (0: never).
	ExactEmpties, WLDEmpties int
	// Time is the usual budget of a move (0: Depth decides); a move may
	// take up to 3 times as long when its best choice keeps changing,
	// and never more than the clock allows.
	Time time.Duration
	// Noise, in discs, is added at random to the value of each move at the
	// root so that low levels make human mistakes (0: none).
	Noise float64
}

// MaxLevel is the strongest level.
const MaxLevel = 10

// levels are the levels 1..MaxLevel. The endgame rule: the engine solves
// exactly with ExactEmpties or fewer empty squares, and for win/loss/draw
// with two more (about as fast); at level 10 that is 20 and 22 empties,
// a few seconds on two cores. A solve that the clock cuts short falls
// back on a midgame search.
var levels = [MaxLevel + 1]Level{
	1:  {Number: 1, Depth: 1, Noise: 40},
	2:  {Number: 2, Depth: 2, ExactEmpties: 4, Noise: 16},
	3:  {Number: 3, Depth: 3, ExactEmpties: 8, Noise: 6},
	4:  {Number: 4, Depth: 4, ExactEmpties: 10},
	5:  {Number: 5, Depth: 6, ExactEmpties: 10, WLDEmpties: 12},
	6:  {Number: 6, Depth: 8, ExactEmpties: 12, WLDEmpties: 14},
	7:  {Number: 7, Depth: 10, ExactEmpties: 14, WLDEmpties: 16},
	8:  {Number: 8, Depth: 12, ExactEmpties: 16, WLDEmpties: 18},
	9:  {Number: 9, Depth: 14, ExactEmpties: 18, WLDEmpties: 20},
	10: {Number: 10, ExactEmpties: 20, WLDEmpties: 22, Time: 5 * time.Second},
}

// LevelSettings returns the settings of level n (1..MaxLevel).
func LevelSettings(n int) (Level, error) {
	if n < 1 || n > MaxLevel {
		return Level{}, fmt.Errorf("level %d does not exist: levels go from 1 (a beginner can win) to %d (the strongest)", n, MaxLevel)
	}
	return levels[n], nil
}

// Describe says in a line what the level does, e.g. "depth 8, exact from
// 14 empties, win/loss/draw from 16".
func (l Level) Describe() string {
	s := ""
	if l.Depth > 0 {
		s = fmt.Sprintf("depth %d", l.Depth)
	} else {
		s = fmt.Sprintf("iterative deepening, about %v a move", l.Time)
	}
	if l.ExactEmpties > 0 {
		s += fmt.Sprintf(", exact from %d empties", l.ExactEmpties)
	}
	if l.WLDEmpties > 0 {
		s += fmt.Sprintf(", win/loss/draw from %d", l.WLDEmpties)
	}
	if l.Noise > 0 {
		s += fmt.Sprintf(", random mistakes of up to %g discs", l.Noise)
	}
	return s
}
