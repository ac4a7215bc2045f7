package traincmd

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/train"
)

// TestHelpTexts: every help text under help/ is what its command's -h
// prints after the usage, the placeholders filled in.
func TestHelpTexts(t *testing.T) {
	files, err := fs.Glob(helpFiles, "help/*.txt")
	if err != nil || len(files) != 4 {
		t.Fatalf("help texts %v: %v", files, err)
	}
	for _, f := range files {
		name := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(f, "help/"), ".txt"), "-", " ")
		var stderr bytes.Buffer
		err := Train(t.Context(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr}, append(strings.Fields(name)[1:], "-h"))
		first, _, _ := strings.Cut(help(name, "{held-out-year}", fmt.Sprint(train.HeldOutYear)), "\n")
		out := stderr.String()
		if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(out, "Usage: reversi "+name+" ") || !strings.Contains(out, first) || strings.Contains(out, "{held-out-year}") {
			t.Errorf("%s -h: %v, printed\n%s\nwant the usage and %q", name, err, out, first)
		}
	}
}
