package enginecmd

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

// TestHelpTexts: every command's -h prints its usage and its help text,
// the placeholders filled in.
func TestHelpTexts(t *testing.T) {
	for name, run := range map[string]func(context.Context, *cli.Env, []string) error{
		"analyze": Analyze, "nboard": NBoard, "gtp": GTP,
	} {
		var stderr bytes.Buffer
		err := run(t.Context(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr}, []string{"-h"})
		first, _, _ := strings.Cut(help(name), "\n")
		first, _, _ = strings.Cut(first, "{") // a placeholder's value is the command's
		out := stderr.String()
		if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(out, "Usage: reversi "+name+" ") || !strings.Contains(out, first) ||
			strings.Contains(out, "{held-out-year}") || strings.Contains(out, "{table-") {
			t.Errorf("%s -h: %v, printed\n%s\nwant the usage and %q, the placeholders filled in", name, err, out, first)
		}
	}
}
