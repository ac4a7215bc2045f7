// The searches of the protocol: go, hint and analyze, run in the
// background so that "ping" can stop them.

package nboard

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// background runs f in a goroutine as the session's job.
func (s *session) background(ctx context.Context, hint bool, f func(ctx context.Context)) {
	jctx, cancel := context.WithCancel(ctx)
	j := &job{cancel: cancel, done: make(chan struct{}), hint: hint}
	s.job = j
	go func() {
		defer close(j.done)
		defer cancel()
		f(jctx)
	}()
}

// level returns the engine settings of the depth the GUI set: that
// midgame depth, an exact solve from depth+6 empties (at most 20) and a
// win/loss/draw solve two empties earlier.
func (s *session) level() engine.Level {
	exact := min(s.depth+6, 20)
	return engine.Level{Depth: s.depth, ExactEmpties: exact, WLDEmpties: exact + 2}
}

// clock returns what is left of the game clock of the side to move, from
// the game's time control (TI, e.g. "05:00//02:00": 5 minutes) less the
// time of its moves; 0 if the game has no clock.
func clock(g *game.Game) time.Duration {
	main, _, _ := strings.Cut(g.Info.TimeControl, "/")
	total, err := parseClock(main)
	if err != nil || total <= 0 {
		return 0
	}
	turn := g.Turn()
	used := time.Duration(0)
	for i, m := range g.Moves {
		if g.PositionAt(i).Turn == turn {
			used += m.Time
		}
	}
	return max(total-used, time.Millisecond)
}

// parseClock reads "h:mm:ss", "mm:ss" or "ss".
func parseClock(t string) (time.Duration, error) {
	t = strings.TrimSpace(t)
	if t == "" {
		return 0, fmt.Errorf("empty")
	}
	var d time.Duration
	for _, part := range strings.Split(t, ":") {
		v, err := strconv.ParseFloat(part, 64)
		if err != nil || v < 0 {
			return 0, fmt.Errorf("bad clock %q", t)
		}
		d = d*60 + time.Duration(v*float64(time.Second))
	}
	return d, nil
}

// discs converts an engine value to discs for the protocol.
func (s *session) discs(kind engine.Kind, value int) float64 {
	return engine.Discs(s.eng.Eval(), kind, value)
}

// pvText writes a variation as the protocol does: squares with no spaces.
func pvText(pv []board.Square) string {
	var b strings.Builder
	for _, sq := range pv {
		b.WriteString(sq.String())
	}
	return b.String()
}

// goSearch answers "go": a move within the depth and the clock.
func (s *session) goSearch(ctx context.Context) {
	g := s.game.Clone()
	if g.Over() {
		s.out.printf("status the game is over: no move to choose")
		return
	}
	if g.MustPass() {
		s.out.printf("=== PA")
		return
	}
	p := engine.NewPlayer(s.eng, s.level(), s.opts.Name, 1)
	lim := p.Limits(0, clock(g), g.Position().Board.Empties())
	s.out.printf("status thinking")
	s.background(ctx, false, func(ctx context.Context) {
		start := time.Now()
		b := g.Position().Board
		lim.Forbidden = b.Moves() &^ g.Legal()
		r, err := s.eng.Search(ctx, b, lim, nil)
		if err != nil {
			s.out.printf("status %v", err)
			return
		}
		secs := time.Since(start).Seconds()
		s.out.printf("nodestats %d %.3f", r.Nodes, secs)
		s.out.printf("=== %v/%.2f/%.3f", r.Move, s.discs(r.Kind, r.Value), secs)
		s.out.printf("status")
	})
}

// hint searches ever deeper and reports the best n moves after each
// depth, then solves the endgame when it is near, until stopped.
func (s *session) hint(ctx context.Context, n int) {
	g := s.game.Clone()
	if g.Over() {
		s.out.printf("status the game is over: no move to hint")
		return
	}
	if g.MustPass() {
		g.PassIfForced()
	}
	b := g.Position().Board
	forbidden := b.Moves() &^ g.Legal()
	l := s.level()
	s.out.printf("status thinking")
	s.background(ctx, true, func(ctx context.Context) {
		report := func(r engine.Result) {
			for i, m := range r.Moves {
				if i == n {
					break
				}
				s.out.printf("%s", FormatSearch(player.MoveStat{Move: m.Move, Eval: s.discs(m.Kind, m.Value), HasEval: true, Source: m.Kind.Source(m.Depth, m.Probability), PV: m.PV}))
			}
		}
		var nodes uint64
		start := time.Now()
		empties := b.Empties()
		for d := min(2, s.depth); d <= min(s.depth, empties) && ctx.Err() == nil; d += 2 {
			r, err := s.eng.Search(ctx, b, engine.Limits{Depth: d, AllMoves: true, Forbidden: forbidden}, nil)
			nodes += r.Nodes
			if err != nil || r.Stopped {
				break
			}
			report(r)
			if d+2 > s.depth && d < s.depth {
				d = s.depth - 2 // end on the set depth
			}
		}
		for _, solve := range []engine.Limits{{WLDEmpties: l.WLDEmpties, AllMoves: true}, {ExactEmpties: l.ExactEmpties, AllMoves: true}} {
			if ctx.Err() != nil || empties > max(solve.WLDEmpties, solve.ExactEmpties) {
				continue
			}
			solve.Forbidden = forbidden
			r, err := s.eng.Search(ctx, b, solve, nil)
			nodes += r.Nodes
			if err == nil && !r.Stopped && r.Kind != engine.Midgame {
				report(r)
			}
		}
		s.out.printf("nodestats %d %.3f", nodes, time.Since(start).Seconds())
		s.out.printf("status")
	})
}

// analyze evaluates every position of the game, from the last back to the
// first: "analysis <moves made> <eval>", the eval from the side to move.
func (s *session) analyze(ctx context.Context) {
	g := s.game.Clone()
	depth := min(s.depth, 10)
	l := s.level()
	s.out.printf("status analysing")
	s.background(ctx, false, func(ctx context.Context) {
		for i := len(g.Moves); i >= 0 && ctx.Err() == nil; i-- {
			pos := g.PositionAt(i)
			b := pos.Board
			var value float64
			switch {
			case b.GameOver():
				value = float64(b.FinalScore())
			default:
				r, err := s.eng.Search(ctx, b, engine.Limits{Depth: depth, ExactEmpties: min(l.ExactEmpties, 16)}, nil)
				if err != nil || r.Stopped {
					return
				}
				value = s.discs(r.Kind, r.Value)
			}
			s.out.printf("analysis %d %.2f", i, value)
		}
		s.out.printf("status")
	})
}
