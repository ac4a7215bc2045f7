// The engine as a player of refereed games: levels, the clock, and what it
// reports of its thinking.

package engine

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/player"
)

// Player plays with an Engine at a Level. It plays one game at a time.
type Player struct {
	engine *Engine
	level  Level
	name   string

	mu  sync.Mutex
	rng *rand.Rand
	lag time.Duration // how late searches stop after their hard limit (Observe)
	// solveScale is how many times slower than solveEstimate this
	// machine's solves have been lately (Observe; 1 or less: as estimated).
	solveScale float64
	book       BookOptions // the opening book (SetBook)
	bookNoted  bool        // book.Note was reported
}

// NewPlayer returns a player that searches with e at level l, named name
// in displays and records. seed drives the random mistakes of the low
// levels.
func NewPlayer(e *Engine, l Level, name string, seed uint64) *Player {
	return &Player{engine: e, level: l, name: name, rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Name returns the player's name.
func (p *Player) Name() string { return p.name }

// Engine returns the player's engine.
func (p *Player) Engine() *Engine { return p.engine }

// quickDepthOnClock is the midgame depth of a move played with almost no
// time left.
const quickDepthOnClock = 4

// LimitsFor returns the search limits of a move under clock c in a
// position with empties empty squares: the level's settings within the
// clock's budget. With no clock, the level decides: its
// depth, or its usual time (up to three times that on an unstable move).
// With a per-move limit only, a level with a usual time thinks for nearly
// all of the limit, and a level with a depth searches to it unless the
// limit comes first. With a game clock, the budget of the move decides
// when to stop, and the endgame solves start no earlier than the clock
// allows. With almost no time left the move is a quick shallow search.
func (p *Player) LimitsFor(c Clock, empties int) Limits {
	l := p.level
	if lag := p.currentLag(); lag > 0 {
		// The machine stops late: keep that much more margin.
		if c.Move > 0 {
			c.Move = max(c.Move-lag, time.Millisecond)
		}
		if c.Game > 0 {
			c.Game = max(c.Game-lag, time.Millisecond)
		}
	}
	lim := Limits{Depth: l.Depth, Probability: l.Probability, ExactEmpties: l.ExactEmpties, WLDEmpties: l.WLDEmpties, Time: l.Time}
	if prob, ok := l.selectiveStep(empties); ok {
		// The level's selective endgame: every line to its end.
		lim.Depth, lim.Probability = empties, prob
	}
	b := c.plan(empties, l.ExactEmpties, p.currentSolveScale())
	switch {
	case b.MaxTime == 0:
		// No clock: the level's own time, if it has one, and the solves
		// that fit in it.
		if lim.Time > 0 {
			lim.MaxTime = maxStretch * lim.Time
			solvable := solvableWithin(lim.MaxTime, p.currentSolveScale())
			lim.ExactEmpties = min(lim.ExactEmpties, solvable)
			lim.WLDEmpties = min(lim.WLDEmpties, solvable+1)
			p.selectiveSolve(&lim, empties, solvable)
		}
		return lim
	case b.Quick:
		lim.Depth = quickDepthOnClock
		if l.Depth > 0 {
			lim.Depth = min(l.Depth, quickDepthOnClock)
		}
		lim.ExactEmpties, lim.WLDEmpties = min(lim.ExactEmpties, 6), 0
		lim.Probability = l.Probability
		lim.Time, lim.MaxTime = b.Time, b.MaxTime
		return lim
	case c.Game <= 0 && l.Time == 0:
		// A fixed depth and a per-move limit: the depth decides, the
		// limit bounds.
		lim.Time, lim.MaxTime = 0, b.MaxTime
	case l.Time > 0:
		// The level's usual time, within the clock's budget: a level (or
		// an engine:time=) that asks for less than the clock gives keeps
		// to its own.
		lim.Time, lim.MaxTime = min(l.Time, b.Time), min(maxStretch*l.Time, b.MaxTime)
	default:
		lim.Time, lim.MaxTime = b.Time, b.MaxTime
	}
	// A solve that the clock would cut short is not started: the move
	// searches the midgame instead.
	lim.ExactEmpties = min(lim.ExactEmpties, b.Solvable)
	lim.WLDEmpties = min(lim.WLDEmpties, b.Solvable+1)
	p.withinReach(&lim, empties, b.Solvable)
	p.selectiveSolve(&lim, empties, b.Solvable)
	return lim
}

// withinReach keeps a search to the end (a depth at least the empties:
// NBoard's "set depth 60", a level's selective endgame step) that the
// clock would cut short from starting: a depth at or above the empties is
// an upper bound, not an order. Beyond selectiveReach of what the clock
// can solve, the move is the level's midgame search, as deep as the
// clock allows up to the level's depth, at the level's probability,
// instead of a solve stopped by the clock, whose move would be the quick
// search's.
func (p *Player) withinReach(lim *Limits, empties, solvable int) {
	if lim.Depth < empties || empties <= lim.ExactEmpties || empties <= lim.WLDEmpties || empties <= solvable+selectiveReach(p.engine.probability(*lim)) {
		return
	}
	lim.Depth, lim.Probability = p.level.Depth, p.level.Probability
	if lim.Depth >= empties {
		lim.Depth = 0 // to the end of the game if the clock allows
	}
}

// selectiveReach returns how many more empty squares than an exact
// solve a selective solve at probability prob takes in about the same
// time (a square costs about 2.2 times the one before). On FFO #50-#59
// (one thread; docs/BENCHMARKS.md) the exact solves took 50 times as
// long as the selective ones at 73%, 17.7 times at 87%, 7 at 95%, 3.5 at
// 98% and 1.7 at 99%: about 5, 3.6, 2.5, 1.6 and 0.7 squares' worth,
// rounded here toward the cautious side where it is more than half a
// square from a whole one (the exact solves that fit are themselves
// counted with a margin of two: solvableWithin).
func selectiveReach(prob int) int {
	switch {
	case prob <= 73:
		return 4
	case prob <= 87:
		return 3
	case prob <= 98:
		return 2
	case prob < 100:
		return 1
	}
	return 0
}

// selectiveSolve makes the search of a level without a fixed depth a
// selective solve (to the end, with the selective search's cuts) when the
// position is beyond the exact and win/loss/draw solves that fit in the
// time but within selectiveReach of them, and the engine has the cuts.
func (p *Player) selectiveSolve(lim *Limits, empties, solvable int) {
	prob := p.engine.probability(*lim)
	if lim.Depth != 0 || empties <= lim.ExactEmpties || empties <= lim.WLDEmpties || solvable <= 0 || empties > solvable+selectiveReach(prob) {
		return
	}
	if prob < 100 && p.engine.hasSolverCuts() {
		lim.Depth = empties
	}
}

// maxLag bounds the lag a player learns: beyond it the machine is not
// slow but stalled, and the margin would eat the whole clock.
const maxLag = 500 * time.Millisecond

// Observe tells the player what a search under lim of a position with
// empties empty squares found, so that it learns what this machine does
// (a loaded machine, threads on every core): how late it stops after a
// hard limit, and how much slower than solveEstimate it solves (a solve
// asked for that ended in a midgame result did not finish in its hard
// limit). It keeps that much more margin, and starts its solves later, on
// the moves that follow; what it learns decays by an eighth each move that
// does better. Move calls it; a caller that searches with the player's
// limits itself calls it after each search.
func (p *Player) Observe(lim Limits, empties int, r Result) {
	hard := lim.MaxTime
	if hard <= 0 {
		hard = lim.Time
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if hard > 0 {
		over := min(r.Elapsed-hard, maxLag)
		if over > p.lag {
			p.lag = over
		} else {
			p.lag -= (p.lag - max(over, 0)) / 8
		}
	}
	solving := empties <= lim.ExactEmpties || empties <= lim.WLDEmpties
	if !solving || r.Stopped || r.Kind == Over {
		return
	}
	est := solveEstimate(empties)
	if empties > lim.ExactEmpties {
		est = solveEstimate(empties - 1) // win/loss/draw: about one empty cheaper
	}
	if est < minLearntSolve {
		return // the search's overheads, not the solve, decide its time
	}
	scale := max(p.solveScale, 1)
	switch {
	case r.Kind != Midgame:
		ratio := float64(r.Elapsed) / float64(est)
		scale = max(ratio, 1+(scale-1)*7/8)
	case hard > 0:
		// The solve did not finish in its hard limit.
		scale = max(2*scale, float64(hard)/float64(est))
	}
	p.solveScale = min(scale, maxSolveScale)
}

// minLearntSolve is the shortest estimated solve whose time teaches the
// player something of its machine.
const minLearntSolve = 20 * time.Millisecond

// maxSolveScale bounds how much slower than solveEstimate a player
// believes its machine solves: a thousand times, ten empty squares
// later.
const maxSolveScale = 1000

// currentSolveScale returns how many times slower than solveEstimate the
// player's solves have been lately (see Observe), at least 1.
func (p *Player) currentSolveScale() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return max(p.solveScale, 1)
}

// currentLag returns how late the player's searches have stopped after their
// hard limit lately (see Observe).
func (p *Player) currentLag() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lag
}

// clockOf returns the clock of req as it stands at now: the time since
// the referee started the move's clock (its context's deadline is the
// limit's end) is gone from the move and the game clock, so that a
// player that a busy machine starts late still answers in time.
func clockOf(ctx context.Context, req player.Request, now time.Time) Clock {
	c := Clock{Move: req.TimeLeft, Game: req.GameTimeLeft, Increment: req.Increment}
	d, ok := ctx.Deadline()
	if !ok || c.Move <= 0 {
		return c
	}
	left := d.Sub(now)
	if late := c.Move - left; late > 0 {
		c.Move = max(left, time.Millisecond)
		if c.Game > 0 {
			c.Game = max(c.Game-late, time.Millisecond)
		}
	}
	return c
}

// Move plays from the opening book if it has moves for the position (see
// SetBook), and otherwise searches the position of req within the level
// and the clock.
func (p *Player) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	if r, ok := p.bookMove(req); ok {
		return r, nil
	}
	b := req.Position.Board
	lim := p.LimitsFor(clockOf(ctx, req, time.Now()), b.Empties())
	noisy := p.level.noisyAt(64 - b.Empties())
	lim.AllMoves = noisy || req.Analyze
	var progress func(Info)
	if req.Progress != nil {
		progress = func(in Info) {
			t := player.Thinking{Nodes: in.Nodes, Elapsed: in.Elapsed, HasEval: true, PV: append([]board.Square(nil), in.PV...), Source: in.Kind.Source(in.Depth, in.Probability)}
			t.Eval, t.Unit = p.display(in.Kind, in.Value)
			// The value of every move at the depth reached, as Monte
			// Carlo reports its visits (the others' bounds marked).
			if len(in.Moves) > 0 {
				t.Moves = make([]player.MoveStat, len(in.Moves))
				for i, m := range in.Moves {
					ev, unit := p.display(m.Kind, m.Value)
					t.Moves[i] = player.MoveStat{Move: m.Move, Eval: ev, HasEval: true, Unit: unit, Source: m.Kind.Source(m.Depth, m.Probability), Upper: m.Upper}
				}
			}
			req.Progress(t)
		}
	}
	lim.Forbidden = b.Moves() &^ req.Legal
	r, err := p.engine.Search(ctx, b, lim, progress)
	if err != nil {
		return player.Reply{}, err
	}
	p.Observe(lim, b.Empties(), r)
	move, value := r.Move, r.Value
	if noisy && len(r.Moves) > 1 {
		move, value = p.noisyChoice(r)
	}
	t := p.thinking(r, move, value)
	if note := p.bookNote(); note != "" {
		t.Note = strings.TrimPrefix(t.Note+"; "+note, "; ")
	}
	return player.Reply{Move: move, Thinking: t}, nil
}

// noisyChoice adds random noise to the value of each move and returns the
// best move after it, with its value.
func (p *Player) noisyChoice(r Result) (board.Square, int) {
	unit := float64(p.engine.Eval().DiscUnit())
	if unit == 0 || r.Kind != Midgame {
		unit = pointsPerDisc
	}
	if r.Kind == Exact {
		unit = 1
	}
	if r.Kind == WLD {
		unit = 1.0 / 16
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	best, bestV := r.Move, r.Value
	bestNoisy := -1e18
	for _, m := range r.Moves {
		v := float64(m.Value) + p.rng.Float64()*p.level.Noise*unit
		if v > bestNoisy {
			best, bestV, bestNoisy = m.Move, m.Value, v
		}
	}
	return best, bestV
}

// pointsPerDisc converts between discs and the points of a heuristic
// whose values are not discs (the classic one): about what one disc of
// final margin is worth there.
const pointsPerDisc = 250

// Discs converts a value of a result of the given kind to discs for the
// side to move: the value itself for Exact and Over, +1/0/-1 for WLD, and
// for Midgame the value over ev.DiscUnit, or for a heuristic not in discs
// a rough conversion of its points.
func Discs(ev eval.Evaluator, kind Kind, value int) float64 {
	if kind != Midgame {
		return float64(value)
	}
	if u := ev.DiscUnit(); u > 0 {
		return float64(value) / float64(u)
	}
	return float64(value) / pointsPerDisc
}

// thinking describes the result for displays and records.
func (p *Player) thinking(r Result, move board.Square, value int) *player.Thinking {
	t := &player.Thinking{Nodes: r.Nodes, Elapsed: r.Elapsed, HasEval: true, Source: r.Kind.Source(r.Depth, r.Probability)}
	t.Eval, t.Unit = p.display(r.Kind, value)
	t.PV = r.PV
	if move != r.Move { // a noisy level's choice: its own line
		t.PV = []board.Square{move}
		for _, m := range r.Moves {
			if m.Move == move && len(m.PV) > 0 {
				t.PV = m.PV
			}
		}
	}
	for _, m := range r.Moves {
		ev, unit := p.display(m.Kind, m.Value)
		t.Moves = append(t.Moves, player.MoveStat{Move: m.Move, Eval: ev, HasEval: true, Unit: unit, Source: m.Kind.Source(m.Depth, m.Probability), PV: m.PV})
	}
	if r.Stopped {
		t.Note = "stopped by the clock"
	}
	return t
}

// display converts a value of the given kind to a shown value and its
// unit: discs, or the points of a heuristic whose values are not discs.
func (p *Player) display(kind Kind, value int) (float64, player.Unit) {
	if kind != Midgame {
		return float64(value), player.UnitDiscs
	}
	if u := p.engine.Eval().DiscUnit(); u > 0 {
		return float64(value) / float64(u), player.UnitDiscs
	}
	return float64(value), player.UnitPoints
}

// Source says how a value of this kind at this depth and probability
// was found, for displays: a midgame search of depth plies (selective
// below 100%), or an exact (Exact, Over) or win/loss/draw solve of depth
// empty squares; a search to the end of the game with selective cuts is
// Selective, its depth the empty squares.
func (k Kind) Source(depth, probability int) player.Source {
	switch {
	case (k == Midgame || k == Exact) && probability > 0 && probability < 100:
		return player.Source{Kind: player.Selective, Depth: depth, Probability: probability}
	case k == Exact, k == Over:
		return player.Source{Kind: player.Exact, Depth: depth}
	case k == WLD:
		return player.Source{Kind: player.WLD, Depth: depth}
	}
	return player.Source{Kind: player.Midgame, Depth: depth}
}
