package nboard

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// TestRefusedGameIsNoGame: after a "set game" that cannot be read, the
// engine has no game: go, hint, analyze and move get a status line that
// says so, and no move nor values for the game before it, until a valid
// "set game"; set depth and learn work on.
func TestRefusedGameIsNoGame(t *testing.T) {
	c := start(t)
	c.send("nboard 2", "set depth 2", "set game "+startGGF)
	c.until("set myname")
	for i, bad := range []string{
		// F5 F6, then A1: not a legal move.
		strings.Replace(startGGF, "W[F6]", "W[F6]B[A1]", 1),
		"(;GM[Othello]BO[8 garbage];)",
	} {
		c.send("set game " + bad)
		if got := c.sync(10 * i); len(got) != 1 || !strings.HasPrefix(got[0], "status cannot read the game: ") || !strings.HasSuffix(got[0], "; no game until a valid set game") {
			t.Errorf("set game %s: the engine said %q", bad, got)
		}
		for j, cmd := range []string{"go", "hint 2", "analyze", "move e6", "go"} {
			c.send(cmd)
			got := c.sync(10*i + j + 1)
			name := strings.Fields(cmd)[0]
			if name == "move" {
				name = cmd
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], "status "+name+": no valid game (the last set game was refused: ") {
				t.Errorf("%s after a refused set game: the engine said %q, want one status line: no valid game", cmd, got)
			}
		}
		c.send("set depth 3", "learn")
		if got := c.sync(10*i + 9); len(got) != 1 || got[0] != "learned" {
			t.Errorf("set depth and learn after a refused set game: %q", got)
		}
	}
	// A valid game again: go answers for it (F5 F6, Black to move).
	c.send("set game "+startGGF, "go")
	l, _ := c.until("===")
	sq, err := board.ParseSquare(strings.Split(strings.TrimPrefix(l, "=== "), "/")[0])
	g, _ := parseTestGame(startGGF)
	if err != nil || g.Legal()&sq.Bit() == 0 {
		t.Errorf("go after a valid set game: %q, not a move of the game", l)
	}
	c.until("status")
	c.send("move e6")
	if got := c.sync(100); len(got) != 0 {
		t.Errorf("move e6 in the valid game: %q", got)
	}
}

// slowPattern is the shipped pattern evaluation (so that the engine has
// its selective search) made slow: each evaluation takes delay.
type slowPattern struct {
	*pattern.Evaluator
	delay time.Duration
}

func (e slowPattern) NewTracker(b board.Board) eval.Tracker {
	return slowTracker{e.Evaluator.NewTracker(b), e.delay}
}

// slowTracker is a tracker whose Evaluate takes delay (and which has no
// EvaluateMoves: the search calls Evaluate).
type slowTracker struct {
	eval.Tracker
	delay time.Duration
}

func (t slowTracker) Evaluate(b board.Board) int {
	time.Sleep(t.delay)
	return t.Tracker.Evaluate(b)
}

// wellFormed matches every line the engine may send: the protocol's
// depth of a search line starts with an integer (plies, plies@confidence,
// 100% or 100%W), a move's answer is "=== <move>[/<eval>[/<time>]]".
var wellFormed = regexp.MustCompile(`^(` +
	`search [A-Ha-h][1-8](-?[A-Ha-h][1-8]|-?PA)* -?\d+\.\d\d 0 (\d+|\d+@\d+%|100%|100%W)( .*)?` +
	`|book [A-Ha-h][1-8]\S* -?\d+\.\d\d \d+ book depth \d+` +
	`|nodestats \d+ \d+\.\d+` +
	`|=== ([A-Ha-h][1-8]|PA)(/-?\d+\.\d\d(/\d+\.\d+)?)?` +
	`|status( .*)?|pong \d+|set myname \S+)$`)

// TestStoppedBeforeDepthOne: a go or a hint that ping stops before the
// first depth of its search ends sends only well-formed lines: no search
// line with a depth that is no depth ("87%", the confidence of the
// selective search without plies, or "0"), and go's move without a value.
func TestStoppedBeforeDepthOne(t *testing.T) {
	pe, err := pattern.Default()
	if err != nil {
		t.Skip(err)
	}
	e := newEngine(t, engine.Options{Eval: slowPattern{pe, 20 * time.Millisecond}, Threads: 1, HashMB: 1})
	if e.ProbCut() == nil {
		t.Fatal("the slow pattern evaluation has no selective search: the test would not search at 87%")
	}
	c := startWith(t, e)
	c.send("nboard 2", "set depth 10")
	c.until("set myname")
	for i, cmd := range []string{"go", "hint 3"} {
		c.send(cmd)
		c.until("status thinking")
		lines := c.sync(i + 1)
		for _, l := range lines {
			if !wellFormed.MatchString(l) {
				t.Errorf("%s stopped before depth 1: %q is not well-formed (all: %q)", cmd, l, lines)
			}
			if f := strings.Fields(l); f[0] == "search" && f[4] == "0" {
				t.Errorf("%s stopped before depth 1: %q has a value of no depth", cmd, l)
			}
		}
		if cmd == "go" && !slicesHasPrefix(lines, "=== ") {
			t.Errorf("go stopped before depth 1: no move in %q", lines)
		}
	}
}

// slicesHasPrefix reports whether a line of lines starts with prefix.
func slicesHasPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}
