package engine

import (
	"context"
	"math/bits"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// TestNeverLosesOnTime plays the top level under tight clocks: a short
// per-move limit, then a short game clock. It must keep to them and use a
// fair share of the time. The referee's grace absorbs the stalls of a
// loaded machine (the tests of other packages share its two cores, and
// the race detector slows the code several times; a 150 ms move was once
// late by 120 ms with eight processes on the two cores): the test checks
// that the engine stops by its clock, not how busy the scheduler is. A
// search that ignored its clock (a solve that does not stop, a budget
// larger than the time left) would still lose.
func TestNeverLosesOnTime(t *testing.T) {
	top := timedLevel()
	moveTime, gameTime := 150*time.Millisecond, 2*time.Second
	if testing.Short() {
		moveTime, gameTime = 3*moveTime, 3*gameTime
	}
	const grace = time.Second
	for _, cfg := range []referee.Config{
		{MoveTime: moveTime, Grace: grace},
		{MoveTime: referee.NoLimit, GameTime: gameTime, Grace: grace},
	} {
		e := mustNew(t, Options{Threads: 2, HashMB: 8})
		p := NewPlayer(e, top, "engine", 1)
		g, err := referee.Play(context.Background(), p, course.NewRoxanne(1), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if g.Result.Reason != game.Normal {
			t.Fatalf("%+v: the game ended by %v", cfg, g.Result)
		}
		var used time.Duration
		for i, m := range g.Moves {
			if g.PositionAt(i).Turn == board.Black {
				used += m.Time
			}
		}
		if cfg.GameTime > 0 && (used > cfg.GameTime+grace || used < cfg.GameTime/5) {
			t.Errorf("game clock %v: the engine used %v", cfg.GameTime, used)
		}
	}
}

func TestLimitsFromTheClock(t *testing.T) {
	top := timedLevel()
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), top, "engine", 1)
	tests := []struct {
		timeLeft, gameLeft time.Duration
		empties            int
		check              func(Limits) bool
	}{
		// No clock: the level's 5 s, up to three times that.
		{0, 0, 40, func(l Limits) bool { return l.Time == 5*time.Second && l.MaxTime == 15*time.Second }},
		// 1 s a move: well within it.
		{time.Second, 0, 40, func(l Limits) bool { return l.MaxTime < time.Second && l.Time <= l.MaxTime }},
		// 60 s for 20 own moves, with the solve planned for where the
		// clock allows it: more than 60/20 s a move, never more than 3
		// shares.
		{0, 60 * time.Second, 40, func(l Limits) bool {
			return l.Time > 3*time.Second && l.Time < 5*time.Second && l.MaxTime <= 3*l.Time && l.ExactEmpties >= 20 && l.ExactEmpties < 30
		}},
		// 1 s a move: all of it, and the solves that fit in it.
		{time.Second, 0, 24, func(l Limits) bool {
			return l.Time == l.MaxTime && l.Time > 800*time.Millisecond && l.ExactEmpties == solvableWithin(l.MaxTime, 1) && l.WLDEmpties == l.ExactEmpties+1
		}},
		// 100 ms a move: no 20-empty solve.
		{100 * time.Millisecond, 0, 24, func(l Limits) bool {
			return l.MaxTime < 100*time.Millisecond && l.ExactEmpties < 20 && l.WLDEmpties <= l.ExactEmpties+1
		}},
		// 30 ms left: a quick shallow move, no solve.
		{0, 30 * time.Millisecond, 24, func(l Limits) bool {
			return l.Depth > 0 && l.Depth <= 4 && l.MaxTime > 0 && l.MaxTime <= 3*time.Millisecond && l.ExactEmpties <= 6 && l.WLDEmpties == 0
		}},
	}
	for _, tt := range tests {
		if l := p.LimitsFor(Clock{Move: tt.timeLeft, Game: tt.gameLeft}, tt.empties); !tt.check(l) {
			t.Errorf("time %v, game %v, %d empties: %+v", tt.timeLeft, tt.gameLeft, tt.empties, l)
		}
	}
	// A fixed-depth level without a game clock: the depth decides, the
	// per-move limit still bounds.
	l5, _ := LevelSettings(5)
	p5 := NewPlayer(mustNew(t, Options{HashMB: 1}), l5, "engine", 1)
	if l := p5.LimitsFor(Clock{Move: 2 * time.Second}, 40); l.Time != 0 || l.Depth != 5 || l.MaxTime <= 0 || l.MaxTime >= 2*time.Second {
		t.Errorf("level 5 at 2 s a move: %+v", l)
	}
}

// TestPlayerLearnsItsMachine: a search that stops late adds its lag to
// the margin of the next moves; a solve that did not finish in its time
// makes the next ones start later, and quick solves bring that back.
func TestPlayerLearnsItsMachine(t *testing.T) {
	top := timedLevel()
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), top, "engine", 1)
	before := p.LimitsFor(Clock{Move: time.Second}, 40)
	p.Observe(before, 40, Result{Kind: Midgame, Elapsed: before.MaxTime + 40*time.Millisecond})
	after := p.LimitsFor(Clock{Move: time.Second}, 40)
	if p.currentLag() != 40*time.Millisecond || after.MaxTime >= before.MaxTime-30*time.Millisecond {
		t.Errorf("lag %v: %v, then %v", p.currentLag(), before.MaxTime, after.MaxTime)
	}

	solve := p.LimitsFor(Clock{Move: time.Second}, 20)
	if solve.ExactEmpties < 20 {
		t.Fatalf("1 s a move at 20 empties: %+v", solve)
	}
	p.Observe(solve, 20, Result{Kind: Midgame, Elapsed: solve.MaxTime}) // the solve was cut short
	if l := p.LimitsFor(Clock{Move: time.Second}, 20); l.ExactEmpties >= 20 || p.currentSolveScale() < 5 {
		t.Errorf("after a solve cut short (scale %.1f): %+v", p.currentSolveScale(), l)
	}
	for range 40 {
		p.Observe(solve, 20, Result{Kind: Exact, Elapsed: 100 * time.Millisecond})
	}
	if l := p.LimitsFor(Clock{Move: time.Second}, 20); l.ExactEmpties != solve.ExactEmpties || p.currentSolveScale() > 1.1 {
		t.Errorf("after quick solves (scale %.1f): %+v", p.currentSolveScale(), l)
	}
}

// TestLevelsCountAsEdax: level n searches n plies deep; up to level 10 it
// solves exactly from 2n empty squares; above, the exact solve starts
// later with the level (never later than its depth) and steps of a
// selective endgame, surer nearer the end, precede it; level 60 solves
// every position.
func TestLevelsCountAsEdax(t *testing.T) {
	tests := []struct {
		n, depth, exact int
		steps           []SelectiveStep
	}{
		{1, 1, 2, nil},
		{7, 7, 14, nil},
		{10, 10, 20, nil},
		{11, 11, 21, []SelectiveStep{{24, 98}}},
		{18, 18, 21, []SelectiveStep{{24, 98}, {27, 95}}},
		{21, 21, 24, []SelectiveStep{{27, 98}, {30, 95}, {33, 87}}},
		{28, 28, 28, []SelectiveStep{{31, 98}, {34, 95}, {37, 87}}},
		{40, 40, 40, []SelectiveStep{{43, 98}, {46, 95}, {49, 87}, {52, 73}}},
		{55, 55, 55, []SelectiveStep{{58, 98}, {60, 95}}},
		{59, 59, 59, []SelectiveStep{{60, 98}}},
		{60, 60, 60, nil},
	}
	for _, tt := range tests {
		l, err := LevelSettings(tt.n)
		if err != nil || l.Depth != tt.depth || l.ExactEmpties != tt.exact || !slices.Equal(l.Selective, tt.steps) {
			t.Errorf("level %d: %+v, %v; want depth %d, exact from %d, steps %v", tt.n, l, err, tt.depth, tt.exact, tt.steps)
		}
	}
	prev, _ := LevelSettings(1)
	for n := 2; n <= MaxLevel; n++ {
		l, _ := LevelSettings(n)
		if l.ExactEmpties < prev.ExactEmpties || l.Depth != prev.Depth+1 {
			t.Errorf("level %d (%s) is not deeper than level %d (%s)", n, l.Describe(), n-1, prev.Describe())
		}
		prev = l
	}
}

// TestLevelLimits: a level's search of a position: its midgame depth, its
// selective endgame's step, or its exact solve.
func TestLevelLimits(t *testing.T) {
	l12, _ := LevelSettings(12)
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), l12, "engine", 1)
	tests := []struct {
		empties, depth, prob, exact int
	}{
		{40, 12, 0, 21}, // the midgame
		{25, 12, 0, 21}, // above the steps
		{24, 24, 98, 21},
		{22, 22, 98, 21},
		{21, 12, 0, 21}, // the exact solve
	}
	for _, tt := range tests {
		l := p.LimitsFor(Clock{}, tt.empties)
		if l.Depth != tt.depth || l.Probability != tt.prob || l.ExactEmpties != tt.exact || l.Time != 0 || l.MaxTime != 0 {
			t.Errorf("level 12 at %d empties: %+v; want depth %d at %d%%, exact from %d", tt.empties, l, tt.depth, tt.prob, tt.exact)
		}
	}
	// With a clock the step stays, bounded by the clock.
	if l := p.LimitsFor(Clock{Move: time.Second}, 23); l.Depth != 23 || l.Probability != 98 || l.MaxTime <= 0 || l.MaxTime >= time.Second {
		t.Errorf("level 12 at 23 empties, 1 s a move: %+v", l)
	}
	// A level of time (the plain engine) without a clock: its 5 s, and
	// only the solves that fit.
	top := timedLevel()
	pt := NewPlayer(mustNew(t, Options{HashMB: 1}), top, "engine", 1)
	if l := pt.LimitsFor(Clock{}, 40); l.Depth != 0 || l.Time != DefaultLevelTime || l.ExactEmpties != solvableWithin(3*DefaultLevelTime, 1) || l.ExactEmpties >= 40 {
		t.Errorf("5 s a move without a clock: %+v", l)
	}
}

func TestLevelsExist(t *testing.T) {
	for n := 1; n <= MaxLevel; n++ {
		l, err := LevelSettings(n)
		if err != nil || l.Number != n || l.Describe() == "" {
			t.Errorf("level %d: %+v, %v", n, l, err)
		}
	}
	for _, n := range []int{0, MaxLevel + 1, -3} {
		if _, err := LevelSettings(n); err == nil {
			t.Errorf("level %d accepted", n)
		}
	}
}

// TestPlayerReportsThinking: the values shown are discs for exact
// results and the engine's own units in the midgame, with the move list
// when asked to analyse.
func TestPlayerReportsThinking(t *testing.T) {
	l, _ := LevelSettings(6)
	p := NewPlayer(mustNew(t, Options{Eval: eval.Course{}, HashMB: 4}), l, "engine", 1)
	g := game.NewStandard()
	g.PlayTranscript("f5d6c3d3c4")
	req := player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), Analyze: true}
	reply, err := p.Move(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	th := reply.Thinking
	if th == nil || th.Source != (player.Source{Kind: player.Midgame, Depth: l.Depth}) || th.Unit != player.UnitPoints || len(th.Moves) != len(board.Squares(g.Legal())) {
		t.Fatalf("thinking %+v", th)
	}
	if th.Moves[0].Move != reply.Move {
		t.Errorf("played %v, best of the list %v", reply.Move, th.Moves[0].Move)
	}
}

// TestPlayerReportsProgress: while it thinks, the player reports each
// iteration, deeper and deeper, each with a line that starts with a
// legal move and the value of every legal move at its depth (the best
// first, its value the report's and exact, the others no better); the
// last report is the move played.
func TestPlayerReportsProgress(t *testing.T) {
	l, _ := LevelSettings(6)
	p := NewPlayer(mustNew(t, Options{Eval: eval.Course{}, HashMB: 4}), l, "engine", 1)
	g := game.NewStandard()
	g.PlayTranscript("f5d6c3d3c4")
	var reports []player.Thinking
	req := player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), Progress: func(th player.Thinking) { reports = append(reports, th) }}
	reply, err := p.Move(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) < 4 {
		t.Fatalf("%d progress reports for a depth-%d search", len(reports), l.Depth)
	}
	last := 0
	for i, r := range reports {
		d := r.Depth
		if r.Kind != player.Midgame || d <= last || len(r.PV) == 0 || g.Legal()&r.PV[0].Bit() == 0 || !r.HasEval {
			t.Fatalf("report %d: %+v (after depth %d)", i, r, last)
		}
		last = d
		var valued uint64
		for j, m := range r.Moves {
			valued |= m.Move.Bit()
			if m.Depth != d || !m.HasEval || m.Kind != player.Midgame || m.Eval > r.Eval || j == 0 && (m.Move != r.PV[0] || m.Eval != r.Eval || m.Upper) {
				t.Errorf("report %d (depth %d, %v, best %v): move %d %+v", i, d, r.Eval, r.PV[0], j, m)
			}
		}
		if valued != g.Legal() || len(r.Moves) != bits.OnesCount64(g.Legal()) {
			t.Errorf("report %d values %d moves (%x), want every legal move (%x)", i, len(r.Moves), valued, g.Legal())
		}
	}
	if end := reports[len(reports)-1]; end.PV[0] != reply.Move || end.Source != reply.Thinking.Source {
		t.Errorf("last report %v at %+v, played %v at %+v", end.PV, end.Source, reply.Move, reply.Thinking.Source)
	}
}

// TestNoiseMakesMistakes: a level with noise does not always play the
// move that the level without noise would (the search at depth 1).
func TestNoiseMakesMistakes(t *testing.T) {
	l1, _ := LevelSettings(1)
	l1.Noise = 40
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), l1, "engine", 7)
	exact := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 1}, "depth1", 7)
	differ := 0
	g := game.NewStandard()
	g.PlayTranscript("f5d6c3d3c4f4f6f3e6e7")
	for range 40 {
		req := player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal()}
		a, _ := p.Move(context.Background(), req)
		b, _ := exact.Move(context.Background(), req)
		if a.Move != b.Move {
			differ++
		}
	}
	if differ == 0 || differ == 40 {
		t.Errorf("noise 40 differed from depth 1 in %d of 40 tries: want some mistakes, not all", differ)
	}
}

// TestNoiseMoves: a level whose noise is limited to the first moves makes
// mistakes in them and plays as the level without noise after them (the
// position of TestNoiseMakesMistakes is after 10 moves).
func TestNoiseMoves(t *testing.T) {
	g := game.NewStandard()
	g.PlayTranscript("f5d6c3d3c4f4f6f3e6e7")
	exact := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Depth: 1}, "depth1", 7)
	req := player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal()}
	want, _ := exact.Move(context.Background(), req)
	for _, tc := range []struct {
		moves     int
		mistakes  bool
		describes string
	}{
		{10, false, "random mistakes of up to 40 discs in the first 10 moves"},
		{11, true, "in the first 11 moves"},
		{0, true, "random mistakes of up to 40 discs"},
	} {
		l := Level{Depth: 1, Noise: 40, NoiseMoves: tc.moves}
		if d := l.Describe(); !strings.Contains(d, tc.describes) {
			t.Errorf("noise moves %d: %q does not say %q", tc.moves, d, tc.describes)
		}
		p := NewPlayer(mustNew(t, Options{HashMB: 1}), l, "engine", 7)
		differ := 0
		for range 40 {
			a, _ := p.Move(context.Background(), req)
			if a.Move != want.Move {
				differ++
			}
		}
		if got := differ > 0; got != tc.mistakes {
			t.Errorf("noise 40 in the first %d moves, after 10 moves: %d of 40 moves differ from depth 1", tc.moves, differ)
		}
	}
}

// TestExactLineWhole: when the engine solves the endgame exactly, the line
// it reports, and that of every move of an analysis, is the whole perfect
// line to the end of the game, not just the move (issue 19), whether it
// analyses, plays its best or a noisy level's choice.
func TestExactLineWhole(t *testing.T) {
	pos := board.MustParsePosition("---OOOOO--O-OOOO-OOOOOOO-OXOXOOOXXOXOOOOXOXXXO-OOOOOOX-OX-XO--X- X")
	g := game.New(pos, game.Standard)
	exact := Level{Depth: 4, ExactEmpties: 20, WLDEmpties: 20}
	noisy := exact
	noisy.Noise = 8
	tests := []struct {
		name    string
		level   Level
		analyze bool
	}{
		{"best", exact, false},
		{"analysis", exact, true},
		{"noisy", noisy, false},
	}
	ends := func(pv []board.Square) bool {
		b := pos.Board
		for _, sq := range pv {
			if sq == board.Pass {
				b = b.Pass()
			} else {
				b = b.Play(sq)
			}
		}
		return b.GameOver()
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(5) {
				p := NewPlayer(mustNew(t, Options{HashMB: 4, Threads: 1}), tt.level, "engine", seed)
				req := player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), Analyze: tt.analyze}
				reply, err := p.Move(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				th := reply.Thinking
				if th.Source.Kind != player.Exact || len(th.PV) == 0 || th.PV[0] != reply.Move || !ends(th.PV) {
					t.Fatalf("played %v, %v line %v", reply.Move, th.Source, th.PV)
				}
				for _, m := range th.Moves {
					if len(m.PV) == 0 || m.PV[0] != m.Move || !ends(m.PV) {
						t.Errorf("move %v: line %v", m.Move, m.PV)
					}
				}
			}
		})
	}
}

// TestLevelTimeWithinTheClock: a level's own time (engine:time=) is kept
// under a per-move clock that gives more, and the clock's budget where
// it gives less.
func TestLevelTimeWithinTheClock(t *testing.T) {
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), Level{Time: 100 * time.Millisecond, ExactEmpties: 12}, "engine", 1)
	lim := p.LimitsFor(Clock{Move: time.Second}, 40)
	if lim.Time != 100*time.Millisecond || lim.MaxTime != 300*time.Millisecond {
		t.Errorf("100 ms level under a 1 s move limit: time %v, hard %v; want 100ms and 300ms", lim.Time, lim.MaxTime)
	}
	lim = p.LimitsFor(Clock{Move: 50 * time.Millisecond}, 40)
	if lim.Time >= 50*time.Millisecond || lim.MaxTime >= 50*time.Millisecond || lim.MaxTime <= 0 {
		t.Errorf("100 ms level under a 50 ms move limit: time %v, hard %v; want both within the limit", lim.Time, lim.MaxTime)
	}
}

// TestSelectiveSolveInTime: a level without a fixed depth solves exactly
// what fits in its time, for win/loss/draw one empty square more, and
// selectively (a search to the end with cuts) up to selectiveReach
// beyond; farther from the end it searches the midgame. A full-width
// engine (prob=100) never solves selectively.
func TestSelectiveSolveInTime(t *testing.T) {
	top := timedLevel()
	p := NewPlayer(mustNew(t, Options{HashMB: 1}), top, "engine", 1)
	c := Clock{Move: time.Second}
	solvable := c.plan(30, top.ExactEmpties, 1).Solvable
	reach := selectiveReach(DefaultProbability)
	for e := solvable - 1; e <= solvable+reach+2; e++ {
		l := p.LimitsFor(c, e)
		want := 0
		if e > solvable+1 && e <= solvable+reach {
			want = e
		}
		if l.Depth != want {
			t.Errorf("%d empties, 1 s a move (exact from %d): depth %d, want %d (%+v)", e, solvable, l.Depth, want, l)
		}
	}
	full := NewPlayer(mustNew(t, Options{HashMB: 1, Probability: 100}), top, "engine", 1)
	if l := full.LimitsFor(c, solvable+2); l.Depth != 0 {
		t.Errorf("a full-width engine at %d empties: %+v", solvable+2, l)
	}
}

// TestClockCountsTheDelay: a move asked for with a context whose deadline
// is the limit's end (as the referee asks) has only what is left of it
// when the player starts: the delay since is gone from the move and the
// game clock; without a deadline, or one beyond the limit, the request's
// clock stands.
func TestClockCountsTheDelay(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	req := player.Request{TimeLeft: time.Second, GameTimeLeft: 10 * time.Second, Increment: 2 * time.Second}
	at := func(d time.Duration) context.Context {
		ctx, cancel := context.WithDeadline(context.Background(), now.Add(d))
		t.Cleanup(cancel)
		return ctx
	}
	for _, tc := range []struct {
		name       string
		ctx        context.Context
		req        player.Request
		move, game time.Duration
	}{
		{"no deadline", context.Background(), req, time.Second, 10 * time.Second},
		{"started at once", at(time.Second), req, time.Second, 10 * time.Second},
		{"deadline beyond the limit", at(5 * time.Second), req, time.Second, 10 * time.Second},
		{"started 300ms late", at(700 * time.Millisecond), req, 700 * time.Millisecond, 9700 * time.Millisecond},
		{"started after the deadline", at(-time.Second), req, time.Millisecond, 8 * time.Second},
		{"no limit", at(time.Second), player.Request{}, 0, 0},
	} {
		c := clockOf(tc.ctx, tc.req, now)
		if c.Move != tc.move || c.Game != tc.game || c.Increment != tc.req.Increment {
			t.Errorf("%s: %+v, want move %v, game %v", tc.name, c, tc.move, tc.game)
		}
	}
}

// TestDepthToTheEndIsABound: a depth that reaches the end of the game
// (NBoard's "set depth 60", a level's selective endgame step) asks for a
// search to the end without a clock; under a clock whose solves cannot
// reach the position, the move is the level's midgame search instead: as
// deep as the clock allows for a depth at least the empties, the level's
// depth and probability otherwise.
func TestDepthToTheEndIsABound(t *testing.T) {
	e := mustNew(t, Options{HashMB: 1})
	l20, _ := LevelSettings(20) // depth 20; 98% from 27, 95% from 30, 87% from 33
	for _, tc := range []struct {
		name            string
		level           Level
		clock           Clock
		empties         int
		depth, prob     int
		exact, wldLimit int
	}{
		{"depth 60, no clock", Level{Depth: 60, ExactEmpties: 60, WLDEmpties: 62}, Clock{}, 36, 60, 0, 60, 62},
		{"depth 60, 15 s", Level{Depth: 60, ExactEmpties: 60, WLDEmpties: 62}, Clock{Game: 15 * time.Second}, 36, 0, 0, -1, -1},
		{"level 20 at 30 empties, no clock", l20, Clock{}, 30, 30, 95, 24, 0},
		{"level 20 at 30 empties, 1 s a move", l20, Clock{Move: time.Second}, 30, 20, 0, -1, -1},
	} {
		lim := NewPlayer(e, tc.level, "engine", 1).LimitsFor(tc.clock, tc.empties)
		if lim.Depth != tc.depth || lim.Probability != tc.prob || tc.exact >= 0 && (lim.ExactEmpties != tc.exact || lim.WLDEmpties != tc.wldLimit) {
			t.Errorf("%s: %+v; want depth %d at %d%%", tc.name, lim, tc.depth, tc.prob)
		}
		if tc.clock != (Clock{}) && (lim.ExactEmpties >= tc.empties || lim.WLDEmpties >= tc.empties) {
			t.Errorf("%s: %+v solves under the clock", tc.name, lim)
		}
	}
}
