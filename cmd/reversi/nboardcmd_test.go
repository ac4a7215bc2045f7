package main

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// TestNBoardBook: reversi nboard answers "go" at the start from the
// shipped book ("book" in the depth field), searches with --book off,
// and refuses a bad --book before it starts.
func TestNBoardBook(t *testing.T) {
	if _, err := book.Shipped(); err != nil {
		t.Skipf("no shipped book: %v", err)
	}
	const session = "nboard 2\nset depth 2\ngo\n"
	tests := []struct {
		mode string
		want *regexp.Regexp
	}{
		{"on", regexp.MustCompile(`(?m)^book ([A-H][1-8]) [+-]?\d+\.\d\d \d+ book depth \d+\n=== ([A-H][1-8])/`)},
		{"off", regexp.MustCompile(`(?m)^search ([A-H][1-8])\S* [+-]?\d+\.\d\d 0 \d+(@\d+%)?\n=== ([A-H][1-8])/`)},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			code, stdout, stderr := runCommand(t, session, "nboard", "--threads", "1", "--hash", "1", "--book", tt.mode)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !tt.want.MatchString(stdout) {
				t.Errorf("go at the start, --book %s:\n%s", tt.mode, stdout)
			}
		})
	}
	code, stdout, stderr := runCommand(t, session, "nboard", "--book", "sometimes")
	if code == 0 || stdout != "" || !strings.Contains(stderr, "want on or off") {
		t.Errorf("--book sometimes: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestNBoardLongLineErrorOnce: a command line over the limit ends reversi
// nboard with an error that names the command once ("reversi nboard:
// reading commands: ..."), not twice ("reversi nboard: nboard: ...").
func TestNBoardLongLineErrorOnce(t *testing.T) {
	input := "nboard 2\n" + strings.Repeat("a", 1<<20+10) + "\n"
	code, stdout, stderr := runCommand(t, input, "nboard", "--threads", "1", "--hash", "1", "--book", "off")
	const want = "reversi nboard: reading commands: command line 2 is longer than 1048576 bytes"
	if code == 0 || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "nboard:") != 1 {
		t.Errorf("exit %d, stderr %q; want an error that starts %q", code, stderr, want)
	}
	if stdout != "set myname reversi\n" {
		t.Errorf("stdout %q", stdout)
	}
}

// TestNBoardNoShippedBookStatus: with the shipped book damaged, reversi
// nboard says so on standard error and, since an NBoard GUI shows no
// standard error, as a status line after its answer to "nboard 2".
func TestNBoardNoShippedBookStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary again, with a damaged book")
	}
	bin := damagedBookBinary(t)
	stdout, stderr, err := runBinary(bin, "nboard 2\nping 1\n", "nboard", "--threads", "1", "--hash", "1")
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 3 || lines[0] != "set myname reversi" || !strings.HasPrefix(lines[1], "status "+noBookNote) || lines[2] != "pong 1" {
		t.Errorf("stdout %q, want the greeting, the status %q..., the pong", lines, "status "+noBookNote)
	}
	if strings.Count(stderr, "no opening book") != 1 || !strings.HasPrefix(stderr, noBookNote) {
		t.Errorf("stderr %q, want the note once", stderr)
	}
}

// TestNBoardWeightsAndProbCut: reversi nboard, run as a GUI runs it,
// evaluates with the weights of --weights and cuts with the parameters
// of --probcut; weights without parameters fitted for them are refused
// unless --prob 100 asks for a full-width search, and so are parameters
// of other weights, files that cannot be read, weights with another
// evaluation and a probability the engine has no cuts for. A refusal
// comes before the session starts: nothing on standard output.
func TestNBoardWeightsAndProbCut(t *testing.T) {
	dir := t.TempDir()
	shipped, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	// Other weights: the shipped ones with every phase's bias moved by
	// shift discs, so that every value of a search moves by as much.
	const shift = 3
	other := filepath.Join(dir, "other.bin")
	w := *shipped.Weights()
	w.Phases = slices.Clone(w.Phases)
	for i := range w.Phases {
		w.Phases[i].Bias += shift * pattern.Scale
	}
	w.Note = "test weights"
	writeFile(t, other, func(f io.Writer) error { _, err := w.WriteTo(f); return err })
	otherEval, err := pattern.ReadWeightsFile(other)
	if err != nil {
		t.Fatal(err)
	}
	// Parameters for them: the shipped ones, named for the other weights.
	params := func(name, checksum string) string {
		pc, err := engine.DefaultProbCut()
		if err != nil {
			t.Fatal(err)
		}
		c := *pc
		c.EvalChecksum = checksum
		path := filepath.Join(dir, name)
		writeFile(t, path, func(f io.Writer) error { _, err := c.WriteTo(f); return err })
		return path
	}
	fitted := params("fitted.json", otherEval.Checksum())
	shippedPC := params("shipped.json", shipped.Checksum())
	garbage := filepath.Join(dir, "garbage")
	writeFile(t, garbage, func(f io.Writer) error { _, err := io.WriteString(f, "not weights"); return err })

	// The value of the best move at depth 4 after f5, with args, and
	// whether the search was selective (the depth field's "@87%").
	const session = "nboard 2\nset depth 4\nmove f5\ngo\n"
	search := func(args ...string) (float64, bool) {
		t.Helper()
		args = append([]string{"nboard", "--threads", "1", "--hash", "1", "--book", "off"}, args...)
		stdout, stderr, err := runBinary(reversiBinary(t), session, args...)
		if err != nil {
			t.Fatalf("%q: %v\n%s", args, err, stderr)
		}
		m := regexp.MustCompile(`(?m)^search [A-H][1-8]\S* ([+-]?\d+\.\d\d) 0 4(@\d+%)?$`).FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("%q: no search line:\n%s", args, stdout)
		}
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		return v, m[2] != ""
	}
	base, _ := search("--prob", "100")
	for _, args := range [][]string{
		{"--weights", other, "--prob", "100"},
		{"--weights", other, "--probcut", fitted, "--prob", "100"},
	} {
		got, selective := search(args...)
		if math.Abs(got-(base+shift)) > 0.011 || selective {
			t.Errorf("%q: value %.2f (selective %v), want %.2f (the shipped weights' %.2f moved by %d), full width", args, got, selective, base+shift, base, shift)
		}
	}
	// The parameters given are used: the search is selective.
	for _, args := range [][]string{
		{"--weights", other, "--probcut", fitted},
		{"--probcut", shippedPC},
	} {
		if _, selective := search(args...); !selective {
			t.Errorf("%q: a full-width search, want the selective one of the parameters given", args)
		}
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--weights", other}, "give --probcut FILE"},
		{[]string{"--weights", other, "--probcut", shippedPC}, "other pattern weights"},
		{[]string{"--probcut", fitted}, "other pattern weights"},
		{[]string{"--weights", garbage, "--prob", "100"}, "--weights"},
		{[]string{"--weights", filepath.Join(dir, "missing.bin"), "--prob", "100"}, "missing.bin"},
		{[]string{"--probcut", garbage}, "--probcut: " + garbage},
		{[]string{"--eval", "course", "--weights", other, "--prob", "100"}, "give --eval pattern"},
		{[]string{"--prob", "50"}, "probability 50%"},
	} {
		args := append([]string{"nboard", "--threads", "1", "--hash", "1"}, tc.args...)
		code, stdout, stderr := runCommand(t, session, args...)
		if code == 0 || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want an error with %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// writeFile writes the file at path with write.
func writeFile(t *testing.T, path string, write func(io.Writer) error) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
