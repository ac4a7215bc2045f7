package enginecmd

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/game"
)

// TestAnalyzeBookFollowsThePlayer: the book reversi analyze merges is the
// analysing player's: the book file of an engine's book-file (its moves,
// not the shipped book's), none with its book=off (and --book on with it
// is refused), the shipped book for an engine without book options;
// --book off turns any of them off.
func TestAnalyzeBookFollowsThePlayer(t *testing.T) {
	// A book that knows one reply to f5: f4, worth 5.25 discs to Black.
	s := book.NewSet()
	g, _ := game.ParseTranscript("f5f4")
	s.Put(g.Position().Board, book.Entry{Value: 5.25, Depth: 7, Count: 3})
	path := filepath.Join(t.TempDir(), "my.bin")
	if err := book.WriteFile(path, s.Book().Bytes()); err != nil {
		t.Fatal(err)
	}
	const engine = "engine:depth=2,threads=1,hash=1"
	_, shippedErr := book.Shipped()
	bookRow := regexp.MustCompile(`(?m)^([A-H][1-8])\s+([+-]\d+\.\d\d)\s+(\S+)\s+book\s`)
	tests := []struct {
		name string
		args []string
		rows []string // the book rows wanted: "move value depth"
		head string   // the book named in the table's header
		err  string   // an error wanted on standard error
	}{
		{"book-file", []string{"--transcript", "f5", "--player", engine + ",book-file=" + path}, []string{"F4 -5.25 7"}, "the opening book " + path, ""},
		{"book-file, --book off", []string{"--transcript", "f5", "--player", engine + ",book-file=" + path, "--book", "off"}, nil, "", ""},
		{"book=off", []string{"--transcript", "f5d6c3", "--player", engine + ",book=off"}, nil, "", ""},
		{"book=OFF, --book off", []string{"--transcript", "f5d6c3", "--player", engine + ",book=OFF", "--book=off"}, nil, "", ""},
		{"book=off, --book on", []string{"--transcript", "f5d6c3", "--player", engine + ",book=off", "--book", "on"}, nil, "", "book=off"},
		{"book=off, --book ON", []string{"--transcript", "f5d6c3", "--player", engine + ",BOOK=Off", "--book=ON"}, nil, "", "book=off"},
	}
	if shippedErr == nil {
		tests = append(tests, struct {
			name string
			args []string
			rows []string
			head string
			err  string
		}{"the shipped book", []string{"--transcript", "f5", "--player", engine + ",book=on"}, nil, shippedBookName, ""})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := Analyze(t.Context(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs}, tt.args)
			stdout := out.String()
			if tt.err != "" {
				if err == nil || stdout != "" || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, stdout %q; want an error with %q", err, stdout, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v: %s", err, errs.String())
			}
			var rows []string
			for _, r := range bookRow.FindAllStringSubmatch(stdout, -1) {
				rows = append(rows, strings.Join(r[1:4], " "))
			}
			switch {
			case tt.head == "":
				if len(rows) > 0 || strings.Contains(stdout, "source book:") {
					t.Errorf("book rows %q, want none:\n%s", rows, stdout)
				}
			case !strings.Contains(stdout, "source book: the value in "+tt.head+","):
				t.Errorf("the header does not name %q:\n%s", tt.head, stdout)
			case tt.rows != nil && !slices.Equal(rows, tt.rows):
				t.Errorf("book rows %q, want %q:\n%s", rows, tt.rows, stdout)
			case tt.rows == nil && len(rows) < 2:
				t.Errorf("book rows %q, want the shipped book's replies to f5:\n%s", rows, stdout)
			}
		})
	}
}
