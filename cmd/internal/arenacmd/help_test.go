package arenacmd

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
		"match": Match, "tournament": Tournament, "merge": Merge,
	} {
		var stderr bytes.Buffer
		err := run(t.Context(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr}, []string{"-h"})
		first, _, _ := strings.Cut(help(name), "\n")
		if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(stderr.String(), "Usage: reversi "+name+" ") || !strings.Contains(stderr.String(), first) {
			t.Errorf("%s -h: %v, printed\n%s\nwant the usage and %q", name, err, stderr.String(), first)
		}
	}
}
