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

// budget is the time plan of one move, as Limits take it.
type budget struct {
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
// openingWeight of one, the move that starts the exact solve solveWeight,
// and each move after it, which finds most of its tree in the tables,
// afterSolveWeight.
const (
	openingEmpties   = 44
	openingWeight    = 0.6
	solveWeight      = 4.0
	afterSolveWeight = 0.2
)

// maxStretch is how many times its usual time one move may take at most
// when its best move keeps changing or its value falls; maxShare is the
// largest part of what is left of the game clock that one move may take.
const (
	maxStretch = 3
	maxShare   = 0.25
)

// solveEstimate is a cautious estimate of the time of an exact solve of a
// position of a real game with empties empty squares on one thread: about
// 150 ms at 20 empties, 2.2 times more for each more (measured: 124 ms on
// average at 20 empties, 0.68 s at 22, 2.9 s at 24; see
// docs/BENCHMARKS.md). A win/loss/draw solve is about one empty square
// cheaper.
func solveEstimate(empties int) time.Duration {
	return time.Duration(float64(150*time.Millisecond) * math.Pow(2.2, float64(empties-20)))
}

// solvableWithin returns the most empty squares whose exact solve is
// expected to take at most half of d on a machine scale times slower than
// solveEstimate (0 if not even a short one).
func solvableWithin(d time.Duration, scale float64) int {
	e := 0
	for n := 1; n <= 60 && 2*scaled(solveEstimate(n), scale) <= d; n++ {
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

// plan returns the budget of a move with empties empty squares under the
// clock, for a player that solves exactly from solveFrom empty squares
// (0: never) on a machine that solves solveScale times slower than
// solveEstimate (1, or less: as estimated).
//
// With a game clock, the time left (and the increments of the moves to
// come, less a small reserve for each) is shared over the player's moves
// left (one empty square in two): the middle game gets more than the
// opening, the move that starts the exact solve several shares, the moves
// after it little. A move may stretch to maxStretch times its share when
// its choice is unstable, never beyond maxShare of the clock. With only a
// per-move limit, the move uses nearly all of it. Both keep a safety
// margin, and with less than quickMove left the move is a quick one.
func (c Clock) plan(empties, solveFrom int, solveScale float64) budget {
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
		return budget{} // no clock
	}
	quick := budget{Time: min(max(hard, time.Millisecond), quickMax), MaxTime: min(max(hard, time.Millisecond), quickMax), Quick: true}
	if hard < quickMove {
		return quick
	}
	if c.Game <= 0 {
		// A per-move limit only: all of it is this move's.
		return budget{Time: hard, MaxTime: hard, Solvable: solvableWithin(hard, solveScale)}
	}

	own := max((empties+1)/2, 1) // this move and the player's next ones
	avail := c.Game + time.Duration(own-1)*c.Increment - time.Duration(own)*perMoveOverhead - margin(c.Game)
	if avail <= 0 {
		return quick // not even the moves' overheads are left
	}
	// The exact solve can start where its estimate fits in what its move
	// may take at most.
	solveMost := min(time.Duration(float64(avail)*2*maxShare), hard)
	solvable := solvableWithin(solveMost, solveScale)
	solveAt := min(solveFrom, solvable)
	// The solve starts at the first of the player's moves at or below
	// solveAt empties, unless it has started already.
	solveMove := solveAt > 0 && empties <= solveAt && empties+2 > solveAt
	weight := func(e int, solving bool) float64 {
		switch {
		case solving:
			return solveWeight
		case e <= solveAt:
			return afterSolveWeight
		case e > openingEmpties:
			return openingWeight
		}
		return 1
	}
	total := 0.0
	solved := solveAt > 0 && empties+2 <= solveAt
	for k := range own {
		e := empties - 2*k
		solving := !solved && e <= solveAt
		total += weight(e, solving)
		solved = solved || solving
	}
	this := weight(empties, solveMove)
	share := time.Duration(float64(avail) * this / total)
	target := min(share, hard)
	most := min(time.Duration(float64(target)*maxStretch), time.Duration(float64(avail)*maxShare), hard)
	if solveMove {
		// The solve's move: up to twice as much of the clock, and what
		// its estimate asks.
		most = min(max(time.Duration(float64(target)*maxStretch), 2*scaled(solveEstimate(empties), solveScale)), solveMost)
	}
	return budget{Time: min(target, most), MaxTime: most, Solvable: solvable}
}
