package main

import (
	"strings"
	"testing"
)

// TestPlayPersonHasNoClock: by default a person plays without a clock
// (no time left in the prompt, no deadline), the computer with the
// course's 60 s a move; --time gives every seat its limit (issue 31).
func TestPlayPersonHasNoClock(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		header string
		clock  bool // the person's prompt says the time left
	}{
		{nil, "standard rules, black: no time limit, white: 1m0s per move", false},
		{[]string{"--white", "human"}, "standard rules, no time limit per move", false},
		{[]string{"--time", "60s"}, "standard rules, 1m0s per move", true},
		{[]string{"--time", "0"}, "standard rules, no time limit per move", false},
	} {
		t.Run("args "+strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCommand(t, "Q\n", append([]string{"play", "--seed", "1", "--white", "roxanne"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
			}
			mustContain(t, "the game", stdout, tc.header, "to move, legal: D3 C4 F5 E6")
			if clock := strings.Contains(stdout, "s left]"); clock != tc.clock {
				t.Errorf("the prompt says the time left: %v, want %v:\n%s", clock, tc.clock, stdout)
			}
		})
	}
}
