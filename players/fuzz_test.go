package players

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
