package main

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/reversi-engine/reversi/web"
)

// TestPlayDefaultOpponent: without --white, a person plays the engine at
// the web's default level, not a course heuristic (issue 31).
func TestPlayDefaultOpponent(t *testing.T) {
	code, stdout, stderr := runCommand(t, "Q\n", "play", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "the game", stdout, "human (X, black) vs engine:level="+strconv.Itoa(defaultLevel)+" (O, white)")
}

// TestPlayDefaultLevelIsTheWebs: the level of reversi play's engine seats
// is the level of the web page's default opponent.
func TestPlayDefaultLevelIsTheWebs(t *testing.T) {
	js, err := web.Files.ReadFile("static/start.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`id: "opponent" }, options\(opponents\(\), "engine:level=(\d+)"\)`).FindSubmatch(js)
	if m == nil {
		t.Fatal("the start page's default opponent is not found in web/static/start.js")
	}
	if string(m[1]) != strconv.Itoa(defaultLevel) {
		t.Errorf("the web's default opponent is level %s, reversi play's %d", m[1], defaultLevel)
	}
}
