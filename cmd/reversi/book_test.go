package main

import (
	binenc "encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
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
	edax := []byte("XADEKOOB\x04\x04")
	edax = append(edax, make([]byte, 8+20)...)
	edax = append(edax, 1, 0, 0, 0)
	edax = binenc.LittleEndian.AppendUint64(edax, 0x0000000810000000)
	edax = binenc.LittleEndian.AppendUint64(edax, 0x0000001008000000)
	edax = append(edax, make([]byte, 16)...)
	edax = append(edax, 2, 0, 1, 0, 3, 0, 0, 20, 2, 37) // value +2, bounds, no link, level 20, leaf f5 at +2
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
