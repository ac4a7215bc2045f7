package catalog

import (
	"reflect"
	"testing"
)

// FuzzParse checks that no spec makes Parse or New panic, that every error
// says something, and that an accepted spec's canonical form reads back to
// the same Spec. (New runs only for entries without a raw argument: those
// may start external programs. An entry that is costly to build should be
// skipped here too.)
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "random", "random:seed=7", "evaporation:endgame=16,seed=3", "positional:table=20/-3/11/8/-7/-4/1/2/2/-3",
		"random:", ":", "random:seed", "random:=", "random:seed=1,,", "RANDOM : SEED = 7", "x:y=z:w",
		"positional:table=" + "1/2/3/4/5/6/7/8/9/10", "evaporation:endgame=99999999999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty error", text)
			}
			return
		}
		again, err := Parse(s.String())
		if err != nil || !reflect.DeepEqual(again, s) {
			t.Fatalf("Parse(%q) = %#v, whose form %q reads back as %#v, %v", text, s, s.String(), again, err)
		}
		if lookup(s.Name).Raw != "" {
			return
		}
		p, err := New(text, Env{Seed: 1})
		switch {
		case err != nil && err.Error() == "":
			t.Fatalf("New(%q): empty error", text)
		case err == nil && p == nil:
			t.Fatalf("New(%q): no player and no error", text)
		}
	})
}

// FuzzLimited checks that no spec makes CheckLimited panic, and that a
// spec it accepts names a confined player with every costly option within
// the limits; the seeds are the resource bombs a client of the server
// might send.
func FuzzLimited(f *testing.F) {
	for _, s := range []string{
		"engine:hash=65536", "engine:threads=256", "engine:time=24h", "engine:depth=60", "engine:hash=64,threads=1",
		"mcts:memory=65536", "mcts:threads=256,parallel=tree", "mcts:iterations=18446744073709551615,time=0s",
		"mcts:time=9223372036854775807ns", "minimax:depth=20", "alphabeta:depth=20,eval=pattern",
		"nboard:touch pwned", "human", "NBoard:sh", "gtp:touch pwned", "GTP:sh", "engine:hash=-1", "engine:level=10",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := CheckLimited(text, serverLimits)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("CheckLimited(%q): empty error", text)
			}
			return
		}
		e := lookup(s.Name)
		if !e.Confined {
			t.Fatalf("CheckLimited(%q) accepted %s, which is not confined", text, s.Name)
		}
		for _, set := range s.Options {
			o := e.option(set.Key)
			v, err := o.Kind.parse(set.Value)
			if err != nil {
				t.Fatalf("CheckLimited(%q) accepted %s=%s: %v", text, set.Key, set.Value, err)
			}
			limit, _ := serverLimits.bound(o.Resource)
			if n, ok := amount(v); ok && limit > 0 && n > limit {
				t.Fatalf("CheckLimited(%q) accepted %s=%s above the limit %d", text, set.Key, set.Value, limit)
			}
		}
	})
}
