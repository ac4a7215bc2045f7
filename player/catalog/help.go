// The help text of the catalog, for `reversi help players`.

package catalog

import (
	"strings"
	"text/tabwriter"
)

// Help returns the description of the catalog for `reversi help players`:
// the spec syntax with examples, then every player with its description
// and its options, their types and defaults.
func Help() string { return table(catalog[:]).help() }

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
