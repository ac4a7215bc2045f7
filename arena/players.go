// The players of a run as a command names them, and a match's running
// count with its sequential test, its status and its report.

package arena

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
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
// Count): player A's score, the games each player lost by a rule of the
// clock or of the moves, and the decision of a sequential test if the
// match has one.
type MatchCount struct {
	Score Score
	// OnTime and Illegal are the games that A and B (in this order)
	// lost on time and by illegal moves.
	OnTime, Illegal [2]int
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
	if who, ok := r.lostBy(game.Timeout); ok {
		c.OnTime[who]++
	}
	if who, ok := r.lostBy(game.IllegalMoves); ok {
		c.Illegal[who]++
	}
	if c.SPRT != nil {
		c.Decision = c.SPRT.Decide(c.Score)
	}
	return c.Decision == Continue
}

// RuleLosses says the games each player (names: A's and B's) lost on
// time and by illegal moves: "lost on time: a 1, b 0; by illegal moves: a
// 0, b 0".
func (c *MatchCount) RuleLosses(names [2]string) string {
	return fmt.Sprintf("lost on time: %s %d, %s %d; by illegal moves: %s %d, %s %d",
		names[0], c.OnTime[0], names[1], c.OnTime[1], names[0], c.Illegal[0], names[1], c.Illegal[1])
}

// Status is the count as a match's progress lines show it: the score,
// and the games each player (names: A's and B's) lost by the rules
// (RuleLosses) once there are some.
func (c *MatchCount) Status(names [2]string) string {
	s := c.Score.String()
	if c.OnTime != [2]int{} || c.Illegal != [2]int{} {
		s += "; " + c.RuleLosses(names)
	}
	return s
}

// Report is the end of a match's output, given s, its summary after
// Summarize: the players and the score, the games each lost by the rules
// (RuleLosses), a note when games repeat (RepeatNote), and the sequential
// test's log-likelihood ratio, bounds and decision if there is one, each
// line ending in a newline.
func (c *MatchCount) Report(s *Summary) string {
	var b strings.Builder
	n := c.Score.Games()
	fmt.Fprintf(&b, "%s vs %s: %d game%s: %s\n", s.Players[0], s.Players[1], n, plural(n), c.Score)
	fmt.Fprintf(&b, "%s\n", c.RuleLosses(s.Players))
	b.WriteString(RepeatNote(s.Distinct, s.Played))
	if c.SPRT != nil {
		lo, hi := c.SPRT.Bounds()
		fmt.Fprintf(&b, "SPRT %s: LLR %.2f (bounds %.2f, %.2f): %s\n", s.SPRT, s.LLR, lo, hi, c.Decision)
	}
	return b.String()
}

// lostBy says whether the game was lost by reason, and by which player:
// 0 for A, 1 for B.
func (r Result) lostBy(reason game.Reason) (int, bool) {
	res := r.Game.Result
	if res.Reason != reason {
		return 0, false
	}
	if (res.By == board.Black) == r.ABlack {
		return 0, true
	}
	return 1, true
}

// Summarize fills the score fields and results of s (Summary.Summarize)
// and, with a sequential test, its log-likelihood ratio and decision.
func (c *MatchCount) Summarize(s *Summary, results []Result) {
	s.Summarize(c.Score, results)
	if c.SPRT != nil {
		s.LLR, s.Decision = c.SPRT.LLR(c.Score), c.Decision.String()
	}
}
