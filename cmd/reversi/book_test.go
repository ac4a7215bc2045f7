package main

import (
	binenc "encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
