package engine

import (
	"regexp"
	"strconv"
	"testing"
	"time"
)

// timedLevel is the level of the plain "engine" of the catalog: no depth,
// DefaultLevelTime a move, exact as early as that time allows. The tests
// of the clock's limits use it.
func timedLevel() Level {
	return Level{Number: MaxLevel, Time: DefaultLevelTime, ExactEmpties: MaxLevel, WLDEmpties: MaxLevel}
}

// TestLevelsSolveWithinTheirDepth: a level whose depth reaches the end of
// the game solves exactly, as Edax's level 60 does: level n without a
// clock plays perfectly at n empty squares and fewer, level 60 in every
// position; under a clock level 60 solves only what the clock allows.
// No level has a step beyond the 60 empty squares a game can have, nor
// says it has.
func TestLevelsSolveWithinTheirDepth(t *testing.T) {
	number := regexp.MustCompile(`(\d+)(%?)`) // squares, and percentages
	for n := 1; n <= MaxLevel; n++ {
		l, err := LevelSettings(n)
		if err != nil {
			t.Fatal(err)
		}
		p := NewPlayer(mustNew(t, Options{HashMB: 1}), l, "engine", 1)
		for e := 1; e <= n; e++ {
			if lim := p.LimitsFor(Clock{}, e); e > lim.ExactEmpties || lim.Time != 0 {
				t.Errorf("level %d (%s) at %d empties: %+v, not an exact solve", n, l.Describe(), e, lim)
				break
			}
		}
		for _, s := range l.Selective {
			if s.Empties > MaxLevel || s.Empties <= l.ExactEmpties {
				t.Errorf("level %d: step %+v beyond 60 empties or within the exact solve (from %d)", n, s, l.ExactEmpties)
			}
		}
		for _, m := range number.FindAllStringSubmatch(l.Describe(), -1) {
			if v, _ := strconv.Atoi(m[1]); v > MaxLevel && m[2] == "" {
				t.Errorf("level %d says %q", n, l.Describe())
			}
		}
	}
	top, _ := LevelSettings(MaxLevel)
	if d := top.Describe(); d != "perfect play: every position solved exactly" {
		t.Errorf("level 60: %q", d)
	}
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), top, "engine", 1)
	if lim := p.LimitsFor(Clock{Move: time.Second}, 40); lim.ExactEmpties >= 40 || lim.Depth != 0 || lim.MaxTime <= 0 || lim.MaxTime >= time.Second {
		t.Errorf("level 60 at 40 empties, 1 s a move: %+v; want the midgame as deep as the clock allows", lim)
	}
}
