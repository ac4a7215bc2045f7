package catalog

import (
	"strings"
	"testing"
)

func TestEngineBookOptions(t *testing.T) {
	for _, tc := range []struct {
		spec, name, err string
	}{
		{"engine:level=3", "engine:level=3", ""},
		{"engine:level=3,book=off", "engine:level=3,book=off", ""},
		{"engine:level=3,book=ON,book-random=2", "engine:level=3,book-random=2", ""},
		{"engine:book=maybe", "", "want on or off"},
		{"engine:book-random=-1", "", "out of range"},
	} {
		p, err := New(tc.spec, Env{Seed: 1})
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want an error with %q", tc.spec, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.spec, err)
		case p.Name() != tc.name:
			t.Errorf("%s: name %q, want %q", tc.spec, p.Name(), tc.name)
		}
	}
}
