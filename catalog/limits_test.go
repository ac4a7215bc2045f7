package catalog

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/player"
)

// serverLimits are limits like the game server's defaults.
var serverLimits = Limits{HashMB: 64, MemoryMB: 64, Threads: 1, MoveTime: time.Minute, Depth: 24}

// TestNewLimitedRefuses checks that every spec asking for more than the
// limits, or for a player that is not confined, is refused with an error
// that names the option and the limit, and builds nothing.
func TestNewLimitedRefuses(t *testing.T) {
	tests := []struct {
		spec   string
		lim    Limits
		option string
		want   string
	}{
		{"nboard:touch pwned", serverLimits, "", "nboard is not offered here"},
		{"NBOARD : sh -c 'rm -rf /'", serverLimits, "", "nboard is not offered here"},
		{"human", serverLimits, "", "human is not offered here"},
		{"human:name=x", serverLimits, "", "human is not offered here"},
		{"engine:hash=65536", serverLimits, "hash", "65536 MB is above the limit of 64 MB here"},
		{"engine:hash=65", serverLimits, "hash", "65 MB is above the limit of 64 MB"},
		{"engine:threads=2", serverLimits, "threads", "2 threads is above the limit of 1 threads here"},
		{"engine:time=2m", serverLimits, "time", "2m0s is above the limit of 1m0s here"},
		{"engine:depth=30", serverLimits, "depth", "30 plies is above the limit of 24 plies here"},
		{"engine:book-file=/etc/passwd", serverLimits, "book-file", "reads a file of this machine: not offered here"},
		{"engine:book-file=x.bin", Limits{}, "book-file", "reads a file of this machine"},
		{"mcts:memory=65536", serverLimits, "memory", "65536 MB is above the limit of 64 MB here"},
		{"mcts:threads=64", serverLimits, "threads", "above the limit of 1 threads"},
		{"mcts:time=1h", serverLimits, "time", "1h0m0s is above the limit of 1m0s here"},
		{"minimax:depth=20", Limits{Depth: 8}, "depth", "20 plies is above the limit of 8 plies"},
		{"alphabeta:depth=9", Limits{Depth: 8}, "depth", "9 plies is above the limit of 8 plies"},
		{"roxanne", Limits{Allow: func(name string) bool { return name == "random" }}, "", "roxanne is not offered here"},
		{"nboard:edax", Limits{Allow: func(string) bool { return true }}, "", "nboard is not offered here"},
		{"gtp:touch pwned", serverLimits, "", "gtp is not offered here"},
		{"GTP : sh -c 'rm -rf /'", serverLimits, "", "gtp is not offered here"},
		{"gtp:gtp-rhino --level 5", Limits{Allow: func(string) bool { return true }}, "", "gtp is not offered here"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			p, err := NewLimited(tt.spec, Env{Threads: 8}, tt.lim)
			if err == nil {
				t.Fatalf("NewLimited built %s", p.Name())
			}
			var se *SpecError
			if !errors.As(err, &se) || se.Option != tt.option {
				t.Fatalf("error %v (%T): want a SpecError of option %q", err, err, tt.option)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %q: want %q in it", err, tt.want)
			}
			if _, cerr := CheckLimited(tt.spec, tt.lim); cerr == nil || cerr.Error() != err.Error() {
				t.Fatalf("CheckLimited: %v, NewLimited: %v", cerr, err)
			}
		})
	}
}

// TestNewLimitedAccepts checks specs within the limits, and that the
// defaults above them are lowered: the engine's threads (all the cores
// by default) to the limit.
func TestNewLimitedAccepts(t *testing.T) {
	for _, spec := range []string{"random", "roxanne:seed=3", "engine:level=3", "engine:hash=64,threads=1,time=1m,depth=24",
		"mcts:memory=64,time=500ms", "minimax:depth=3", "alphabeta", "evaporation:endgame=16"} {
		p, err := NewLimited(spec, Env{}, serverLimits)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if c, ok := p.(interface{ Close() error }); ok {
			c.Close()
		}
	}
	p, err := NewLimited("engine:level=2", Env{Threads: 16}, serverLimits)
	if err != nil {
		t.Fatal(err)
	}
	if n := p.(*engine.Player).Engine().Threads(); n != 1 {
		t.Fatalf("engine threads %d, want the limit 1", n)
	}
}

// TestLimitedClampsDefaults checks on a table of its own that a default
// above a limit reaches the constructor lowered, and a given value within
// the limit unchanged.
func TestLimitedClampsDefaults(t *testing.T) {
	tab := table{{
		Name: "big",
		Options: []Option{
			{Name: "memory", Kind: Int, Default: "96", Resource: MemoryMB},
			{Name: "time", Kind: Duration, Default: "10m", Resource: MoveTime},
			{Name: "depth", Kind: Int, Default: "4", Resource: Depth},
		},
		Confined: true,
		New: func(a Args) (player.Player, error) {
			return named(fmt.Sprintf("memory=%d time=%v depth=%d", a.Int("memory"), a.Duration("time"), a.Int("depth"))), nil
		},
	}}
	for spec, want := range map[string]string{
		"big":           "memory=64 time=1m0s depth=4",
		"big:memory=10": "memory=10 time=1m0s depth=4",
		"big:time=2s":   "memory=64 time=2s depth=4",
	} {
		p, err := tab.buildLimited(spec, Env{}, serverLimits)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if p.Name() != want {
			t.Errorf("%s built with %s, want %s", spec, p.Name(), want)
		}
	}
	if _, err := tab.buildLimited("big:memory=100", Env{}, serverLimits); err == nil {
		t.Errorf("memory=100 built above the limit of 64")
	}
	// Without limits, the defaults stand.
	p, err := tab.buildLimited("big", Env{}, Limits{})
	if err != nil || p.Name() != "memory=96 time=10m0s depth=4" {
		t.Errorf("no limits: %v, %v", p, err)
	}
}

// TestConfined checks which entries of the catalog are confined: all but
// those that read a terminal or start a program.
func TestConfined(t *testing.T) {
	for _, e := range Entries() {
		want := e.Name != "human" && e.Name != "nboard" && e.Name != "gtp"
		if e.Confined != want {
			t.Errorf("%s: Confined %v, want %v", e.Name, e.Confined, want)
		}
	}
}
