// Tournaments and matches: the games between players, scheduled over the
// openings and played in parallel.

package arena

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/workers"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// Seat is what a player is built for: one colour of one game.
type Seat struct {
	Game  int         // the game's index in the match, from 0
	Color board.Color // the colour it plays
	Seed  uint64      // its seed, derived from the match's
}

// Tournament is a round robin: every two players meet over all the
// openings, each opening played twice with the colours swapped. A match
// is a tournament of two players.
//
// The games are numbered from 0: pairing p (players i < j, in the order
// (0,1), (0,2), ..., (1,2), ...) has the games 2*len(Openings)*p and on;
// within a pairing, game k starts from opening k/2, and the first player
// of the pairing (A) plays Black when k is even.
type Tournament struct {
	// Names are the players as the records name them (their specs).
	Names []string
	// New builds player which (an index of Names) for a seat. It is
	// called for every game, so that players keep no state from one game
	// to the next.
	New func(which int, seat Seat) (player.Player, error)
	// Openings are the starts, one per pair of games of each pairing.
	Openings []Opening
	// Rule is the rule variant.
	Rule game.Rule
	// MoveTime is the limit of a move (referee.NoLimit for none, 0 for
	// the referee's default); GameTime each side's clock (0: none).
	MoveTime, GameTime time.Duration
	// Increment is added to a side's game clock after each of its moves
	// (referee.Config.Increment; 0: none).
	Increment time.Duration
	// Odds gives players (by their index in Names) clocks of their own
	// instead of MoveTime, GameTime and Increment: time odds, such as an
	// engine on a game clock against one that plays to a fixed depth
	// (referee.Config.Odds).
	Odds map[int]referee.Clock
	// Concurrency is the number of games played at once (at least 1).
	Concurrency int
	// Seed derives the seeds of every seat.
	Seed uint64
	// Shard and Shards: play only the games i with i % Shards == Shard
	// (Shards 0 or 1: every game).
	Shard, Shards int
	// Skip reports the games already played (when resuming).
	Skip func(index int) bool
	// Event names the match in the records.
	Event string
}

// Pairings returns the pairs of players (i < j) in the order of their
// games.
func (m *Tournament) Pairings() [][2]int {
	var out [][2]int
	for i := range m.Names {
		for j := i + 1; j < len(m.Names); j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// Games returns the number of games: two per opening and pairing.
func (m *Tournament) Games() int { return 2 * len(m.Openings) * len(m.Pairings()) }

// Schedule returns what game i is: its players A and B (indexes of
// Names), its opening and whether A plays Black.
func (m *Tournament) Schedule(i int) (players [2]int, opening int, aBlack bool) {
	per := 2 * len(m.Openings)
	pair := m.Pairings()[i/per]
	k := i % per
	return pair, k / 2, k%2 == 0
}

// Result is a finished game of a tournament or match.
type Result struct {
	// Index is the game's index, from 0.
	Index int
	// Players are A and B, indexes of the tournament's Names (0 and 1 in
	// a match).
	Players [2]int
	// Opening is the opening it started from.
	Opening Opening
	// ABlack reports that player A had Black.
	ABlack bool
	// Game is the record, result included.
	Game *game.Game
}

// ForA returns the result from player A's side: 1, 0.5 or 0, and A's
// final margin (see ResultFor).
func (r Result) ForA() (float64, int) {
	a := board.Black
	if !r.ABlack {
		a = board.White
	}
	return ResultFor(r.Game.Result, a)
}

// ResultFor returns a game result from the side of colour c: 1, 0.5 or
// 0, and c's final margin, game.Result.TournamentMargin from c's side:
// empty squares to the winner, or all 64 to the winner of a game decided
// by a rule (a timeout, illegal moves, a forfeit, a resignation), so that
// the margin always agrees with the result.
func ResultFor(res game.Result, c board.Color) (float64, int) {
	margin := res.TournamentMargin()
	if c == board.White {
		margin = -margin
	}
	switch res.Winner {
	case c:
		return 1, margin
	case board.NoColor:
		return 0.5, margin
	}
	return 0, margin
}

// SeatSeed derives the seed of a seat from the match's seed.
func SeatSeed(seed uint64, index int, c board.Color) uint64 {
	return rand.New(rand.NewPCG(seed, uint64(index)*2+uint64(c)+1)).Uint64()
}

// Run plays the games (of its shard, less those it skips),
// up to Concurrency at a time, and calls report for each finished game,
// one call at a time, in the order they finish. If report returns false
// the match stops: games in progress are abandoned and not reported. When
// ctx ends, Run stops the same way and returns ctx's error. A player that
// cannot be built stops the match with an error naming it.
func (m *Tournament) Run(ctx context.Context, report func(Result) bool) error {
	if len(m.Openings) == 0 {
		return errors.New("arena: a match needs at least one opening")
	}
	if len(m.Names) < 2 {
		return errors.New("arena: a match needs at least two players")
	}
	shards := max(m.Shards, 1)
	if m.Shard < 0 || m.Shard >= shards {
		return fmt.Errorf("arena: shard %d of %d does not exist", m.Shard, shards)
	}
	starts := make([]*game.Game, len(m.Openings))
	for i, o := range m.Openings {
		g, err := o.Game(m.Rule)
		if err != nil {
			return err
		}
		starts[i] = g
	}
	var games []int
	for i := m.Shard; i < m.Games(); i += shards {
		if m.Skip == nil || !m.Skip(i) {
			games = append(games, i)
		}
	}
	var (
		mu      sync.Mutex // one report at a time
		stopped bool       // a report returned false
	)
	err := workers.Run(ctx, len(games), m.Concurrency, func(ctx context.Context, k int) error {
		i := games[k]
		_, o, _ := m.Schedule(i)
		r, err := m.play(ctx, i, starts[o])
		if err != nil {
			if ctx.Err() != nil {
				return nil // abandoned: the run stops anyway
			}
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		if !stopped && ctx.Err() == nil && !report(r) {
			stopped = true
			return errStop
		}
		return nil
	})
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// errStop is how a report that returns false stops a run.
var errStop = errors.New("arena: stopped by the report")

// play plays game i from start.
func (m *Tournament) play(ctx context.Context, i int, start *game.Game) (Result, error) {
	pair, o, aBlack := m.Schedule(i)
	var seats [2]player.Player // by colour
	var odds [2]*referee.Clock
	for c := board.Black; c <= board.White; c++ {
		which := pair[0] // A
		if (c == board.Black) != aBlack {
			which = pair[1]
		}
		if o, ok := m.Odds[which]; ok {
			odds[c] = &o
		}
		p, err := m.New(which, Seat{Game: i, Color: c, Seed: SeatSeed(m.Seed, i, c)})
		if err != nil {
			return Result{}, fmt.Errorf("player %s: %w", m.Names[which], err)
		}
		seats[c] = p
		if cl, ok := p.(interface{ Close() error }); ok {
			defer cl.Close()
		}
	}
	g, err := referee.Play(ctx, seats[board.Black], seats[board.White], referee.Config{
		Game:      start,
		Rule:      m.Rule,
		MoveTime:  m.MoveTime,
		GameTime:  m.GameTime,
		Increment: m.Increment,
		Odds:      odds,
	})
	if err != nil {
		return Result{}, err
	}
	black, white := m.Names[pair[0]], m.Names[pair[1]]
	if !aBlack {
		black, white = white, black
	}
	g.Info = game.Info{Black: black, White: white, Event: m.Event, Round: strconv.Itoa(i + 1), TimeControl: m.clockText(pair[:])}
	return Result{Index: i, Players: pair, Opening: m.Openings[o], ABlack: aBlack, Game: g}, nil
}

// clockText describes the clocks of a game among players (indexes of
// Names): the per-move limit and game clock of all, then each of those
// players' own if it has odds ("15s/move, 15s/game; ntest: 10m0s/move").
// The records name a game's two players, the summary every player.
func (m *Tournament) clockText(players []int) string {
	s := timeControl(m.MoveTime, m.GameTime, m.Increment)
	for _, which := range players {
		if o, ok := m.Odds[which]; ok {
			s += "; " + m.Names[which] + ": " + timeControl(o.MoveTime, o.GameTime, o.Increment)
		}
	}
	return strings.TrimPrefix(s, "; ")
}

// clocks is clockText of every player, for the summary.
func (m *Tournament) clocks() string {
	all := make([]int, len(m.Names))
	for i := range all {
		all[i] = i
	}
	return m.clockText(all)
}

// timeControl describes the clocks for the records: "1s/move, 5m0s/game"
// or, with an increment, "5m0s+3s/game".
func timeControl(move, total, inc time.Duration) string {
	s := ""
	if move > 0 {
		s = move.String() + "/move"
	}
	if total > 0 {
		if s != "" {
			s += ", "
		}
		s += total.String()
		if inc > 0 {
			s += "+" + inc.String()
		}
		s += "/game"
	}
	return s
}

// Resume returns the result of game i from its record (read back with
// ReadRecords), checking that the record is that game: the same players
// in the same colours, and the same Event (which names the seed of the
// command line's runs), if m names one.
func (m *Tournament) Resume(i int, g *game.Game) (Result, error) {
	if i < 0 || i >= m.Games() {
		return Result{}, fmt.Errorf("game number %d is beyond the %d games of this run", i+1, m.Games())
	}
	pair, o, aBlack := m.Schedule(i)
	black, white := m.Names[pair[0]], m.Names[pair[1]]
	if !aBlack {
		black, white = white, black
	}
	if g.Info.Black != black || g.Info.White != white {
		return Result{}, fmt.Errorf("game number %d is %s vs %s, not %s vs %s: the file holds another run", i+1, g.Info.Black, g.Info.White, black, white)
	}
	if m.Event != "" && g.Info.Event != m.Event {
		return Result{}, fmt.Errorf("game number %d was played in %q, not in %q: the file holds another run (resume with the same seed and options, or record elsewhere)", i+1, g.Info.Event, m.Event)
	}
	return Result{Index: i, Players: pair, Opening: m.Openings[o], ABlack: aBlack, Game: g}, nil
}

// ParseShard reads a shard as "i/n" (game i of every n, 0 <= i < n), for
// Tournament's Shard and Shards; "" is the whole run, shard 0 of 1.
func ParseShard(text string) (shard, shards int, err error) {
	if text == "" {
		return 0, 1, nil
	}
	i, n, ok := strings.Cut(text, "/")
	a, err1 := strconv.Atoi(i)
	b, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || b < 1 || a < 0 || a >= b {
		return 0, 0, fmt.Errorf("%q: want i/n with 0 <= i < n, e.g. 0/4", text)
	}
	return a, b, nil
}

// OddsClock returns the clock of a player given time odds (Tournament.Odds)
// against base, the other players' clock: the per-move limit move
// (base's when 0), the game clock total (when 0, base's if move is 0 too,
// and none when a per-move limit alone is given), and the increment inc.
func OddsClock(base referee.Clock, move, total, inc time.Duration) referee.Clock {
	c := referee.Clock{MoveTime: move, GameTime: total, Increment: inc}
	if c.MoveTime == 0 {
		c.MoveTime = base.MoveTime
	}
	if c.GameTime == 0 && move == 0 {
		c.GameTime = base.GameTime
	}
	return c
}
