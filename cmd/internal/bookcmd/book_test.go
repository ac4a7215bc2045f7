package bookcmd

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

// TestHelpTexts: reversi book -h, and the -h of each of its commands
// that search, print the usage and help/book.txt; without a command it
// is a usage error.
func TestHelpTexts(t *testing.T) {
	first, _, _ := strings.Cut(help("book"), "\n")
	for _, args := range [][]string{{"-h"}, {"help"}, {"build", "-h"}, {"deviate", "-h"}, {}} {
		var stdout, stderr bytes.Buffer
		err := Book(context.Background(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}, args)
		if want := len(args) == 0; errors.Is(err, cli.ErrUsage) != want || err != nil && !want && !errors.Is(err, flag.ErrHelp) {
			t.Errorf("%v: %v, want a usage error %v", args, err, want)
		}
		if !strings.HasPrefix(stderr.String(), "Usage: reversi book ") || !strings.Contains(stderr.String(), first) {
			t.Errorf("%v: printed\n%s\nwant the usage and %q", args, stderr.String(), first)
		}
	}
}
