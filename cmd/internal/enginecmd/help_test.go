package enginecmd

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

// TestHelpTexts: every command's -h prints its usage and its help text,
// the placeholders filled in.
func TestHelpTexts(t *testing.T) {
	for name, run := range map[string]func(context.Context, *cli.Env, []string) error{
		"analyze": Analyze, "nboard": NBoard, "gtp": GTP,
	} {
		if problem := cli.HelpProblem(t.Context(), run, name, help(name), "-h"); problem != "" {
			t.Error(problem)
		}
	}
}
