package traincmd

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
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
		if problem := cli.HelpProblem(t.Context(), Train, name, help(name), append(strings.Fields(name)[1:], "-h")...); problem != "" {
			t.Error(problem)
		}
	}
}
