// The engine as a player of refereed games: levels, the clock, and what it
// reports of its thinking.

package engine

import (
	"context"
	"math/rand/v2"
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

// Clock margins: the engine answers this long before its hard limit.
const (
	safetyMin      = 30 * time.Millisecond
	safetyFraction = 20 // and 1/20 of the time left
)

// Limits returns the search limits of a move with the given time left:
// the level's settings, within the clock. timeLeft is the time for this
// move (0: no limit), gameLeft what is left of the game clock (0: none),
// empties the empty squares of the position.
func (p *Player) Limits(timeLeft, gameLeft time.Duration, empties int) Limits {
	l := p.level
	lim := Limits{Depth: l.Depth, ExactEmpties: l.ExactEmpties, WLDEmpties: l.WLDEmpties, Time: l.Time}
	var hard time.Duration
	if timeLeft > 0 {
		hard = max(timeLeft-safetyMin-timeLeft/safetyFraction, time.Millisecond)
	}
	if gameLeft > 0 {
		// Share the game clock over the moves left (one in two empties),
		// keeping a reserve; the endgame solves get the same share.
		movesLeft := max(empties/2, 1)
		share := gameLeft / time.Duration(movesLeft+2)
		if lim.Time == 0 || share < lim.Time {
			lim.Time = share
		}
		if hard == 0 || 3*share < hard {
			hard = max(3*share, time.Millisecond)
		}
	}
	if lim.Time > 0 && lim.Depth > 0 && gameLeft == 0 {
		lim.Time = 0 // a fixed depth with no game clock: the depth decides
	}
	if lim.Time > 0 {
		lim.MaxTime = 3 * lim.Time
		if hard > 0 {
			lim.Time, lim.MaxTime = min(lim.Time, hard), min(lim.MaxTime, hard)
		}
	} else {
		lim.MaxTime = hard
	}
	return lim
}

// Move searches the position of req within the level and the clock.
func (p *Player) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	b := req.Position.Board
	lim := p.Limits(req.TimeLeft, req.GameTimeLeft, b.Empties())
	noisy := p.level.Noise > 0
	lim.AllMoves = noisy || req.Analyze
	var progress func(Info)
	if req.Progress != nil {
		progress = func(in Info) {
			t := player.Thinking{Nodes: in.Nodes, Elapsed: in.Elapsed, HasEval: true, PV: append([]board.Square(nil), in.PV...), Source: in.Kind.Source(in.Depth, in.Probability)}
			t.Eval, t.Unit = p.display(in.Kind, in.Value)
			req.Progress(t)
		}
	}
	lim.Forbidden = b.Moves() &^ req.Legal
	r, err := p.engine.Search(ctx, b, lim, progress)
	if err != nil {
		return player.Reply{}, err
	}
	move, value := r.Move, r.Value
	if noisy && len(r.Moves) > 1 {
		move, value = p.noisyChoice(r)
	}
	t := p.thinking(r, move, value)
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
