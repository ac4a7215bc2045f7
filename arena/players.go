// The players of a run as a command names them, and a match's running
// count with its sequential test.

package arena

import (
	"fmt"
	"slices"
)

// CheckNames refuses a list of players (a tournament's) in which a name
// comes twice: each name is one player of the records and the tables.
func CheckNames(names []string) error {
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return fmt.Errorf("%q is named twice", n)
		}
	}
	return nil
}

// Anchor returns the player whose rating is 0 in a rating list of names:
// anchor if it is one of them, random by default ("" anchor) if it plays,
// else "" (the mean rating is 0). An anchor that is not a player is an
// error.
func Anchor(names []string, anchor string) (string, error) {
	switch {
	case anchor == "" && slices.Contains(names, "random"):
		return "random", nil
	case anchor != "" && !slices.Contains(names, anchor):
		return "", fmt.Errorf("%q is not one of the players", anchor)
	}
	return anchor, nil
}

// MatchCount counts the results of a match as they come (a Recording's
// Count): player A's score, and the decision of a sequential test if the
// match has one.
type MatchCount struct {
	Score Score
	// SPRT is the sequential test (nil: none); Decision is its decision,
	// Continue until it decides.
	SPRT     *SPRT
	Decision Decision
}

// Add counts r; it returns false when the sequential test has decided,
// so that the match stops.
func (c *MatchCount) Add(r Result) bool {
	a, margin := r.ForA()
	c.Score.Add(a, margin)
	if c.SPRT != nil {
		c.Decision = c.SPRT.Decide(c.Score)
	}
	return c.Decision == Continue
}

// Summarize fills the score fields and results of s (Summary.Summarize)
// and, with a sequential test, its log-likelihood ratio and decision.
func (c *MatchCount) Summarize(s *Summary, results []Result) {
	s.Summarize(c.Score, results)
	if c.SPRT != nil {
		s.LLR, s.Decision = c.SPRT.LLR(c.Score), c.Decision.String()
	}
}
