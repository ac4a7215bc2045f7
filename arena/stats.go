// Statistics of a series of games: score, Elo difference, confidence
// interval, likelihood of superiority and the sequential probability
// ratio test.

package arena

import (
	"fmt"
	"math"
)

// Score is the tally of a series of games from one player's side.
type Score struct {
	Wins, Draws, Losses int
	// Margin is the sum of the player's final margins (tournament
	// convention: empty squares to the winner; 64 to the winner of a
	// game decided by a rule, see ResultFor).
	Margin int
}

// Games returns the number of games.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Add counts one game: result 1 (win), 0.5 (draw) or 0 (loss), and the
// player's final margin.
func (s *Score) Add(result float64, margin int) {
	switch result {
	case 1:
		s.Wins++
	case 0:
		s.Losses++
	default:
		s.Draws++
	}
	s.Margin += margin
}

// Merge adds the games of o.
func (s *Score) Merge(o Score) {
	s.Wins += o.Wins
	s.Draws += o.Draws
	s.Losses += o.Losses
	s.Margin += o.Margin
}

// Reversed returns the same games from the opponent's side.
func (s Score) Reversed() Score {
	return Score{Wins: s.Losses, Draws: s.Draws, Losses: s.Wins, Margin: -s.Margin}
}

// Fraction returns the share of the points, wins counting 1 and draws
// one half (0.5 with no games).
func (s Score) Fraction() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(n)
}

// AverageMargin returns the mean final margin per game.
func (s Score) AverageMargin() float64 {
	if s.Games() == 0 {
		return 0
	}
	return float64(s.Margin) / float64(s.Games())
}

// EloFromFraction converts a share of the points to an Elo difference
// under the logistic model: 0.5 is 0, 0.76 about +200. The share is kept
// inside (0, 1) so that a clean sweep gives a large finite number.
func EloFromFraction(f float64) float64 {
	f = math.Min(math.Max(f, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/f-1)
}

// FractionFromElo is the inverse of EloFromFraction: the expected share
// of the points for an Elo difference.
func FractionFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// variance returns the variance of the result of one game (1, 0.5, 0)
// around the mean share.
func (s Score) variance() float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	f := s.Fraction()
	w, d, l := float64(s.Wins)/n, float64(s.Draws)/n, float64(s.Losses)/n
	return w*(1-f)*(1-f) + d*(0.5-f)*(0.5-f) + l*f*f
}

// Elo returns the Elo difference the score suggests and the bounds of its
// 95% confidence interval (normal approximation of the mean score, each
// bound converted to Elo). A bound the results leave open is infinite, as
// rating tools say "unbounded": a normal bound at or beyond a share of 0
// or 1, and every bound before the first game. A one-sided result, every
// game won (or lost), has elo and high +Inf (low and elo -Inf), and low
// (high) is the one-sided 95% bound of the exact binomial test: the share
// p with p^n = 0.05 after n games, about 1 - 3/n (the rule of three).
func (s Score) Elo() (elo, low, high float64) {
	n := float64(s.Games())
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	f := s.Fraction()
	switch {
	case s.Wins == s.Games():
		return math.Inf(1), EloFromFraction(math.Pow(0.05, 1/n)), math.Inf(1)
	case s.Losses == s.Games():
		return math.Inf(-1), math.Inf(-1), EloFromFraction(1 - math.Pow(0.05, 1/n))
	}
	elo = EloFromFraction(f)
	margin := 1.959964 * math.Sqrt(s.variance()/n)
	low, high = math.Inf(-1), math.Inf(1)
	if f-margin > 0 {
		low = EloFromFraction(f - margin)
	}
	if f+margin < 1 {
		high = EloFromFraction(f + margin)
	}
	return elo, low, high
}

// EloText returns the Elo difference with its interval as a rating tool
// prints it: "+85 [+15, +158]", "+300 [+120, unbounded]" for an interval
// open on one side, "> +607 (95%)" after 100 games all won, "< -607 (95%)"
// after 100 games all lost, "+0 [unbounded]" before the first game.
func (s Score) EloText() string {
	elo, lo, hi := s.Elo()
	bound := func(v float64) string {
		if math.IsInf(v, 0) {
			return "unbounded"
		}
		if math.Abs(v) < 0.5 {
			v = 0 // not "-0"
		}
		return fmt.Sprintf("%+.0f", v)
	}
	switch {
	case math.IsInf(elo, 1):
		return fmt.Sprintf("> %+.0f (95%%)", lo)
	case math.IsInf(elo, -1):
		return fmt.Sprintf("< %+.0f (95%%)", hi)
	case s.Games() == 0:
		return "+0 [unbounded]"
	}
	if math.Abs(elo) < 0.5 {
		elo = 0
	}
	return fmt.Sprintf("%+.0f [%s, %s]", elo, bound(lo), bound(hi))
}

// LOS returns the likelihood of superiority: the probability that the
// player is stronger, from wins and losses (draws say nothing of it).
func (s Score) LOS() float64 {
	if s.Wins+s.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*float64(s.Wins+s.Losses))))
}

// String returns e.g. "W 60 D 4 L 36, 62.0%, margin +3.1 discs, Elo +85
// [+15, +158], LOS 99.2%": the average margin in discs, the Elo as
// EloText writes it.
func (s Score) String() string {
	return fmt.Sprintf("W %d D %d L %d, %.1f%%, margin %+.1f discs, Elo %s, LOS %.1f%%",
		s.Wins, s.Draws, s.Losses, 100*s.Fraction(), s.AverageMargin(), s.EloText(), 100*s.LOS())
}

// SPRT is a sequential probability ratio test between two hypotheses on
// the Elo difference: H0 (elo <= Elo0) and H1 (elo >= Elo1), with error
// rates Alpha (accepting H1 when H0 holds) and Beta (accepting H0 when
// H1 holds).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Decision is the state of an SPRT.
type Decision int

const (
	// Continue: not enough games to decide.
	Continue Decision = iota
	// AcceptH0: the difference is at most Elo0.
	AcceptH0
	// AcceptH1: the difference is at least Elo1.
	AcceptH1
)

// String returns "continue", "H0 accepted" or "H1 accepted".
func (d Decision) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[d]
}

// Bounds returns the lower and upper bounds of the log-likelihood ratio.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for the score,
// with the normal approximation of the game results (generalised SPRT):
// N * (s1 - s0) * (2f - s0 - s1) / (2 var), where s0 and s1 are the
// expected shares under each hypothesis, f the observed share and var the
// observed variance of a game's result.
func (t SPRT) LLR(s Score) float64 {
	v := s.variance()
	if s.Games() == 0 || v == 0 {
		return 0
	}
	s0, s1 := FractionFromElo(t.Elo0), FractionFromElo(t.Elo1)
	return float64(s.Games()) * (s1 - s0) * (2*s.Fraction() - s0 - s1) / (2 * v)
}

// Decide returns the test's decision for the score.
func (t SPRT) Decide(s Score) Decision {
	llr := t.LLR(s)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// ParseSPRT reads "elo0=0,elo1=10,alpha=0.05,beta=0.05" (any order;
// alpha and beta default to 0.05).
func ParseSPRT(text string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, part := range splitNonEmpty(text, ',') {
		key, value, ok := cut(part, '=')
		var v float64
		if ok {
			_, err := fmt.Sscanf(value, "%g", &v)
			ok = err == nil
		}
		if !ok {
			return SPRT{}, fmt.Errorf("SPRT %q: %q is not key=number", text, part)
		}
		switch key {
		case "elo0":
			t.Elo0 = v
		case "elo1":
			t.Elo1 = v
		case "alpha":
			t.Alpha = v
		case "beta":
			t.Beta = v
		default:
			return SPRT{}, fmt.Errorf("SPRT %q: unknown key %q (want elo0, elo1, alpha, beta)", text, key)
		}
		seen[key] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return SPRT{}, fmt.Errorf("SPRT %q: elo0 and elo1 are required, e.g. elo0=0,elo1=10", text)
	case t.Elo1 <= t.Elo0:
		return SPRT{}, fmt.Errorf("SPRT %q: elo1 must be above elo0", text)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return SPRT{}, fmt.Errorf("SPRT %q: alpha and beta must be between 0 and 0.5", text)
	}
	return t, nil
}
