package cli

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testFlags is a flag set with a flag that takes a value and a boolean one.
func testFlags() *flag.FlagSet {
	fs := NewFlags(io.Discard, "test", "[flags]", "A test.")
	fs.Int("threads", 1, "threads")
	fs.Bool("wld", false, "win/loss/draw")
	return fs
}

func TestPositional(t *testing.T) {
	for _, tc := range []struct {
		args      string
		n         int
		pos, rest string
	}{
		{"a b --threads 2", 2, "a b", "--threads 2"},
		{"--threads 2 a b", 2, "a b", "--threads 2"},
		{"a --threads 2 b c", 2, "a b", "--threads 2 c"},
		{"--wld a", 1, "a", "--wld"},
		{"--threads=2 a", 1, "a", "--threads=2"},
		{"--unknown a", 1, "a", "--unknown"},
		{"", 2, "", ""},
	} {
		pos, rest := Positional(testFlags(), strings.Fields(tc.args), tc.n)
		if got := strings.Join(pos, " "); got != tc.pos {
			t.Errorf("Positional(%q): positional %q, want %q", tc.args, got, tc.pos)
		}
		if got := strings.Join(rest, " "); got != tc.rest {
			t.Errorf("Positional(%q): rest %q, want %q", tc.args, got, tc.rest)
		}
	}
}

func TestFileArg(t *testing.T) {
	for _, tc := range []struct{ args, file, rest string }{
		{"f.obf --threads 2", "f.obf", "--threads 2"},
		{"--threads 2 f.obf --wld", "f.obf", "--threads 2 --wld"},
		{"--wld -", "-", "--wld"},
		{"--threads 2", "", "--threads 2"},
		{"", "", ""},
	} {
		file, rest := FileArg(testFlags(), strings.Fields(tc.args))
		if file != tc.file || strings.Join(rest, " ") != tc.rest {
			t.Errorf("FileArg(%q) = %q, %q; want %q, %q", tc.args, file, rest, tc.file, tc.rest)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args string
		want error
	}{
		{"--threads 2", nil},
		{"-h", flag.ErrHelp},
		{"--threads x", ErrUsage},
		{"--nope", ErrUsage},
		{"--threads 2 extra", ErrUsage},
	} {
		var out bytes.Buffer
		fs := testFlags()
		fs.SetOutput(&out)
		if err := Parse(fs, strings.Fields(tc.args)); !errors.Is(err, tc.want) {
			t.Errorf("Parse(%q) = %v, want %v", tc.args, err, tc.want)
		}
		if tc.want != nil && !strings.Contains(out.String(), "Usage: reversi test [flags]\n\nA test.\n\nFlags:\n") {
			t.Errorf("Parse(%q) printed %q, want the usage", tc.args, out.String())
		}
	}
}

func TestPosition(t *testing.T) {
	const start = "---------------------------OX------XO--------------------------- X"
	for _, tc := range []struct {
		board, transcript string
		ply               int
		err               string
	}{
		{start, "", 0, ""},
		{"", "f5d6", 2, ""},
		{start, "f5", 0, "not both"},
		{"", "", 0, "no position"},
		{"xx X", "", 0, "--board"},
		{"", "a1", 0, "--transcript"},
	} {
		g, err := Position(tc.board, tc.transcript)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Position(%q, %q): error %v, want one saying %q", tc.board, tc.transcript, err, tc.err)
			}
		case err != nil:
			t.Errorf("Position(%q, %q): %v", tc.board, tc.transcript, err)
		case g.Ply() != tc.ply:
			t.Errorf("Position(%q, %q): ply %d, want %d", tc.board, tc.transcript, g.Ply(), tc.ply)
		}
	}
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("on disk"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, source, start string
		fails               bool
	}{
		{"-", "standard input", "from stdin", false},
		{file, file, "on disk", false},
		{"fforum-1-19.obf", "fforum-1-19.obf (embedded copy)", "", false},
		{filepath.Join(dir, "fforum-1-19.obf"), "", "", true}, // a path is not the shipped copy
		{"no-such-file.obf", "", "", true},
	} {
		r, source, err := Open(strings.NewReader("from stdin"), tc.name)
		if tc.fails {
			if err == nil {
				t.Errorf("Open(%q) opened %s, want an error", tc.name, source)
				r.Close()
			}
			continue
		}
		if err != nil {
			t.Errorf("Open(%q): %v", tc.name, err)
			continue
		}
		data, _ := io.ReadAll(r)
		r.Close()
		if source != tc.source || !strings.HasPrefix(string(data), tc.start) || len(data) == 0 {
			t.Errorf("Open(%q) = %q starting %.20q, want %q starting %q", tc.name, source, data, tc.source, tc.start)
		}
	}
}

func TestListAndEngines(t *testing.T) {
	var l List
	for _, v := range []string{"a, b", "", " c ,"} {
		if err := l.Set(v); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(l, List{"a", "b", "c"}) || l.String() != "a,b,c" {
		t.Errorf("List = %q (%s), want a b c", l, l.String())
	}
	var e Engines
	if e.String() != "" {
		t.Errorf("empty Engines = %q", e.String())
	}
	for _, tc := range []struct {
		v     string
		fails bool
	}{{`Edax=edax -q`, false}, {`edax=other`, true}, {`noequals`, true}, {`=cmd`, true}, {`name=`, true}} {
		if err := e.Set(tc.v); (err != nil) != tc.fails {
			t.Errorf("Engines.Set(%q) = %v, want failure %v", tc.v, err, tc.fails)
		}
	}
	if len(e) != 1 || e["edax"] != "edax -q" {
		t.Errorf("Engines = %v, want edax: edax -q", e)
	}
}

func TestDefaultSeed(t *testing.T) {
	for _, tc := range []struct {
		args string
		kept bool
	}{{"--seed 7", true}, {"--seed=0", true}, {"", false}} {
		fs := NewFlags(io.Discard, "test", "", "")
		seed := fs.Uint64("seed", 0, "seed")
		if err := Parse(fs, strings.Fields(tc.args)); err != nil {
			t.Fatal(err)
		}
		before := *seed
		DefaultSeed(fs, seed)
		if tc.kept && *seed != before {
			t.Errorf("%q: seed %d changed to %d", tc.args, before, *seed)
		}
		if *seed >= 1_000_000 {
			t.Errorf("%q: seed %d, want below a million", tc.args, *seed)
		}
	}
}

func TestCounted(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 games"}, {1, "1 game"}, {2, "2 games"}} {
		if got := Counted(tc.n, "game"); got != tc.want {
			t.Errorf("Counted(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestIsTerminal(t *testing.T) {
	file, err := os.Create(filepath.Join(t.TempDir(), "plain"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, tc := range []struct {
		name string
		f    any
	}{
		{"a plain file", file},
		{"a buffer", &bytes.Buffer{}},
		{"a nil file", (*os.File)(nil)},
		{"nothing", nil},
	} {
		if IsTerminal(tc.f) {
			t.Errorf("%s: a terminal", tc.name)
		}
	}
	// /dev/null is a character device, as a terminal is.
	if null, err := os.Open(os.DevNull); err == nil {
		defer null.Close()
		if fi, _ := null.Stat(); fi.Mode()&os.ModeCharDevice != 0 && !IsTerminal(null) {
			t.Errorf("%s: not a character device", os.DevNull)
		}
	}
}

func TestBoard(t *testing.T) {
	const after = "---------------------------OX------XXX-------------------------- O"
	for _, tc := range []struct {
		text, want string
		fails      bool
	}{
		{"", "---------------------------OX------XO--------------------------- X", false},
		{after, after, false},
		{"XO X", "", true},
		{after[:64] + " Z", "", true},
	} {
		pos, err := Board(tc.text)
		switch {
		case tc.fails:
			if err == nil || !strings.HasPrefix(err.Error(), "--board: ") {
				t.Errorf("Board(%q): %v, want a --board error", tc.text, err)
			}
		case err != nil:
			t.Errorf("Board(%q): %v", tc.text, err)
		case pos.String() != tc.want:
			t.Errorf("Board(%q) = %s, want %s", tc.text, pos, tc.want)
		}
	}
}

func TestGiven(t *testing.T) {
	for _, tc := range []struct {
		args string
		want bool
	}{{"--depth 12", true}, {"--depth=12 --n 3", true}, {"--n 3", false}, {"", false}} {
		fs := NewFlags(io.Discard, "test", "", "")
		fs.Int("depth", 12, "depth")
		fs.Int("n", 0, "n")
		if err := Parse(fs, strings.Fields(tc.args)); err != nil {
			t.Fatal(err)
		}
		if got := Given(fs, "depth"); got != tc.want {
			t.Errorf("%q: Given(depth) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
