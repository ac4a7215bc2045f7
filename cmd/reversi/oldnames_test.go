package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchResumesRecordsOfOldNames: half of a match recorded before the
// course's evaluation was renamed (arena/testdata/classic-names.ggf,
// 'eval=classic' in its player's spec) resumes with the same command
// line: the two games in the file are not played again, the other two are,
// and the summary names the players as the command line does.
func TestMatchResumesRecordsOfOldNames(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("..", "..", "arena", "testdata", "classic-names.ggf"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(fixture), "\n")
	out := filepath.Join(t.TempDir(), "old.ggf")
	if err := os.WriteFile(out, []byte(lines[0]+lines[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCommand(t, "", "match", "alphabeta:depth=1,eval=classic", "random", "--games", "4", "--seed", "7", "--concurrency", "1", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "the resumed match", stdout, "resuming: 2 games already in "+out,
		"alphabeta:depth=1,eval=classic vs random: 4 games: W ")
	summary, err := os.ReadFile(strings.TrimSuffix(out, ".ggf") + ".json")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "the summary", string(summary), `"alphabeta:depth=1,eval=classic",`, `"played": 4,`)
}
