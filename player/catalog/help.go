// The help texts of the catalog, for `reversi help players` and
// `reversi help levels`.

package catalog

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/reversi-engine/reversi/engine"
)

// Help returns the description of the catalog for `reversi help players`:
// the spec syntax with examples, then every player with its description
// and its options, their types and defaults.
func Help() string { return table(catalog[:]).help() }

// LevelsHelp describes the engine's levels, 1 to engine.MaxLevel, for
// `reversi help levels`: the settings of each (engine.Level.Describe),
// then how they keep to the clock.
func LevelsHelp() string {
	var b strings.Builder
	b.WriteString("The engine's levels (engine:level=N, or --level N for every engine seat):\n\n")
	for n := 1; n <= engine.MaxLevel; n++ {
		l, _ := engine.LevelSettings(n)
		fmt.Fprintf(&b, "  %2d  %s\n", n, l.Describe())
	}
	b.WriteString(`
Level 1 plays almost at random and a beginner can beat it; level 10 thinks
about 5 s a move (engine:level=10,time=1s to change it) and solves the
endgame exactly from 20 empty squares. Every level keeps to the clock:
it answers before the per-move limit and shares a game clock over the
moves left.
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
