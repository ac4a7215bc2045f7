// The searches of the protocol: go, hint and analyze, run in the
// background so that "ping" can stop them.

package nboard

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
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
// midgame depth, an exact solve from depth+6 empties (at most 20) or from
// depth empties if that is more, and a win/loss/draw solve two empties
// earlier. A depth at least the empties of the position thus asks for its
// exact value, as NBoard means it (set depth 60: solve).
func (s *session) level() engine.Level { return levelAt(s.depth) }

// levelAt returns the engine settings of a depth, as level describes.
func levelAt(depth int) engine.Level {
	exact := max(min(depth+6, 20), depth)
	return engine.Level{Depth: depth, ExactEmpties: exact, WLDEmpties: exact + 2}
}

// clockDepth is the depth of "go" in a game with a clock when no depth
// was chosen: none that the clock would not stop first.
const clockDepth = 60

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

// bookMoves returns the book moves of the game's position, best first,
// that the engine's player (engine.Player with the book) plays from
// (engine.BookMoves): none without a book (Options.Book), out of it, in a
// game under another rule than the standard one, or in a position worth
// more than its best book move (a book that "book build" made values each
// position by its own search too, book.NegamaxSearched: such a position
// has a better move out of the book, which only a search finds).
func (s *session) bookMoves(g *game.Game) []book.Move {
	return engine.BookMoves(s.opts.Book, g)
}

// bookLine writes a book move as the protocol's book line.
func bookLine(m book.Move) string {
	return FormatBook(player.MoveStat{Move: m.Square, Eval: m.Value, HasEval: true, Source: player.Source{Kind: player.Book, Depth: m.Depth}}, m.Count)
}

// goSearch answers "go": a move within the depth and the clock. Before
// the move it sends the search line of its value, so that the GUI sees how
// it was found ("100%" for an exact solve, "100%W" for win/loss/draw). In
// a position of the book it plays the best book move at once, after its
// book line ("book" in the depth field), unless the position is worth
// more than that move (see bookMoves): then it searches.
func (s *session) goSearch(ctx context.Context) {
	if s.noGame("go") {
		return
	}
	g := s.game.Clone()
	if g.Over() {
		s.out.printf("status the game is over: no move to choose")
		return
	}
	if g.MustPass() {
		s.out.printf("=== PA")
		return
	}
	if moves := s.bookMoves(g); len(moves) > 0 {
		s.out.printf("%s", bookLine(moves[0]))
		s.out.printf("=== %v/%.2f/%.3f", moves[0].Square, moves[0].Value, 0.0)
		s.out.printf("status")
		return
	}
	clk := clock(g, s.tags)
	depth := s.depth
	if !s.depthSet && clk != (engine.Clock{}) {
		depth = clockDepth
	}
	if s.player == nil || s.playerDepth != depth {
		s.player, s.playerDepth = engine.NewPlayer(s.eng, levelAt(depth), s.opts.Name, 1), depth
	}
	p := s.player
	lim := p.LimitsFor(clk, g.Position().Board.Empties())
	s.out.printf("status thinking%s", budgetText(lim))
	s.background(ctx, false, func(ctx context.Context) {
		start := time.Now()
		b := g.Position().Board
		lim.Forbidden = b.Moves() &^ g.Legal()
		r, err := s.eng.Search(ctx, b, lim, nil)
		if err != nil {
			s.out.printf("status %v", err)
			return
		}
		p.Observe(lim, b.Empties(), r)
		secs := time.Since(start).Seconds()
		s.out.printf("nodestats %d %.3f", r.Nodes, secs)
		if !valued(r.Kind, r.Depth) {
			// Stopped (by "ping", or the clock) before its first depth:
			// a move, the first at hand, and no value to show.
			s.out.printf("=== %v", r.Move)
			s.out.printf("status")
			return
		}
		eval := s.discs(r.Kind, r.Value)
		s.out.printf("%s", FormatSearch(player.MoveStat{Move: r.Move, Eval: eval, HasEval: true, Source: r.Kind.Source(r.Depth, r.Probability), PV: r.PV}))
		s.out.printf("=== %v/%.2f/%.3f", r.Move, eval, secs)
		s.out.printf("status")
	})
}

// valued reports whether a search result of the kind and depth holds a
// value: a midgame search of depth 0 was stopped before its first depth
// ended, and its move and value are placeholders (its depth field would
// be "0", or "87%" without plies at a selective search's confidence).
func valued(kind engine.Kind, depth int) bool {
	return kind != engine.Midgame || depth > 0
}

// preSolve is how many plies short of the end the midgame searches of a
// hint stop when a solve follows them.
const preSolve = 10

// budgetText says what time a search plans to take: " (about 1.50 s, at
// most 4.50 s)", or nothing when the depth alone decides.
func budgetText(lim engine.Limits) string {
	switch {
	case lim.Time > 0 && lim.MaxTime > lim.Time:
		return fmt.Sprintf(" (about %.3f s, at most %.3f s)", lim.Time.Seconds(), lim.MaxTime.Seconds())
	case lim.Time > 0 || lim.MaxTime > 0:
		return fmt.Sprintf(" (at most %.3f s)", max(lim.Time, lim.MaxTime).Seconds())
	}
	return ""
}

// hint searches ever deeper and reports the best n moves after each
// depth, then, when the set depth reaches the endgame (see level), searches
// it selectively at each confidence ("24@73%", ...) if the engine has
// selective cuts, and solves it for win/loss/draw and exactly, until
// stopped. In a position of the book (see bookMoves) it first sends the
// book moves, best first, as book lines ("book" in the depth field), and
// searches only if n asks for more moves than the book has, among the
// others. When the side to move must pass, its one move is the pass: each
// depth reports "search PA<line> <eval> 0 <depth>", the pass valued for
// the side that passes (the opponent's best value, negated), whatever n.
func (s *session) hint(ctx context.Context, n int) {
	if s.noGame("hint") {
		return
	}
	g := s.game.Clone()
	if g.Over() {
		s.out.printf("status the game is over: no move to hint")
		return
	}
	// A side that must pass is searched as it is: the engine's search of
	// a position with no move is the pass, valued for the side to move.
	pass := g.MustPass()
	b := g.Position().Board
	forbidden := b.Moves() &^ g.Legal()
	if moves := s.bookMoves(g); len(moves) > 0 && !pass {
		for i, m := range moves {
			if i == n {
				break
			}
			s.out.printf("%s", bookLine(m))
			forbidden |= m.Square.Bit()
		}
		if n -= len(moves); n <= 0 || b.Moves()&^forbidden == 0 {
			s.out.printf("status")
			return
		}
	}
	l := s.level()
	s.out.printf("status thinking")
	s.background(ctx, true, func(ctx context.Context) {
		report := func(r engine.Result) {
			if pass {
				if r.Move == board.Pass && valued(r.Kind, r.Depth) {
					s.out.printf("%s", FormatSearch(player.MoveStat{Move: board.Pass, Eval: s.discs(r.Kind, r.Value), HasEval: true, Source: r.Kind.Source(r.Depth, r.Probability), PV: r.PV}))
				}
				return
			}
			for i, m := range r.Moves {
				if i == n {
					break
				}
				if !valued(m.Kind, m.Depth) {
					continue // not searched yet: no value to show
				}
				s.out.printf("%s", FormatSearch(player.MoveStat{Move: m.Move, Eval: s.discs(m.Kind, m.Value), HasEval: true, Source: m.Kind.Source(m.Depth, m.Probability), PV: m.PV}))
			}
		}
		var nodes uint64
		start := time.Now()
		empties := b.Empties()
		last := min(s.depth, empties)
		if empties <= l.WLDEmpties {
			// A solve follows: the midgame searches only give the first
			// values while it runs.
			last = min(last, max(empties-preSolve, 2))
		}
		for d := min(2, last); d <= last && ctx.Err() == nil; d += 2 {
			r, err := s.eng.Search(ctx, b, engine.Limits{Depth: d, AllMoves: true, Forbidden: forbidden}, nil)
			nodes += r.Nodes
			if err != nil || r.Stopped {
				break
			}
			report(r)
			if d+2 > last && d < last {
				d = last - 2 // end on the last depth
			}
		}
		if empties <= l.ExactEmpties && s.eng.ProbCut() != nil {
			// The selective endgame: searches to the end of the game with
			// the cuts of each confidence in turn, before the exact solve.
			for _, p := range engine.Probabilities() {
				if p == 100 || ctx.Err() != nil {
					continue
				}
				r, err := s.eng.Search(ctx, b, engine.Limits{Probability: p, AllMoves: true, Forbidden: forbidden}, nil)
				nodes += r.Nodes
				if err != nil || r.Stopped {
					break
				}
				report(r)
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
	if s.noGame("analyze") {
		return
	}
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
