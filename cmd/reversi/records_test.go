package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRecordsCommand: reversi records gives a match's score as the match
// did, the time and values of its engine player, and the difference game
// by game with a match of the same seed; bad input is refused with an
// error that says what is wrong.
func TestRecordsCommand(t *testing.T) {
	dir := t.TempDir()
	play := func(name, a string) (string, string) {
		out := filepath.Join(dir, name)
		code, stdout, stderr := runCommand(t, "", "match", a, "random", "--games", "6", "--seed", "5", "--out", out)
		if code != 0 {
			t.Fatalf("match %s: exit %d, %s", a, code, stderr)
		}
		return out, regexp.MustCompile(`W \d+ D \d+ L \d+, [0-9.]+%`).FindString(stdout)
	}
	two, twoScore := play("two.ggf", "engine:level=2,threads=1,hash=1")
	one, oneScore := play("one.ggf", "engine:level=1,threads=1,hash=1")
	code, stdout, stderr := runCommand(t, "", "records", two, "--against", one)
	if code != 0 {
		t.Fatalf("records: exit %d, %s", code, stderr)
	}
	mustContain(t, "records", stdout, "6 games", "A: engine:level=2", "B: random", "A: "+twoScore,
		"time a game (6 games with times)", "A: s a move", "A's values", "6 games of the same number, opening and colours", "B's values, here less there")
	percent := func(score string) string { return score[strings.LastIndex(score, " ")+1:] }
	if !strings.Contains(stdout, "A scored "+percent(twoScore)+" here, "+percent(oneScore)+" there") {
		t.Errorf("the paired scores are not the matches' (%s, %s):\n%s", twoScore, oneScore, stdout)
	}
	// The engine's values are read: its row has numbers where the
	// random player's has none.
	if !regexp.MustCompile(`A's values\s+[+-]\d`).MatchString(stdout) || !regexp.MustCompile(`B's values\s+-\s`).MatchString(stdout) {
		t.Errorf("values rows:\n%s", stdout)
	}
	// --player names B: the figures are the random player's.
	if code, stdout, _ := runCommand(t, "", "records", two, "--player", "random"); code != 0 || !strings.Contains(stdout, "A: random") {
		t.Errorf("--player random: exit %d\n%s", code, stdout)
	}

	notGGF := filepath.Join(dir, "notes.txt")
	os.WriteFile(notGGF, []byte("not a record\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"records"}, "give one match's record"},
		{[]string{"records", filepath.Join(dir, "missing.ggf")}, "no games"},
		{[]string{"records", notGGF}, "notes.txt"},
		{[]string{"records", two, "--player", "zzz"}, `no player's name contains "zzz"`},
		{[]string{"records", two, "--player", "n"}, "both players' names"},
		{[]string{"records", two, "--marks", "30,70"}, `--marks 30,70: "70" is not a count`},
		{[]string{"records", two, "--against", notGGF}, "--against"},
	} {
		code, stdout, stderr := runCommand(t, "", tc.args...)
		if code == 0 || !strings.Contains(stderr, tc.want) || strings.Contains(stdout, "A:") {
			t.Errorf("%v: exit %d, %q, want an error with %q and no figures", tc.args, code, stderr, tc.want)
		}
	}
}
