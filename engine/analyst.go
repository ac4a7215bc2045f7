// The analysing player: the engine at its strongest level, set for the
// analysis of one position.

package engine

import (
	"fmt"
	"runtime"
	"time"

	"github.com/reversi-engine/reversi/eval"
)

// AnalystOptions are the settings of NewAnalyst.
type AnalystOptions struct {
	Depth   int           // midgame depth in plies (0: 10 unless Time is set)
	Time    time.Duration // time for the analysis instead of a depth (0: none)
	Exact   int           // solve exactly (and for win/loss/draw) with this many empty squares or fewer
	Threads int           // search threads (0: all the cores)
	// Eval is the evaluation (nil: the trained one, and NewAnalyst
	// returns the error if the shipped weights cannot be read; a caller
	// that would rather fall back to the course heuristic asks for it
	// with DefaultEvaluatorNote, and says so).
	Eval eval.Evaluator
}

// NewAnalyst returns the engine at MaxLevel with the evaluation o.Eval
// and a 64 MB table, searching o.Depth plies or for o.Time. It plays from
// no book. Its name is the spec of the same player, e.g.
// "engine:level=60,depth=10,exact=20,wld=20". A depth or exact solve
// outside 0 to 60, a negative time or number of threads are errors, as
// New's are.
func NewAnalyst(o AnalystOptions) (*Player, error) {
	switch {
	case o.Depth < 0 || o.Depth > 60:
		return nil, fmt.Errorf("engine: analysis depth %d: want 1 to 60 (0: 10)", o.Depth)
	case o.Exact < 0 || o.Exact > 60:
		return nil, fmt.Errorf("engine: exact solves from %d empties: want 0 to 60", o.Exact)
	case o.Time < 0:
		return nil, fmt.Errorf("engine: analysis time %v: want a positive duration (0: a depth)", o.Time)
	case o.Threads < 0:
		return nil, fmt.Errorf("engine: threads=%d: want 1 or more (0: all the cores)", o.Threads)
	}
	level, err := LevelSettings(MaxLevel)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("engine:level=%d", level.Number)
	if o.Time > 0 {
		level.Time, level.Depth = o.Time, 0
		name += ",time=" + o.Time.String()
	} else {
		depth := o.Depth
		if depth == 0 {
			depth = 10
		}
		level.Depth = depth
		name += fmt.Sprintf(",depth=%d", depth)
	}
	level.ExactEmpties, level.WLDEmpties = o.Exact, o.Exact
	name += fmt.Sprintf(",exact=%d,wld=%d", o.Exact, o.Exact)
	threads := o.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	e, err := New(Options{Eval: o.Eval, Threads: threads, HashMB: 64})
	if err != nil {
		return nil, err
	}
	return NewPlayer(e, level, name, 1), nil
}
