package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
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
