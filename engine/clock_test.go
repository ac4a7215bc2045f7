package engine

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/testpos"
)

const ms = time.Millisecond

// TestPlan: the budget of a move from the clock, the moves left and the
// phase, within bounds; and the invariants of every budget: the usual
// time within the hard limit, the hard limit within the clock less its
// margin.
func TestPlan(t *testing.T) {
	tests := []struct {
		name           string
		clock          Clock
		empties, solve int
		// Bounds of Time and MaxTime (0: no bound).
		timeMin, timeMax, maxMin, maxMax time.Duration
		quick                            bool
	}{
		{name: "no clock", empties: 40, solve: 20},
		{name: "1 s a move: nearly all of it", clock: Clock{Move: time.Second}, empties: 40, solve: 20,
			timeMin: 800 * ms, timeMax: 850 * ms, maxMin: 800 * ms, maxMax: 850 * ms},
		{name: "100 ms a move", clock: Clock{Move: 100 * ms}, empties: 30,
			timeMin: 30 * ms, timeMax: 40 * ms, maxMin: 30 * ms, maxMax: 40 * ms},
		{name: "45 ms a move: a quick move", clock: Clock{Move: 45 * ms}, empties: 30, quick: true, maxMax: 3 * ms},
		{name: "60 s for 20 moves, midgame", clock: Clock{Game: 60 * time.Second}, empties: 40, solve: 20,
			timeMin: 3 * time.Second, timeMax: 4 * time.Second, maxMin: 9 * time.Second, maxMax: 12 * time.Second},
		{name: "60 s for 30 moves, opening: less than a midgame share", clock: Clock{Game: 60 * time.Second}, empties: 58, solve: 20,
			timeMin: 1200 * ms, timeMax: 2 * time.Second, maxMax: 6 * time.Second},
		{name: "the solve's move gets several shares", clock: Clock{Game: 10 * time.Second}, empties: 20, solve: 20,
			timeMin: 2500 * ms, timeMax: 5 * time.Second, maxMax: 5 * time.Second},
		{name: "after the solve, little", clock: Clock{Game: 5 * time.Second}, empties: 16, solve: 20,
			timeMin: 500 * ms, timeMax: 1500 * ms, maxMax: 2500 * ms},
		{name: "no solve: equal shares", clock: Clock{Game: 20 * time.Second}, empties: 20,
			timeMin: 1800 * ms, timeMax: 2 * time.Second},
		{name: "an increment adds its share", clock: Clock{Game: 10 * time.Second, Increment: time.Second}, empties: 30, solve: 20,
			timeMin: 1500 * ms, timeMax: 2500 * ms},
		{name: "a per-move limit under a game clock bounds", clock: Clock{Move: 500 * ms, Game: 60 * time.Second}, empties: 40, solve: 20,
			timeMin: 370 * ms, timeMax: 400 * ms, maxMax: 400 * ms},
		{name: "200 ms on the clock: a short search", clock: Clock{Game: 200 * ms}, empties: 30, solve: 20,
			timeMin: ms, timeMax: 20 * ms},
		{name: "100 ms for 15 moves: not even the overheads, quick moves", clock: Clock{Game: 100 * ms}, empties: 30, solve: 20,
			quick: true, maxMax: 3 * ms},
		{name: "40 ms on the clock: a quick move", clock: Clock{Game: 40 * ms}, empties: 30, solve: 20, quick: true, maxMax: 3 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.clock.plan(tt.empties, tt.solve, 1)
			if b.Quick != tt.quick {
				t.Errorf("%+v: quick %v, want %v", b, b.Quick, tt.quick)
			}
			in := func(d, lo, hi time.Duration) bool { return d >= lo && (hi == 0 || d <= hi) }
			if !in(b.Time, tt.timeMin, tt.timeMax) || !in(b.MaxTime, tt.maxMin, tt.maxMax) {
				t.Errorf("%+v: want Time in [%v, %v], MaxTime in [%v, %v]", b, tt.timeMin, tt.timeMax, tt.maxMin, tt.maxMax)
			}
			checkBudget(t, tt.clock, b)
		})
	}
}

func checkBudget(t *testing.T, c Clock, b budget) {
	t.Helper()
	if c.Move <= 0 && c.Game <= 0 {
		if b != (budget{}) {
			t.Errorf("no clock: %+v", b)
		}
		return
	}
	if b.Time <= 0 || b.MaxTime < b.Time {
		t.Errorf("%+v: want 0 < Time <= MaxTime", b)
	}
	for _, limit := range []time.Duration{c.Move, c.Game} {
		if limit > 0 && b.MaxTime > max(limit-safetyMin, time.Millisecond) {
			t.Errorf("%+v: MaxTime beyond the clock %v less its margin", b, limit)
		}
	}
}

// TestPlanNeverLosesOnTime plays whole games on paper: every move takes
// its hard limit, the worst case, plus 2 ms of overhead. The clock never
// runs out, and with the usual time each move a game uses most of it.
func TestPlanNeverLosesOnTime(t *testing.T) {
	for _, total := range []time.Duration{300 * ms, 2 * time.Second, 15 * time.Second, 5 * time.Minute} {
		for _, inc := range []time.Duration{0, 100 * ms} {
			for _, worst := range []bool{true, false} {
				left := total
				for empties := 60; empties > 0; empties -= 2 {
					c := Clock{Game: left, Increment: inc}
					b := c.plan(empties, 20, 1)
					checkBudget(t, c, b)
					spent := b.Time
					if worst {
						spent = b.MaxTime + 2*ms
					}
					left -= spent
					if left <= 0 {
						t.Fatalf("clock %v + %v, %d empties: out of time (budget %+v)", total, inc, empties, b)
					}
					left += inc
				}
				if !worst && total >= 2*time.Second && left > total/3 {
					t.Errorf("clock %v + %v: %v left at the end of the game, a waste", total, inc, left)
				}
			}
		}
	}
}

// TestTimeManagerStretches: a new best move or a falling value stretch
// the target up to the hard limit; calm iterations bring it back.
func TestTimeManagerStretches(t *testing.T) {
	tm := newTimeManager(Limits{Time: time.Hour, MaxTime: 4 * time.Hour}, time.Now(), new(atomic.Bool))
	defer tm.done()
	steps := []struct {
		changed, fell, far bool
		want               time.Duration
	}{
		{want: time.Hour},
		{changed: true, want: 2 * time.Hour},
		{fell: true, want: 150 * time.Minute},
		{changed: true, want: 3 * time.Hour},
		{far: true, fell: true, want: 3 * time.Hour}, // at most maxStretch times
		{want: 165 * time.Minute},
		{want: 150 * time.Minute},
	}
	for i, s := range steps {
		tm.judge(s.changed, s.fell, s.far)
		if tm.target != s.want {
			t.Errorf("step %d: target %v, want %v", i, tm.target, s.want)
		}
	}
	// A fixed time does not stretch.
	fixed := newTimeManager(Limits{Time: time.Hour}, time.Now(), new(atomic.Bool))
	defer fixed.done()
	fixed.judge(true, true, true)
	if fixed.target != time.Hour {
		t.Errorf("fixed time stretched to %v", fixed.target)
	}
}

// TestFixedTimeUsed: a search given a fixed time where the depth cannot
// be reached uses most of it (the engine's own Elapsed), and one with a
// usual and a hard time at least half of the usual. No upper bound: a
// loaded machine may stop late.
func TestFixedTimeUsed(t *testing.T) {
	pos, err := testpos.Midgame(3)
	if err != nil {
		t.Fatal(err)
	}
	e := mustNew(t, Options{HashMB: 16})
	const limit = 300 * ms
	for i, b := range pos {
		e.Clear()
		r, err := e.Search(context.Background(), b, Limits{Time: limit}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Elapsed < limit*8/10 || r.Move == board.NoSquare || r.Stopped {
			t.Errorf("position %d (%d empties), %v: elapsed %v, move %v at depth %d", i, b.Empties(), limit, r.Elapsed, r.Move, r.Depth)
		}
		e.Clear()
		r, _ = e.Search(context.Background(), b, Limits{Time: limit, MaxTime: 3 * limit}, nil)
		if r.Elapsed < limit/2 {
			t.Errorf("position %d, %v up to %v: elapsed %v", i, limit, 3*limit, r.Elapsed)
		}
	}
}
