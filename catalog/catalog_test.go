package catalog

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/referee"
)

// TestCatalogIsWellFormed checks what the parser and the help rely on.
func TestCatalogIsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Entries() {
		if e.Name == "" || e.Name != strings.ToLower(e.Name) || strings.ContainsAny(e.Name, ":,= \t") {
			t.Errorf("bad name %q: want lower case without ':', ',', '=' or spaces", e.Name)
		}
		if seen[e.Name] {
			t.Errorf("%s: listed twice", e.Name)
		}
		seen[e.Name] = true
		if e.Description == "" || strings.Contains(e.Description, "\n") {
			t.Errorf("%s: want a one-line description, have %q", e.Name, e.Description)
		}
		if e.New == nil {
			t.Errorf("%s: no constructor", e.Name)
		}
		if e.Raw != "" && len(e.Options) > 0 {
			t.Errorf("%s: takes a raw %s and options; the syntax allows one or the other", e.Name, e.Raw)
		}
		keys := map[string]bool{}
		for _, o := range e.Options {
			if o.Name == "" || o.Name != strings.ToLower(o.Name) || strings.ContainsAny(o.Name, ":,= \t") || keys[o.Name] {
				t.Errorf("%s: bad or repeated option name %q", e.Name, o.Name)
			}
			keys[o.Name] = true
			if o.Help == "" {
				t.Errorf("%s: option %s has no help", e.Name, o.Name)
			}
			if o.Default != "" {
				if _, err := o.Kind.parse(o.Default); err != nil || strings.Contains(o.Default, ",") {
					t.Errorf("%s: option %s: bad default: %v", e.Name, o.Name, err)
				}
			}
			if o.Name == "seed" && o.Kind != Uint {
				t.Errorf("%s: the seed option must be a Uint", e.Name)
			}
		}
	}
	if got, want := strings.Join(Names(), " "), "human random greedy positional roxanne mobility stable parity evaporation"; !strings.HasPrefix(got, want) {
		t.Errorf("Names() = %s, want the human and the classic players first: %s", got, want)
	}
}

// TestEveryEntryPlaysAGame builds every entry with its defaults and plays a
// full refereed game against the random player, with either colour. The
// human types Q (resigns) in both games: its moves are tested in its own
// package.
func TestEveryEntryPlaysAGame(t *testing.T) {
	for _, e := range Entries() {
		if e.Raw != "" {
			continue // needs an argument: tested with the entry's own package
		}
		t.Run(e.Name, func(t *testing.T) {
			want := game.Normal
			env := Env{Seed: 1}
			if e.Name == "human" {
				want = game.Resignation
				env.In, env.Out = strings.NewReader("resign\nresign\n"), io.Discard
			}
			p, err := New(quickSpec(e.Name), env)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(p.Name(), e.Name) {
				t.Errorf("player %s is named %q", e.Name, p.Name())
			}
			opponent := mustNew(t, "random", Env{Seed: 2})
			for _, seats := range [][2]string{{"black", "white"}, {"white", "black"}} {
				black, white := p, opponent
				if seats[0] == "white" {
					black, white = opponent, p
				}
				g, err := referee.Play(context.Background(), black, white, referee.Config{})
				if err != nil {
					t.Fatal(err)
				}
				if g.Result.Reason != want || !g.Finished() {
					t.Errorf("as %s: the game ended by %v after %s", seats[0], g.Result, g.Transcript())
				}
			}
		})
	}
}

func TestLookupAndEntriesAreCopies(t *testing.T) {
	e, ok := Lookup(" Evaporation ")
	if !ok || e.Name != "evaporation" {
		t.Fatalf("Lookup(evaporation) = %v, %v", e.Name, ok)
	}
	e.Options[0].Default = "60"
	Entries()[0].Options[0].Name = "changed"
	if again, _ := Lookup("evaporation"); again.Options[0].Default != "20" {
		t.Errorf("changing a looked-up entry changed the catalog")
	}
	if Entries()[0].Options[0].Name == "changed" {
		t.Errorf("changing Entries() changed the catalog")
	}
	if _, ok := Lookup("nosuch"); ok {
		t.Errorf("Lookup found an unknown player")
	}
}

func TestCheck(t *testing.T) {
	if err := Check([]string{"random", "greedy", "engine:level=2", "alphabeta:depth=3"}, Env{Seed: 1}); err != nil {
		t.Fatalf("Check of good specs: %v", err)
	}
	err := Check([]string{"random", "nosuch", "greedy:x=1"}, Env{Seed: 1})
	_, want := New("nosuch", Env{Seed: 1})
	if err == nil || want == nil || err.Error() != want.Error() {
		t.Fatalf("Check = %v, want New's error for the first bad spec, %v", err, want)
	}
}

func TestSplitSpecs(t *testing.T) {
	for _, tt := range []struct {
		list string
		want []string
	}{
		{"random,greedy, roxanne", []string{"random", "greedy", "roxanne"}},
		{"engine:level=5,threads=1;random; ;roxanne", []string{"engine:level=5,threads=1", "random", "roxanne"}},
		{" , ,", nil},
		{"", nil},
	} {
		if got := SplitSpecs(tt.list); !slices.Equal(got, tt.want) {
			t.Errorf("SplitSpecs(%q) = %q, want %q", tt.list, got, tt.want)
		}
	}
}

func TestLevelsHelp(t *testing.T) {
	h := LevelsHelp()
	figs, err := levelFigures(levelFiguresText)
	if err != nil {
		t.Fatalf("the embedded levels.tsv: %v", err)
	}
	if len(figs) == 0 {
		t.Fatal("levels.tsv measures no level")
	}
	lines := strings.Split(h, "\n")
	for n := 1; n <= engine.MaxLevel; n++ {
		l, err := engine.LevelSettings(n)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, line := range lines {
			if f := strings.Fields(line); len(f) > 0 && f[0] == strconv.Itoa(n) && strings.HasSuffix(line, "    "+l.Describe()) {
				found = true
				if fig, ok := figs[n]; ok && fig.max > 0 && !strings.Contains(line, shortDuration(fig.max)) {
					t.Errorf("level %d: %q lacks its longest time %s", n, line, shortDuration(fig.max))
				}
			}
		}
		if !found {
			t.Errorf("no line for level %d (%s)", n, l.Describe())
		}
	}
	if !strings.HasPrefix(h, "The engine's levels") || !strings.Contains(h, "keeps to the clock") {
		t.Errorf("LevelsHelp lacks its introduction or its end:\n%s", h)
	}
}

func TestLevelFiguresRefuses(t *testing.T) {
	for _, text := range []string{
		"1\t1ms\t2ms",                    // three fields
		"0\t1ms\t2ms\t0",                 // no level 0
		"61\t1ms\t2ms\t0",                // nor 61
		"1\t1ms\t2ms\t0\n1\t1ms\t2ms\t5", // twice
		"2\tfast\t2ms\t0",                // not a duration
		"2\t3ms\t2ms\t0",                 // longest below the median
		"2\t1ms\t2ms\tstrong",            // not a number
	} {
		if _, err := levelFigures(text); err == nil {
			t.Errorf("%q accepted", text)
		}
	}
	figs, err := levelFigures("# comment\n\n3\t1ms\t2ms\t-\n4\t-\t-\t+120\n")
	if err != nil || len(figs) != 2 || figs[3].max != 2*time.Millisecond || figs[3].hasElo || !figs[4].hasElo || figs[4].elo != 120 {
		t.Errorf("figures %+v, %v", figs, err)
	}
}

func TestHelpDescribesEveryPlayer(t *testing.T) {
	h := Help()
	for _, e := range Entries() {
		if !strings.Contains(h, e.syntax()) || !strings.Contains(h, e.Description) {
			t.Errorf("help misses %s", e.Name)
		}
		for _, o := range e.Options {
			if !strings.Contains(h, o.Help) || (o.Default != "" && !strings.Contains(h, "default "+o.Default)) {
				t.Errorf("help misses option %s of %s", o.Name, e.Name)
			}
		}
	}
	// The examples of the help must be valid specs.
	_, examples, _ := strings.Cut(h, "Examples:\n")
	examples, _, _ = strings.Cut(examples, "\n\n")
	for _, line := range strings.Split(examples, "\n") {
		if _, err := New(strings.TrimSpace(line), Env{}); err != nil {
			t.Errorf("help example: %v", err)
		}
	}
}

// quickSpec returns a spec of the named player that plays a game in
// moments: the search players at a small depth or level.
func quickSpec(name string) string {
	switch name {
	case "minimax":
		return "minimax:depth=2"
	case "alphabeta":
		return "alphabeta:depth=3"
	case "engine":
		return "engine:level=3,threads=1,hash=1"
	case "mcts":
		return "mcts:iterations=200,threads=1,memory=4"
	}
	return name
}

// TestEngineLevel60IsPerfect: engine:level=60 solves every position
// exactly, as Edax's level 60; the engine named with no level, depth or
// time (a GTP front-end's, match's default) searches as deep as 5 s a
// move allows, and its name is the spec of the same player.
func TestEngineLevel60IsPerfect(t *testing.T) {
	tests := []struct {
		spec, name string
		env        Env
		exact      bool // exact at 40 empties without a clock
	}{
		{"engine:level=60", "engine:level=60", Env{}, true},
		{"engine", "engine:level=60", Env{Level: 60}, true},
		{"engine", "engine:level=60,time=5s", Env{}, false},
		{"engine:level=60,time=5s", "engine:level=60,time=5s", Env{}, false},
	}
	for _, tt := range tests {
		p, err := New(tt.spec, tt.env)
		if err != nil {
			t.Fatal(err)
		}
		e := p.(*engine.Player)
		lim := e.LimitsFor(engine.Clock{}, 40)
		if e.Name() != tt.name {
			t.Errorf("%s (level %d): named %q, want %q", tt.spec, tt.env.Level, e.Name(), tt.name)
		}
		if exact := lim.ExactEmpties >= 40 && lim.Time == 0; exact != tt.exact {
			t.Errorf("%s (level %d) at 40 empties without a clock: %+v; exact %v, want %v", tt.spec, tt.env.Level, lim, exact, tt.exact)
		}
		if !tt.exact && (lim.Depth != 0 || lim.Time != engine.DefaultLevelTime) {
			t.Errorf("%s: %+v; want as deep as %v allows", tt.spec, lim, engine.DefaultLevelTime)
		}
	}
}
