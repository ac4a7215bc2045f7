// Options: the rollout policies, the reward schemes and the other
// settings, with their names.

package mcts

import (
	"fmt"
	"math"
	"strings"
)

// Policy chooses the moves of rollouts.
type Policy int

const (
	// Random plays uniformly random legal moves.
	Random Policy = iota
	// Roxanne plays a random move of the best tier of the Roxanne
	// priority table (corners first, X-squares last).
	Roxanne
	// EpsilonGreedy plays, with probability Epsilon, a random move, and
	// otherwise the move the classic evaluation likes best.
	EpsilonGreedy
	// Softmax plays a move with probability proportional to
	// exp(value/Temperature), value the classic evaluation of the move.
	Softmax
	// AlphaBeta plays the move a shallow alpha-beta (ABDepth plies,
	// classic evaluation) finds best: slow, strong rollouts.
	AlphaBeta
)

var policyNames = []string{"random", "roxanne", "epsilon", "softmax", "alphabeta"}

// String returns the policy's name, as ParsePolicy reads it.
func (p Policy) String() string { return policyNames[p] }

// ParsePolicy reads a policy name: random, roxanne, epsilon, softmax or
// alphabeta.
func ParsePolicy(s string) (Policy, error) {
	for i, n := range policyNames {
		if strings.EqualFold(s, n) {
			return Policy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rollout policy %q: want one of %s", s, strings.Join(policyNames, ", "))
}

// Reward turns the final margin of a rollout into a reward in [0, 1].
type Reward int

const (
	// WinLoss: 1 for a win, 0.5 for a draw, 0 for a loss. C = 0.7 suits
	// it (measured against roxanne at 1 s a move: docs/STRENGTH.md);
	// UCB1's textbook sqrt 2 explores too much here.
	WinLoss Reward = iota
	// Margin: (margin + 64) / 128, so the size of a win counts. Its
	// rewards spread less than win/loss: C about 0.5 suits it.
	Margin
	// WinBonus: 100 + margin for a win, 50 for a draw, the margin for a
	// loss (as one course project did), scaled from [-64, 164] to
	// [0, 1]. C about 0.8 suits it.
	WinBonus
)

var rewardNames = []string{"winloss", "margin", "bonus"}

// String returns the scheme's name, as ParseReward reads it.
func (r Reward) String() string { return rewardNames[r] }

// ParseReward reads a reward name: winloss, margin or bonus.
func ParseReward(s string) (Reward, error) {
	for i, n := range rewardNames {
		if strings.EqualFold(s, n) {
			return Reward(i), nil
		}
	}
	return 0, fmt.Errorf("unknown reward %q: want one of %s", s, strings.Join(rewardNames, ", "))
}

// DefaultC returns the exploration constant that suits a reward scheme.
func (r Reward) DefaultC() float64 {
	switch r {
	case Margin:
		return 0.5
	case WinBonus:
		return 0.8
	}
	return 0.7
}

// of returns the reward of a final margin (discs, empties to the winner)
// for the player it is counted for. An estimated margin (a truncated
// rollout) counts as a win with the probability 1/(1+exp(-margin/4))
// under the win/loss scheme, and as its value under the others.
func (r Reward) of(margin float64, estimated bool) float64 {
	switch r {
	case Margin:
		return min(max((margin+64)/128, 0), 1)
	case WinBonus:
		raw := margin
		switch {
		case estimated:
			raw += 100 / (1 + math.Exp(-margin/4))
		case margin > 0:
			raw += 100
		case margin == 0:
			raw = 50
		}
		return min(max((raw+64)/228, 0), 1)
	}
	switch {
	case estimated:
		return 1 / (1 + math.Exp(-margin/4))
	case margin > 0:
		return 1
	case margin < 0:
		return 0
	}
	return 0.5
}

// Parallelism says how threads share the work.
type Parallelism int

const (
	// RootParallel: each thread grows its own tree; their root
	// statistics are added at the end.
	RootParallel Parallelism = iota
	// TreeParallel: the threads share one tree, a virtual loss steering
	// them to different paths.
	TreeParallel
)

var parallelNames = []string{"root", "tree"}

// String returns "root" or "tree".
func (p Parallelism) String() string { return parallelNames[p] }

// ParseParallelism reads "root" or "tree".
func ParseParallelism(s string) (Parallelism, error) {
	for i, n := range parallelNames {
		if strings.EqualFold(s, n) {
			return Parallelism(i), nil
		}
	}
	return 0, fmt.Errorf("unknown parallelism %q: want root or tree", s)
}

// Options configure a search.
type Options struct {
	// C is the exploration constant of UCB1 (0: the reward's default).
	C float64
	// Policy plays the rollouts.
	Policy Policy
	// Epsilon is the random share of the epsilon-greedy policy (default
	// 0.1).
	Epsilon float64
	// Temperature of the softmax policy, in points of the classic
	// evaluation (default 500).
	Temperature float64
	// ABDepth is the depth of the alpha-beta policy (default 2).
	ABDepth int
	// Truncate, if above 0, stops rollouts after that many plies and
	// scores the position with the pattern evaluation instead.
	Truncate int
	// Reward is the reward scheme.
	Reward Reward
	// FinalByValue plays the root move of best mean reward instead of
	// the most visited one.
	FinalByValue bool
	// Threads searching (default 1), and how they share the work.
	Threads  int
	Parallel Parallelism
	// MaxNodes bounds the nodes of a tree (default 2,000,000, about
	// 96 MB); when full, the search goes on without growing it. With
	// Reuse, a tree and the pool it was rerooted from are kept: twice
	// that.
	MaxNodes int
	// Reuse keeps the subtree of the position reached between moves.
	Reuse bool
	// Seed drives every random choice.
	Seed uint64
}

// withDefaults fills the zero options and checks the others.
func (o Options) withDefaults() (Options, error) {
	if o.C == 0 {
		o.C = o.Reward.DefaultC()
	}
	if o.Epsilon == 0 {
		o.Epsilon = 0.1
	}
	if o.Temperature == 0 {
		o.Temperature = 500
	}
	if o.ABDepth == 0 {
		o.ABDepth = 2
	}
	if o.Threads == 0 {
		o.Threads = 1
	}
	if o.MaxNodes == 0 {
		o.MaxNodes = 2_000_000
	}
	switch {
	case !(o.C > 0 && o.C <= 100): // NaN too
		return o, fmt.Errorf("exploration constant c=%g: want a number above 0 (0.7 for win/loss rewards)", o.C)
	case !(o.Epsilon >= 0 && o.Epsilon <= 1):
		return o, fmt.Errorf("epsilon=%g: want 0 to 1", o.Epsilon)
	case !(o.Temperature > 0 && o.Temperature <= math.MaxFloat64):
		return o, fmt.Errorf("temperature=%g: want a positive number", o.Temperature)
	case o.ABDepth < 1 || o.ABDepth > 6:
		return o, fmt.Errorf("alpha-beta rollout depth %d: want 1 to 6", o.ABDepth)
	case o.Truncate < 0 || o.Truncate > 60:
		return o, fmt.Errorf("truncate=%d: want 0 (full rollouts) to 60 plies", o.Truncate)
	case o.Threads < 1 || o.Threads > 256:
		return o, fmt.Errorf("threads=%d: want 1 to 256", o.Threads)
	case o.MaxNodes < 1000:
		return o, fmt.Errorf("a tree of %d nodes is too small: want at least 1000", o.MaxNodes)
	}
	return o, nil
}
