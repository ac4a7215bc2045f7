package nboard

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/format/obf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/testpos"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// positionGGF returns the GGF of a game that starts at pos, with the
// time control ti ("" for none).
func positionGGF(pos board.Position, ti string) string {
	g := game.New(pos, game.Standard)
	g.Info.TimeControl = ti
	return ggf.Format(g)
}

// answer sends "go" and returns the engine's move, eval and time, its
// search line and the lines before the move.
func (c *conn) answer() (move string, eval, secs float64, search player.MoveStat, before []string) {
	c.t.Helper()
	c.send("go")
	l, before := c.until("===")
	f := strings.Split(strings.TrimPrefix(l, "=== "), "/")
	if len(f) != 3 {
		c.t.Fatalf("answer %q: want === move/eval/time", l)
	}
	eval, err1 := strconv.ParseFloat(f[1], 64)
	secs, err2 := strconv.ParseFloat(f[2], 64)
	if err1 != nil || err2 != nil {
		c.t.Fatalf("answer %q: eval or time not numbers", l)
	}
	for _, b := range before {
		if m, err := ParseSearch(b); err == nil {
			search = m
		}
	}
	return f[0], eval, secs, search, before
}

// TestSetDepthSolvesExactly: "set depth N" with N at least the empties of
// the position answers with the exact value ("100%"): on an FForum
// problem, the file's best score and one of its best moves, for "go" and
// for each move of "hint"; and beyond 20 empties, where the engine used
// to answer a win/loss/draw value as if it were exact.
func TestSetDepthSolvesExactly(t *testing.T) {
	text, err := fforum.ReadFile("fforum-1-19.obf")
	if err != nil {
		t.Fatal(err)
	}
	problems, err := obf.Parse(strings.NewReader(string(text)))
	if err != nil {
		t.Fatal(err)
	}
	p := problems[0] // FForum #1: 14 empties, G8 +18
	empties := p.Position.Board.Empties()
	c := start(t)
	c.send("nboard 2", "set depth "+strconv.Itoa(empties), "set game "+positionGGF(p.Position, ""))
	c.sync(1)
	move, eval, _, search, _ := c.answer()
	best, _ := p.BestScore()
	sq, _ := board.ParseSquare(move)
	if score, ok := p.Score(sq); !ok || score != best || eval != float64(best) || search.Source.Kind != player.Exact || search.Move != sq {
		t.Errorf("FForum #1 at depth %d: %s/%g, search %+v; want a best move at %+d, exact", empties, move, eval, search, best)
	}

	c.send("hint 3")
	_, lines := c.until("nodestats")
	exact := 0
	for _, l := range lines {
		m, err := ParseSearch(l)
		if err != nil || m.Source.Kind != player.Exact {
			continue
		}
		exact++
		if want, ok := p.Score(m.Move); ok && float64(want) != m.Eval {
			t.Errorf("hint: %q, the file says %v:%+d", l, m.Move, want)
		}
	}
	if exact != 3 {
		t.Errorf("hint 3 gave %d exact values: %q", exact, lines)
	}
	c.until("status")

	// 22 empties, depth 22: Black takes White's last disc and wins 64-0.
	wipe := board.MustParsePosition(strings.Repeat("X", 24) + "XXXXXXO-" + "XXXXXXXX" + "XXX-----" + strings.Repeat("-", 16) + " X")
	c.send("set depth 22", "set game "+positionGGF(wipe, ""))
	move, eval, _, search, _ = c.answer()
	if wipe.Board.Empties() != 22 || move != "H4" || eval != 64 || search.Source.Kind != player.Exact {
		t.Errorf("%d empties at depth 22: %s/%g (%+v), want H4/64 exact", wipe.Board.Empties(), move, eval, search.Source)
	}
}

// TestHintReachesTheSelectiveEndgame: with the shipped evaluation and
// its selective cuts, "hint" at a depth that reaches the end gives the
// values of the selective endgame at each confidence ("10@73%"), then the
// exact ones ("100%"), here on a position of a real game with 10 empty
// squares.
func TestHintReachesTheSelectiveEndgame(t *testing.T) {
	e := newEngine(t, engine.Options{HashMB: 8})
	if e.ProbCut() == nil {
		t.Skip("no selective cuts for the shipped evaluation")
	}
	boards, err := testpos.Endgame(1, 10)
	if err != nil {
		t.Fatal(err)
	}
	c := startWith(t, e)
	c.send("nboard 2", "set depth 60", "set game "+positionGGF(board.Position{Board: boards[0], Turn: board.Black}, ""), "hint 1")
	_, lines := c.until("nodestats")
	var kinds []string
	for _, l := range lines {
		if m, err := ParseSearch(l); err == nil {
			kinds = append(kinds, FormatDepth(m.Source))
		}
	}
	got := strings.Join(kinds, " ")
	if !strings.Contains(got, "@") || !strings.HasSuffix(got, "100%W 100%") {
		t.Errorf("hint at depth 60 gave %q: want selective values, then win/loss/draw and exact", got)
	}
}

var budgetRE = regexp.MustCompile(`^status thinking \((?:about ([0-9.]+) s, )?at most ([0-9.]+) s\)$`)

// TestGoKeepsTheClock: "go" under the game clock of "set game" (TI, with
// the moves' times and an increment, or per player TB/TW) plans a time
// within the clock (its status line), and reports using no more than the
// clock had. The depth set (60) is out of reach: only the clock stops the
// search.
func TestGoKeepsTheClock(t *testing.T) {
	c := start(t)
	c.send("nboard 2", "set depth 60")
	g := game.NewStandard()
	g.PlayTranscript("f5d6c3d3c4f4")
	tests := []struct {
		name string
		ti   string
		left time.Duration
	}{
		{"2 s for the game", "00:02", 2 * time.Second},
		{"a minute, 59.5 s of it used", "01:00", 500 * time.Millisecond},
		{"300 ms now and after each move (a per-move limit)", "00:00.300/00:00.300/", 300 * time.Millisecond},
		{"TB: 1 s for Black", "", time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.t = t
			h := g.Clone()
			h.Info.TimeControl = tt.ti
			if tt.ti != "" && tt.ti != "00:02" {
				// Black's three moves took 59.5 s, or the increment.
				black := 59500 * time.Millisecond / 3
				if strings.Contains(tt.ti, "/") {
					black = 300 * time.Millisecond
				}
				h = game.New(board.Start(), game.Standard)
				h.Info.TimeControl = tt.ti
				for i, sq := range []string{"f5", "d6", "c3", "d3", "c4", "f4"} {
					d := time.Second
					if i%2 == 0 {
						d = black
					}
					h.Play(game.Move{Square: board.MustParseSquare(sq), Time: d})
				}
			}
			text := ggf.Format(h)
			if tt.ti == "" {
				text = strings.Replace(text, "PB[", "TB[00:01]TW[10:00]PB[", 1)
				if !strings.Contains(text, "TB[") {
					text = strings.Replace(text, "TY[", "TB[00:01]TW[10:00]TY[", 1)
				}
			}
			c.send("set game " + text)
			_, _, secs, _, before := c.answer()
			var plan []string
			for _, l := range before {
				if m := budgetRE.FindStringSubmatch(l); m != nil {
					plan = m
				}
			}
			if plan == nil {
				t.Fatalf("no budget in %q", before)
			}
			most, _ := strconv.ParseFloat(plan[2], 64)
			if most <= 0 || most > tt.left.Seconds()*0.95 {
				t.Errorf("%s: plans at most %v s of %v left", tt.ti, most, tt.left)
			}
			// The time used may pass the time left by a loaded machine's
			// stalls (other packages' tests share its two cores), not by
			// a search that ignores the clock: with depth 60 that would
			// take minutes.
			if secs > tt.left.Seconds()+stallSlack.Seconds() {
				t.Errorf("%s: used %v s of %v left", tt.ti, secs, tt.left)
			}
		})
	}
}

// TestWithClock: what the client tells the engine of the clock is what
// the referee allows, as the engine side reads it back (less than a
// second less for a minute or more, sent in whole seconds).
func TestWithClock(t *testing.T) {
	g := game.NewStandard()
	for i, sq := range []string{"f5", "d6", "c3", "d3", "c4"} {
		g.Play(game.Move{Square: board.MustParseSquare(sq), Time: time.Duration(i+1) * 100 * time.Millisecond})
	}
	// White to move, after 200 + 400 ms of its own.
	tests := []struct {
		name          string
		move, game    time.Duration
		wantGame, inc time.Duration
		fischer       time.Duration // the request's increment
	}{
		{"no clock", 0, 0, 0, 0, 0},
		{"a game clock", 0, 90 * time.Second, 90 * time.Second, 0, 0},
		{"a game clock shorter than the move limit", 100 * time.Second, 90 * time.Second, 90 * time.Second, 0, 0},
		{"a per-move limit", 2 * time.Second, 0, 2 * time.Second, 2 * time.Second, 0},
		{"a per-move limit under a game clock", 2 * time.Second, 60 * time.Second, 2 * time.Second, 2 * time.Second, 0},
		{"a per-move limit under a short game clock", 2 * time.Second, 10 * time.Second, 2 * time.Second, 8 * time.Second / 27, 0},
		{"a Fischer clock", 0, 90 * time.Second, 90 * time.Second, 3 * time.Second, 3 * time.Second},
		// A main time the increments earned exceed cannot be written:
		// what is left, without the increment.
		{"a Fischer clock, main time spent", 0, 2 * time.Second, 2 * time.Second, 0, 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := player.Request{Game: g, Position: g.Position(), Legal: g.Legal(), TimeLeft: tt.move, GameTimeLeft: tt.game, Increment: tt.fischer}
			sent := ggf.Format(withClock(req))
			back, err := ggf.ParseGame(sent)
			if err != nil {
				t.Fatal(err)
			}
			if back.Transcript() != g.Transcript() {
				t.Fatalf("%s: the moves changed", sent)
			}
			got := clock(back, timeTags(sent))
			// A clock of a minute or more is sent in whole seconds
			// (formatClock), rounded down: at most a second less.
			near := func(a, b time.Duration) bool {
				slack := time.Millisecond
				if b >= time.Minute {
					slack = time.Second
				}
				return a-b < time.Millisecond && b-a < slack
			}
			if !near(got.Game, tt.wantGame) || !near(got.Increment, tt.inc) {
				t.Errorf("%s: the engine reads %+v, want %v + %v", sent, got, tt.wantGame, tt.inc)
			}
		})
	}
}

// stallSlack is how late the clock tests accept an answer: the stalls of
// a loaded machine (eight processes on two cores made a 300 ms move
// several hundred milliseconds late; a load average of 10 to 15 more than
// a second), far less than a search that ignores its clock would take
// (minutes: a depth-60 search from 54 empty squares).
const stallSlack = 5 * time.Second

// TestClientKeepsTheClock: the engine side, driven by the client in
// another process with a depth it cannot reach (set depth 60: solve),
// plays the end of a real game from 34 empty squares, where it searches,
// then solves, at a short time a move (reversi play --black 'nboard:reversi
// nboard' --time), and under a short game clock, without losing on time.
// The referee's grace is clockGrace: a solve from 34 empties that ignored
// the clock would take minutes, and a loaded machine (a load average of
// 10 to 15 on 2 cores) stalled a move of 500 ms by more than a second.
func TestClientKeepsTheClock(t *testing.T) {
	const clockGrace = 5 * time.Second
	moveTime, gameTime := 500*time.Millisecond, 3*time.Second
	if testing.Short() {
		moveTime, gameTime = 3*moveTime, 3*gameTime
	}
	boards, err := testpos.Endgame(1, 34)
	if err != nil {
		t.Fatal(err)
	}
	from := game.New(board.Position{Board: boards[0], Turn: board.Black}, game.Standard)
	// The referee's grace absorbs a loaded machine's stalls; a side that
	// ignored the clock would still lose.
	for _, cfg := range []referee.Config{{MoveTime: moveTime, Grace: clockGrace}, {MoveTime: referee.NoLimit, GameTime: gameTime, Grace: clockGrace}} {
		c, err := Start(command("serve"), ClientOptions{Depth: 60})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Game = from
		g, err := referee.Play(context.Background(), c, course.NewRandom(1), cfg)
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
		if g.Result.Reason != game.Normal {
			t.Errorf("move time %v, game time %v: the game ended by %v", cfg.MoveTime, cfg.GameTime, g.Result)
		}
	}
}

// TestClockWithoutDepth: a game with a clock and no depth chosen (by
// Options.Depth or "set depth") is played as deep as the clock allows:
// from 20 empty squares with a minute on the clock, the answer is the
// exact solve. With "set depth 12" (the depth a game without a clock
// gets), or with Options.Depth 12, it is the win/loss/draw solve that
// depth 12 asks for from 20 empties (the exact solve from 18).
func TestClockWithoutDepth(t *testing.T) {
	boards, err := testpos.Endgame(1, 20)
	if err != nil {
		t.Fatal(err)
	}
	pos := board.Position{Board: boards[0], Turn: board.Black}
	for _, tc := range []struct {
		name     string
		opts     Options
		setDepth string
		ti       string
		want     player.Kind
	}{
		{"clock, no depth", Options{}, "", "01:00", player.Exact},
		{"clock, set depth 12", Options{}, "set depth 12", "01:00", player.WLD},
		{"clock, Options.Depth 12", Options{Depth: 12}, "", "01:00", player.WLD},
		{"no clock, no depth", Options{}, "", "", player.WLD},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startOptions(t, newEngine(t, engine.Options{Eval: eval.Course{}, HashMB: 4, Threads: 1}), tc.opts)
			c.send("nboard 2")
			if tc.setDepth != "" {
				c.send(tc.setDepth)
			}
			c.send("set game " + positionGGF(pos, tc.ti))
			c.sync(1)
			move, _, _, search, _ := c.answer()
			if search.Source.Kind != tc.want {
				t.Errorf("answer %s, search %+v: %v, want %v", move, search, search.Source.Kind, tc.want)
			}
		})
	}
}
