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
