package glicko

import (
	"errors"
	"fmt"
	"math"
)

// The defaults of a new player and of the system, as Glickman suggests:
// rating 1500, deviation 350, volatility 0.06; Tau, the constraint on the
// volatility's change, is between 0.3 and 1.2 (smaller: steadier).
const (
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06
	DefaultTau        = 0.5
)

// ProvisionalDeviation: a rating whose deviation is above it is
// provisional (lichess's threshold: about 95% sure within ±220).
const ProvisionalDeviation = 110.0

// scale converts between the Glicko scale and Glicko-2's (173.7178 =
// 400/ln 10).
const scale = 173.7178

// epsilon is the convergence tolerance of the volatility's iteration.
const epsilon = 0.000001

// Rating is a player's Glicko-2 rating on the Glicko scale (1500 for a
// new player).
type Rating struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
}

// New returns a new player's rating.
func New() Rating {
	return Rating{Rating: DefaultRating, Deviation: DefaultDeviation, Volatility: DefaultVolatility}
}

// Provisional reports whether the rating is not yet established.
func (r Rating) Provisional() bool { return r.Deviation > ProvisionalDeviation }

// Validate reports a rating that cannot be used: not finite, a deviation
// or volatility not positive, a deviation above DefaultDeviation.
func (r Rating) Validate() error {
	for _, v := range []float64{r.Rating, r.Deviation, r.Volatility} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("glicko: rating %+v is not finite", r)
		}
	}
	if r.Deviation <= 0 || r.Deviation > DefaultDeviation {
		return fmt.Errorf("glicko: deviation %g is outside (0, %g]", r.Deviation, DefaultDeviation)
	}
	if r.Volatility <= 0 {
		return fmt.Errorf("glicko: volatility %g is not positive", r.Volatility)
	}
	return nil
}

// Result is one game of a rating period: the opponent's rating at the
// period's start and the player's score (1 a win, 0.5 a draw, 0 a loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// ErrScore reports a score outside [0, 1].
var ErrScore = errors.New("glicko: a score is 0 (loss), 0.5 (draw) or 1 (win), or between")

// Idle returns the rating after a period without games: as strong, less
// sure (the deviation grows with the volatility, up to DefaultDeviation).
func (r Rating) Idle() Rating {
	phi := r.Deviation / scale
	r.Deviation = min(math.Sqrt(phi*phi+r.Volatility*r.Volatility)*scale, DefaultDeviation)
	return r
}

// Update returns the rating of a player rated r after a rating period
// with results, the system's constraint tau (DefaultTau when 0). Without
// results it is r.Idle(). It fails, changing nothing, on a rating that
// does not Validate (the player's or an opponent's), a score outside
// [0, 1], or tau not positive.
func Update(r Rating, results []Result, tau float64) (Rating, error) {
	if tau == 0 {
		tau = DefaultTau
	}
	if !(tau > 0) || math.IsInf(tau, 0) {
		return r, fmt.Errorf("glicko: tau %g is not positive", tau)
	}
	if err := r.Validate(); err != nil {
		return r, err
	}
	for _, res := range results {
		if err := res.Opponent.Validate(); err != nil {
			return r, fmt.Errorf("an opponent's rating: %w", err)
		}
		if !(res.Score >= 0 && res.Score <= 1) {
			return r, fmt.Errorf("%w: %g", ErrScore, res.Score)
		}
	}
	if len(results) == 0 {
		return r.Idle(), nil
	}
	// Step 2: to the Glicko-2 scale.
	mu, phi, sigma := (r.Rating-DefaultRating)/scale, r.Deviation/scale, r.Volatility
	// Steps 3 and 4: the estimated variance v from the games alone, and
	// the improvement delta they show.
	var invV, sum float64
	for _, res := range results {
		muJ, phiJ := (res.Opponent.Rating-DefaultRating)/scale, res.Opponent.Deviation/scale
		g := gOf(phiJ)
		e := expected(mu, muJ, g)
		invV += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / invV
	delta := v * sum
	// Step 5: the new volatility.
	sigma = volatility(phi, sigma, v, delta, tau)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{
		Rating:     muNew*scale + DefaultRating,
		Deviation:  min(phiNew*scale, DefaultDeviation),
		Volatility: sigma,
	}, nil
}

// Expected returns the score a player rated r is expected to make
// against an opponent rated o (the opponent's deviation widens it toward
// one half).
func Expected(r, o Rating) float64 {
	return expected((r.Rating-DefaultRating)/scale, (o.Rating-DefaultRating)/scale, gOf(o.Deviation/scale))
}

func gOf(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muJ, g float64) float64 { return 1 / (1 + math.Exp(-g*(mu-muJ))) }

// volatility is step 5 of the system: the root of f by the Illinois
// algorithm.
func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
