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
		solvable                         int // 0: any
	}{
		{name: "no clock", empties: 40, solve: 20},
		{name: "1 s a move: nearly all of it", clock: Clock{Move: time.Second}, empties: 40, solve: 20,
			timeMin: 800 * ms, timeMax: 850 * ms, maxMin: 800 * ms, maxMax: 850 * ms},
		{name: "100 ms a move", clock: Clock{Move: 100 * ms}, empties: 30,
			timeMin: 30 * ms, timeMax: 40 * ms, maxMin: 30 * ms, maxMax: 40 * ms},
		{name: "45 ms a move: a quick move", clock: Clock{Move: 45 * ms}, empties: 30, quick: true, maxMax: 3 * ms},
		// 10 moves before the solve at 20 empties, which keeps 0.3 s (twice
		// its estimate), and 9 after it at a twentieth of a share each.
		{name: "60 s for 20 moves, midgame", clock: Clock{Game: 60 * time.Second}, empties: 40, solve: 20,
			timeMin: 5 * time.Second, timeMax: 6 * time.Second, maxMin: 12 * time.Second, maxMax: 15 * time.Second},
		{name: "60 s for 30 moves, opening: less than a midgame share", clock: Clock{Game: 60 * time.Second}, empties: 58, solve: 20,
			timeMin: 1200 * ms, timeMax: 2500 * ms, maxMax: 7500 * ms},
		{name: "the solve's move: twice its estimate, stopped at most at three quarters of the clock", clock: Clock{Game: 10 * time.Second}, empties: 20, solve: 20,
			timeMin: 250 * ms, timeMax: 350 * ms, maxMin: 5 * time.Second, maxMax: 7500 * ms},
		{name: "after the solve, little: the solve's tree is in the tables", clock: Clock{Game: 5 * time.Second}, empties: 16, solve: 20,
			timeMin: ms, timeMax: 50 * ms, maxMax: 3750 * ms},
		{name: "the solve waits until twice its estimate is at most three shares", clock: Clock{Game: 3 * time.Second}, empties: 24, solve: 60,
			timeMin: 700 * ms, timeMax: 1000 * ms, maxMax: 1500 * ms, solvable: 22},
		{name: "no solve: equal shares", clock: Clock{Game: 20 * time.Second}, empties: 20,
			timeMin: 1800 * ms, timeMax: 2 * time.Second},
		{name: "an increment adds its share, within half of the clock", clock: Clock{Game: 10 * time.Second, Increment: time.Second}, empties: 30, solve: 20,
			timeMin: 2200 * ms, timeMax: 3 * time.Second},
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
			b := tt.clock.Plan(tt.empties, tt.solve, 1)
			if b.Quick != tt.quick {
				t.Errorf("%+v: quick %v, want %v", b, b.Quick, tt.quick)
			}
			in := func(d, lo, hi time.Duration) bool { return d >= lo && (hi == 0 || d <= hi) }
			if !in(b.Time, tt.timeMin, tt.timeMax) || !in(b.MaxTime, tt.maxMin, tt.maxMax) {
				t.Errorf("%+v: want Time in [%v, %v], MaxTime in [%v, %v]", b, tt.timeMin, tt.timeMax, tt.maxMin, tt.maxMax)
			}
			if tt.solvable > 0 && b.Solvable != tt.solvable {
				t.Errorf("%+v: solvable %d, want %d", b, b.Solvable, tt.solvable)
			}
			checkBudget(t, tt.clock, b)
		})
	}
}

func checkBudget(t *testing.T, c Clock, b Budget) {
	t.Helper()
	if c.Move <= 0 && c.Game <= 0 {
		if b != (Budget{}) {
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
// runs out.
func TestPlanNeverLosesOnTime(t *testing.T) {
	for _, total := range []time.Duration{300 * ms, 2 * time.Second, 15 * time.Second, 5 * time.Minute} {
		for _, inc := range []time.Duration{0, 100 * ms} {
			left := total
			for empties := 60; empties > 0; empties -= 2 {
				c := Clock{Game: left, Increment: inc}
				b := c.Plan(empties, 20, 1)
				checkBudget(t, c, b)
				left -= b.MaxTime + 2*ms
				if left <= 0 {
					t.Fatalf("clock %v + %v, %d empties: out of time (budget %+v)", total, inc, empties, b)
				}
				left += inc
			}
		}
	}
}

// TestPlanSpendsTheClock plays whole games on paper as they go: a midgame
// move takes its usual time, the solve its estimate, and the moves after
// it, whose tree is in the tables, a millisecond. Little of the clock is
// left at the end (besides the increments of the moves after the solve),
// and the solve starts as early as at the start of the game it was
// planned. (Before 2026-11-28: 30% of a 15 s clock left, 32% of 60 s, the
// solve planned at 25 empties and played at 21.)
func TestPlanSpendsTheClock(t *testing.T) {
	for _, total := range []time.Duration{15 * time.Second, time.Minute, 5 * time.Minute} {
		for _, inc := range []time.Duration{0, 100 * ms} {
			for _, first := range []int{51, 52} { // either colour
				left := total
				planned, solvedAt, after := 0, 0, time.Duration(0)
				for empties := first; empties > 0; empties -= 2 {
					c := Clock{Game: left, Increment: inc}
					b := c.Plan(empties, 60, 1)
					spent := b.Time
					switch {
					case solvedAt > 0:
						spent, after = ms, after+inc
					case b.Solvable >= empties:
						solvedAt, spent = empties, min(SolveEstimate(empties), b.MaxTime)
					case planned == 0:
						planned = b.Solvable
					}
					left -= spent
					if left <= 0 {
						t.Fatalf("clock %v + %v, %d empties: out of time (budget %+v)", total, inc, empties, b)
					}
					left += inc
				}
				if waste := left - after; waste > total/8 {
					t.Errorf("clock %v + %v from %d empties: %v left at the end of the game (%v of it increments after the solve), a waste", total, inc, first, left, after)
				}
				if solvedAt < planned-1 {
					t.Errorf("clock %v + %v from %d empties: the solve planned at %d empties at the start started at %d", total, inc, first, planned, solvedAt)
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
	e := New(Options{HashMB: 16})
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
