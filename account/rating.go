// Ratings: the time-control classes and the Glicko-2 update of a game.

package account

import (
	"errors"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/glicko"
	"github.com/reversi-engine/reversi/store"
)

// Class is a time-control class: ratings are kept per class, since
// strength at one clock says little of strength at another.
type Class string

// The classes, by the time a player may spend on a game (see Classify).
const (
	// Bullet: under 3 minutes.
	Bullet Class = "bullet"
	// Blitz: 3 to under 8 minutes.
	Blitz Class = "blitz"
	// Rapid: 8 to under 25 minutes.
	Rapid Class = "rapid"
	// Classical: 25 minutes to under a day (the course's 60 s a move is
	// 30 minutes).
	Classical Class = "classical"
	// Correspondence: a day or more.
	Correspondence Class = "correspondence"
	// Unlimited: no clock at all; never rated (Rated).
	Unlimited Class = "unlimited"
)

// Classes are the classes, from the fastest; Unlimited last.
var Classes = []Class{Bullet, Blitz, Rapid, Classical, Correspondence, Unlimited}

// MovesPerPlayer is the moves a player makes in a game, for the time a
// clock allows: an Othello game has 60 moves at most, 30 a player.
const MovesPerPlayer = 30

// The lower bounds of the classes' estimated times (see Classify).
const (
	BlitzFrom          = 3 * time.Minute
	RapidFrom          = 8 * time.Minute
	ClassicalFrom      = 25 * time.Minute
	CorrespondenceFrom = 24 * time.Hour
)

// Estimate returns the time one player may spend on a game under a
// clock of moveTime a move, gameTime a game and increment a move (0:
// none), and false without any clock. A game clock allows gameTime plus
// MovesPerPlayer increments, a clock of the move MovesPerPlayer moves'
// times; with both, the smaller bounds the player.
func Estimate(moveTime, gameTime, increment time.Duration) (time.Duration, bool) {
	var est time.Duration
	ok := false
	if gameTime > 0 {
		est, ok = gameTime+MovesPerPlayer*max(increment, 0), true
	}
	if moveTime > 0 {
		if m := MovesPerPlayer * moveTime; !ok || m < est {
			est, ok = m, true
		}
	}
	return est, ok
}

// Classify returns the class of a game's clock: the class of Estimate's
// time (a class holds the times from its lower bound up to the next
// class's; 1+0 and 2+1 are bullet, 3+0 and 5+3 blitz, 10+0 and 15+10
// rapid, 30+0 and the course's 60 s a move classical), Unlimited without
// a clock.
func Classify(moveTime, gameTime, increment time.Duration) Class {
	est, ok := Estimate(moveTime, gameTime, increment)
	switch {
	case !ok:
		return Unlimited
	case est < BlitzFrom:
		return Bullet
	case est < RapidFrom:
		return Blitz
	case est < ClassicalFrom:
		return Rapid
	case est < CorrespondenceFrom:
		return Classical
	}
	return Correspondence
}

// ClassOf returns the class of a stored game's clock.
func ClassOf(g *store.Game) Class { return Classify(g.MoveTime, g.GameTime, g.Increment) }

// Rated reports whether games of the class may be rated: every class
// with a clock (a game without one could be stalled forever).
func (c Class) Rated() bool { return c != Unlimited && c.valid() }

func (c Class) valid() bool {
	for _, k := range Classes {
		if c == k {
			return true
		}
	}
	return false
}

// ParseClass reads a class by its name.
func ParseClass(s string) (Class, error) {
	if c := Class(s); c.valid() {
		return c, nil
	}
	return "", fmt.Errorf("account: no time-control class %q (want one of %v)", s, Classes)
}

// Glicko returns a stored rating as package glicko's: a new player's for
// the zero Rating (no games in the class).
func Glicko(r store.Rating) glicko.Rating {
	if r.Games == 0 {
		return glicko.New()
	}
	return glicko.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
}

// Provisional reports whether a stored rating is not yet established: a
// new player's, or one whose deviation is above
// glicko.ProvisionalDeviation. Pages show it with a question mark, and
// a rating range of the lobby does not hold it to its bounds.
func Provisional(r store.Rating) bool { return Glicko(r).Provisional() }

// RateGame returns both players' ratings after one game between Black,
// rated black, and White, rated white: Black's score is 1 for a win,
// 0.5 for a draw, 0 for a loss. The game is a Glicko-2 rating period of
// its own for each player (as lichess rates), against the opponent's
// rating before it, with the system constant tau (glicko.DefaultTau
// when 0).
func RateGame(black, white glicko.Rating, blackScore, tau float64) (glicko.Rating, glicko.Rating, error) {
	b, err := glicko.Update(black, []glicko.Result{{Opponent: white, Score: blackScore}}, tau)
	if err != nil {
		return black, white, err
	}
	w, err := glicko.Update(white, []glicko.Result{{Opponent: black, Score: 1 - blackScore}}, tau)
	if err != nil {
		return black, white, err
	}
	return b, w, nil
}

// Rater is how the arena rates a game: the rules that make a
// store.Rater (its method Rate).
type Rater struct {
	// Tau is the Glicko-2 system constant (glicko.DefaultTau when 0).
	Tau float64
	// MinPlies is the moves a game needs to be rated: a game that ends
	// before (aborted, abandoned, lost on time at the first move) is
	// finished but rates nobody.
	MinPlies int
	// Period is the time a rating period lasts for the deviation's
	// growth: a player back after k whole periods without a rated game of
	// the class is rated as after k idle periods (glicko.Rating.Idle),
	// less sure; 0: no growth. Now gives the time (time.Now when nil).
	Period time.Duration
	Now    func() time.Time
}

// DefaultRater rates games of two moves or more (each side moved), tau
// 0.5, a rating period of a week for the idle growth.
var DefaultRater = Rater{Tau: glicko.DefaultTau, MinPlies: 2, Period: 7 * 24 * time.Hour}

// maxIdle bounds the idle periods applied: the deviation is back at a
// new player's long before.
const maxIdle = 1000

// Score is Black's score of a result: 1 if Black won, 0 if White did,
// 0.5 for a draw; an error for another winner.
func Score(r store.Result) (float64, error) {
	switch r.Winner {
	case "black":
		return 1, nil
	case "white":
		return 0, nil
	case "none":
		return 0.5, nil
	}
	return 0, fmt.Errorf("account: a result won by %q, want black, white or none", r.Winner)
}

// Rate is a store.Rater: it rates a finished game by RateGame, after the
// idle growth of each player's deviation, unless the game has fewer than
// MinPlies moves.
func (rr Rater) Rate(in store.RateInput) ([2]store.Rating, bool, error) {
	if in.Plies < rr.MinPlies {
		return in.Ratings, false, nil
	}
	score, err := Score(in.Result)
	if err != nil {
		return in.Ratings, false, err
	}
	now := time.Now
	if rr.Now != nil {
		now = rr.Now
	}
	t := now()
	var g [2]glicko.Rating
	for i, r := range in.Ratings {
		g[i] = Glicko(r)
		if rr.Period > 0 && r.Games > 0 && !r.Updated.IsZero() {
			for range min(max(t.Sub(r.Updated)/rr.Period, 0), maxIdle) {
				g[i] = g[i].Idle()
			}
		}
	}
	b, w, err := RateGame(g[0], g[1], score, rr.Tau)
	if err != nil {
		return in.Ratings, false, err
	}
	out := in.Ratings
	for i, r := range []glicko.Rating{b, w} {
		out[i].Rating, out[i].Deviation, out[i].Volatility = r.Rating, r.Deviation, r.Volatility
	}
	return out, true, nil
}

// Link returns the link of game g to the accounts at its seats (nil for
// a seat without one), for the store's LinkGame: rated in the class of
// g's clock if rated is asked. A rated game needs a clock (a class that
// is Rated) and two different accounts, neither disabled; the error
// says which is missing.
func Link(g *store.Game, black, white *store.Account, rated bool) (store.GameLink, error) {
	var l store.GameLink
	for i, a := range []*store.Account{black, white} {
		if a != nil {
			l.Accounts[i] = a.ID
		}
	}
	if !rated {
		return l, nil
	}
	c := ClassOf(g)
	switch {
	case !c.Rated():
		return store.GameLink{}, errors.New("account: a game without a clock is not rated")
	case black == nil || white == nil:
		return store.GameLink{}, errors.New("account: a rated game is between two accounts")
	case black.ID == white.ID:
		return store.GameLink{}, fmt.Errorf("account: %s cannot play a rated game against itself", black.Name)
	case black.Disabled || white.Disabled:
		return store.GameLink{}, errors.New("account: a disabled account plays no rated game")
	}
	l.Rated, l.Class = true, string(c)
	return l, nil
}
