package main

import (
	"os"
	"strings"
	"testing"
)

// TestMatchSaysLossesAndFiles: a match says how many games each player
// lost on time and by illegal moves (in its result and its JSON), and
// where its games are saved, or that they are not (issue 31).
func TestMatchSaysLossesAndFiles(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "match", "greedy", "random", "--games", "2", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "match without --out", stdout, "the games are not saved (--out FILE.ggf saves them)",
		"lost on time: greedy 0, random 0; by illegal moves: greedy 0, random 0")

	out := t.TempDir() + "/m.ggf"
	code, stdout, stderr = runCommand(t, "", "match", "greedy", "random", "--games", "2", "--seed", "1", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "match with --out", stdout, "each game saved to "+out+" as it ends", "summary: "+strings.TrimSuffix(out, ".ggf")+".json")
	text, err := os.ReadFile(strings.TrimSuffix(out, ".ggf") + ".json")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "the summary", strings.Join(strings.Fields(string(text)), " "), `"lost_on_time": [ 0, 0 ]`, `"lost_by_illegal_moves": [ 0, 0 ]`)
}
