// Levels: settings of the engine that make sense to a human, counted as
// Edax and Egaroucid count them.

package engine

import (
	"fmt"
	"strings"
	"time"
)

// Level is a strength setting of the engine.
type Level struct {
	// Number is the level, 1 to MaxLevel.
	Number int
	// Depth is the midgame depth (0: as deep as Time allows).
	Depth int
	// Probability is the confidence of the midgame search's selective
	// cuts in percent, one of Probabilities() or 100 for a full-width
	// search; 0 is the engine's own (Options.Probability, by default
	// DefaultProbability).
	Probability int
	// ExactEmpties and WLDEmpties: the engine solves exactly at and below
	// ExactEmpties empty squares, for win/loss/draw at and below
	// WLDEmpties (0: never).
	ExactEmpties, WLDEmpties int
	// Selective lists the searches to the end of the game of a level
	// with a depth, before its exact solve: at and below Empties empty
	// squares (and above ExactEmpties) the level searches every line to
	// its end with cuts of the step's Probability. The surest step that
	// applies is taken; the steps are ordered by Empties.
	Selective []SelectiveStep
	// Time is the usual budget of a move (0: Depth decides); a move may
	// take up to 3 times as long when its best choice keeps changing,
	// and never more than the clock allows. Without a clock a level
	// with a Time solves only what that time allows.
	Time time.Duration
	// Noise, in discs, is added at random to the value of each move at the
	// root so that the level makes human mistakes (0: none).
	Noise float64
	// NoiseMoves limits the noise to the first NoiseMoves moves of the
	// game, counted by the discs on the board (0: every move): games
	// that vary in their openings and are played in earnest after them,
	// as a match from the start position needs.
	NoiseMoves int
}

// noisyAt reports whether the level adds noise in a position with discs
// discs on the board.
func (l Level) noisyAt(discs int) bool {
	return l.Noise > 0 && (l.NoiseMoves == 0 || discs-4 < l.NoiseMoves)
}

// SelectiveStep is one step of a level's selective endgame: searches to
// the end at Probability percent at and below Empties empty squares.
type SelectiveStep struct {
	Empties, Probability int
}

// MaxLevel is the strongest level: perfect play, every position solved
// exactly, as Edax's level 60.
const MaxLevel = 60

// DefaultLevelTime is the usual time of a move of the engine named with no
// level, depth or time (the catalog's plain "engine"): a level with no
// depth (Depth 0) and this Time searches as deep, and solves as early, as
// that time allows.
const DefaultLevelTime = 5 * time.Second

// LevelSettings returns the settings of level n (1..MaxLevel). The levels
// count as Edax's and Egaroucid's do, so that a level means about the
// same depth there and here:
//
//   - level n searches the midgame n plies deep, with the engine's
//     selective cuts;
//   - levels 1 to 10 solve exactly from 2n empty squares;
//   - from level 11 the exact solve starts at 21 to 30 empty squares,
//     and never later than the level's depth: a level whose depth
//     reaches the end of the game solves exactly, so that level n plays
//     perfectly from n empty squares, and level 60 (MaxLevel) in every
//     position, as Edax's level 60 does. One to four steps of a
//     selective endgame, three empty squares apart, at 98%, 95%, 87% and
//     73%, precede the exact solve (the last step that reaches 60 empty
//     squares covers the rest of the game): the higher the level, the
//     earlier the end is reached. Edax keeps cuts of 98-99% within the
//     depth of its levels 36 to 59; here those levels solve exactly.
//
// Without a clock a level takes the time its depth and solves take (the
// high levels' solves from the opening take days); with a clock, every
// level keeps to it (Player.LimitsFor).
func LevelSettings(n int) (Level, error) {
	if n < 1 || n > MaxLevel {
		return Level{}, fmt.Errorf("level %d does not exist: levels go from 1 (one ply deep) to %d (perfect play)", n, MaxLevel)
	}
	l := Level{Number: n, Depth: n}
	if n <= 10 {
		l.ExactEmpties = 2 * n
		return l, nil
	}
	exact, steps := 21, 1
	switch {
	case n <= 12:
	case n <= 18:
		steps = 2
	case n <= 24:
		exact, steps = 24, 3
	case n <= 29:
		exact, steps = 27, 3
	case n <= 35:
		exact, steps = 30, 3
	default:
		steps = 4
	}
	l.ExactEmpties = max(exact, n)
	if n == MaxLevel {
		l.WLDEmpties = MaxLevel
	}
	for i, p := range []int{98, 95, 87, 73}[:steps] {
		if l.ExactEmpties >= MaxLevel {
			break
		}
		e := l.ExactEmpties + 3*(i+1)
		l.Selective = append(l.Selective, SelectiveStep{Empties: min(e, MaxLevel), Probability: p})
		if e >= MaxLevel {
			break
		}
	}
	return l, nil
}

// selectiveStep returns the probability of the level's search to the end
// of a position with empties empty squares, and whether the level has a
// step for it (a level with a depth, above its exact solve).
func (l Level) selectiveStep(empties int) (int, bool) {
	if l.Depth == 0 || empties <= l.ExactEmpties {
		return 0, false
	}
	for _, s := range l.Selective {
		if empties <= s.Empties {
			return s.Probability, true
		}
	}
	return 0, false
}

// Describe says in a line what the level does, e.g. "depth 12, exact
// from 21 empties, 98% from 24, 95% from 27".
func (l Level) Describe() string {
	var s strings.Builder
	if l.Depth >= MaxLevel && l.ExactEmpties >= MaxLevel && l.Noise == 0 {
		return "perfect play: every position solved exactly"
	}
	if l.Depth > 0 {
		fmt.Fprintf(&s, "depth %d", l.Depth)
	} else {
		fmt.Fprintf(&s, "as deep as the time allows (%v a move without a clock)", l.Time)
	}
	if l.Probability > 0 && l.Probability < 100 {
		fmt.Fprintf(&s, " at %d%%", l.Probability)
	} else if l.Probability == 100 {
		s.WriteString(" full width")
	}
	switch {
	case l.ExactEmpties >= MaxLevel:
		s.WriteString(", exact as early as the time allows")
	case l.ExactEmpties > 0:
		fmt.Fprintf(&s, ", exact from %d empties", l.ExactEmpties)
	}
	if l.WLDEmpties > l.ExactEmpties && l.WLDEmpties < MaxLevel {
		fmt.Fprintf(&s, ", win/loss/draw from %d", l.WLDEmpties)
	}
	for _, st := range l.Selective {
		fmt.Fprintf(&s, ", %d%% from %d", st.Probability, st.Empties)
	}
	if l.Noise > 0 {
		fmt.Fprintf(&s, ", random mistakes of up to %g discs", l.Noise)
		if l.NoiseMoves > 0 {
			fmt.Fprintf(&s, " in the first %d moves", l.NoiseMoves)
		}
	}
	return s.String()
}
