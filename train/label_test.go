package train

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
)

func TestLabelResumesAndMerges(t *testing.T) {
	if testing.Short() {
		t.Skip("searches positions")
	}
	work := t.TempDir()
	cfg := DefaultLabelConfig()
	cfg.Work, cfg.Positions, cfg.Fraction, cfg.Depth, cfg.ExactEmpties, cfg.MinEmpties, cfg.MaxEmpties = work, 8, 0.002, 4, 12, 8, 40
	ev := engine.DefaultEvaluator()
	ctx := context.Background()
	for shard := range 2 {
		c := cfg
		c.Shard, c.Shards = shard, 2
		if _, err := Label(ctx, c, ev); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(work, "labels-1-of-2.txt")
	whole, _ := os.ReadFile(file)
	lines := strings.Split(strings.TrimSuffix(string(whole), "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("shard 1: %d lines, want a header and 4 positions:\n%s", len(lines), whole)
	}
	// A stop in the middle of the last line: the merge leaves it out, a
	// run of the same settings writes it again.
	cut := len(whole) - len(lines[4])/2 - 1
	os.WriteFile(file, whole[:cut], 0o644)
	if part, _, err := ReadLabels(work); err != nil || len(part) > 7 {
		t.Fatalf("a cut file: %d labels, %v; want at most 7", len(part), err)
	}
	c := cfg
	c.Shard, c.Shards = 1, 2
	if _, err := Label(ctx, c, ev); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(file); string(again) != string(whole) {
		t.Errorf("resumed file:\n%s\nwant:\n%s", again, whole)
	}
	labels, headers, err := ReadLabels(work)
	if err != nil || len(headers) != 1 || len(labels) < 6 {
		t.Fatalf("%d labels, %v, %v; want 6 or more of 8 indexes", len(labels), headers, err)
	}
	s, err := endgame.New(endgame.Options{Threads: 1, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, lp := range labels {
		e := lp.Board.Empties()
		if e < 8 || e > 40 || (lp.Source == LabelExact) != (e <= 12) {
			t.Errorf("%+v: %d empties, source %c", lp, e, lp.Source)
		}
		if lp.Source == LabelExact {
			r, _ := s.Search(ctx, lp.Board, endgame.Limits{Mode: endgame.Exact}, nil)
			if float64(r.Score) != lp.Value {
				t.Errorf("%v: label %v, exact score %d", lp.Board, lp.Value, r.Score)
			}
		}
	}
	// Other settings in the same folder are refused, and change nothing.
	c.Depth = 5
	if _, err := Label(ctx, c, ev); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other depth: %v", err)
	}
	if after, _ := os.ReadFile(file); string(after) != string(whole) {
		t.Error("a refused run changed the file")
	}
	// A shard of other settings copied into the folder is refused by the merge.
	other := strings.Replace(string(whole), "depth=4", "depth=6", 1)
	os.WriteFile(filepath.Join(work, "labels-2-of-3.txt"), []byte(other), 0o644)
	if _, _, err := ReadLabels(work); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("mixed settings: %v", err)
	}
}

func TestLabelBadInput(t *testing.T) {
	work := t.TempDir()
	cfg := DefaultLabelConfig()
	cfg.Work = work
	for _, c := range []struct {
		name string
		edit func(*LabelConfig)
		want string
	}{
		{"no positions", func(c *LabelConfig) { c.Positions = 0 }, "positions"},
		{"depth", func(c *LabelConfig) { c.Depth = 0 }, "depth 0"},
		{"probability", func(c *LabelConfig) { c.Probability = 50 }, "probability 50"},
		{"shard", func(c *LabelConfig) { c.Shard, c.Shards = 3, 2 }, "shard 3/2"},
		{"empties", func(c *LabelConfig) { c.MinEmpties = 40; c.MaxEmpties = 30 }, "empties"},
		{"random", func(c *LabelConfig) { c.Random = 101 }, "random"},
	} {
		c2 := cfg
		c.edit(&c2)
		if _, err := Label(context.Background(), c2, engine.DefaultEvaluator()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error about %q", c.name, err, c.want)
		}
	}
	if entries, _ := os.ReadDir(work); len(entries) != 0 {
		t.Errorf("refused settings left %d files", len(entries))
	}
	if _, _, err := ReadLabels(work); err == nil || !strings.Contains(err.Error(), "no label files") {
		t.Errorf("empty folder: %v", err)
	}
	start := board.StartBoard()
	for _, c := range []struct{ line, want string }{
		{"1 s 0000000810000000 0000001008000000 3.5 x", "fields"},
		{"1 s 0000000810000000 0000001008000000 1001", "bad value"},
		{"1 e 0000000810000000 0000001008000000 2.5", "bad value"},
		{"1 q 0000000810000000 0000001008000000 1", "bad source"},
		{"1 s 0000000000000000 0000000000000000 1", "not a position"},
		{"x -", "bad index"},
	} {
		os.WriteFile(filepath.Join(work, "labels-0-of-1.txt"), []byte(labelHeaderPrefix+"x\n"+c.line+"\n"), 0o644)
		if _, _, err := ReadLabels(work); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("line %q: %v, want an error about %q", c.line, err, c.want)
		}
	}
	lp := LabelledPosition{Index: 3, Board: start, Value: -2.5, Source: LabelSearch}
	if back, err := parseLabel(lp.line()); err != nil || back != lp {
		t.Errorf("%q read back as %+v, %v", lp.line(), back, err)
	}
	lp.Value = 78.19 // a search's value past the end's bounds reads as 64
	if back, err := parseLabel(lp.line()); err != nil || back.Value != 64 {
		t.Errorf("%q read back as %+v, %v", lp.line(), back, err)
	}
}

// TestLabelFromGames: with games given, every position labelled is one
// of theirs (no random moves asked), the label files name the games, and
// a run with other games in the same folder is refused; games given
// with no name, or none, are refused.
func TestLabelFromGames(t *testing.T) {
	games := kthMoveGames(t)
	reached := map[board.Board]bool{}
	for _, g := range games {
		for ply := 0; ply <= len(g.Moves); ply++ {
			reached[g.PositionAt(ply).Board] = true
		}
	}
	work := t.TempDir()
	cfg := DefaultLabelConfig()
	cfg.Work, cfg.Positions, cfg.Depth, cfg.MinEmpties, cfg.MaxEmpties, cfg.Random, cfg.Threads = work, 12, 2, 48, 58, 0, 1
	cfg.Games, cfg.GamesID = games, "three/0123456789abcdef"
	ev := engine.DefaultEvaluator()
	if _, err := Label(context.Background(), cfg, ev); err != nil {
		t.Fatal(err)
	}
	labels, headers, err := ReadLabels(work)
	if err != nil || len(labels) == 0 || len(headers) != 1 || !strings.HasSuffix(headers[0], " games=three/0123456789abcdef") {
		t.Fatalf("%d labels, headers %q, %v", len(labels), headers, err)
	}
	for _, lp := range labels {
		if !reached[lp.Board] {
			t.Errorf("label %d: a position none of the games reaches:\n%v", lp.Index, lp.Board)
		}
	}
	// A refit that keeps the positions games reach keeps them all with
	// these games given.
	kept, _, err := RefitSet{Labels: []string{work}, GamePositions: true, Games: games}.Positions()
	if err != nil || len(kept) != len(labels) {
		t.Errorf("the game positions with the games given: %d of %d, %v", len(kept), len(labels), err)
	}
	other := cfg
	other.GamesID = "other/fedcba9876543210"
	if _, err := Label(context.Background(), other, ev); err == nil || !strings.Contains(err.Error(), "games=") {
		t.Errorf("a run with other games in the folder: %v, want it refused over the games", err)
	}
	for _, c := range []struct {
		name string
		edit func(*LabelConfig)
	}{
		{"no name", func(c *LabelConfig) { c.GamesID = "" }},
		{"a name with a space", func(c *LabelConfig) { c.GamesID = "a b" }},
		{"no games", func(c *LabelConfig) { c.Games = []*game.Game{} }},
	} {
		c2 := cfg
		c2.Work = t.TempDir()
		c.edit(&c2)
		if _, err := Label(context.Background(), c2, ev); err == nil {
			t.Errorf("%s: labelled", c.name)
		}
	}
}

// TestGamePositions: a labelled position is kept when a game reaches it,
// in any symmetry, and dropped when none does (as after a random move).
func TestGamePositions(t *testing.T) {
	g, err := game.ParseTranscript("f5d6c3d3c4")
	if err != nil {
		t.Fatal(err)
	}
	start := board.StartBoard()
	f5 := start.Play(board.MustParseSquare("f5"))
	tiger := g.Position().Board
	mirrored, _ := tiger.Canonical()
	offLine := f5.Play(board.MustParseSquare("f4")) // a reply the game did not play
	labels := []LabelledPosition{
		{Index: 0, Board: start, Value: 0},
		{Index: 1, Board: f5, Value: 1},
		{Index: 2, Board: offLine, Value: 2},
		{Index: 3, Board: tiger, Value: 3},
		{Index: 4, Board: board.Symmetry(5).Apply(mirrored), Value: 4},
	}
	got := GamePositions(labels, []*game.Game{g})
	var kept []int
	for _, l := range got {
		kept = append(kept, l.Index)
	}
	if fmt.Sprint(kept) != "[0 1 3 4]" {
		t.Errorf("kept %v, want [0 1 3 4] (the position after f5 f4 is off the game)", kept)
	}
}

// TestSample: a fraction keeps about that share of the positions, the
// same ones every time, each smaller sample inside the larger ones, and
// independently of the tenth that Refit holds out.
func TestSample(t *testing.T) {
	// Every position 6 plies from the start: 10,000 or so distinct boards.
	var labels []LabelledPosition
	seen := map[board.Board]bool{}
	var walk func(b board.Board, plies int)
	walk = func(b board.Board, plies int) {
		if plies == 0 {
			if !seen[b] {
				seen[b] = true
				labels = append(labels, LabelledPosition{Index: len(labels), Board: b})
			}
			return
		}
		for m := b.Moves(); m != 0; m &= m - 1 {
			walk(b.Play(board.Square(bits.TrailingZeros64(m))), plies-1)
		}
	}
	walk(board.StartBoard(), 6)
	n := len(labels)
	if got := Sample(labels, 1); len(got) != n {
		t.Fatalf("fraction 1 kept %d of %d", len(got), n)
	}
	var larger map[int]bool
	for _, f := range []float64{0.5, 0.25, 0.1} {
		got := Sample(labels, f)
		if again := Sample(labels, f); fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("fraction %v: two calls kept different positions", f)
		}
		want := f * float64(n)
		// Five standard deviations of a binomial count.
		if d := math.Abs(float64(len(got)) - want); d > 5*math.Sqrt(want*(1-f)) {
			t.Errorf("fraction %v kept %d of %d, want about %.0f", f, len(got), n, want)
		}
		kept, heldOut := map[int]bool{}, 0
		for _, l := range got {
			kept[l.Index] = true
			if larger != nil && !larger[l.Index] {
				t.Errorf("fraction %v keeps position %d, which the larger sample does not", f, l.Index)
			}
			if l.Board.Hash()%10 == 0 {
				heldOut++
			}
		}
		if share := float64(heldOut) / float64(len(got)); share < 0.07 || share > 0.13 {
			t.Errorf("fraction %v: %.3f of its positions are in the held-out tenth, want about 0.1", f, share)
		}
		larger = kept
	}
}

// TestLabelEvery: --every labels each position the games reach once, up
// to symmetry (a game that is another one's mirror image adds nothing),
// within the empties and with a move to make, none after random moves;
// its shards together hold them all, a run again adds nothing, and the
// refit's game positions keep them all. Random moves, or a range of
// empties no game reaches, are refused.
func TestLabelEvery(t *testing.T) {
	games := kthMoveGames(t)
	// Game 0 transposed (the start is its own transpose): the same
	// positions up to symmetry.
	mirror := game.NewStandard()
	for _, m := range games[0].Moves {
		if err := mirror.PlaySquare(board.Symmetry(4).ApplySquare(m.Square)); err != nil {
			t.Fatal(err)
		}
	}
	games = append(games, mirror)
	// The positions to label, found the slow way: every position of
	// every game within the empties, compared with each kept one in all
	// its symmetries.
	const minE, maxE = 48, 58
	var want []board.Board
	for _, g := range games {
	positions:
		for ply := 0; ply <= len(g.Moves); ply++ {
			b := g.PositionAt(ply).Board
			if b.Empties() < minE || b.Empties() > maxE || !b.HasMoves() {
				continue
			}
			for _, w := range want {
				for s := range board.Symmetries {
					if board.Symmetry(s).Apply(w) == b {
						continue positions
					}
				}
			}
			want = append(want, b)
		}
	}
	if len(want) < 20 {
		t.Fatalf("only %d positions to label", len(want))
	}
	if got := EveryPosition(games, minE, maxE); len(got) != len(want) {
		t.Fatalf("EveryPosition: %d positions, want %d", len(got), len(want))
	}
	work := t.TempDir()
	cfg := DefaultLabelConfig()
	cfg.Work, cfg.Depth, cfg.MinEmpties, cfg.MaxEmpties, cfg.Random, cfg.Threads, cfg.Every = work, 2, minE, maxE, 0, 1, true
	cfg.Positions = 1 // set by Label
	cfg.Games, cfg.GamesID = games, "four/0123456789abcdef"
	ev := engine.DefaultEvaluator()
	for shard := range 2 {
		c := cfg
		c.Shard, c.Shards = shard, 2
		if _, err := Label(context.Background(), c, ev); err != nil {
			t.Fatal(err)
		}
	}
	labels, headers, err := ReadLabels(work)
	if err != nil || len(headers) != 1 || !strings.Contains(headers[0], fmt.Sprintf("positions=%d ", len(want))) || !strings.Contains(headers[0], " every=1") {
		t.Fatalf("headers %q, %v", headers, err)
	}
	if len(labels) != len(want) {
		t.Fatalf("%d positions labelled, want %d", len(labels), len(want))
	}
	seen := map[board.Board]bool{}
	for _, lp := range labels {
		if lp.Index < 0 || lp.Index >= len(want) || lp.Board != want[lp.Index] || seen[lp.Board] {
			t.Errorf("label %d: %v, want position %d of the games once", lp.Index, lp.Board, lp.Index)
		}
		seen[lp.Board] = true
	}
	before, _ := os.ReadFile(filepath.Join(work, "labels-0-of-2.txt"))
	c := cfg
	c.Shard, c.Shards = 0, 2
	if _, err := Label(context.Background(), c, ev); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(filepath.Join(work, "labels-0-of-2.txt")); string(after) != string(before) {
		t.Error("a run again changed the labels")
	}
	kept, _, err := RefitSet{Labels: []string{work}, GamePositions: true, Games: games}.Positions()
	if err != nil || len(kept) != len(labels) {
		t.Errorf("the game positions: %d of %d, %v", len(kept), len(labels), err)
	}
	for _, bad := range []struct {
		name string
		edit func(*LabelConfig)
	}{
		{"random moves", func(c *LabelConfig) { c.Random = 25 }},
		{"no position in the range", func(c *LabelConfig) { c.MinEmpties, c.MaxEmpties = 1, 30 }},
		{"no games", func(c *LabelConfig) { c.Games = []*game.Game{} }},
	} {
		c := cfg
		c.Work = t.TempDir()
		bad.edit(&c)
		if _, err := Label(context.Background(), c, ev); err == nil {
			t.Errorf("%s: labelled", bad.name)
		}
	}
}

// kthMoveGames returns three games of 14 moves, game k playing the k-th
// legal move each time (counted in square order, modulo their number).
func kthMoveGames(t *testing.T) []*game.Game {
	t.Helper()
	var games []*game.Game
	for k := range 3 {
		g := game.NewStandard()
		for range 14 {
			m := g.Legal()
			for range k % bits.OnesCount64(m) {
				m &= m - 1
			}
			if err := g.PlaySquare(board.Square(bits.TrailingZeros64(m))); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, g)
	}
	return games
}

// TestResultPositions: the positions of the games before their exact
// scores at 24 empties are labelled with those scores from the side to
// move's view: at 25 empties a label is minus the database's score of a
// position one move later (TheoreticalPositions, the opponent to move).
func TestResultPositions(t *testing.T) {
	res, err := ResultPositions(true, 40)
	if err != nil {
		t.Fatal(err)
	}
	theo, err := TheoreticalPositions(true)
	if err != nil {
		t.Fatal(err)
	}
	scores := map[board.Board]int{}
	for _, l := range theo {
		scores[l.Board] = l.Score
	}
	if len(res) < 1000 || len(theo) < 1000 {
		t.Fatalf("%d positions of the held-out games, %d exact scores", len(res), len(theo))
	}
	checked := 0
	for _, l := range res {
		e := l.Board.Empties()
		if e < 25 || e > 40 || !l.Board.HasMoves() || l.Score < -64 || l.Score > 64 || l.Score%2 != 0 {
			t.Fatalf("%v (%d empties) labelled %d", l.Board, e, l.Score)
		}
		if e != 25 {
			continue
		}
		found, pass := false, false
		for m := l.Board.Moves(); m != 0; m &= m - 1 {
			next := l.Board.Play(board.Square(bits.TrailingZeros64(m)))
			s, ok := scores[next]
			found = found || ok && s == -l.Score
			pass = pass || !next.HasMoves() // the database scores no position of a pass
		}
		if pass && !found {
			continue
		}
		if !found {
			t.Errorf("%v: labelled %d, and no move leads to a position of the database scored %d for the opponent", l.Board, l.Score, -l.Score)
		}
		checked++
	}
	if checked < 1000 {
		t.Errorf("%d positions at 25 empties checked", checked)
	}
}

// TestReadLabelsGzip: label files kept compressed (.txt.gz) read as the
// plain ones; a shard in both forms, or a damaged file, is refused.
func TestReadLabelsGzip(t *testing.T) {
	dir := t.TempDir()
	const header = labelHeaderPrefix + "positions=2 seed=1 test\n"
	write := func(name, text string, zip bool) {
		t.Helper()
		path := filepath.Join(dir, name)
		var data []byte
		if zip {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write([]byte(text))
			zw.Close()
			data = buf.Bytes()
		} else {
			data = []byte(text)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	start := board.Start().Board
	write("labels-0-of-2.txt", header+fmt.Sprintf("0 s %016x %016x 1.50\n", start.P, start.O), false)
	other := board.Start().Play(board.MustParseSquare("F5")).Board
	write("labels-1-of-2.txt.gz", header+fmt.Sprintf("1 e %016x %016x -2\n", other.P, other.O), true)
	lps, headers, err := ReadLabels(dir)
	if err != nil || len(lps) != 2 || len(headers) != 1 {
		t.Fatalf("%v, %v, %v; want the two labels of both files", lps, headers, err)
	}
	if lps[0].Value != 1.5 || lps[1].Value != -2 || lps[1].Board != other {
		t.Errorf("labels %+v", lps)
	}
	write("labels-1-of-2.txt", header, false)
	if _, _, err := ReadLabels(dir); err == nil || !strings.Contains(err.Error(), "the same shard twice") {
		t.Errorf("a shard plain and compressed: %v", err)
	}
	os.Remove(filepath.Join(dir, "labels-1-of-2.txt"))
	write("labels-1-of-2.txt.gz", "not gzip", false)
	if _, _, err := ReadLabels(dir); err == nil || !strings.Contains(err.Error(), "labels-1-of-2.txt.gz") {
		t.Errorf("a damaged compressed file: %v", err)
	}
}
