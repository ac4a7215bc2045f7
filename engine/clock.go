// The time manager: how long one move may think, from the clock, the moves
// left and the phase of the game.

package engine

import (
	"math"
	"time"
)

// Clock is what a player knows of its time when it is asked for a move.
// The zero Clock has no limit.
type Clock struct {
	// Move is the hard limit of this move (0: none): a per-move limit, or
	// what is left of the game clock if that is shorter.
	Move time.Duration
	// Game is what is left of the player's game clock (0: no game clock).
	Game time.Duration
	// Increment is added to the game clock after each of the player's
	// moves (a Fischer clock; 0: none).
	Increment time.Duration
}

// Budget is the time plan of one move, as Limits take it.
type Budget struct {
	// Time is the usual time of the move (Limits.Time): the search stops
	// there unless its best move keeps changing. 0: no budget.
	Time time.Duration
	// MaxTime is the hard limit (Limits.MaxTime): never more, whatever
	// happens. 0: none.
	MaxTime time.Duration
	// Quick reports that so little time is left that the move must be a
	// shallow search with no endgame solve.
	Quick bool
	// Solvable is the most empty squares at which an exact solve is
	// expected to finish within the move's hard limit (with a clock:
	// MaxTime > 0).
	Solvable int
}

// The margins of the clock. A move is answered at least safetyMin plus
// 1/safetyFraction of the time it has before its hard limit: the time to
// stop the threads, answer and cross a pipe, and a busy machine's
// scheduling. perMoveOverhead is kept back from a game clock for each
// move to come. With less than quickMove of hard limit, or a game clock
// that does not cover those overheads, the engine plays its quick move,
// in quickMax at most.
const (
	safetyMin      = 50 * time.Millisecond
	safetyFraction = 25
	// moveSafetyFraction: a per-move limit keeps 1/moveSafetyFraction
	// of itself back (and safetyMin), at most maxMoveMargin: a busy
	// machine's stalls do not grow with the limit.
	moveSafetyFraction = 8
	maxMoveMargin      = 250 * time.Millisecond
	perMoveOverhead    = 5 * time.Millisecond
	quickMove          = 20 * time.Millisecond
	quickMax           = 3 * time.Millisecond
)

// The shares of the moves to come, in moves of the middle game: an
// opening move (more than openingEmpties empty squares) is worth
// openingWeight of one, each move after the exact solve, which finds most
// of its tree in the tables, afterSolveWeight. The move that starts the
// solve keeps twice the solve's estimate (SolveEstimate, an average: most
// solves finish in it), and the solve starts at the player's first move
// where that is at most solveShares midgame shares.
//
// A share hardly changes from move to move, so the solve stays where it
// was planned as the game goes on. (Until 2026-11-28 the solve's move kept
// 4 shares, each move after it 0.2, and the solve started where twice its
// estimate fitted in half of what was left of the clock, a horizon that
// fell as the clock ran down: the time kept for a solve at 25 empties was
// never spent, and 2.8 s of a 15 s game clock were left at the median in
// 100 games against NTest.)
const (
	openingEmpties   = 44
	openingWeight    = 0.6
	afterSolveWeight = 0.05
	solveShares      = 3.0
)

// maxStretch is how many times its usual time one move may take at most
// when its best move keeps changing or its value falls; maxShare is the
// largest part of what is left of the game clock that one move may take.
const (
	maxSolveHorizon = 40
	maxStretch      = 3
	maxShare        = 0.25
)

// SolveEstimate is a cautious estimate of the time of an exact solve of a
// position of a real game with empties empty squares on one thread: about
// 150 ms at 20 empties, 2.2 times more for each more (measured: 124 ms on
// average at 20 empties, 0.68 s at 22, 2.9 s at 24; see
// docs/BENCHMARKS.md). A win/loss/draw solve is about one empty square
// cheaper.
func SolveEstimate(empties int) time.Duration {
	return time.Duration(float64(150*time.Millisecond) * math.Pow(2.2, float64(empties-20)))
}

// solvableWithin returns the most empty squares whose exact solve is
// expected to take at most half of d on a machine scale times slower than
// SolveEstimate (0 if not even a short one).
func solvableWithin(d time.Duration, scale float64) int {
	e := 0
	for n := 1; n <= 60 && 2*scaled(SolveEstimate(n), scale) <= d; n++ {
		e = n
	}
	return e
}

// scaled returns d times scale (at least 1).
func scaled(d time.Duration, scale float64) time.Duration {
	return time.Duration(float64(d) * max(scale, 1))
}

// margin returns the time kept back from a hard limit of d.
func margin(d time.Duration) time.Duration {
	return safetyMin + d/safetyFraction
}

// moveMargin returns the time kept back from a per-move limit of d: more
// than from a game clock's, since one late move loses the game (100 games
// at 1 s a move on a loaded machine, two at once on its 2 cores, lost 3
// moves on time with 90 ms kept back).
func moveMargin(d time.Duration) time.Duration {
	return safetyMin + min(d/moveSafetyFraction, maxMoveMargin)
}

// Plan returns the budget of a move with empties empty squares under the
// clock, for a player that solves exactly from solveFrom empty squares
// (0: never) on a machine that solves solveScale times slower than
// SolveEstimate (1, or less: as estimated).
//
// With a game clock, the time left (and the increments of the moves to
// come, less a small reserve for each) is shared over the player's moves
// left (one empty square in two): the middle game gets more than the
// opening, the move that starts the exact solve several shares, the moves
// after it little. A move may stretch to maxStretch times its share when
// its choice is unstable, never beyond maxShare of the clock. With only a
// per-move limit, the move uses nearly all of it. Both keep a safety
// margin, and with less than quickMove left the move is a quick one.
func (c Clock) Plan(empties, solveFrom int, solveScale float64) Budget {
	var hard time.Duration
	if c.Move > 0 {
		hard = c.Move - moveMargin(c.Move)
	}
	if c.Game > 0 {
		h := c.Game - margin(c.Game)
		if hard == 0 || h < hard {
			hard = h
		}
	}
	if c.Move <= 0 && c.Game <= 0 {
		return Budget{} // no clock
	}
	quick := Budget{Time: min(max(hard, time.Millisecond), quickMax), MaxTime: min(max(hard, time.Millisecond), quickMax), Quick: true}
	if hard < quickMove {
		return quick
	}
	if c.Game <= 0 {
		// A per-move limit only: all of it is this move's.
		return Budget{Time: hard, MaxTime: hard, Solvable: solvableWithin(hard, solveScale)}
	}

	own := max((empties+1)/2, 1) // this move and the player's next ones
	avail := c.Game + time.Duration(own-1)*c.Increment - time.Duration(own)*perMoveOverhead - margin(c.Game)
	if avail <= 0 {
		return quick // not even the moves' overheads are left
	}
	// shares returns a midgame move's share and this move's weight in
	// shares with the solve at the player's move solve (-1: none), which
	// keeps reserve (twice its estimate); ok is false if the reserve
	// leaves the other moves nothing. The increments of the moves after
	// the solve are theirs: they come too late for the solve.
	shares := func(solve int, reserve time.Duration) (unit time.Duration, this float64, ok bool) {
		total, have := 0.0, avail
		if solve >= 0 {
			have -= time.Duration(own-1-solve)*c.Increment + reserve
		}
		for k := range own {
			w := 1.0
			switch {
			case k == solve:
				continue
			case solve >= 0 && k > solve:
				w = afterSolveWeight
			case empties-2*k > openingEmpties:
				w = openingWeight
			}
			total += w
			if k == 0 {
				this = w
			}
		}
		if have <= 0 {
			return 0, 0, false
		}
		if total == 0 {
			return have, 0, true
		}
		return time.Duration(float64(have) / total), this, true
	}
	// The solve starts at the first of the player's moves where twice its
	// estimate is at most solveShares midgame shares (and within this
	// move's hard limit). A move after the solve is a solve's move again:
	// one that the clock stopped goes on there, one that finished takes
	// next to no time.
	solve, solvable := -1, 0
	unit, this, _ := shares(-1, 0)
	for k := range own {
		e := empties - 2*k
		if e > min(solveFrom, maxSolveHorizon) {
			continue
		}
		reserve := 2 * scaled(SolveEstimate(e), solveScale)
		u, w, ok := shares(k, reserve)
		if ok && float64(reserve) <= float64(u)*solveShares && (k > 0 || reserve <= hard) {
			solve, solvable, unit, this = k, e, u, w
			break
		}
	}
	// A move's usual time is at most half of what the clock holds now
	// (the increments to come are not there yet), its stretch within
	// maxShare of the clock, but never below the move's usual time: the
	// last moves before a solve have little left beside the solve's
	// reserve.
	target := min(time.Duration(float64(unit)*this), (c.Game-margin(c.Game))/2, hard)
	most := min(max(min(time.Duration(float64(target)*maxStretch), time.Duration(float64(avail)*maxShare)), target), hard)
	if solve == 0 {
		// The solve's move (or one after it): up to three quarters of the
		// clock, the solve itself stopping at twice its estimate, or at
		// three midgame shares; its usual time, which the midgame search
		// before the solve takes a tenth of, twice the estimate. A move
		// after a finished solve takes next to no time.
		est := scaled(SolveEstimate(empties), solveScale)
		most = min(max(time.Duration(float64(unit)*maxStretch), 2*est), avail*3/4, hard)
		target = min(max(2*est, time.Millisecond), most)
	}
	return Budget{Time: min(target, most), MaxTime: most, Solvable: solvable}
}
