package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGtpCommand: reversi gtp answers a front-end's session with the
// player of --player, refuses bad commands with "?" and a bad player
// before it starts.
func TestGtpCommand(t *testing.T) {
	session := "protocol_version\n1 name\nplay b d3\n2 genmove w\nplay b e3\nfly\nquit\nname\n"
	code, stdout, stderr := runCommand(t, session, "gtp", "--player", "greedy")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "= 2\n\n=1 reversi\n\n=\n\n=2 C3\n\n" +
		"? illegal move: E3 is not legal here; legal moves: B3 C4 F5 E6\n\n" +
		"? unknown command \"fly\" (list_commands lists them)\n\n=\n\n"
	if stdout != want {
		t.Errorf("answers:\n%s\nwant:\n%s", stdout, want)
	}
	code, stdout, stderr = runCommand(t, "version\n", "gtp", "--player", "engine:level=2,threads=1,hash=1")
	if code != 0 || !strings.HasPrefix(stdout, "= ") || !strings.Contains(stdout, "engine:level=2") {
		t.Errorf("version: exit %d, %q, %s", code, stdout, stderr)
	}
	for _, bad := range [][]string{{"--player", "nosuch"}, {"--player", "human"}, {"extra"}} {
		code, stdout, stderr = runCommand(t, "name\n", append([]string{"gtp"}, bad...)...)
		if code == 0 || stdout != "" || stderr == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", bad, code, stdout, stderr)
		}
	}
}

// TestGtpMatchBothWays plays a match between the real binary's GTP mode,
// as an external engine, and our engine: the client and the server of
// the protocol, each driving the other.
func TestGtpMatchBothWays(t *testing.T) {
	bin := reversiBinary(t)
	out := filepath.Join(t.TempDir(), "games.ggf")
	code, stdout, stderr := runCommand(t, "", "match", "gtp:"+quoteWord(bin)+" gtp --player engine:level=2,threads=1,hash=1", "engine:level=2",
		"--games", "4", "--seed", "1", "--concurrency", "2", "--time", "10s", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := matchLine.FindStringSubmatch(stdout)
	if m == nil || m[1] != "4" {
		t.Fatalf("no result:\n%s", stdout)
	}
	data, err := os.ReadFile(strings.TrimSuffix(out, ".ggf") + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var summary struct {
		Results []struct{ Reason string }
	}
	if err := json.Unmarshal(data, &summary); err != nil || len(summary.Results) != 4 {
		t.Fatalf("summary: %v, %d results", err, len(summary.Results))
	}
	for i, r := range summary.Results {
		if r.Reason != "normal end" {
			t.Errorf("game %d ended by %s", i+1, r.Reason)
		}
	}
}
