// Limits: the players a program builds for others (a server's clients)
// and the resources their specs may ask for.

package catalog

import (
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/player"
)

// Resource is what an option of the catalog costs, for [Limits]: memory,
// threads, time or search depth.
type Resource uint8

const (
	// Free options cost nothing that Limits bound.
	Free Resource = iota
	// HashMB is the megabytes of a transposition table.
	HashMB
	// MemoryMB is the megabytes of a search tree (Monte Carlo nodes).
	MemoryMB
	// Threads is the number of search threads.
	Threads
	// MoveTime is the time budget of a move.
	MoveTime
	// Depth is a search depth in plies.
	Depth
	// LocalFile is a file of the machine the program runs on: an option
	// that names one is never given to others (NewLimited refuses it,
	// whatever the limits).
	LocalFile
)

// Limits bound what a spec may ask for when the player is built for
// someone else (a client of the game server): which players, and the
// resources their options name. [NewLimited] enforces them.
//
// A zero field does not bound its resource. An option given above its
// bound is refused with an error that names the bound; a default above
// it (the engine's threads, say) is lowered to the bound.
type Limits struct {
	// HashMB bounds a transposition table (the engine's hash option).
	HashMB int
	// MemoryMB bounds a search tree (the mcts memory option).
	MemoryMB int
	// Threads bounds the search threads of a player.
	Threads int
	// MoveTime bounds the time budget of a move (the time options). The
	// caller still has to give the player a finite clock: a player with
	// no time option thinks as its other options say.
	MoveTime time.Duration
	// Depth bounds the fixed search depths (minimax, alphabeta, engine).
	Depth int
	// Allow, if not nil, names the players that may be built; nil allows
	// every confined player (see [Entry].Confined). A player that is not
	// confined is never built by NewLimited, whatever Allow says.
	Allow func(name string) bool
}

// bound returns the limit of a resource, 0 for none, and the unit the
// error messages write it in.
func (l Limits) bound(r Resource) (int64, string) {
	switch r {
	case HashMB:
		return int64(l.HashMB), "MB"
	case MemoryMB:
		return int64(l.MemoryMB), "MB"
	case Threads:
		return int64(l.Threads), "threads"
	case MoveTime:
		return int64(l.MoveTime), ""
	case Depth:
		return int64(l.Depth), "plies"
	}
	return 0, ""
}

// check returns the error of a value of option o above the limits, or
// nil.
func (l Limits) check(o *Option, v any) error {
	if o.Resource == LocalFile {
		return fmt.Errorf("reads a file of this machine: not offered here")
	}
	limit, unit := l.bound(o.Resource)
	if limit <= 0 {
		return nil
	}
	n, ok := amount(v)
	if !ok || n <= limit {
		return nil
	}
	if o.Resource == MoveTime {
		return fmt.Errorf("%v is above the limit of %v here", time.Duration(n), time.Duration(limit))
	}
	return fmt.Errorf("%d %s is above the limit of %d %s here", n, unit, limit, unit)
}

// clamp returns a default value lowered to the limits.
func (l Limits) clamp(o *Option, v any) any {
	limit, _ := l.bound(o.Resource)
	n, ok := amount(v)
	if limit <= 0 || !ok || n <= limit {
		return v
	}
	switch v.(type) {
	case int:
		return int(limit)
	case uint64:
		return uint64(limit)
	case time.Duration:
		return time.Duration(limit)
	}
	return v
}

// amount reads a numeric option value as an int64.
func amount(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case uint64:
		if x > 1<<62 {
			return 1 << 62, true
		}
		return int64(x), true
	case time.Duration:
		return int64(x), true
	}
	return 0, false
}

// NewLimited is [New] for a player built at someone else's request: the
// spec must name a confined player (one that only computes: no terminal,
// no external program) that lim.Allow accepts, and its options must stay
// within lim; env.Threads is lowered to lim.Threads. The error, a
// [*SpecError], says which player or option is refused and the limit.
func NewLimited(spec string, env Env, lim Limits) (player.Player, error) {
	return table(catalog[:]).buildLimited(spec, env, lim)
}

// CheckLimited is [NewLimited] without building the player: it checks
// the spec against lim, and returns it parsed.
func CheckLimited(spec string, lim Limits) (Spec, error) {
	s, _, err := table(catalog[:]).parseLimited(spec, lim)
	return s, err
}

// parseLimited parses a spec and checks it against lim.
func (t table) parseLimited(text string, lim Limits) (Spec, *Entry, error) {
	s, e, err := t.parse(text)
	if err != nil {
		return Spec{}, nil, err
	}
	if !e.Confined || (lim.Allow != nil && !lim.Allow(e.Name)) {
		return Spec{}, nil, &SpecError{Spec: text, Player: e.Name, Err: fmt.Errorf("%s is not offered here", e.Name)}
	}
	for _, set := range s.Options {
		o := e.option(set.Key)
		v, err := o.Kind.parse(set.Value)
		if err != nil {
			return Spec{}, nil, &SpecError{Spec: text, Player: e.Name, Option: set.Key, Err: err}
		}
		if err := lim.check(o, v); err != nil {
			return Spec{}, nil, &SpecError{Spec: text, Player: e.Name, Option: set.Key, Err: err}
		}
	}
	return s, e, nil
}

// buildLimited is NewLimited for the entries of t.
func (t table) buildLimited(spec string, env Env, lim Limits) (player.Player, error) {
	s, e, err := t.parseLimited(spec, lim)
	if err != nil {
		return nil, err
	}
	if lim.Threads > 0 && (env.Threads <= 0 || env.Threads > lim.Threads) {
		env.Threads = lim.Threads
	}
	if lim.Depth > 0 && env.Depth > lim.Depth {
		env.Depth = lim.Depth
	}
	env.In, env.Out = nil, nil
	a, err := newArgs(e, s, env)
	if err != nil {
		return nil, specError(spec, e.Name, err)
	}
	for i := range e.Options {
		o := &e.Options[i]
		if v, ok := a.values[o.Name]; ok && !a.given[o.Name] {
			a.values[o.Name] = lim.clamp(o, v)
		}
	}
	return t.construct(spec, e, a)
}
