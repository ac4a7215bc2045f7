// Package tournament keeps a tournament of the game server: its
// settings, its players, its rounds paired as they come (a round robin's
// from the start, a Swiss round once the one before is over), the games
// each round asks for and their results, and the standings and
// crosstable they make.
//
// A Tournament is plain data: the server stores it as JSON (a restart
// reads it back and goes on where it was) and drives it: it starts the
// games Pending names, says which server game each became (Started) and
// hands over each result (Record), which pairs the next round once the
// last game of a round is in. The package starts no game, keeps no
// clock and knows nothing of storage. Standard library and package
// pairing only.
package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/reversi-engine/reversi/pairing"
)

// Kind is how a tournament is paired.
type Kind string

// The kinds of tournaments.
const (
	RoundRobin Kind = "round-robin" // everyone meets everyone, Cycles times (colours swapped in each new cycle)
	Swiss      Kind = "swiss"       // Rounds rounds, players of equal scores paired, no rematch while one can be avoided
)

// Bounds of a tournament.
const (
	MaxPlayers = 64
	MaxCycles  = 4
	MaxRounds  = 30
)

// Settings are what the creator of a tournament chooses.
type Settings struct {
	Name string `json:"name"`
	Kind Kind   `json:"kind"`
	// Cycles is how many times each pair meets in a round robin (2: the
	// course's "every bot plays every other twice").
	Cycles int `json:"cycles,omitempty"`
	// Rounds is the number of rounds of a Swiss tournament.
	Rounds int `json:"rounds,omitempty"`
	// The clock of every game.
	MoveTime  time.Duration `json:"move_time"`
	GameTime  time.Duration `json:"game_time,omitempty"`
	Increment time.Duration `json:"increment,omitempty"`
	// Rated says whether its games count for the players' ratings.
	Rated bool `json:"rated,omitempty"`
	// Opening is where every game starts, as the server names a set of
	// openings ("xot": one of them at random; "": the standard start).
	// The package does not read it.
	Opening string `json:"opening,omitempty"`
	// Closed: only the creator enters players (the others cannot join).
	// The package does not read it: the server enforces it.
	Closed bool `json:"closed,omitempty"`
}

// Check returns what is wrong with the settings, or nil.
func (s Settings) Check() error {
	switch {
	case s.Name == "":
		return errors.New("tournament: a name is needed")
	case len(s.Name) > 80:
		return errors.New("tournament: the name is longer than 80 bytes")
	case s.MoveTime <= 0 && s.GameTime <= 0:
		return errors.New("tournament: its games need a clock (a time a move or a game)")
	case s.MoveTime < 0 || s.GameTime < 0 || s.Increment < 0:
		return errors.New("tournament: a clock cannot be negative")
	case s.Increment > 0 && s.GameTime == 0:
		return errors.New("tournament: an increment adds to a game clock: give one")
	}
	switch s.Kind {
	case RoundRobin:
		if s.Cycles < 1 || s.Cycles > MaxCycles {
			return fmt.Errorf("tournament: a round robin has 1 to %d cycles, not %d", MaxCycles, s.Cycles)
		}
	case Swiss:
		if s.Rounds < 1 || s.Rounds > MaxRounds {
			return fmt.Errorf("tournament: a Swiss tournament has 1 to %d rounds, not %d", MaxRounds, s.Rounds)
		}
	default:
		return fmt.Errorf("tournament: %q is not a kind of tournament: want %q or %q", s.Kind, RoundRobin, Swiss)
	}
	return nil
}

// Status is where a tournament stands.
type Status string

// The statuses of a tournament, in order.
const (
	Registering Status = "registering" // players join and leave
	Running     Status = "running"     // its rounds are played
	Finished    Status = "finished"    // every game has its result
	Cancelled   Status = "cancelled"   // stopped by its creator: no more games
)

// Player is an entrant: an account's id, its name as shown, and its
// rating when it joined (a Swiss tournament ranks equal scores by it).
type Player struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Rating float64 `json:"rating,omitempty"`
}

// Result is how a game ended: Black's points (1, 0.5 or 0) and the disc
// margin for Black at the end.
type Result struct {
	Black  float64 `json:"black"`
	Margin int     `json:"margin"`
	// Forfeit says that the game was not played: a player could not
	// (its account disabled or gone); the other has the point.
	Forfeit bool `json:"forfeit,omitempty"`
}

// Game is a game of a round: its players (ids), the server's game once
// started, and its result once over.
type Game struct {
	Round  int    `json:"round"` // from 1
	Black  string `json:"black"`
	White  string `json:"white"`
	GameID string `json:"game,omitempty"`
	// Made says that the server's game GameID exists: the id is given
	// (and stored) before the game is made.
	Made   bool    `json:"made,omitempty"`
	Result *Result `json:"result,omitempty"`
}

// Tournament is a tournament's whole state (as JSON, what the server
// stores).
type Tournament struct {
	ID       string   `json:"id"`
	Settings Settings `json:"settings"`
	Status   Status   `json:"status"`
	Players  []Player `json:"players"`
	// Round is the round being played (0 before the start).
	Round int `json:"round"`
	// Games are the games paired so far, round by round.
	Games []Game `json:"games"`
	// Byes are the players who sat out each round ("" for none), from
	// round 1.
	Byes []string `json:"byes,omitempty"`
}

// Errors of the tournament's changes.
var (
	ErrNotRegistering = errors.New("tournament: players join and leave only before it starts")
	ErrNotRunning     = errors.New("tournament: it is not running")
	ErrNoSuchGame     = errors.New("tournament: no such game")
)

// New returns a tournament open to players.
func New(id string, s Settings) (*Tournament, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	return &Tournament{ID: id, Settings: s, Status: Registering}, nil
}

// Join adds a player before the start.
func (t *Tournament) Join(p Player) error {
	switch {
	case t.Status != Registering:
		return ErrNotRegistering
	case p.ID == "":
		return errors.New("tournament: a player needs an id")
	case t.player(p.ID) >= 0:
		return fmt.Errorf("tournament: %s has joined already", p.Name)
	case len(t.Players) >= MaxPlayers:
		return fmt.Errorf("tournament: it has %d players, the most it takes", MaxPlayers)
	}
	t.Players = append(t.Players, p)
	return nil
}

// Leave takes a player out before the start.
func (t *Tournament) Leave(id string) error {
	if t.Status != Registering {
		return ErrNotRegistering
	}
	i := t.player(id)
	if i < 0 {
		return fmt.Errorf("tournament: %s has not joined", id)
	}
	t.Players = slices.Delete(t.Players, i, i+1)
	return nil
}

func (t *Tournament) player(id string) int {
	return slices.IndexFunc(t.Players, func(p Player) bool { return p.ID == id })
}

// ids are the players' ids, in the order they joined.
func (t *Tournament) ids() []string {
	out := make([]string, len(t.Players))
	for i, p := range t.Players {
		out[i] = p.ID
	}
	return out
}

// Start pairs the first round: the tournament runs.
func (t *Tournament) Start() error {
	if t.Status != Registering {
		return ErrNotRegistering
	}
	if len(t.Players) < 2 {
		return fmt.Errorf("tournament: %d players: it needs at least 2", len(t.Players))
	}
	t.Status = Running
	return t.pair()
}

// Cancel stops a tournament that is not finished: it makes no more
// games (Pending is empty), and the results of its games still in play
// are not recorded.
func (t *Tournament) Cancel() error {
	if t.Status == Finished || t.Status == Cancelled {
		return fmt.Errorf("tournament: it is %s already", t.Status)
	}
	t.Status = Cancelled
	return nil
}

// Rounds returns the number of rounds the tournament has.
func (t *Tournament) Rounds() int {
	if t.Settings.Kind == Swiss {
		return t.Settings.Rounds
	}
	n := len(t.Players)
	if n%2 == 1 {
		n++
	}
	return (n - 1) * t.Settings.Cycles
}

// pair adds the games of the next round, or finishes the tournament after
// its last.
func (t *Tournament) pair() error {
	if t.Round == t.Rounds() {
		t.Status = Finished
		return nil
	}
	var round pairing.Round
	switch t.Settings.Kind {
	case RoundRobin:
		rounds, err := pairing.RoundRobin(t.ids(), t.Settings.Cycles)
		if err != nil {
			return err
		}
		round = rounds[t.Round]
	case Swiss:
		var err error
		if round, err = pairing.Swiss(t.swissStandings()); err != nil {
			return err
		}
	}
	t.Round++
	for _, g := range round.Games {
		t.Games = append(t.Games, Game{Round: t.Round, Black: g.Black, White: g.White})
	}
	t.Byes = append(t.Byes, round.Bye)
	return nil
}

// swissStandings is what the Swiss pairing needs of each player.
func (t *Tournament) swissStandings() []pairing.Standing {
	by := map[string]*pairing.Standing{}
	out := make([]pairing.Standing, len(t.Players))
	for i, p := range t.Players {
		out[i] = pairing.Standing{Player: p.ID, Rating: p.Rating}
		by[p.ID] = &out[i]
	}
	for _, g := range t.Games {
		b, w := by[g.Black], by[g.White]
		b.Colors, w.Colors = append(b.Colors, true), append(w.Colors, false)
		b.Opponents, w.Opponents = append(b.Opponents, g.White), append(w.Opponents, g.Black)
		if g.Result != nil {
			b.Points += g.Result.Black
			w.Points += 1 - g.Result.Black
		}
	}
	for _, bye := range t.Byes {
		if s := by[bye]; s != nil {
			s.HadBye = true
			s.Points += byePoints(Swiss)
		}
	}
	return out
}

// byePoints is what sitting a round out is worth: a won game in a Swiss
// tournament (as is usual), nothing in a round robin (everyone sits out
// once with an odd number).
func byePoints(k Kind) float64 {
	if k == Swiss {
		return 1
	}
	return 0
}

// Pending returns the indexes (into Games) of the games of the current
// round that have no server game yet: the server starts them.
func (t *Tournament) Pending() []int {
	var out []int
	for i, g := range t.Games {
		if g.Round == t.Round && g.GameID == "" && t.Status == Running {
			out = append(out, i)
		}
	}
	return out
}

// Meeting returns which meeting of its two players game i of Games is,
// in the order of Games: 0 the first game between them, 1 the second,
// and so on. The server gives meetings 2k and 2k+1 of a pair the same
// opening, so that a round robin of two cycles plays each opening once
// with each colour.
func (t *Tournament) Meeting(i int) int {
	g, n := t.Games[i], 0
	for _, h := range t.Games[:i] {
		if h.Black == g.Black && h.White == g.White || h.Black == g.White && h.White == g.Black {
			n++
		}
	}
	return n
}

// Started says that game i of Games is the server's game id.
func (t *Tournament) Started(i int, id string) error {
	if t.Status != Running {
		return ErrNotRunning
	}
	if i < 0 || i >= len(t.Games) || t.Games[i].Round != t.Round {
		return ErrNoSuchGame
	}
	if id == "" || t.Games[i].GameID != "" && t.Games[i].GameID != id {
		return fmt.Errorf("tournament: game %d of round %d is %q already", i, t.Round, t.Games[i].GameID)
	}
	t.Games[i].GameID = id
	return nil
}

// Record takes the result of the server's game id. It reports whether the
// tournament changed: a result already recorded changes nothing (the
// server may say it twice, after a restart), another result for it is an
// error. The last result of a round pairs the next (or finishes the
// tournament).
func (t *Tournament) Record(id string, r Result) (bool, error) {
	if r.Black != 0 && r.Black != 0.5 && r.Black != 1 || r.Margin < -64 || r.Margin > 64 ||
		r.Black == 1 && r.Margin < 0 || r.Black == 0 && r.Margin > 0 {
		return false, fmt.Errorf("tournament: result %+v: want Black's points 1, 0.5 or 0 and a margin that agrees", r)
	}
	i := slices.IndexFunc(t.Games, func(g Game) bool { return g.GameID == id && id != "" })
	if i < 0 {
		return false, ErrNoSuchGame
	}
	if g := t.Games[i]; g.Result != nil {
		if *g.Result == r {
			return false, nil
		}
		return false, fmt.Errorf("tournament: game %s has the result %+v already", id, *g.Result)
	}
	t.Games[i].Result = &r
	for _, g := range t.Games {
		if g.Round == t.Round && g.Result == nil {
			return true, nil
		}
	}
	return true, t.pair()
}

// Standing is a player's place: points (byes counted), games played and
// how they went, the disc margin of its games, and the tie-break
// (Sonneborn-Berger in a round robin: the points of the players it beat
// plus half those it drew; Buchholz in a Swiss tournament: its
// opponents' points).
type Standing struct {
	Player   Player  `json:"player"`
	Rank     int     `json:"rank"`
	Points   float64 `json:"points"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	Byes     int     `json:"byes"`
	Margin   int     `json:"margin"`
	TieBreak float64 `json:"tie_break"`
}

// Standings returns the players ranked by points, then tie-break, then
// disc margin, then the order they joined; players equal on all three
// share a rank.
func (t *Tournament) Standings() []Standing {
	out := make([]Standing, len(t.Players))
	at := map[string]int{}
	for i, p := range t.Players {
		out[i].Player = p
		at[p.ID] = i
	}
	for _, g := range t.Games {
		if g.Result == nil {
			continue
		}
		b, w := &out[at[g.Black]], &out[at[g.White]]
		b.Games++
		w.Games++
		b.Points += g.Result.Black
		w.Points += 1 - g.Result.Black
		b.Margin += g.Result.Margin
		w.Margin -= g.Result.Margin
		switch g.Result.Black {
		case 1:
			b.Wins++
			w.Losses++
		case 0:
			b.Losses++
			w.Wins++
		default:
			b.Draws++
			w.Draws++
		}
	}
	for _, bye := range t.Byes {
		if i, ok := at[bye]; ok && bye != "" {
			out[i].Byes++
			out[i].Points += byePoints(t.Settings.Kind)
		}
	}
	for _, g := range t.Games {
		if g.Result == nil {
			continue
		}
		b, w := &out[at[g.Black]], &out[at[g.White]]
		if t.Settings.Kind == Swiss {
			b.TieBreak += w.Points
			w.TieBreak += b.Points
			continue
		}
		b.TieBreak += g.Result.Black * w.Points
		w.TieBreak += (1 - g.Result.Black) * b.Points
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	same := func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.TieBreak, a.TieBreak), cmp.Compare(b.Margin, a.Margin))
	}
	slices.SortStableFunc(order, func(i, j int) int { return same(out[i], out[j]) })
	ranked := make([]Standing, len(out))
	for k, i := range order {
		ranked[k] = out[i]
		ranked[k].Rank = k + 1
		if k > 0 && same(ranked[k-1], ranked[k]) == 0 {
			ranked[k].Rank = ranked[k-1].Rank
		}
	}
	return ranked
}

// Crosstable returns, for each pair of players (rows and columns in the
// order of Standings), the points the row's player scored against the
// column's in each of their games, in the order played; a game not over
// is not in it.
func (t *Tournament) Crosstable() [][][]float64 {
	st := t.Standings()
	at := map[string]int{}
	for i, s := range st {
		at[s.Player.ID] = i
	}
	out := make([][][]float64, len(st))
	for i := range out {
		out[i] = make([][]float64, len(st))
	}
	for _, g := range t.Games {
		if g.Result == nil {
			continue
		}
		b, w := at[g.Black], at[g.White]
		out[b][w] = append(out[b][w], g.Result.Black)
		out[w][b] = append(out[w][b], 1-g.Result.Black)
	}
	return out
}
