package arena

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// mv is a move of a test record: seconds 0 and no value for an opening
// move.
type mv struct {
	sq      string
	seconds float64
	eval    float64
	hasEval bool
}

// record makes a game of a match between black and white: the opening
// (a transcript), then the moves, then a resignation of loser (NoColor: a
// draw by agreement, counted as the discs say, which are even here only
// if they are).
func record(t *testing.T, black, white, opening string, moves []mv, winner board.Color) *game.Game {
	t.Helper()
	g := game.NewStandard()
	if err := g.PlayTranscript(opening); err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		sq := board.MustParseSquare(m.sq)
		if err := g.Play(game.Move{Square: sq, Time: time.Duration(m.seconds * float64(time.Second)), Eval: m.eval, HasEval: m.hasEval}); err != nil {
			t.Fatal(err)
		}
	}
	g.Info.Black, g.Info.White = black, white
	switch winner {
	case board.NoColor:
		g.Result = game.Result{Reason: game.Normal, Winner: board.NoColor, Black: 32, White: 32}
	default:
		g.Result = game.NewResult(g.Position(), game.Resignation, winner.Other())
	}
	return g
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestStats: the score of A, the time a game and a move by band, and the
// values from A's side at each side's first move at or below a mark,
// worked out by hand for two games with the colours swapped.
func TestStats(t *testing.T) {
	games := map[int]*game.Game{
		// A (eng) is Black: c3 at 58 empties, c4 at 56; ntest d3 at 57.
		0: record(t, "eng", "ntest", "f5d6", []mv{{"c3", 1, 2, true}, {"d3", 3, 1, true}, {"c4", 0.5, 4, true}}, board.Black),
		// A is White: ntest c3 at 58, A d3 at 57.
		1: record(t, "ntest", "eng", "f5d6", []mv{{"c3", 2, 3, true}, {"d3", 1, -2, true}}, board.Black),
	}
	a, b, err := RecordPlayers(games, "")
	if err != nil || a != "eng" || b != "ntest" {
		t.Fatalf("players %q, %q, %v; want eng and ntest", a, b, err)
	}
	if a2, _, _ := RecordPlayers(games, "nte"); a2 != "ntest" {
		t.Errorf("--player nte: A is %q", a2)
	}
	for _, bad := range []string{"n", "zz"} { // both names, neither
		if _, _, err := RecordPlayers(games, bad); err == nil {
			t.Errorf("--player %q: no error", bad)
		}
	}
	s := Stats(games, a, b, []EmptiesBand{{57, 60}, {0, 56}}, []int{50, 58, 57})
	if s.Score.Wins != 1 || s.Score.Losses != 1 || s.Score.Draws != 0 {
		t.Errorf("score %v, want one win and one loss", s.Score)
	}
	if s.TimedGames != 2 || s.GameTime != [2]time.Duration{1250 * time.Millisecond, 2500 * time.Millisecond} {
		t.Errorf("time a game %v over %d games, want 1.25 s and 2.5 s over 2", s.GameTime, s.TimedGames)
	}
	wantBands := []BandStats{
		{EmptiesBand{57, 60}, [2]int{2, 2}, [2]time.Duration{time.Second, 2500 * time.Millisecond}},
		{EmptiesBand{0, 56}, [2]int{1, 0}, [2]time.Duration{500 * time.Millisecond, 0}},
	}
	for i, w := range wantBands {
		if s.Bands[i] != w {
			t.Errorf("band %d: %+v, want %+v", i, s.Bands[i], w)
		}
	}
	wantMarks := []MarkStats{
		{58, [2]int{2, 2}, [2]float64{0, -2}}, // A: +2 and -2; B: -1 (+1 from its side) and -3
		{57, [2]int{2, 1}, [2]float64{1, -1}}, // A: +4 (c4) and -2; B: d3's -1 alone
		{50, [2]int{0, 0}, [2]float64{0, 0}},  // no move so late
	}
	for i, w := range wantMarks {
		m := s.Marks[i]
		if m.Empties != w.Empties || m.Games != w.Games || !near(m.Value[0], w.Value[0]) || !near(m.Value[1], w.Value[1]) {
			t.Errorf("mark %d: %+v, want %+v", i, m, w)
		}
	}
	if err := func() error {
		_, _, err := RecordPlayers(map[int]*game.Game{0: games[0], 1: record(t, "eng", "other", "f5", nil, board.Black)}, "")
		return err
	}(); err == nil || !strings.Contains(err.Error(), "game 2") {
		t.Errorf("a game between other players: %v", err)
	}
}

// TestPair: games of the same number, opening and colour of A are paired;
// the difference and its interval are those of the games' differences.
func TestPair(t *testing.T) {
	moves := []mv{{"c3", 1, 0, true}}
	here := map[int]*game.Game{
		0: record(t, "new", "x", "f5d6", []mv{{"c3", 1, 0, true}, {"d3", 1, 1, true}}, board.Black), // 1; x's value -1 at 57
		1: record(t, "x", "new", "f5d6", moves, board.Black),                                        // 0
		2: record(t, "new", "x", "f5f6", nil, board.NoColor),                                        // 0.5
		3: record(t, "new", "x", "f5d6", moves, board.Black),                                        // another opening there
		4: record(t, "new", "x", "f5d6", moves, board.White),                                        // not played there
	}
	there := map[int]*game.Game{
		0: record(t, "old", "x", "f5d6", []mv{{"c3", 1, 0, true}, {"d3", 1, 3, true}}, board.White), // 0: +1; x's value -3
		1: record(t, "x", "old", "f5d6", moves, board.Black),                                        // 0: 0
		2: record(t, "old", "x", "f5f6", nil, board.Black),                                          // 1: -0.5
		3: record(t, "old", "x", "f5f4", nil, board.Black),
		5: record(t, "old", "x", "f5d6", moves, board.Black),
	}
	p := Pair(here, "new", there, "old", []int{57})
	if p.Games != 3 || p.Unpaired != 1 {
		t.Fatalf("%+v: want 3 games paired and 1 not", p)
	}
	// Differences 1, 0, -0.5: mean 1/6, sample variance 7/12.
	half := 100 * 1.959964 * math.Sqrt(7.0/12/3)
	if !near(p.Here, 0.5) || !near(p.There, 1.0/3) || !near(p.Diff, 100.0/6) || !near(p.Half, half) {
		t.Errorf("%+v: want here 0.5, there 1/3, %+.4f ± %.4f points", p, 100.0/6, half)
	}
	// x's values at 57 empties: in game 1 alone (x made no move so late in
	// the others), -1 here and -3 there.
	if len(p.Marks) != 1 || p.Marks[0] != (PairedMark{Empties: 57, Games: 1, Diff: 2}) {
		t.Errorf("marks %+v, want x's values 2 discs better for A at 57 empties in one game", p.Marks)
	}
	// A of another colour is not paired.
	there[0] = record(t, "x", "old", "f5d6", moves, board.White)
	if p := Pair(here, "new", there, "old", nil); p.Games != 2 || p.Unpaired != 2 {
		t.Errorf("A White there: %+v, want 2 paired and 2 not", p)
	}
}
