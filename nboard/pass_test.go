package nboard

import (
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
)

// mustPass is a game after which Black, to move with 38 empty squares,
// has no move and must pass.
const mustPass = "c4c5d6e7b5d3e6b4d2f5a4a3g5b6f8f4a7c7g4b7b8a5"

// TestHintWhenPassing: "hint N" where the side to move must pass hints
// the pass, "search PA... <eval> 0 <depth>", valued for the side that
// passes (the negated value of the opponent's best move at that depth),
// and never the opponent's moves as if they were the mover's; "go"
// answers "=== PA".
func TestHintWhenPassing(t *testing.T) {
	c := start(t)
	c.send("nboard 2", "set depth 4", "set game "+ggfAfter(mustPass))
	c.until("set myname")
	c.send("hint 2")
	c.until("status thinking")
	_, lines := c.until("nodestats")
	c.until("status")
	var last player.MoveStat
	n := 0
	for _, l := range lines {
		m, err := ParseSearch(l)
		if err != nil || !strings.HasPrefix(l, "search PA") || m.Move != board.Pass || len(m.PV) < 2 {
			t.Errorf("hint line %q (%v): want search PA<line> <eval> 0 <depth>", l, err)
			continue
		}
		last = m
		n++
	}
	if n == 0 || last.Depth != 4 {
		t.Fatalf("hint 2 when passing: %q, want search PA lines up to depth 4", lines)
	}

	// The opponent's best move after the pass, at the same depth, is
	// worth the pass's value negated.
	c.send("move PA", "hint 1")
	c.until("status thinking")
	_, lines = c.until("nodestats")
	c.until("status")
	white, err := ParseSearch(lines[len(lines)-1])
	if err != nil || white.Depth != 4 || white.Move != last.PV[1] {
		t.Fatalf("hint 1 after the pass: %q, want %v at depth 4 (%v)", lines, last.PV[1], err)
	}
	if white.Eval != -last.Eval {
		t.Errorf("the pass is worth %.2f for Black, White's best move %v %.2f for White: want opposites", last.Eval, white.Move, white.Eval)
	}

	c.send("set game "+ggfAfter(mustPass), "go")
	if l, _ := c.until("==="); l != "=== PA" {
		t.Errorf("go when passing: %q", l)
	}
}
