package arena

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/endless"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

func TestEloAndInterval(t *testing.T) {
	tests := []struct {
		score Score
		elo   float64
	}{
		{Score{Wins: 50, Losses: 50}, 0},
		{Score{Wins: 76, Losses: 24}, 200.24},
		{Score{Wins: 24, Losses: 76}, -200.24},
		{Score{Draws: 10}, 0},
	}
	for _, tt := range tests {
		elo, lo, hi := tt.score.Elo()
		if math.Abs(elo-tt.elo) > 0.01 || lo > elo || hi < elo {
			t.Errorf("%+v: Elo %.2f [%.2f, %.2f], want %.2f inside", tt.score, elo, lo, hi, tt.elo)
		}
	}
	// More games, a narrower interval.
	_, lo1, hi1 := Score{Wins: 60, Losses: 40}.Elo()
	_, lo2, hi2 := Score{Wins: 600, Losses: 400}.Elo()
	if hi2-lo2 >= hi1-lo1 {
		t.Errorf("interval of 1000 games %.0f wide, of 100 games %.0f", hi2-lo2, hi1-lo1)
	}
	if f := FractionFromElo(EloFromFraction(0.3)); math.Abs(f-0.3) > 1e-9 {
		t.Errorf("round trip of 0.3: %v", f)
	}
	if los := (Score{Wins: 10, Losses: 10, Draws: 5}).LOS(); los != 0.5 {
		t.Errorf("LOS of an even score %v", los)
	}
	if los := (Score{Wins: 30, Losses: 10}).LOS(); los < 0.99 {
		t.Errorf("LOS of 30-10: %v", los)
	}
	s := Score{}
	s.Add(1, 10)
	s.Add(0.5, 0)
	s.Add(0, -4)
	if s != (Score{Wins: 1, Draws: 1, Losses: 1, Margin: 6}) || s.Reversed() != (Score{Wins: 1, Draws: 1, Losses: 1, Margin: -6}) {
		t.Errorf("Add: %+v", s)
	}
}

func TestSPRT(t *testing.T) {
	test, err := ParseSPRT("elo0=0,elo1=20")
	if err != nil || test.Alpha != 0.05 || test.Beta != 0.05 {
		t.Fatalf("%+v, %v", test, err)
	}
	lower, upper := test.Bounds()
	if math.Abs(upper-2.944) > 0.01 || math.Abs(lower+2.944) > 0.01 {
		t.Errorf("bounds %.3f %.3f, want -2.944 and 2.944", lower, upper)
	}
	// A clearly stronger player: H1; a clearly equal one: H0; few games: continue.
	if d := test.Decide(Score{Wins: 700, Draws: 50, Losses: 250}); d != AcceptH1 {
		t.Errorf("700-250: %v", d)
	}
	if d := test.Decide(Score{Wins: 1000, Draws: 100, Losses: 1000}); d != AcceptH0 {
		t.Errorf("1000-1000: %v", d)
	}
	if d := test.Decide(Score{Wins: 6, Losses: 4}); d != Continue {
		t.Errorf("6-4: %v", d)
	}
	for _, bad := range []string{"", "elo0=0", "elo0=10,elo1=5", "elo0=0,elo1=5,alpha=0.7", "elo0=x,elo1=5", "elo0=0,elo1=5,gamma=1"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestOpenings(t *testing.T) {
	xot, err := XOT()
	if err != nil || len(xot) != 10784 {
		t.Fatalf("%d XOT openings, %v", len(xot), err)
	}
	if _, err := ReadOpenings(strings.NewReader("# comment\nf5d6\n\nf5f5\n"), "test.txt", game.Standard); err == nil ||
		!strings.Contains(err.Error(), "test.txt line 4") {
		t.Errorf("illegal opening: %v", err)
	}
	if _, err := ReadOpenings(strings.NewReader("# nothing\n"), "empty.txt", game.Standard); err == nil {
		t.Errorf("a file without openings was accepted")
	}
	r := RandomOpenings(50, 6, game.Standard, 1)
	seen := map[string]bool{}
	for _, o := range r {
		g, err := o.Game(game.Standard)
		if err != nil || g.Ply() != 6 || seen[o.Moves] {
			t.Fatalf("random opening %q: %v", o.Moves, err)
		}
		seen[o.Moves] = true
	}
	if again := RandomOpenings(50, 6, game.Standard, 1); again[17] != r[17] {
		t.Errorf("random openings are not reproducible")
	}
	c := Choose(xot, 20, 3)
	if len(c) != 20 || c[0] == c[1] || Choose(xot, 20, 3)[5] != c[5] {
		t.Errorf("Choose: %v", c[:3])
	}
}

// quickMatch is a match of greedy (A) against random (B).
func quickMatch(openings int) *Tournament {
	return &Tournament{
		Names:       []string{"greedy", "random"},
		Openings:    RandomOpenings(openings, 4, game.Standard, 9),
		Concurrency: 3,
		Seed:        5,
		New: func(which int, seat Seat) (player.Player, error) {
			if which == 0 {
				return course.NewGreedy(seat.Seed), nil
			}
			return course.NewRandom(seat.Seed), nil
		},
	}
}

func TestMatchSchedule(t *testing.T) {
	m := quickMatch(10)
	var results []Result
	if err := m.Run(context.Background(), func(r Result) bool { results = append(results, r); return true }); err != nil {
		t.Fatal(err)
	}
	if len(results) != 20 {
		t.Fatalf("%d games, want 20", len(results))
	}
	byIndex := map[int]Result{}
	for _, r := range results {
		byIndex[r.Index] = r
	}
	for i := 0; i < 20; i += 2 {
		a, b := byIndex[i], byIndex[i+1]
		if !a.ABlack || b.ABlack || a.Opening != b.Opening {
			t.Fatalf("games %d and %d: A black %v/%v, openings %q/%q", i, i+1, a.ABlack, b.ABlack, a.Opening.Moves, b.Opening.Moves)
		}
		if a.Game.Info.Black != "greedy" || b.Game.Info.Black != "random" || a.Game.Info.Round != strconv.Itoa(i+1) {
			t.Fatalf("game %d names %+v", i, a.Game.Info)
		}
		if !strings.HasPrefix(a.Game.Transcript(), a.Opening.Moves) || a.Game.Result.Reason != game.Normal {
			t.Fatalf("game %d: %s does not start with %s", i, a.Game.Transcript(), a.Opening.Moves)
		}
	}
}

func TestShardsPartitionTheGames(t *testing.T) {
	seen := map[int]int{}
	for shard := range 3 {
		m := quickMatch(5)
		m.Shard, m.Shards = shard, 3
		var mu sync.Mutex
		if err := m.Run(context.Background(), func(r Result) bool {
			mu.Lock()
			defer mu.Unlock()
			if r.Index%3 != shard {
				t.Errorf("shard %d played game %d", shard, r.Index)
			}
			seen[r.Index]++
			return true
		}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 10 {
		if seen[i] != 1 {
			t.Errorf("game %d played %d times", i, seen[i])
		}
	}
	m := quickMatch(5)
	m.Shard, m.Shards = 3, 3
	if err := m.Run(context.Background(), func(Result) bool { return true }); err == nil {
		t.Errorf("shard 3 of 3 accepted")
	}
}

func TestMatchStopsAndFails(t *testing.T) {
	m := quickMatch(20)
	n := 0
	if err := m.Run(context.Background(), func(Result) bool { n++; return n < 5 }); err != nil || n != 5 {
		t.Errorf("stop after 5: %d games reported, %v", n, err)
	}
	m = quickMatch(3)
	m.Skip = func(i int) bool { return i < 4 }
	n = 0
	m.Run(context.Background(), func(r Result) bool {
		if r.Index < 4 {
			t.Errorf("skipped game %d played", r.Index)
		}
		n++
		return true
	})
	if n != 2 {
		t.Errorf("%d games after skipping 4 of 6", n)
	}
	m = quickMatch(3)
	build := m.New
	m.New = func(which int, seat Seat) (player.Player, error) {
		if which == 0 { // greedy only: the error names it, whichever game builds first
			return nil, errors.New("cannot start")
		}
		return build(which, seat)
	}
	if err := m.Run(context.Background(), func(Result) bool { return true }); err == nil || !strings.Contains(err.Error(), "player greedy: cannot start") {
		t.Errorf("a player that cannot be built: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := quickMatch(3).Run(ctx, func(Result) bool { return true }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled match: %v", err)
	}
}

func TestRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.ggf")
	rec, err := NewRecorder(path)
	if err != nil {
		t.Fatal(err)
	}
	m := quickMatch(4)
	var results []Result
	m.Run(context.Background(), func(r Result) bool {
		if err := rec.Record(r.Game); err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
		return true
	})
	rec.Close()
	back, err := ReadRecords(path)
	if err != nil || len(back) != 8 {
		t.Fatalf("%d records, %v", len(back), err)
	}
	for _, r := range results {
		g := back[r.Index]
		if g == nil || g.Transcript() != r.Game.Transcript() || g.Result.Winner != r.Game.Result.Winner {
			t.Fatalf("game %d not read back", r.Index)
		}
		a1, m1 := r.ForA()
		a2, m2 := Result{Index: r.Index, ABlack: r.ABlack, Game: g}.ForA()
		if a1 != a2 || m1 != m2 {
			t.Fatalf("game %d scores %v %d, read back %v %d", r.Index, a1, m1, a2, m2)
		}
	}
	if got, err := ReadRecords(filepath.Join(t.TempDir(), "none.ggf")); err != nil || len(got) != 0 {
		t.Errorf("missing file: %v, %v", got, err)
	}
	text, _ := os.ReadFile(path)
	for name, bad := range map[string]string{
		"torn":      string(text) + "9 (;GM[Othello]PB[x",
		"no number": "(;GM[Othello]PB[a]PW[b]RE[+2.000]TY[8];)\n",
		"twice":     string(text) + strings.SplitAfter(string(text), "\n")[0],
	} {
		p := filepath.Join(t.TempDir(), "bad.ggf")
		os.WriteFile(p, []byte(bad), 0o644)
		if _, err := ReadRecords(p); err == nil || !strings.Contains(err.Error(), "cannot use the records in "+p) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestResultFor(t *testing.T) {
	tests := []struct {
		name   string
		r      game.Result
		c      board.Color
		score  float64
		margin int
	}{
		{"normal, winner", game.Result{Reason: game.Normal, Winner: board.White, Black: 20, White: 40}, board.White, 1, 24},
		{"normal, loser", game.Result{Reason: game.Normal, Winner: board.White, Black: 20, White: 40}, board.Black, 0, -24},
		{"normal draw", game.Result{Reason: game.Normal, Winner: board.NoColor, Black: 32, White: 32}, board.Black, 0.5, 0},
		{"counted", game.Result{Reason: game.Counted, Winner: board.Black, By: board.White, Black: 4, White: 1}, board.White, 0, -62},
		{"timeout on an even board", game.Result{Reason: game.Timeout, Winner: board.Black, By: board.White, Black: 30, White: 30}, board.Black, 1, 64},
		{"timeout while ahead", game.Result{Reason: game.Timeout, Winner: board.Black, By: board.White, Black: 10, White: 40}, board.White, 0, -64},
		{"resigned while ahead", game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 40, White: 20}, board.White, 1, 64},
		{"illegal moves", game.Result{Reason: game.IllegalMoves, Winner: board.White, By: board.Black, Black: 3, White: 2}, board.Black, 0, -64},
		{"forfeit", game.Result{Reason: game.Forfeit, Winner: board.Black, By: board.White, Black: 2, White: 3}, board.Black, 1, 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if s, m := ResultFor(tt.r, tt.c); s != tt.score || m != tt.margin {
				t.Errorf("%v's result %v %+d, want %v %+d", tt.c, s, m, tt.score, tt.margin)
			}
		})
	}
}

func TestRatings(t *testing.T) {
	// Three players; b beats a 3:1, c beats b 3:1: c > b > a, about 190
	// Elo a step (75%).
	tab := NewTable([]string{"a", "b", "c"})
	for range 30 {
		tab.Add(1, 0, 1, 10)
		tab.Add(2, 1, 1, 10)
	}
	for range 10 {
		tab.Add(0, 1, 1, 10)
		tab.Add(1, 2, 1, 10)
	}
	r, err := tab.Ratings("a")
	if err != nil {
		t.Fatal(err)
	}
	if r[0].Name != "c" || r[1].Name != "b" || r[2].Name != "a" || r[2].Elo != 0 || r[2].Error != 0 {
		t.Fatalf("ratings %+v", r)
	}
	if r[1].Elo < 150 || r[1].Elo > 200 || r[0].Elo < 300 || r[0].Elo > 400 {
		t.Errorf("ratings %+v: want b about +180, c about +360", r)
	}
	if r[1].Error <= 0 || r[0].Error <= r[1].Error {
		t.Errorf("error bars %v %v: c is further from the anchor, its bar must be wider", r[0].Error, r[1].Error)
	}
	// Without an anchor the mean is 0.
	m, _ := tab.Ratings("")
	if sum := m[0].Elo + m[1].Elo + m[2].Elo; math.Abs(sum) > 1e-6 {
		t.Errorf("mean of unanchored ratings %v", sum/3)
	}
	// A player who won everything gets a finite rating.
	sweep := NewTable([]string{"x", "y"})
	for range 20 {
		sweep.Add(0, 1, 1, 64)
	}
	s, _ := sweep.Ratings("y")
	if math.IsInf(s[0].Elo, 0) || s[0].Elo < 300 {
		t.Errorf("a clean sweep rates %v", s[0].Elo)
	}
	if _, err := tab.Ratings("nobody"); err == nil {
		t.Errorf("an unknown anchor was accepted")
	}
}

func TestTournamentSchedule(t *testing.T) {
	tour := &Tournament{Names: []string{"p", "q", "r"}, Openings: RandomOpenings(2, 4, game.Standard, 1)}
	if tour.Games() != 12 {
		t.Fatalf("%d games", tour.Games())
	}
	count := map[[2]int]int{}
	for i := range tour.Games() {
		pair, o, aBlack := tour.Schedule(i)
		count[pair]++
		if o != (i%4)/2 || aBlack != (i%2 == 0) {
			t.Errorf("game %d: opening %d, A black %v", i, o, aBlack)
		}
	}
	if count[[2]int{0, 1}] != 4 || count[[2]int{0, 2}] != 4 || count[[2]int{1, 2}] != 4 {
		t.Errorf("pairings %v", count)
	}
}

// TestEndlessInputs: a file of openings or of records that never ends a
// line or a game is refused with an error that names the file, the place
// and the limit, after reading little more than the limit.
func TestEndlessInputs(t *testing.T) {
	in := endless.New('f', 64<<20)
	_, err := ReadOpenings(io.MultiReader(strings.NewReader("# XOT\nf5d6\n"), in), "big.txt", game.Standard)
	if want := "big.txt line 3: longer than 65536 bytes: a file of openings holds one transcript a line"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("endless openings: %v, want prefix %q", err, want)
	}
	if in.Served() > 2*MaxOpeningLine {
		t.Errorf("read %d bytes of openings to refuse a line of more than %d", in.Served(), MaxOpeningLine)
	}
	long := "f5d6" + strings.Repeat(" ", MaxOpeningLine-4)
	if got, err := ReadOpenings(strings.NewReader(long+"\r\nf5f6\n"), "long.txt", game.Standard); err != nil || len(got) != 2 {
		t.Errorf("a line of %d bytes: %d openings, %v", len(long), len(got), err)
	}

	in = endless.New('x', 64<<20)
	path, err := endless.File(t.TempDir(), "1 (;GM[Othello]PB[a]PW[b]RE[+2.000]TY[8];)\n2 (;GM[Othello]PC[", in)
	if err != nil {
		t.Skip(err)
	}
	_, err = ReadRecords(path)
	if want := "cannot use the records in " + path + ": ggf: game 2: the game is longer than 1048576 bytes"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("endless records: %v, want prefix %q", err, want)
	}
	if in.Served() > 2*ggf.MaxGame {
		t.Errorf("read %d bytes of records to refuse a game of more than %d", in.Served(), ggf.MaxGame)
	}
}

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		text          string
		shard, shards int
		ok            bool
	}{
		{"", 0, 1, true}, {"0/1", 0, 1, true}, {"0/4", 0, 4, true}, {"3/4", 3, 4, true},
		{"4/4", 0, 0, false}, {"-1/4", 0, 0, false}, {"1/0", 0, 0, false}, {"1", 0, 0, false}, {"a/b", 0, 0, false}, {"1/4/2", 0, 0, false},
	} {
		shard, shards, err := ParseShard(tt.text)
		if (err == nil) != tt.ok || shard != tt.shard || shards != tt.shards {
			t.Errorf("ParseShard(%q) = %d, %d, %v; want %d, %d, ok %v", tt.text, shard, shards, err, tt.shard, tt.shards, tt.ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), strconv.Quote(tt.text)+": want i/n") {
			t.Errorf("ParseShard(%q): %q, want the text first", tt.text, err)
		}
	}
}

// TestOneSidedElo: all wins (or all losses) give a one-sided bound, not an
// interval collapsed on the clamp of EloFromFraction, and an interval that
// reaches a share of 0 or 1 is said to be unbounded there (issue 19).
func TestOneSidedElo(t *testing.T) {
	tests := []struct {
		score Score
		text  string
	}{
		{Score{Wins: 100}, "> +607 (95%)"}, // 0.05^(1/100) = 0.9705
		{Score{Losses: 100}, "< -607 (95%)"},
		{Score{Wins: 10}, "> +183 (95%)"},
		{Score{Wins: 1}, "> -512 (95%)"},
		{Score{Wins: 99, Draws: 1}, "+920 [+730, unbounded]"},
		{Score{Losses: 99, Draws: 1}, "-920 [unbounded, -730]"},
		{Score{Wins: 76, Losses: 24}, "+200 [+128, +293]"},
		{Score{Draws: 10}, "+0 [+0, +0]"},
		{Score{}, "+0 [unbounded]"},
	}
	for _, tt := range tests {
		if got := tt.score.EloText(); got != tt.text {
			t.Errorf("%+v: %q, want %q", tt.score, got, tt.text)
		}
		if got := tt.score.String(); !strings.Contains(got, "Elo "+tt.text+",") {
			t.Errorf("%+v: String %q lacks %q", tt.score, got, tt.text)
		}
		// The JSON summary: null where unbounded, never the clamp.
		var s Summary
		s.Summarize(tt.score, nil)
		text, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("%+v: %v", tt.score, err)
		}
		if strings.Contains(string(text), "2400") || !strings.Contains(string(text), `"elo_text":`) {
			t.Errorf("%+v: %s", tt.score, text)
		}
	}
}

// TestReportUnits: the average margin is said to be in discs, in a
// score's line and in the rating list (issue 19).
func TestReportUnits(t *testing.T) {
	s := Score{Wins: 3, Losses: 1, Margin: 20}
	if got, want := s.String(), "margin +5.0 discs,"; !strings.Contains(got, want) {
		t.Errorf("String %q lacks %q", got, want)
	}
	table := NewTable([]string{"a", "b"})
	table.Add(0, 1, 1, 10)
	ratings, err := table.Ratings("")
	if err != nil {
		t.Fatal(err)
	}
	if got := table.Report(ratings, "", 1); !strings.Contains(got, "margin (discs)") {
		t.Errorf("the rating list does not give the margin's unit:\n%s", got)
	}
}

// TestReportNameColumns: the names of the rating list and the crosstable
// are in a column as wide as the longest, left-aligned, and no rating is
// "-0" (issue 19).
func TestReportNameColumns(t *testing.T) {
	long := "engine:level=1,threads=1,hash=4"
	table := NewTable([]string{long, "b", "c"})
	table.Add(0, 1, 1, 10)
	table.Add(1, 2, 0.5, 0)
	table.Add(2, 1, 0.5, 0)
	ratings, err := table.Ratings("")
	if err != nil {
		t.Fatal(err)
	}
	report := table.Report(ratings, "", 3)
	for _, re := range []string{
		`(?m)^ *\d+  b {` + strconv.Itoa(len(long)-1) + `}  `, // the rating list
		`(?m)^ *\d+ b {` + strconv.Itoa(len(long)-1) + `}  `,  // the crosstable
	} {
		if !regexp.MustCompile(re).MatchString(report) {
			t.Errorf("no line matching %s: a short name is not left-aligned in the column of the longest:\n%s", re, report)
		}
	}
	if strings.Contains(report, "-0 ") {
		t.Errorf("a rating of -0:\n%s", report)
	}
}

// TestDistinctGames: games repeat when their players, colours and moves
// are the same; the note is given only then.
func TestDistinctGames(t *testing.T) {
	mk := func(black, white, moves string) *game.Game {
		g := game.New(board.Start(), game.Standard)
		if err := g.PlayTranscript(moves); err != nil {
			t.Fatal(err)
		}
		g.Info.Black, g.Info.White = black, white
		return g
	}
	a := mk("A", "B", "f5d6c3")
	tests := []struct {
		name  string
		games []*game.Game
		want  int
	}{
		{"none", nil, 0},
		{"one", []*game.Game{a}, 1},
		{"the same twice", []*game.Game{a, mk("A", "B", "f5d6c3")}, 2 - 1},
		{"colours swapped", []*game.Game{a, mk("B", "A", "f5d6c3")}, 2},
		{"another move", []*game.Game{a, mk("A", "B", "f5d6c4")}, 2},
		{"a prefix", []*game.Game{a, mk("A", "B", "f5d6")}, 2},
		{"three, two alike", []*game.Game{a, mk("A", "B", "f5f6"), mk("A", "B", "f5d6c3")}, 2},
	}
	for _, tt := range tests {
		if got := DistinctGames(tt.games); got != tt.want {
			t.Errorf("%s: %d distinct, want %d", tt.name, got, tt.want)
		}
	}
	if note := RepeatNote(3, 3); note != "" {
		t.Errorf("no repeat: %q", note)
	}
	if note := RepeatNote(2, 400); !strings.Contains(note, "distinct games: 2 of 400") || !strings.HasSuffix(note, "\n") {
		t.Errorf("repeats: %q", note)
	}
	var s Summary
	s.Summarize(Score{Wins: 2}, []Result{{Game: a}, {Game: mk("A", "B", "f5d6c3")}})
	if s.Distinct != 1 || s.Played != 2 {
		t.Errorf("summary: %d distinct of %d played", s.Distinct, s.Played)
	}
}

// limitRecorder plays the first legal move and records the clocks it was
// asked under.
type limitRecorder struct {
	mu   *sync.Mutex
	seen *[]player.Request
}

func (limitRecorder) Name() string { return "recorder" }
func (r limitRecorder) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	r.mu.Lock()
	*r.seen = append(*r.seen, player.Request{TimeLeft: req.TimeLeft, GameTimeLeft: req.GameTimeLeft, Increment: req.Increment})
	r.mu.Unlock()
	sq, _ := board.NextSquare(req.Legal)
	return player.Reply{Move: sq}, nil
}

// TestOddsFollowThePlayer: a player with time odds (Tournament.Odds) is
// asked under its own clock in both colours, the other under the match's;
// the records and the summary name both clocks.
func TestOddsFollowThePlayer(t *testing.T) {
	var mu sync.Mutex
	seen := [2][]player.Request{}
	m := &Tournament{
		Names:       []string{"a", "b"},
		Openings:    RandomOpenings(1, 4, game.Standard, 3),
		Concurrency: 1,
		MoveTime:    time.Minute,
		GameTime:    time.Hour,
		Odds:        map[int]referee.Clock{1: {MoveTime: 2 * time.Minute}},
		New: func(which int, seat Seat) (player.Player, error) {
			return limitRecorder{mu: &mu, seen: &seen[which]}, nil
		},
	}
	var results []Result
	if err := m.Run(context.Background(), func(r Result) bool { results = append(results, r); return true }); err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || results[0].ABlack == results[1].ABlack || len(seen[0]) == 0 || len(seen[1]) == 0 {
		t.Fatalf("%d games, want 2 with the colours swapped", len(results))
	}
	for _, r := range seen[0] {
		if r.TimeLeft != time.Minute || r.GameTimeLeft <= 0 {
			t.Fatalf("a was asked under %+v, want the match's minute a move and hour a game", r)
		}
	}
	for _, r := range seen[1] {
		if r.TimeLeft != 2*time.Minute || r.GameTimeLeft != 0 {
			t.Fatalf("b was asked under %+v, want its own 2 minutes a move and no game clock", r)
		}
	}
	const want = "1m0s/move, 1h0m0s/game; b: 2m0s/move"
	for _, r := range results {
		if r.Game.Info.TimeControl != want {
			t.Errorf("record's time control %q, want %q", r.Game.Info.TimeControl, want)
		}
	}
	if s := m.MatchSummary("src", ""); s.Time != want {
		t.Errorf("summary's time control %q, want %q", s.Time, want)
	}
}

// TestOddsClock: a player given time odds keeps the others' clock where
// it is given none of its own, and has no game clock when it is given a
// per-move limit alone.
func TestOddsClock(t *testing.T) {
	base := referee.Clock{MoveTime: time.Second, GameTime: time.Minute}
	for _, tc := range []struct {
		name             string
		move, total, inc time.Duration
		want             referee.Clock
	}{
		{"all its own", 5 * time.Second, 2 * time.Minute, time.Second, referee.Clock{MoveTime: 5 * time.Second, GameTime: 2 * time.Minute, Increment: time.Second}},
		{"a per-move limit alone", 10 * time.Minute, 0, 0, referee.Clock{MoveTime: 10 * time.Minute}},
		{"a game clock alone", 0, 15 * time.Second, 0, referee.Clock{MoveTime: time.Second, GameTime: 15 * time.Second}},
		{"an increment alone", 0, 0, time.Second, referee.Clock{MoveTime: time.Second, GameTime: time.Minute, Increment: time.Second}},
	} {
		if got := OddsClock(base, tc.move, tc.total, tc.inc); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
