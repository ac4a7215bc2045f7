package main

import (
	"crypto/sha256"
	binenc "encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/train"
)

// TestBookCommands: a tiny build, shown, exported, imported back the same;
// a damaged book is refused with a clear error and nothing written.
func TestBookCommands(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "b.bin")
	code, stdout, stderr := runCommand(t, "", "book", "build", "--out", bin, "--work", filepath.Join(dir, "work"), "--plies", "2", "--min-games", "1000", "--depth", "2")
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	mustContain(t, "build", stdout, "positions: ", "book: "+bin)
	code, stdout, stderr = runCommand(t, "", "book", "show", "--book", bin, "--transcript", "f5")
	if code != 0 {
		t.Fatalf("show: exit %d: %s", code, stderr)
	}
	mustContain(t, "show", stdout, "move", "d6", "f6", "f4", "depth")
	code, text, stderr := runCommand(t, "", "book", "export", "--book", bin)
	if code != 0 || !strings.HasPrefix(text, "# reversi opening book") {
		t.Fatalf("export: exit %d: %s%s", code, stderr, text)
	}
	again := filepath.Join(dir, "again.bin")
	if code, _, stderr := runCommand(t, text, "book", "import", "--in", "-", "--out", again); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	a, _ := os.ReadFile(bin)
	b, _ := os.ReadFile(again)
	if string(a) != string(b) {
		t.Error("export then import changed the book")
	}

	os.WriteFile(bin, a[:len(a)-3], 0o644)
	code, _, stderr = runCommand(t, "", "book", "show", "--book", bin)
	if code == 0 || !strings.Contains(stderr, "corrupt opening book") {
		t.Errorf("a damaged book: exit %d: %s", code, stderr)
	}
	bad := filepath.Join(dir, "bad.bin")
	if code, _, stderr := runCommand(t, "x y\n", "book", "import", "--in", "-", "--out", bad); code == 0 || !strings.Contains(stderr, "line 1") {
		t.Errorf("bad text: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a failed import wrote its output")
	}
	// An Edax book of one position, the start (told by its first bytes).
	edax := edaxStart(1)
	edaxBin := filepath.Join(dir, "edax.bin")
	if code, stdout, stderr := runCommand(t, string(edax), "book", "import", "--in", "-", "--out", edaxBin); code != 0 || !strings.Contains(stdout, "2 positions") {
		t.Errorf("edax import: exit %d: %s%s", code, stdout, stderr)
	}
	for _, args := range [][]string{
		{"book"},
		{"book", "nothing"},
		{"book", "build", "--shard", "3/2"},
		{"book", "build", "--plies", "61"},
		{"book", "build", "--min-games", "0"},
		{"book", "import", "--in", "x.txt"},
	} {
		if code, _, _ := runCommand(t, "", args...); code == 0 {
			t.Errorf("%v: accepted", args)
		}
	}
}

// TestBookDeviate: a tiny book extended by deviations with real searches
// (depth 2), the same again from the work folder without a search; bad
// options and a damaged book are refused with nothing written.
func TestBookDeviate(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "b.bin")
	if code, _, stderr := runCommand(t, "", "book", "build", "--out", bin, "--work", filepath.Join(dir, "work"), "--plies", "2", "--min-games", "1000", "--depth", "2"); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "deviated.bin")
	args := []string{"book", "deviate", "--book", bin, "--out", out, "--work", filepath.Join(dir, "dwork"), "--plies", "3", "--margin", "1", "--depth", "2", "--rounds", "2"}
	code, stdout, stderr := runCommand(t, "", args...)
	if code != 0 {
		t.Fatalf("deviate: exit %d: %s", code, stderr)
	}
	mustContain(t, "deviate", stdout, "rounds: 2", "added ", "book: "+out)
	first, _ := os.ReadFile(out)
	a, _ := os.ReadFile(bin)
	if len(first) <= len(a) {
		t.Errorf("deviate wrote %d bytes from a book of %d", len(first), len(a))
	}
	os.Remove(out)
	code, stdout, stderr = runCommand(t, "", args...)
	if code != 0 || !strings.Contains(stdout, "searched now 0") {
		t.Fatalf("again: exit %d: %s%s", code, stdout, stderr)
	}
	if again, _ := os.ReadFile(out); string(again) != string(first) {
		t.Error("a run from the work folder made another book")
	}

	damaged := filepath.Join(dir, "damaged.bin")
	os.WriteFile(damaged, a[:len(a)-3], 0o644)
	bad := filepath.Join(dir, "bad.bin")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--book", damaged}, "corrupt opening book"},
		{[]string{"--book", filepath.Join(dir, "none.bin")}, "none.bin"},
		{[]string{"--margin", "-1"}, "--margin"},
		{[]string{"--plies", "61"}, "--plies"},
		{[]string{"--rounds", "0"}, "--rounds"},
		{[]string{"--rounds", "2", "--shard", "0/2"}, "one round"},
		{[]string{"--shard", "2/2"}, "--shard"},
		{[]string{"--depth", "0"}, "--depth"},
		{[]string{"--prob", "50"}, "--prob 50: want one of"},
		{[]string{"--threads", "0"}, "--threads"},
	} {
		args := append([]string{"book", "deviate", "--book", bin, "--out", bad, "--work", filepath.Join(dir, "badwork")}, tc.args...)
		if code, _, stderr := runCommand(t, "", args...); code == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d: %s", tc.args, code, stderr)
		}
		if _, err := os.Stat(bad); err == nil {
			t.Errorf("%v: wrote its output", tc.args)
		}
		if _, err := os.Stat(filepath.Join(dir, "badwork")); err == nil {
			t.Errorf("%v: made its work folder", tc.args)
		}
	}
}

// TestBookOpenings: the openings file reads back as a match's openings,
// one a position, and bad options write nothing.
func TestBookOpenings(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "open.txt")
	code, stdout, stderr := runCommand(t, "", "book", "openings", "--plies", "4", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	openings, err := arena.ReadOpenings(f, out, game.Standard)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "openings", stdout, fmt.Sprintf("%s: %d openings of 4 moves from 1926 games", out, len(openings)))
	seen := map[board.Board]bool{}
	for _, o := range openings {
		g, err := o.Game(game.Standard)
		if err != nil {
			t.Fatal(err)
		}
		if g.Ply() != 4 {
			t.Errorf("%s: %d moves", o.Moves, g.Ply())
		}
		c, _ := g.Position().Board.Canonical()
		if seen[c] {
			t.Errorf("%s: a position already given", o.Moves)
		}
		seen[c] = true
	}
	if len(openings) < 10 {
		t.Errorf("%d openings of 4 moves", len(openings))
	}
	// The training games: the book's own, far more of them.
	code, stdout, stderr = runCommand(t, "", "book", "openings", "--plies", "4", "--training", "--min-games", "10")
	if code != 0 {
		t.Fatalf("--training: exit %d: %s", code, stderr)
	}
	mustContain(t, "--training", stdout, "--training", "every year but 2015", "at least 10 of them")
	if n := strings.Count(stdout, "\nf5"); n <= len(openings) {
		t.Errorf("--training: %d openings of 4 moves, the held-out games give %d", n, len(openings))
	}
	for _, bad := range [][]string{{"--plies", "0"}, {"--plies", "61"}, {"--min-games", "0"}, {"--min-games", "100000"}} {
		bad := append([]string{"book", "openings", "--out", filepath.Join(dir, "bad.txt")}, bad...)
		if code, _, stderr := runCommand(t, "", bad...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, %q", bad, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "bad.txt")); err == nil {
			t.Errorf("%v wrote a file", bad)
		}
	}
}

// TestBookImportRefuses: an import of a text or Edax book that the
// formats do not hold fails with an error that says why and writes
// nothing; long comments are read.
func TestBookImportRefuses(t *testing.T) {
	const start = "---------------------------OX------XO--------------------------- X"
	f5 := strings.Repeat("-", 24) + "---OX------XXX--" + strings.Repeat("-", 24) + " O"
	// An Edax book whose header announces two positions and that holds
	// one, the start, cut at the end of its record.
	edax := edaxStart(2)
	s := book.NewSet()
	s.Put(board.StartBoard(), book.Entry{Value: 1, Depth: 2, Count: 3})
	for _, tc := range []struct {
		name, in string
		want     string // "" if the import succeeds
	}{
		{"long comment", "# " + strings.Repeat("a long comment ", 500) + "\n" + start + " +1.00 4 5\n", "1 positions"},
		{"NaN", start + " NaN 4 5\n", `value "NaN": not a plain decimal number`},
		{"-nan", start + " -nan 4 5\n", `value "-nan": not a plain decimal number`},
		{"underscore", start + " 1_0 4 5\n", `value "1_0": not a plain decimal number`},
		{"twice", start + " 1 4 5\n" + f5 + " 1 4 5\n" + start + " 2 4 5\n", "line 3: the position of line 1 again"},
		{"twice, turned", start + " 1 4 5\n" + f5 + " 1 4 5\n" + strings.Replace(start, " X", " O", 1) + " 1 4 5\n", "line 3: the position of line 1 again"},
		{"empty", "", "no positions"},
		{"comments alone", "# reversi opening book, text format 1\n# nothing\n", "no positions"},
		{"a binary book", string(s.Book().Bytes()), "already a binary book"},
		{"edax cut at a record's end", string(edax), "the header announces 2 positions, the file holds 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.bin")
			code, stdout, stderr := runCommand(t, tc.in, "book", "import", "--in", "-", "--out", out)
			_, statErr := os.Stat(out)
			if tc.want == "1 positions" {
				if code != 0 || !strings.Contains(stdout, tc.want) || statErr != nil {
					t.Fatalf("exit %d: %s%s", code, stdout, stderr)
				}
				return
			}
			if code == 0 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d: %s, want %q", code, stderr, tc.want)
			}
			if statErr == nil {
				t.Error("a failed import wrote its output")
			}
		})
	}
}

// TestBookRefusesBadEntries: a binary book with an entry that no book
// holds, under a right checksum, is refused by every command that reads
// it, with an error that names the entry and its fault.
func TestBookRefusesBadEntries(t *testing.T) {
	entry := func(p, o uint64, value int16, reserved byte) []byte {
		r := binenc.LittleEndian.AppendUint64(nil, p)
		r = binenc.LittleEndian.AppendUint64(r, o)
		r = binenc.LittleEndian.AppendUint16(r, uint16(value))
		r = append(r, 10, reserved)
		return binenc.LittleEndian.AppendUint32(r, 3)
	}
	start, _ := board.StartBoard().Canonical()
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		entry []byte
		want  string
	}{
		{"value", entry(start.P, start.O, 32000, 0), "entry 0: value +320.00 discs"},
		{"empty board", entry(0, 0, 0, 0), "entry 0: the empty board"},
		{"reserved byte", entry(start.P, start.O, 0, 1), "entry 0: reserved byte 1, want 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte("RVBOOK\r\n")
			data = binenc.LittleEndian.AppendUint32(data, 1)
			data = binenc.LittleEndian.AppendUint32(data, 1)
			sum := sha256.Sum256(tc.entry)
			data = append(append(data, sum[:]...), tc.entry...)
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".bin")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, cmd := range []string{"show", "export"} {
				code, stdout, stderr := runCommand(t, "", "book", cmd, "--book", path)
				if code == 0 || !strings.Contains(stderr, "corrupt opening book") || !strings.Contains(stderr, tc.want) {
					t.Errorf("%s: exit %d: %s%s, want %q", cmd, code, stdout, stderr, tc.want)
				}
			}
		})
	}
}

// TestBookShowZero: a value that rounds to zero shows as +0.00, never
// -0.00, both a position's own and its book moves'.
func TestBookShowZero(t *testing.T) {
	s := book.NewSet()
	for tr, v := range map[string]float64{"f5": 0, "f5d6": 0, "f5f6": -0.001, "f5f4": -1.5} {
		g, err := game.ParseTranscript(tr)
		if err != nil {
			t.Fatal(err)
		}
		s.Put(g.Position().Board, book.Entry{Value: v, Depth: 4, Count: 2})
	}
	path := filepath.Join(t.TempDir(), "zero.bin")
	if err := book.WriteFile(path, s.Book().Bytes()); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCommand(t, "", "book", "show", "--book", path, "--transcript", "f5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "show", stdout, "in the book: +0.00 discs", "+1.50")
	if strings.Contains(stdout, "-0.00") || strings.Count(stdout, "+0.00") != 3 {
		t.Errorf("a zero shown other than as +0.00:\n%s", stdout)
	}
}

// TestBookCoverage: with a book of two positions, the one after f5 and
// the perpendicular opening's after f5 d6, every held-out game stays in
// it for its first move (every first move is f5 turned), and for its
// second exactly when that is the perpendicular opening in some
// symmetry, as counted here from the games; the shipped book reaches
// further, each share no larger than the one before.
func TestBookCoverage(t *testing.T) {
	dir := t.TempDir()
	f5 := game.NewStandard()
	f5.Play(game.Move{Square: board.MustParseSquare("f5")})
	f5d6 := f5.Clone()
	f5d6.Play(game.Move{Square: board.MustParseSquare("d6")})
	text := fmt.Sprintf("%s +0.00 16 1\n%s +0.00 16 1\n", f5.Position(), f5d6.Position())
	os.WriteFile(filepath.Join(dir, "two.txt"), []byte(text), 0o644)
	two := filepath.Join(dir, "two.bin")
	if code, _, stderr := runCommand(t, "", "book", "import", "--in", filepath.Join(dir, "two.txt"), "--out", two); code != 0 {
		t.Fatalf("import: %s", stderr)
	}
	games, err := train.WTHORGames(true, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	perp, _ := f5d6.Position().Board.Canonical()
	second := 0
	for _, g := range games {
		if len(g.Moves) < 2 {
			continue
		}
		if c, _ := g.PositionAt(2).Board.Canonical(); c == perp {
			second++
		}
	}
	if second == 0 || second == len(games) {
		t.Fatalf("%d of %d games open perpendicularly: not a test", second, len(games))
	}
	code, stdout, stderr := runCommand(t, "", "book", "coverage", "--book", two)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	n := len(games)
	mustContain(t, "coverage", stdout, fmt.Sprintf("%d held-out WTHOR games (2015): in the book for %.2f moves on average", n, float64(n+second)/float64(n)))
	words := strings.Join(strings.Fields(stdout), " ")
	mustContain(t, "coverage", words, fmt.Sprintf("share 1 %d 100.0%% 2 %d %.1f%%", n, second, 100*float64(second)/float64(n)))
	if strings.Count(stdout, "%\n") != 2 {
		t.Errorf("rows beyond the second move:\n%s", stdout)
	}
	// The shipped book: shares that never grow with the moves.
	code, stdout, stderr = runCommand(t, "", "book", "coverage")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	last := n + 1
	rows := 0
	for _, line := range strings.Split(stdout, "\n") {
		var k, g int
		var share float64
		if _, err := fmt.Sscanf(strings.TrimSpace(line), "%d %d %f%%", &k, &g, &share); err != nil {
			continue
		}
		rows++
		if g > last {
			t.Errorf("%d games stay %d moves, more than the %d that stay one fewer", g, k, last)
		}
		last = g
	}
	if rows < 10 {
		t.Errorf("the shipped book keeps games for %d moves at most:\n%s", rows, stdout)
	}
	if code, _, stderr := runCommand(t, "", "book", "coverage", "--book", filepath.Join(dir, "none.bin")); code == 0 || !strings.Contains(stderr, "none.bin") {
		t.Errorf("a missing book: exit %d, %q", code, stderr)
	}
}

// edaxStart returns an Edax book (version 4) whose header announces
// count positions and that holds one, the start: value +2, its bounds, no
// link, level 20, and its leaf f5 at +2.
func edaxStart(count byte) []byte {
	edax := []byte("XADEKOOB\x04\x04")
	edax = append(edax, make([]byte, 8+20)...)
	edax = append(edax, count, 0, 0, 0)
	edax = binenc.LittleEndian.AppendUint64(edax, 0x0000000810000000)
	edax = binenc.LittleEndian.AppendUint64(edax, 0x0000001008000000)
	edax = append(edax, make([]byte, 16)...)
	return append(edax, 2, 0, 1, 0, 3, 0, 0, 20, 2, 37)
}

// TestBookShowPass: in a position where the side to move must pass, book
// show says so and gives the book moves of the other side after the
// pass, or says that it has none; at the end of a game it says that the
// game is over.
func TestBookShowPass(t *testing.T) {
	const mustPass = "f5f6d3g5h5h4f7h6" // then black has no move, white has
	g, err := game.ParseTranscript(mustPass)
	if err != nil || !g.MustPass() {
		t.Fatalf("%s: black need not pass (%v)", mustPass, err)
	}
	passed := g.Position().Board.Pass() // white to move
	s := book.NewSet()
	s.Put(passed, book.Entry{Value: 3, Depth: 8, Count: 2})
	for i, sq := range board.Squares(passed.Moves())[:2] {
		s.Put(passed.Play(sq), book.Entry{Value: float64(-i - 1), Depth: 8, Count: 1})
	}
	path := filepath.Join(t.TempDir(), "pass.bin")
	if err := book.WriteFile(path, s.Book().Bytes()); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCommand(t, "", "book", "show", "--book", path, "--transcript", mustPass)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "show", stdout, "black has no legal move and must pass; after the pass, white to move",
		"in the book: +3.00 discs for white", "value (discs for white)", "+1.00", "+2.00")
	if strings.Contains(stdout, "no book move") {
		t.Errorf("book moves after the pass, and no book move:\n%s", stdout)
	}

	code, stdout, stderr = runCommand(t, "", "book", "show", "--transcript", mustPass)
	if code != 0 {
		t.Fatalf("shipped book: exit %d: %s", code, stderr)
	}
	mustContain(t, "show, shipped book", stdout, "black has no legal move and must pass", "no book move after the pass")

	over := strings.Repeat("X", 64) + " O"
	code, stdout, stderr = runCommand(t, "", "book", "show", "--book", path, "--board", over)
	if code != 0 {
		t.Fatalf("game over: exit %d: %s", code, stderr)
	}
	mustContain(t, "show, game over", stdout, "the game is over")
}
