// The analysing player: the engine at its strongest level, set for the
// analysis of one position.

package engine

import (
	"fmt"
	"runtime"
	"time"
)

// AnalystOptions are the settings of NewAnalyst.
type AnalystOptions struct {
	Depth   int           // midgame depth in plies (0: 10 unless Time is set)
	Time    time.Duration // time for the analysis instead of a depth (0: none)
	Exact   int           // solve exactly (and for win/loss/draw) with this many empty squares or fewer
	Threads int           // search threads (0: all the cores)
}

// NewAnalyst returns the engine at MaxLevel with the default evaluation
// (DefaultEvaluator: the course heuristic, without a word, if the shipped
// weights cannot be read; DefaultEvaluatorNote says so) and a 64 MB table,
// searching o.Depth plies or for o.Time. It plays from no book. Its name
// is the spec of the same player, e.g.
// "engine:level=60,depth=10,exact=20,wld=20".
func NewAnalyst(o AnalystOptions) (*Player, error) {
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
	e, err := New(Options{Eval: DefaultEvaluator(), Threads: threads, HashMB: 64})
	if err != nil {
		return nil, err
	}
	return NewPlayer(e, level, name, 1), nil
}
