package cli

import (
	"context"
	"flag"
	"fmt"
	"testing"
)

// TestHelpProblem: what a subcommand's -h must print, and each way of
// getting it wrong named.
func TestHelpProblem(t *testing.T) {
	const raw = "Plays {count} games.\nMore."
	for _, c := range []struct {
		name    string
		printed string
		err     error
		right   bool
	}{
		{"right", "Usage: reversi x [flags]\n\nPlays 4 games.\n", flag.ErrHelp, true},
		{"not ErrHelp", "Usage: reversi x [flags]\n\nPlays 4 games.\n", nil, false},
		{"no usage", "Plays 4 games.\n", flag.ErrHelp, false},
		{"no description", "Usage: reversi x [flags]\n", flag.ErrHelp, false},
		{"placeholder left", "Usage: reversi x [flags]\n\nPlays {count} games.\n", flag.ErrHelp, false},
	} {
		run := func(_ context.Context, e *Env, _ []string) error {
			fmt.Fprint(e.Stderr, c.printed)
			return c.err
		}
		if got := HelpProblem(t.Context(), run, "x", raw, "-h"); (got == "") != c.right {
			t.Errorf("%s: HelpProblem says %q", c.name, got)
		}
	}
}
