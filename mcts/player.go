// The Monte Carlo player of refereed games.

package mcts

import (
	"context"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/player"
)

// Player plays with a Searcher. It plays one game at a time (its tree
// follows the game).
type Player struct {
	name   string
	s      *Searcher
	budget Limits
}

// NewPlayer returns a player that searches with s within budget a move
// (and within the clock), named name.
func NewPlayer(name string, s *Searcher, budget Limits) *Player {
	return &Player{name: name, s: s, budget: budget}
}

// Name returns the player's name.
func (p *Player) Name() string { return p.name }

// Clock margins: the player answers this long before its limit.
const (
	safetyMin      = 30 * time.Millisecond
	safetyFraction = 20
)

// Move searches the position of req and plays the chosen move.
func (p *Player) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	budget := p.budget
	if left := req.TimeLeft; left > 0 {
		limit := max(left-safetyMin-left/safetyFraction, time.Millisecond)
		if budget.Time == 0 || budget.Time > limit {
			budget.Time = limit
		}
	}
	if g := req.GameTimeLeft; g > 0 {
		share := g / time.Duration(max(req.Position.Board.Empties()/2, 1)+2)
		if budget.Time == 0 || budget.Time > share {
			budget.Time = max(share, time.Millisecond)
		}
	}
	var progress func(Info)
	if req.Progress != nil {
		o := p.s.Options()
		progress = func(r Info) { req.Progress(*Thinking(r, o)) }
	}
	b := req.Position.Board
	budget.Forbidden = b.Moves() &^ req.Legal
	r, err := p.s.Search(ctx, b, budget, progress)
	if err != nil {
		return player.Reply{}, err
	}
	return player.Reply{Move: r.Move, Thinking: Thinking(r, p.s.Options())}, nil
}

// Thinking describes a result for displays and records: the chosen move's
// mean reward (or its proven margin), the iterations, the statistics of
// every move.
func Thinking(r Result, o Options) *player.Thinking {
	t := &player.Thinking{Nodes: r.Iterations, Elapsed: r.Elapsed, HasEval: true, Eval: r.Mean, Unit: player.UnitRate}
	for _, m := range r.Moves {
		st := player.MoveStat{Move: m.Move, Eval: m.Mean, HasEval: true, Unit: player.UnitRate, Visits: m.Visits, PV: m.PV,
			Source: player.Source{Kind: player.Playouts, Depth: len(m.PV)}}
		if m.Solved {
			st.Eval, st.Unit, st.Source = float64(m.Margin), player.UnitDiscs, player.Source{Kind: player.Exact}
		}
		t.Moves = append(t.Moves, st)
		if m.Move == r.Move {
			t.PV = m.PV
			t.Source = st.Source
			if m.Solved {
				t.Eval, t.Unit = st.Eval, st.Unit
			}
		}
	}
	rate := 0.0
	if r.Elapsed > 0 {
		rate = float64(r.Iterations) / r.Elapsed.Seconds()
	}
	threads := fmt.Sprintf("%d threads (%s)", o.Threads, o.Parallel)
	if o.Threads == 1 {
		threads = "1 thread"
	}
	t.Note = fmt.Sprintf("%d iterations, %.0f/s, %d nodes, %s rollouts, %s rewards, c=%g, %s",
		r.Iterations, rate, r.Nodes, o.Policy, o.Reward, o.C, threads)
	return t
}
