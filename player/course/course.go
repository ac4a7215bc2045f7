// The classic Player: construction, seeding, the player.Player methods and
// the uniform tie-breaking shared by every strategy.

package course

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
)

// DefaultEndgame is the number of empty squares at and below which the
// evaporation player turns greedy, unless configured otherwise.
const DefaultEndgame = 20

// strategy names one of the classic strategies.
type strategy uint8

const (
	random strategy = iota
	greedy
	positional
	roxanne
	mobility
	stable
	parity
	evaporation
)

// Player is a classic strategy as a player.Player. Build one with the New
// function of its strategy ([NewRandom], [NewGreedy], ...).
//
// A Player is safe for concurrent use: a mutex guards its random
// generator. Its games are reproducible from its seed only when it plays
// one game at a time, since concurrent games would share (and interleave)
// the generator's sequence.
type Player struct {
	name     string
	strategy strategy
	table    Table // positional only
	endgame  int   // evaporation only

	mu  sync.Mutex
	rng rand.PCG
}

func newPlayer(s strategy, name string, seed uint64) *Player {
	p := &Player{strategy: s, name: name}
	p.rng.Seed(splitMix(seed), splitMix(seed^0x6a09e667f3bcc909))
	return p
}

// splitMix spreads the bits of a seed, so that nearby seeds (1, 2, 3, as
// given to the seats of a tournament) start unrelated generator states.
func splitMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// NewRandom returns the random player: a move chosen uniformly among the
// legal moves.
func NewRandom(seed uint64) *Player { return newPlayer(random, "random", seed) }

// NewGreedy returns the greedy player: the move that flips the most discs.
func NewGreedy(seed uint64) *Player { return newPlayer(greedy, "greedy", seed) }

// NewPositional returns the positional player: the move after which the
// sum of the table's weights over its own discs, minus the sum over the
// opponent's, is highest. Pass [CourseTable] for the course's weights.
func NewPositional(seed uint64, t Table) *Player {
	name := "positional"
	if t != CourseTable() {
		name += ":table=" + t.String()
	}
	p := newPlayer(positional, name, seed)
	p.table = t
	return p
}

// NewRoxanne returns the roxanne player: the squares ranked in nine tiers
// (corners first, X-squares last; see [RoxanneTiers]), a move chosen
// uniformly within the best tier that holds a legal move.
func NewRoxanne(seed uint64) *Player { return newPlayer(roxanne, "roxanne", seed) }

// NewMobility returns the mobility player: the move that leaves the
// opponent the fewest legal replies (none if it must pass).
func NewMobility(seed uint64) *Player { return newPlayer(mobility, "mobility", seed) }

// NewStable returns the stable player: the move after which it owns the
// most stable discs, as counted by board.Board.StableDiscs.
func NewStable(seed uint64) *Player { return newPlayer(stable, "stable", seed) }

// NewParity returns the parity player: a move into an empty region of odd
// size if there is one, chosen uniformly among such moves, else any legal
// move uniformly. See [Regions] for what a region is.
func NewParity(seed uint64) *Player { return newPlayer(parity, "parity", seed) }

// NewEvaporation returns the evaporation player: while more than endgame
// squares are empty it plays the move that leaves it the fewest discs
// (flips the fewest); from endgame empties on it plays greedily (flips the
// most). endgame 0 evaporates to the last move; 60 or more is greedy from
// the start. [DefaultEndgame] is the usual value.
func NewEvaporation(seed uint64, endgame int) *Player {
	name := "evaporation"
	if endgame != DefaultEndgame {
		name += ":endgame=" + strconv.Itoa(endgame)
	}
	p := newPlayer(evaporation, name, seed)
	p.endgame = endgame
	return p
}

// Name returns the strategy's name, followed by its options that differ
// from their defaults in the syntax of package catalog, e.g. "roxanne" or
// "evaporation:endgame=16". The seed is not part of the name.
func (p *Player) Name() string { return p.name }

// Move returns the strategy's choice among req.Legal in req.Position. It
// never fails and ignores ctx: a choice takes well under a microsecond.
func (p *Player) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	return player.Reply{Move: p.Choose(req.Position.Board, req.Legal)}, nil
}

// Choose returns the strategy's choice among the moves of the mask legal
// (normally b.Moves(), or a subset of it) on board b, seen from the player
// to move. It returns board.Pass if legal is empty. It does not allocate.
func (p *Player) Choose(b board.Board, legal uint64) board.Square {
	if legal == 0 {
		return board.Pass
	}
	set := p.candidates(b, legal)
	p.mu.Lock()
	sq := pick(&p.rng, set)
	p.mu.Unlock()
	return sq
}

// candidates returns the moves of the non-empty mask legal that the
// strategy rates best, among which it chooses at random.
func (p *Player) candidates(b board.Board, legal uint64) uint64 {
	switch p.strategy {
	case greedy:
		return mostFlips(b, legal)
	case positional:
		return bestPositional(b, legal, &p.table)
	case roxanne:
		return bestTier(legal)
	case mobility:
		return fewestReplies(b, legal)
	case stable:
		return mostStable(b, legal)
	case parity:
		return oddRegionMoves(b, legal)
	case evaporation:
		if b.Empties() > p.endgame {
			return fewestFlips(b, legal)
		}
		return mostFlips(b, legal)
	}
	return legal // random
}

// best collects the squares of the highest score seen so far.
type best struct {
	score int
	set   uint64
}

// add offers square sq with the given score.
func (b *best) add(sq board.Square, score int) {
	switch {
	case b.set == 0 || score > b.score:
		b.score, b.set = score, sq.Bit()
	case score == b.score:
		b.set |= sq.Bit()
	}
}

// pick returns a square of the non-empty mask set, uniformly at random.
// It draws nothing from rng when set holds one square.
func pick(rng *rand.PCG, set uint64) board.Square {
	n := uint64(bits.OnesCount64(set))
	if n > 1 {
		for k := uniform(rng, n); k > 0; k-- {
			set &= set - 1
		}
	}
	return board.Square(bits.TrailingZeros64(set))
}

// uniform returns a number in [0, n) without bias (Lemire's method: a
// multiplication, with a rare retry to reject the uneven remainder).
func uniform(rng *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(rng.Uint64(), n)
	if lo < n {
		threshold := -n % n
		for lo < threshold {
			hi, lo = bits.Mul64(rng.Uint64(), n)
		}
	}
	return hi
}
