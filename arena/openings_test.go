package arena

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/game"
)

// TestOpeningSource: the openings a command line names, and the name the
// records give them.
func TestOpeningSource(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "two.txt")
	if err := os.WriteFile(file, []byte("# two openings\nf5d6\nf5f6e6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opened := func(text string) func(string) (io.ReadCloser, string, error) {
		return func(name string) (io.ReadCloser, string, error) {
			return io.NopCloser(strings.NewReader(text)), name + " (opened)", nil
		}
	}
	refused := errors.New("refused")
	for _, tc := range []struct {
		what    string
		src     OpeningSource
		count   int
		first   string // its moves
		source  string
		wantErr string
	}{
		{"xot", OpeningSource{Name: "xot"}, 10784, "", "xot-large.txt", ""},
		{"xot by its file's name", OpeningSource{Name: "xot-large.txt"}, 10784, "", "xot-large.txt", ""},
		{"random", OpeningSource{Random: 8, Name: "xot"}, 10000, "", "random 8 moves", ""},
		{"a file", OpeningSource{Name: file}, 2, "f5d6", file, ""},
		{"a file through Open", OpeningSource{Name: "mine", Open: opened("d3c5\n")}, 1, "d3c5", "mine (opened)", ""},
		{"a missing file", OpeningSource{Name: filepath.Join(dir, "missing.txt")}, 0, "", "", "missing.txt"},
		{"a file Open refuses", OpeningSource{Name: "x", Open: func(string) (io.ReadCloser, string, error) { return nil, "", refused }}, 0, "", "", "refused"},
		{"an illegal opening", OpeningSource{Name: "bad", Open: opened("f5d6\na1\n")}, 0, "", "", "bad (opened):2"},
	} {
		all, source, err := tc.src.Openings(game.Standard, 3)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want one naming %q", tc.what, err, tc.wantErr)
			}
			continue
		}
		if err != nil || len(all) != tc.count || source != tc.source {
			t.Errorf("%s: %d openings named %q, %v; want %d named %q", tc.what, len(all), source, err, tc.count, tc.source)
			continue
		}
		if tc.first != "" && all[0].Moves != tc.first {
			t.Errorf("%s: first opening %q, want %q", tc.what, all[0].Moves, tc.first)
		}
		if tc.src.Random > 0 {
			for _, o := range all[:10] {
				if g, err := o.Game(game.Standard); err != nil || g.Ply() != tc.src.Random {
					t.Errorf("%s: opening %v: %v", tc.what, o, err)
				}
			}
		}
	}
}
