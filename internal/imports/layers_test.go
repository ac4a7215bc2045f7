package imports

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// floors places every package of the module on a floor, from the bottom
// up: a package imports only packages of the floors below its own, never
// one of its floor (sideways) or above (upward). The floors are the
// house's plan (README's layout table describes each package); a new
// package must be placed here before it builds into the test.
//
// The storage column (store and its databases) shares the numbers of the
// engine's floors without importing them: it sits below the server.
var floors = [][]string{
	// 0, helpers: the low internal packages, the data sets, the GUI's
	// files, the storage interface, the Glicko-2 maths and the pairings
	// of tournaments; none imports another package of the module.
	{"internal/clip", "internal/cpufeature", "internal/hugepage", "internal/memclear", "internal/workers",
		"internal/atomicfile", "internal/lines", "internal/childproc", "internal/mpc", "data", "data/xot", "data/fforum", "web",
		"store", "glicko", "pairing"},
	// 1, the rules: the board; the stores' shared SQL; the accounts of
	// the rated arena (names, passwords, keys, rating classes, the
	// Glicko-2 rating of a game); the server's tournaments (their rounds
	// by package pairing, results and standings).
	{"board", "store/internal/sqlbase", "account", "tournament"},
	// 2, what the rules make: game records, evaluations, perft; the two
	// databases.
	{"game", "eval", "perft", "store/sqlite", "store/postgres"},
	// 3, the cores beside the formats and the player contract: the
	// trained evaluation, the endgame solver, the opening book and the
	// named openings, the opening explorer's index, the file formats, the Player interface; the store
	// a --db names.
	{"eval/pattern", "endgame", "book", "opening", "explorer", "format/obf", "format/ggf", "format/wthor", "player",
		"store/open"},
	// 4, the engines and players built on them, and the referee: our
	// engine, the course's players, a human, the OBF problems solved,
	// fixed real positions for tests and benchmarks; the studies
	// (variation trees, written as GGF among others).
	{"engine", "player/course", "player/minimax", "player/human", "referee", "endgame/problems", "internal/testpos", "study"},
	// 5, what uses engines and players: Monte Carlo search (its rollouts
	// are the course's players), the protocols, matches, training, the
	// terminal's board, the benchmarks.
	{"mcts", "nboard", "gtp", "arena", "train", "textboard", "bench"},
	// 6, the catalog of players by name (every engine and protocol), the
	// accuracy measures (training's labels).
	{"catalog", "accuracy"},
	// 7, the front-ends' helpers: the command's, and the live games of
	// the server (its tables, seats and clocks).
	{"cmd/internal/progress", "cmd/internal/plot", "cmd/internal/buildinfo", "cmd/internal/shipped", "server/live"},
	// 8, the front-ends: the game server, the terminal UI; the command
	// line's conventions and the environment of its subcommands (their
	// progress among them).
	{"server", "tui", "cmd/internal/cli"},
	// 9, the server's load test; the subcommands of reversi, a package
	// for each concern.
	{"server/loadtest", "cmd/internal/bookcmd", "cmd/internal/playcmd", "cmd/internal/arenacmd", "cmd/internal/traincmd", "cmd/internal/measurecmd", "cmd/internal/enginecmd", "cmd/internal/accountcmd"},
	// 10, the command, the examples and scripts.
	{"cmd/reversi", "examples/bot-go", "examples/bot-python", "examples/bot-cpp/check", "scripts"},
}

// testOnly are the packages only tests import: they are on no floor (they
// may import anything, as a test may), and no package imports them
// outside its tests.
var testOnly = []string{"examples/internal/serve", "internal/endless", "internal/testproc", "internal/imports", "store/postgres/pgtest", "store/storetest"}

// graph is the module's packages, each with the packages of the module
// its non-test files import, by path relative to the module.
type graph map[string][]string

// moduleGraph lists the module's packages with go list.
func moduleGraph(t *testing.T) graph {
	t.Helper()
	statSources(t)
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	g := graph{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		var in []string
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
				in = append(in, rel)
			}
		}
		g[strings.TrimPrefix(p.ImportPath, module+"/")] = in
	}
	return g
}

// statSources looks at every Go file of the module, so that go test's
// cache, which knows the files a test opens but not those go list reads,
// runs the test again when one of them changes.
func statSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".go") {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// layering returns what breaks the floors in g: a package on no floor, an
// import of a package on the same floor (sideways) or above (upward), an
// import of a package only tests may import.
func layering(g graph, floors [][]string, testOnly []string) []string {
	floor := map[string]int{}
	for i, f := range floors {
		for _, p := range f {
			floor[p] = i
		}
	}
	var bad []string
	pkgs := make([]string, 0, len(g))
	for p := range g {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		if slices.Contains(testOnly, p) {
			continue
		}
		fp, ok := floor[p]
		if !ok {
			bad = append(bad, fmt.Sprintf("%s is on no floor: place it in the floors table", p))
			continue
		}
		for _, imp := range g[p] {
			fi, ok := floor[imp]
			switch {
			case slices.Contains(testOnly, imp):
				bad = append(bad, fmt.Sprintf("%s imports %s, which only tests may import", p, imp))
			case !ok:
				// reported as on no floor
			case fi == fp:
				bad = append(bad, fmt.Sprintf("%s (floor %d) imports %s sideways (floor %d)", p, fp, imp, fi))
			case fi > fp:
				bad = append(bad, fmt.Sprintf("%s (floor %d) imports %s upward (floor %d)", p, fp, imp, fi))
			}
		}
	}
	return bad
}

// TestFloors: every package of the module is on a floor and imports only
// packages of the floors below.
func TestFloors(t *testing.T) {
	g := moduleGraph(t)
	for _, f := range floors {
		for _, p := range f {
			if _, ok := g[p]; !ok {
				t.Errorf("the floors place %s, which is not a package of the module", p)
			}
		}
	}
	for _, b := range layering(g, floors, testOnly) {
		t.Error(b)
	}
}

// TestLayeringCanFail: the check sees an upward import, a sideways one, a
// package on no floor and a test helper imported outside tests.
func TestLayeringCanFail(t *testing.T) {
	floors := [][]string{{"board"}, {"endgame", "format/obf"}, {"engine"}}
	g := graph{
		"board":      {"engine"},                    // upward
		"endgame":    {"board", "format/obf"},       // sideways
		"format/obf": {"board", "internal/endless"}, // a test helper
		"engine":     {"endgame", "board"},
		"nowhere":    nil,
	}
	got := layering(g, floors, []string{"internal/endless"})
	want := []string{
		"board (floor 0) imports engine upward (floor 2)",
		"endgame (floor 1) imports format/obf sideways (floor 1)",
		"format/obf imports internal/endless, which only tests may import",
		"nowhere is on no floor: place it in the floors table",
	}
	if !slices.Equal(got, want) {
		t.Errorf("layering found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
