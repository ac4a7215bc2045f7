package main

import (
	"os"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/arena"
)

// TestPlayIncrement: reversi play refuses a negative increment or one
// without a game clock, printing the refusal and playing nothing, and
// plays many games with one (playcmd's TestPlayParseFlagsIncrement: the
// referee is given the game clock and its increment).
func TestPlayIncrement(t *testing.T) {
	// Through the command: the refusal is printed, nothing is played.
	for _, args := range [][]string{
		{"play", "--black", "random", "--white", "greedy", "--increment", "2s"},
		{"play", "--black", "random", "--white", "greedy", "--games", "2", "--game-time", "1m", "--increment", "-2s"},
	} {
		code, stdout, stderr := runCommand(t, "", args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "--increment") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a refusal naming --increment", args, code, stdout, stderr)
		}
	}
	if code, _, stderr := runCommand(t, "", "play", "--black", "random", "--white", "greedy", "--games", "2", "--seed", "1", "--game-time", "1m", "--increment", "1s"); code != 0 {
		t.Errorf("play --games with an increment: exit %d, %s", code, stderr)
	}
}

// TestArenaIncrement: match and tournament play with the increment, which
// their records' time control names, and refuse a negative one or one
// without a game clock.
func TestArenaIncrement(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"match", []string{"match", "random", "greedy", "--games", "2"}},
		{"tournament", []string{"tournament", "--players", "random,greedy", "--rounds", "1"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, bad := range []struct {
				args []string
				want string
			}{
				{[]string{"--increment", "1s"}, "--increment 1s: it adds to a game clock after each move; give --game-time too"},
				{[]string{"--game-time", "1m", "--increment", "-1s"}, "--increment -1s: want a positive duration"},
			} {
				out := dir + "/refused-" + tt.name + ".ggf"
				code, stdout, stderr := runCommand(t, "", append(append(tt.args, "--out", out), bad.args...)...)
				if code != 1 || stdout != "" || !strings.Contains(stderr, bad.want) {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", bad.args, code, stdout, stderr, bad.want)
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%v: a refused run wrote %s", bad.args, out)
				}
			}
			out := dir + "/" + tt.name + ".ggf"
			code, _, stderr := runCommand(t, "", append(tt.args, "--seed", "5", "--out", out, "--game-time", "1m", "--increment", "1s")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			games, err := arena.ReadRecords(out)
			if err != nil || len(games) != 2 {
				t.Fatalf("%d records, %v", len(games), err)
			}
			for _, g := range games {
				if want := "1s/move, 1m0s+1s/game"; g.Info.TimeControl != want {
					t.Errorf("the record's time control is %q, want %q", g.Info.TimeControl, want)
				}
			}
		})
	}
}

// TestMatchClockOdds: match's --b-* flags give player B a clock of its
// own, which the records and the summary name, and a bad one is refused
// before anything is played.
func TestMatchClockOdds(t *testing.T) {
	dir := t.TempDir()
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--b-time", "-1s"}, "--b-time -1s: want a positive duration"},
		{[]string{"--b-game-time", "-1s"}, "--b-game-time -1s: want a positive duration"},
		{[]string{"--b-time", "1s", "--b-increment", "1s"}, "--b-increment 1s: it adds to B's game clock after each move; give --b-game-time too"},
	} {
		out := dir + "/refused.ggf"
		code, stdout, stderr := runCommand(t, "", append([]string{"match", "random", "greedy", "--games", "2", "--out", out}, bad.args...)...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, bad.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", bad.args, code, stdout, stderr, bad.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: a refused run wrote %s", bad.args, out)
		}
	}
	out := dir + "/odds.ggf"
	code, _, stderr := runCommand(t, "", "match", "random", "greedy", "--games", "2", "--seed", "3", "--out", out, "--time", "2s", "--game-time", "1m", "--b-time", "5s", "--b-game-time", "2m", "--b-increment", "1s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	games, err := arena.ReadRecords(out)
	if err != nil || len(games) != 2 {
		t.Fatalf("%d records, %v", len(games), err)
	}
	const want = "2s/move, 1m0s/game; greedy: 5s/move, 2m0s+1s/game"
	for _, g := range games {
		if g.Info.TimeControl != want {
			t.Errorf("the record's time control is %q, want %q", g.Info.TimeControl, want)
		}
	}
	summary, err := os.ReadFile(arena.SummaryFile(out))
	if err != nil || !strings.Contains(string(summary), `"time_control": "`+want+`"`) {
		t.Errorf("summary %s (%v), want the time control %q", summary, err, want)
	}
}
