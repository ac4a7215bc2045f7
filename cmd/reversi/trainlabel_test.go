package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrainLabelShardWithoutPositions: a shard that has no positions
// says so, fails, and creates nothing.
func TestTrainLabelShardWithoutPositions(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	code, stdout, stderr := runCommand(t, "", "train", "label", "--work", work, "--shard", "5/10", "--positions", "3", "--threads", "1")
	if code == 0 || !strings.Contains(stderr, "shard 5/10 has no positions") || strings.Contains(stdout, "labels:") {
		t.Errorf("exit %d, stdout %q, stderr %q; want a failure saying the shard has no positions", code, stdout, stderr)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Error("the work folder was made")
	}
}

// TestTrainLabelEvery: --every labels every position of the games given,
// each once (a game given twice adds nothing), and refuses --positions
// and --random beside it, creating nothing.
func TestTrainLabelEvery(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.ggf")
	const g = "(;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3]W[D3]B[C4];)\n"
	if err := os.WriteFile(games, []byte(g+g), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{{"--positions", "3"}, {"--random", "10"}} {
		work := filepath.Join(dir, "refused")
		args := append([]string{"train", "label", "--every", "--games", games, "--work", work, "--threads", "1", "--depth", "2"}, extra...)
		code, _, stderr := runCommand(t, "", args...)
		if code == 0 || !strings.Contains(stderr, "give no "+extra[0]) {
			t.Errorf("%v: exit %d, stderr %q", extra, code, stderr)
		}
		if _, err := os.Stat(work); !os.IsNotExist(err) {
			t.Errorf("%v: the work folder was made", extra)
		}
	}
	work := filepath.Join(dir, "work")
	code, stdout, stderr := runCommand(t, "", "train", "label", "--every", "--games", games, "--work", work, "--threads", "1", "--depth", "2", "--min-empties", "50", "--max-empties", "59")
	if code != 0 || !strings.Contains(stdout, "labels:") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(work, "labels-0-of-1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// The five positions after each move (the start has 60 empty
	// squares), once each.
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 6 || !strings.Contains(lines[0], "positions=5 ") || !strings.Contains(lines[0], " every=1") {
		t.Errorf("the label file:\n%s\nwant a header and five positions", data)
	}
}
