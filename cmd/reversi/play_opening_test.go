package main

import (
	"strings"
	"testing"
)

// TestPlayNamesTheOpening: a line names the opening each time it changes,
// and only then; the Tiger played from c4 is the Tiger.
func TestPlayNamesTheOpening(t *testing.T) {
	code, stdout, stderr := runCommand(t, "c4\ne3\nf6\ne6\nf5\nc5\nQ\n", "play", "--white", "human", "--seed", "1", "--time", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []string
	for line := range strings.Lines(stdout) {
		if strings.HasPrefix(line, "opening: ") {
			got = append(got, strings.TrimSpace(line))
		}
	}
	want := []string{"opening: Perpendicular Opening", "opening: Tiger"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("opening lines %q, want %q\n%s", got, want, stdout)
	}
}
