package catalog

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

func TestParse(t *testing.T) {
	tests := []struct {
		spec string
		want Spec
	}{
		{"random", Spec{Name: "random"}},
		{"  Random  ", Spec{Name: "random"}},
		{"random:seed=7", Spec{Name: "random", Options: []Setting{{"seed", "7"}}}},
		{"RANDOM : SEED = 7 ", Spec{Name: "random", Options: []Setting{{"seed", "7"}}}},
		{"evaporation:endgame=16", Spec{Name: "evaporation", Options: []Setting{{"endgame", "16"}}}},
		{"evaporation:seed=3,endgame=16", Spec{Name: "evaporation", Options: []Setting{{"seed", "3"}, {"endgame", "16"}}}},
		{"evaporation:endgame=-5", Spec{Name: "evaporation", Options: []Setting{{"endgame", "-5"}}}}, // an int: range checked by New
		{"positional:table=20/-3/11/8/-7/-4/1/2/2/-3", Spec{Name: "positional", Options: []Setting{{"table", "20/-3/11/8/-7/-4/1/2/2/-3"}}}},
		{"positional:table=bad", Spec{Name: "positional", Options: []Setting{{"table", "bad"}}}}, // text: checked by New
		{"positional:table=a=b:c", Spec{Name: "positional", Options: []Setting{{"table", "a=b:c"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			got, err := Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Parse = %#v, want %#v", got, tt.want)
			}
			again, err := Parse(got.String())
			if err != nil || !reflect.DeepEqual(again, got) {
				t.Fatalf("canonical form %q reads back as %#v, %v", got.String(), again, err)
			}
		})
	}
}

// TestErrors checks that each error names the culprit and what would be
// accepted.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, spec string
		option     string   // the SpecError's Option
		want       []string // parts of the message
	}{
		{"empty", "", "", []string{"empty player spec", `"random"`, "players: human, random, greedy, positional, roxanne, mobility, stable, parity, evaporation, minimax, alphabeta, engine, nboard, gtp, mcts"}},
		{"blank", "  \t", "", []string{"empty player spec"}},
		{"no name", ":seed=1", "", []string{"no player name", "players: human, random, greedy"}},
		{"unknown player", "alphabeat:depth=6", "", []string{`player spec "alphabeat:depth=6"`, `unknown player "alphabeat"`, "players: human, random, greedy, positional, roxanne, mobility, stable, parity, evaporation, minimax, alphabeta, engine, nboard, gtp, mcts"}},
		{"unknown option", "evaporation:endgmae=16", "endgmae", []string{"option endgmae", "evaporation has no such option", "its options: endgame, seed"}},
		{"bad int", "evaporation:endgame=ten", "endgame", []string{"option endgame", `"ten" is not an integer`}},
		{"bad uint", "random:seed=-1", "seed", []string{"option seed", `"-1" is not a non-negative integer`}},
		{"huge uint", "random:seed=18446744073709551616", "seed", []string{"is not a non-negative integer"}},
		{"duplicate", "random:seed=1,seed=2", "seed", []string{"option seed", "given twice", "seed=1", "seed=2"}},
		{"duplicate in other case", "random:seed=1,SEED=1", "seed", []string{"given twice"}},
		{"no value", "random:seed", "seed", []string{"option seed", "no value", "seed=N"}},
		{"empty value", "random:seed=", "seed", []string{"no value"}},
		{"no key", "random:=3", "", []string{`option "=3" has no name`}},
		{"stray comma", "random:seed=1,", "", []string{"empty option"}},
		{"double comma", "evaporation:seed=1,,endgame=3", "", []string{"empty option"}},
		{"colon only", "random:", "", []string{"no options after ':'", "random[:seed=N]"}},
		{"out of range", "evaporation:endgame=61", "endgame", []string{`player spec "evaporation:endgame=61"`, "option endgame", "want 0 to 60"}},
		{"bad table", "positional:table=1/2/3", "table", []string{"option table", "3 weights"}},
		{"bad weight", "positional:table=1/2/3/4/5/6/7/8/9/x", "table", []string{"option table", `"x"`, "want an integer"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(tt.spec, Env{Seed: 1})
			if err == nil {
				t.Fatalf("New(%q) = %s, want an error", tt.spec, p.Name())
			}
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is a %T, want a *SpecError", err, err)
			}
			if se.Option != tt.option || se.Spec != tt.spec {
				t.Errorf("error names option %q of spec %q, want %q of %q", se.Option, se.Spec, tt.option, tt.spec)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func transcript(t *testing.T, black, white player.Player) string {
	t.Helper()
	g, err := referee.Play(context.Background(), black, white, referee.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return g.Transcript()
}

func mustNew(t *testing.T, spec string, env Env) player.Player {
	t.Helper()
	p, err := New(spec, env)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSeedOptionReplacesEnvSeed(t *testing.T) {
	base := transcript(t, mustNew(t, "random", Env{Seed: 5}), mustNew(t, "random", Env{Seed: 6}))
	same := transcript(t, mustNew(t, "random:seed=5", Env{Seed: 100}), mustNew(t, "random:seed=6", Env{Seed: 200}))
	if base != same {
		t.Errorf("seed=5 and seed=6 played\n%s\nwhile the seats' seeds 5 and 6 played\n%s", same, base)
	}
	other := transcript(t, mustNew(t, "random", Env{Seed: 7}), mustNew(t, "random", Env{Seed: 6}))
	if other == base {
		t.Errorf("seats' seeds 7 and 5 played the same game")
	}
}

func TestOptionsReachThePlayer(t *testing.T) {
	for spec, name := range map[string]string{
		"evaporation":                                "evaporation",
		"evaporation:endgame=20":                     "evaporation",
		"evaporation:endgame=16,seed=4":              "evaporation:endgame=16",
		"positional:table=course":                    "positional",
		"positional:table=20/-3/11/8/-7/-4/1/2/2/-3": "positional",
		"positional:table=1/2/3/4/5/6/7/8/9/10":      "positional:table=1/2/3/4/5/6/7/8/9/10",
	} {
		if got := mustNew(t, spec, Env{}).Name(); got != name {
			t.Errorf("New(%q) is named %q, want %q", spec, got, name)
		}
	}
}

func TestArgsPanicsOnUndeclaredOption(t *testing.T) {
	e := lookup("evaporation")
	a, err := newArgs(e, Spec{Name: "evaporation"}, Env{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Int("endgame") != 20 || a.Given("endgame") {
		t.Errorf("endgame default: %d, given %v", a.Int("endgame"), a.Given("endgame"))
	}
	defer func() {
		if recover() == nil {
			t.Errorf("reading an undeclared option did not panic")
		}
	}()
	a.Text("endgame") // declared as an Int
}

func TestNoAdjacentGames(t *testing.T) {
	for _, name := range Names() {
		if name == "human" || name == "nboard" || name == "gtp" {
			continue // a person, an external program: tested in their packages
		}
		black, white := mustNew(t, quickSpec(name), Env{Seed: 1}), mustNew(t, "random", Env{Seed: 2})
		g, err := referee.Play(context.Background(), black, white, referee.Config{Rule: game.NoAdjacent})
		if err != nil || g.Result.Reason != game.Normal {
			t.Errorf("%s under the no-adjacent rule: %v, %v", name, g.Result, err)
		}
	}
}

// TestExternalEnginesThatDoNotStart: an nboard: or gtp: player whose
// program is missing, or whose command line cannot be read, is an error
// that says so.
func TestExternalEnginesThatDoNotStart(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"nboard:/no/such/engine --level 5", "does not start"},
		{"gtp:/no/such/engine --level 5", "does not start"},
		{`gtp:"unterminated`, "unterminated quote"},
		{"gtp:", "command line"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			p, err := New(tt.spec, Env{})
			if err == nil {
				p.(interface{ Close() error }).Close()
				t.Fatalf("built %s", p.Name())
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want %q in it", err, tt.want)
			}
		})
	}
}
