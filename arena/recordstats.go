// Figures of a match's records for one of its players: the score, the time
// each side took and the values each side gave, by the empty squares of
// the positions; and the difference game by game with another match
// played on the same openings.

package arena

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Sides of RecordStats: the player the figures are of, and the opponent.
const (
	SideA = 0
	SideB = 1
)

// EmptiesBand is a range of empty squares, both ends included.
type EmptiesBand struct{ Min, Max int }

// DefaultTimeBands are the bands of RecordStats.Bands: the opening (48 to
// 60 empty squares, the XOT start at 52 among them), eight counts each
// from 47 down to 16, and the end (15 and fewer).
var DefaultTimeBands = []EmptiesBand{{48, 60}, {40, 47}, {32, 39}, {24, 31}, {16, 23}, {0, 15}}

// DefaultMarks are the counts of empty squares RecordStats.Marks reads the
// sides' values at.
var DefaultMarks = []int{44, 36, 30, 24, 20, 14}

// RecordStats are the figures of a match's games for its player A.
type RecordStats struct {
	// A and B are the players' names as the records give them (PB, PW).
	A, B string
	// Score is A's.
	Score Score
	// GameTime is the time each side took in a game on average (its moves
	// that record one); TimedGames counts the games with a time.
	GameTime   [2]time.Duration
	TimedGames int
	// Bands are the time each side took a move by the empty squares of the
	// position it moved in (moves that record a time; openings given to
	// both players and forced moves with no time count nowhere).
	Bands []BandStats
	// Marks are the values the sides gave, seen from A's side, at the first
	// of a side's moves in each game made with at most a number of empty
	// squares (moves with a value): where the discs go.
	Marks []MarkStats
}

// BandStats is the time each side took a move within a band of empties.
type BandStats struct {
	EmptiesBand
	Moves    [2]int
	MoveTime [2]time.Duration // the mean
}

// MarkStats is the mean value of each side's evaluations at a mark.
type MarkStats struct {
	Empties int
	Games   [2]int     // the games with such a move of the side
	Value   [2]float64 // the mean, in discs from A's side
}

// RecordPlayers returns the two players of a match's games, A first: the
// player whose name contains player if it is not "", else the player of
// Black in the game of the lowest number. Every game must be between the
// same two players.
func RecordPlayers(games map[int]*game.Game, player string) (a, b string, err error) {
	if len(games) == 0 {
		return "", "", errors.New("no games")
	}
	nums := sortedNumbers(games)
	first := games[nums[0]].Info
	a, b = first.Black, first.White
	if player != "" {
		inA, inB := strings.Contains(a, player), strings.Contains(b, player)
		switch {
		case inA && inB:
			return "", "", fmt.Errorf("both players' names contain %q: %q and %q", player, a, b)
		case !inA && !inB:
			return "", "", fmt.Errorf("no player's name contains %q: %q and %q", player, a, b)
		case inB:
			a, b = b, a
		}
	}
	if a == b {
		return "", "", fmt.Errorf("game %d: both players are %q", nums[0]+1, a)
	}
	for _, n := range nums {
		in := games[n].Info
		if !(in.Black == a && in.White == b) && !(in.Black == b && in.White == a) {
			return "", "", fmt.Errorf("game %d is between %q and %q, not the match's players %q and %q", n+1, in.Black, in.White, a, b)
		}
	}
	return a, b, nil
}

// colorOf returns the colour name plays in g.
func colorOf(g *game.Game, name string) board.Color {
	if g.Info.Black == name {
		return board.Black
	}
	return board.White
}

// sortedNumbers returns the numbers of the games in order.
func sortedNumbers(games map[int]*game.Game) []int {
	nums := make([]int, 0, len(games))
	for n := range games {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	return nums
}

// Stats returns the figures of the games for player a against b
// (RecordPlayers), with the given bands of empties for the time a move
// and marks for the values.
func Stats(games map[int]*game.Game, a, b string, bands []EmptiesBand, marks []int) RecordStats {
	s := RecordStats{A: a, B: b, Bands: make([]BandStats, len(bands)), Marks: make([]MarkStats, len(marks))}
	for i, band := range bands {
		s.Bands[i].EmptiesBand = band
	}
	marks = fromTheStart(marks)
	bandTime := make([][2]time.Duration, len(bands))
	markSum := make([][2]float64, len(marks))
	var gameTime [2]time.Duration
	for _, n := range sortedNumbers(games) {
		g := games[n]
		ca := colorOf(g, a)
		result, margin := ResultFor(g.Result, ca)
		s.Score.Add(result, margin)
		var took [2]time.Duration
		values := newMarkReader(marks)
		walk(g, ca, func(side, empties int, m game.Move) {
			values.move(side, empties, m)
			if m.Time <= 0 {
				return
			}
			took[side] += m.Time
			for i, band := range bands {
				if empties >= band.Min && empties <= band.Max {
					s.Bands[i].Moves[side]++
					bandTime[i][side] += m.Time
				}
			}
		})
		for i := range marks {
			for side := range 2 {
				if v := values.out[i][side]; !math.IsNaN(v) {
					s.Marks[i].Games[side]++
					markSum[i][side] += v
				}
			}
		}
		if took[SideA] > 0 || took[SideB] > 0 {
			s.TimedGames++
			gameTime[SideA] += took[SideA]
			gameTime[SideB] += took[SideB]
		}
	}
	for side := range 2 {
		if s.TimedGames > 0 {
			s.GameTime[side] = gameTime[side] / time.Duration(s.TimedGames)
		}
		for i := range s.Bands {
			if n := s.Bands[i].Moves[side]; n > 0 {
				s.Bands[i].MoveTime[side] = bandTime[i][side] / time.Duration(n)
			}
		}
		for i := range s.Marks {
			s.Marks[i].Empties = marks[i]
			if n := s.Marks[i].Games[side]; n > 0 {
				s.Marks[i].Value[side] = markSum[i][side] / float64(n)
			}
		}
	}
	return s
}

// fromTheStart returns the marks from the most empty squares down.
func fromTheStart(marks []int) []int {
	marks = slices.Clone(marks)
	slices.Sort(marks)
	slices.Reverse(marks)
	return marks
}

// walk calls f with every move of g, the side that made it (SideA for the
// player of colour ca) and the empty squares of the position it was made
// in.
func walk(g *game.Game, ca board.Color, f func(side, empties int, m game.Move)) {
	replay := game.New(g.Start, g.Rule)
	for _, m := range g.Moves {
		side := SideA
		if replay.Position().Turn != ca {
			side = SideB
		}
		f(side, replay.Position().Board.Empties(), m)
		if replay.Play(m) != nil {
			return // the records' games were replayed when read: not reached
		}
	}
}

// markValues returns, for each mark (from the start), the value each side
// gave with its first move at or below it, from A's side (ca), NaN where
// it gave none: a move below several marks at once counts for each.
func markValues(g *game.Game, ca board.Color, marks []int) [][2]float64 {
	r := newMarkReader(marks)
	walk(g, ca, r.move)
	return r.out
}

// markReader finds markValues move by move (walk's moves).
type markReader struct {
	marks []int
	seen  [2]int // marks passed, by side
	out   [][2]float64
}

func newMarkReader(marks []int) *markReader {
	r := &markReader{marks: marks, out: make([][2]float64, len(marks))}
	for i := range r.out {
		r.out[i] = [2]float64{math.NaN(), math.NaN()}
	}
	return r
}

// move reads a move of a side, made with that many empty squares.
func (r *markReader) move(side, empties int, m game.Move) {
	if !m.HasEval {
		return
	}
	v := m.Eval
	if side == SideB {
		v = -v
	}
	for ; r.seen[side] < len(r.marks) && empties <= r.marks[r.seen[side]]; r.seen[side]++ {
		r.out[r.seen[side]][side] = v
	}
}

// Pairing is the difference game by game between two matches of player A
// played on the same openings (reversi match's seed and settings but the
// players): games of the same number from the same start and opening
// moves, with A of the same colour.
type Pairing struct {
	// Games are the games paired; Unpaired those of a number both matches
	// played that were not (another opening, another colour).
	Games, Unpaired int
	// Here and There are A's score in the paired games of each match, a
	// share of the points.
	Here, There float64
	// Diff is Here - There in points (percent of the games' points), and
	// Half the half-width of its 95% interval (from the spread of the
	// games' differences).
	Diff, Half float64
	// Marks compare B's values (from A's side) at each mark, B being the
	// same opponent in both matches: its view of how A stands, game by
	// game, a measure of the middle game with less luck than the result.
	Marks []PairedMark
}

// PairedMark is the difference of B's values at a mark between the two
// matches, over the paired games where B gave one in both.
type PairedMark struct {
	Empties    int
	Games      int
	Diff, Half float64 // discs, and the half-width of the 95% interval
}

// Pair compares the games of two matches of player A: a and aThere are
// its names in here and there; marks are those of B's values to compare.
func Pair(here map[int]*game.Game, a string, there map[int]*game.Game, aThere string, marks []int) Pairing {
	var p Pairing
	marks = fromTheStart(marks)
	var diffs []float64
	markDiffs := make([][]float64, len(marks))
	var sumHere, sumThere float64
	for _, n := range sortedNumbers(here) {
		g, h := here[n], there[n]
		if h == nil {
			continue
		}
		ca, cb := colorOf(g, a), colorOf(h, aThere)
		if ca != cb || !sameOpening(g, h) {
			p.Unpaired++
			continue
		}
		x, _ := ResultFor(g.Result, ca)
		y, _ := ResultFor(h.Result, cb)
		sumHere += x
		sumThere += y
		diffs = append(diffs, x-y)
		vg, vh := markValues(g, ca, marks), markValues(h, cb, marks)
		for i := range marks {
			if d := vg[i][SideB] - vh[i][SideB]; !math.IsNaN(d) {
				markDiffs[i] = append(markDiffs[i], d)
			}
		}
	}
	p.Games = len(diffs)
	for i, mark := range marks {
		d, half := meanInterval(markDiffs[i])
		p.Marks = append(p.Marks, PairedMark{Empties: mark, Games: len(markDiffs[i]), Diff: d, Half: half})
	}
	if p.Games == 0 {
		return p
	}
	k := float64(p.Games)
	p.Here, p.There = sumHere/k, sumThere/k
	d, half := meanInterval(diffs)
	p.Diff, p.Half = 100*d, 100*half
	return p
}

// meanInterval returns the mean of xs and the half-width of its 95%
// interval (normal, from the sample's spread; 0 for fewer than two).
func meanInterval(xs []float64) (mean, half float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	k := float64(len(xs))
	mean /= k
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, 1.959964 * math.Sqrt(ss/(k-1)/k)
}

// opening returns the moves a game starts with that neither player chose:
// those with no time and no value, before the first that has one.
func opening(g *game.Game) []board.Square {
	var out []board.Square
	for _, m := range g.Moves {
		if m.Time > 0 || m.HasEval {
			break
		}
		out = append(out, m.Square)
	}
	return out
}

// sameOpening says whether two games start from the same position with
// the same opening moves.
func sameOpening(g, h *game.Game) bool {
	return g.Start == h.Start && g.Rule == h.Rule && slices.Equal(opening(g), opening(h))
}
