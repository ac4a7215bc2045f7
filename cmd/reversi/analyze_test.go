package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
)

// elapsed matches the time an analysis took, which varies from run to run.
var elapsed = regexp.MustCompile(`in \d+\.\d\d s`)

// TestAnalyzeBook: in a position of the shipped book, reversi analyze
// shows the book's moves with its values, marked book in a source column;
// out of the book, and with --book off, the analysis alone, as it always
// was; a bad --book is refused before any work.
func TestAnalyzeBook(t *testing.T) {
	b, err := book.Shipped()
	if err != nil {
		t.Skipf("no shipped book: %v", err)
	}
	const endgame = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X" // far out of the book
	tests := []struct {
		name   string
		args   []string
		inBook bool
	}{
		{"book position", []string{"--transcript", "f5d6c3"}, true},
		{"book position, --book=off", []string{"--transcript", "f5d6c3", "--book=off"}, false},
		{"book position, --book OFF", []string{"--transcript", "f5d6c3", "--book", "OFF"}, false},
		{"out of the book", []string{"--board", endgame}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"analyze", "--depth", "4", "--threads", "1"}, tt.args...)
			code, stdout, stderr := runCommand(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			header := regexp.MustCompile(`(?m)^move\s+discs\s+depth\s+source\s+principal variation$`)
			if header.MatchString(stdout) != tt.inBook || strings.Contains(stdout, "source book:") != tt.inBook {
				t.Errorf("a source column: %v, want %v:\n%s", header.MatchString(stdout), tt.inBook, stdout)
			}
			if !tt.inBook {
				if strings.Contains(stdout, " book ") {
					t.Errorf("book moves shown:\n%s", stdout)
				}
				return
			}
			g, _ := game.ParseTranscript("f5d6c3")
			moves := b.Moves(g.Position().Board, g.Legal())
			if len(moves) == 0 {
				t.Fatal("f5d6c3 is not in the shipped book")
			}
			// The book's moves first, best first, each with its value and
			// depth and marked book; then the others, searched.
			rows := regexp.MustCompile(`(?m)^([A-H][1-8])\s+([+-]\d+\.\d\d)\s+(\S+)\s+(\S+)\s+(.*)$`).FindAllStringSubmatch(stdout, -1)
			if len(rows) != 4 {
				t.Fatalf("%d rows, want White's 4 moves:\n%s", len(rows), stdout)
			}
			for i, r := range rows {
				if i >= len(moves) {
					if r[4] == "book" {
						t.Errorf("row %q: not a book move, marked book", r[0])
					}
					continue
				}
				m := moves[i]
				want := fmt.Sprintf("%v %+.2f %d book %v", m.Square, m.Value, m.Depth, m.Square)
				if got := strings.Join([]string{r[1], r[2], r[3], r[4], strings.Fields(r[5])[0]}, " "); got != want {
					t.Errorf("row %d: %q, want %q", i, got, want)
				}
			}
		})
	}
	// Out of the book the output is what it was without the book, byte
	// for byte (but the time taken).
	var outs []string
	for _, mode := range []string{"on", "off"} {
		_, stdout, _ := runCommand(t, "", "analyze", "--board", endgame, "--depth", "4", "--threads", "1", "--book", mode)
		outs = append(outs, elapsed.ReplaceAllString(stdout, "in T s"))
	}
	if outs[0] != outs[1] {
		t.Errorf("out of the book, --book on:\n%s\n--book off:\n%s", outs[0], outs[1])
	}
	// A bad --book: an error that says what is accepted, and no analysis.
	for _, bad := range []string{"maybe", "", "auto"} {
		code, stdout, stderr := runCommand(t, "", "analyze", "--transcript", "f5", "--book", bad)
		if code == 0 || stdout != "" || !strings.Contains(stderr, "want on or off") {
			t.Errorf("--book %q: exit %d, stdout %q, stderr %q", bad, code, stdout, stderr)
		}
	}
}

// TestAnalyzeOpening: a position reached by a transcript that reaches a
// named opening gets a line "opening: <name>" above the table, in any
// symmetry of the board; a position out of the named lines, or given as
// a board, gets none.
func TestAnalyzeOpening(t *testing.T) {
	tests := []struct {
		args []string
		want string // "": no opening line
	}{
		{[]string{"--transcript", "f5d6c3d3c4"}, "Tiger"},
		{[]string{"--transcript", "c4e3f6e6f5"}, "Tiger"}, // the Tiger turned
		{[]string{"--transcript", "f5d6c3d3c4", "--book", "off"}, "Tiger"},
		{[]string{"--transcript", "f5d6c3d3c4f4e6"}, "Leader's Tiger"},
		// The Tiger's position as a board: no moves to it.
		{[]string{"--board", "------------------XO------XXX------OXX-----O-------------------- O"}, ""},
		// No named line yet.
		{[]string{"--transcript", "f5"}, ""},
	}
	for _, tt := range tests {
		args := append([]string{"analyze", "--depth", "2", "--threads", "1"}, tt.args...)
		_, stdout, _ := runCommand(t, "", args...)
		lines := regexp.MustCompile(`(?m)^opening: (.*)$`).FindAllStringSubmatch(stdout, -1)
		switch {
		case tt.want == "" && len(lines) != 0:
			t.Errorf("%v: an opening line %q", tt.args, lines[0][0])
		case tt.want == "":
		case len(lines) != 1 || lines[0][1] != tt.want:
			t.Errorf("%v: opening lines %q, want one: opening: %s\n%s", tt.args, lines, tt.want, stdout)
		case strings.Index(stdout, "opening: ") > strings.Index(stdout, "principal variation"):
			t.Errorf("%v: the opening below the table:\n%s", tt.args, stdout)
		}
	}
}

// TestAnalyzeNoMinusZero: a value that rounds to zero is shown +0.00,
// never -0.00, in reversi analyze's output (in the book's table as
// written: textboard's TestBookAnalysisNoMinusZero).
func TestAnalyzeNoMinusZero(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "analyze", "--transcript", "d3c3c4e3d2c5f3c2", "--depth", "2", "--threads", "1")
	if code != 0 || strings.Contains(stdout, "-0.00") {
		t.Errorf("analyze d3c3c4e3d2c5f3c2: exit %d, %s\n%s", code, stderr, stdout)
	}
}
