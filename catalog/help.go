// The help texts of the catalog, for `reversi help players` and
// `reversi help levels`.

package catalog

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reversi-engine/reversi/engine"
)

// Help returns the description of the catalog for `reversi help players`:
// the spec syntax with examples, then every player with its description
// and its options, their types and defaults.
func Help() string { return table(catalog[:]).help() }

// levelFiguresText holds what the levels were measured to do: the
// median and the longest time of a move, and the Elo (see
// levelFigures).
//
//go:embed levels.tsv
var levelFiguresText string

// levelFigure is the measured time and strength of one level.
type levelFigure struct {
	median, max time.Duration
	elo         float64
	hasElo      bool
}

// levelFigures reads levels.tsv: a line a level, tab-separated: the
// level, the median and the longest time of a move (Go durations, or -),
// the Elo relative to level 1 (or -); lines starting with # are
// comments.
func levelFigures(text string) (map[int]levelFigure, error) {
	out := map[int]levelFigure{}
	for i, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("levels.tsv line %d: %d fields, want 4 (level, median, max, elo)", i+1, len(f))
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 || n > engine.MaxLevel {
			return nil, fmt.Errorf("levels.tsv line %d: level %q: want 1 to %d", i+1, f[0], engine.MaxLevel)
		}
		if _, dup := out[n]; dup {
			return nil, fmt.Errorf("levels.tsv line %d: level %d again", i+1, n)
		}
		var fig levelFigure
		if f[1] != "-" {
			if fig.median, err = time.ParseDuration(f[1]); err != nil {
				return nil, fmt.Errorf("levels.tsv line %d: %v", i+1, err)
			}
			if fig.max, err = time.ParseDuration(f[2]); err != nil || fig.max < fig.median {
				return nil, fmt.Errorf("levels.tsv line %d: longest time %q: want a duration at least the median", i+1, f[2])
			}
		}
		if f[3] != "-" {
			if fig.elo, err = strconv.ParseFloat(f[3], 64); err != nil {
				return nil, fmt.Errorf("levels.tsv line %d: Elo %q: %v", i+1, f[3], err)
			}
			fig.hasElo = true
		}
		out[n] = fig
	}
	return out, nil
}

// shortDuration writes d for the levels' table: 0.04 ms, 12 ms, 1.5 s.
func shortDuration(d time.Duration) string {
	switch {
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// LevelsHelp describes the engine's levels, 1 to engine.MaxLevel, for
// `reversi help levels`: for each, the time a move took when measured
// (levels.tsv), its strength against level 1, and its settings
// (engine.Level.Describe); then how they keep to the clock.
func LevelsHelp() string {
	figs, err := levelFigures(levelFiguresText)
	if err != nil {
		panic(err) // the embedded file is checked by the tests
	}
	var b strings.Builder
	b.WriteString(`The engine's levels (engine:level=N, or --level N for every engine seat),
counted as Edax and Egaroucid count them: level N searches N plies deep.
Time: the median and the longest move over 84 positions of 12 games, one
thread, no book, no clock (reversi bench --levels). Elo: against level 1,
from matches between neighbouring levels (docs/STRENGTH.md). "-": not
measured (level 24 not yet, about 40 minutes of one core; from level 25
a move without a clock solves exactly from 27 to 60 empty squares, and
the 84 moves would take hours to days; with a clock, every level solves
only what its time allows).

level  time: median   longest   Elo    settings
`)
	for n := 1; n <= engine.MaxLevel; n++ {
		l, _ := engine.LevelSettings(n)
		median, longest, elo := "-", "-", "-"
		if f, ok := figs[n]; ok {
			if f.max > 0 {
				median, longest = shortDuration(f.median), shortDuration(f.max)
			}
			if f.hasElo {
				elo = fmt.Sprintf("%+.0f", f.elo)
			}
		}
		fmt.Fprintf(&b, "%5d  %12s  %8s  %5s    %s\n", n, median, longest, elo, l.Describe())
	}
	b.WriteString(`
Level 1 looks one move ahead; engine:level=1,noise=20 adds mistakes a
beginner can exploit. A level whose depth reaches the end of the game
solves exactly: level N plays perfectly from N empty squares (earlier up
to level 27), and level 60 in every position, as Edax's level 60 does
(without a clock its first moves would take longer than anyone waits).
Every level keeps to the clock: it answers before the per-move limit and
shares a game clock over the moves left, solving exactly, or selectively
with the cuts' probability, only what fits; beyond that it searches the
midgame as deep as the clock allows. engine:time=1s searches as deep as
1 s a move allows, with no depth of its own; the engine given no level,
depth or time does so for 5 s a move.
`)
	return b.String()
}

// help is Help for the entries of t.
func (t table) help() string {
	var b strings.Builder
	b.WriteString(`A player is named by a spec: NAME, or NAME:KEY=VALUE,KEY=VALUE,... to set
its options. Options not given keep their defaults. Names and keys may be
written in any case. seed=N sets the seed of a player's random choices;
without it each seat gets its own seed from the program, and the same
seeds replay the same games.

Examples:
  random
  random:seed=7
  evaporation:endgame=16
  evaporation:endgame=16,seed=3
  positional:table=20/-3/11/8/-7/-4/1/2/2/-3

Players:
`)
	for i := range t {
		e := &t[i]
		b.WriteString("\n  " + e.syntax() + "\n")
		b.WriteString("      " + e.Description + "\n")
		if len(e.Options) == 0 {
			continue
		}
		w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, o := range e.Options {
			def := "default " + o.Default
			if o.Default == "" {
				def = "optional"
			}
			w.Write([]byte("      " + o.Name + "\t" + o.Kind.String() + "\t" + def + "\t" + o.Help + "\n"))
		}
		w.Flush()
	}
	return b.String()
}
