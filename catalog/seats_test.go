package catalog

import (
	"strings"
	"testing"
)

func TestIsHumanAndTakesLevel(t *testing.T) {
	tests := []struct {
		spec       string
		human      bool
		takesLevel bool
	}{
		{"human", true, false},
		{" Human ", true, false},
		{"HUMAN:name=Ann", true, false},
		{"human:bad=option", true, false}, // the name alone says human
		{"humane", false, false},
		{"", false, false},
		{"roxanne", false, false},
		{"engine", false, true},
		{"Engine", false, true},
		{"engine:threads=1,time=1s", false, true},
		{"engine:level=5", false, false},
		{"engine:LEVEL=5,threads=1", false, false},
		{"engine:levle=5", false, false}, // does not parse
		{"alphabeta:depth=3", false, false},
		{"mcts", false, false},
	}
	for _, tt := range tests {
		if got := IsHuman(tt.spec); got != tt.human {
			t.Errorf("IsHuman(%q) = %v, want %v", tt.spec, got, tt.human)
		}
		if got := TakesLevel(tt.spec); got != tt.takesLevel {
			t.Errorf("TakesLevel(%q) = %v, want %v", tt.spec, got, tt.takesLevel)
		}
	}
}

// TestIsInstant: the players that do not search (random, the course's
// table players, whatever their options), and no other.
func TestIsInstant(t *testing.T) {
	instant := map[string]bool{"random": true, "greedy": true, "positional": true, "roxanne": true, "mobility": true,
		"stable": true, "parity": true, "evaporation": true}
	for _, e := range Entries() {
		if got := IsInstant(e.Name); got != instant[e.Name] && e.Raw == "" {
			t.Errorf("IsInstant(%q) = %v, want %v", e.Name, got, instant[e.Name])
		}
	}
	for spec, want := range map[string]bool{
		"Roxanne:seed=3": true, "positional:table=course": true, "evaporation:endgame=10": true,
		"random:bogus=1": false, "nboard:random": false, "engine:level=1": false, "alphabeta:depth=1": false, "": false,
	} {
		if got := IsInstant(spec); got != want {
			t.Errorf("IsInstant(%q) = %v, want %v", spec, got, want)
		}
	}
}

// TestEvalNames checks the names of the eval option: the course's
// heuristic under its name and its old one, an unknown name refused with
// the names advertised ("classic" not among them).
func TestEvalNames(t *testing.T) {
	for _, spec := range []string{"alphabeta:depth=1", "alphabeta:depth=1,eval=course", "alphabeta:depth=1,eval=classic", "minimax:depth=1,eval=Course"} {
		p, err := New(spec, Env{Seed: 1})
		if err != nil {
			t.Errorf("New(%q): %v", spec, err)
			continue
		}
		if !strings.Contains(p.Name(), "eval=course") { // eval.Course's name, whatever the spec says
			t.Errorf("New(%q) is %s, want the course's heuristic", spec, p.Name())
		}
	}
	_, err := New("alphabeta:eval=clasic", Env{})
	if err == nil || !strings.Contains(err.Error(), "want one of pattern, course, discs") {
		t.Errorf("eval=clasic: error %v, want the names pattern, course, discs", err)
	}
	if e, _ := Lookup("alphabeta"); e.option("eval").Default != "course" {
		t.Errorf("alphabeta's eval defaults to %q, want course", e.option("eval").Default)
	}
}

// TestUsesShippedBook: which player specs play from the shipped book,
// and so get the note of reversi play when it cannot be read.
func TestUsesShippedBook(t *testing.T) {
	for spec, want := range map[string]bool{
		"engine":                      true,
		"ENGINE:level=3":              true,
		"engine:book=on":              true,
		"engine:book=Auto,threads=1":  true,
		"engine:book=OFF":             false,
		"engine:book-file=my.bin":     false,
		"engine:bogus=1":              false,
		"random":                      false,
		"mcts:time=1s":                false,
		"nboard:edax -q":              false,
		"":                            false,
		"engine:level=5,book=off,x=1": false,
	} {
		if got := UsesShippedBook(spec); got != want {
			t.Errorf("UsesShippedBook(%q) = %v, want %v", spec, got, want)
		}
	}
}
