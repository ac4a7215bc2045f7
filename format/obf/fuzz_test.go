// Fuzz target: no panic, errors that say something, accepted problems round-trip.

package obf

import (
	"reflect"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/data/fforum"
)

func FuzzParseOBF(f *testing.F) {
	raw, _ := fforum.ReadFile("fforum-1-19.obf")
	f.Add(string(raw))
	f.Add(line40)
	f.Add("% comment\n\n" + line40 + " % tail\r\n")
	f.Add("XO" + strings.Repeat("-", 62) + " O; PA:-64;")
	f.Add(line40[:66] + "; A2:+38; C9:+1;")
	// Lines over the limit: refused with an error, not read for ever.
	f.Add(strings.Repeat("a", MaxLine+3))
	f.Add(line40 + "\n" + line40 + " %" + strings.Repeat("\x00", MaxLine))
	f.Fuzz(func(t *testing.T, text string) {
		problems, err := Parse(strings.NewReader(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		for _, p := range problems {
			line := p.String()
			back, err := ParseLine(line)
			if err != nil {
				t.Fatalf("line %d: canonical %q does not parse: %v", p.Line, line, err)
			}
			back.Line = p.Line
			if !reflect.DeepEqual(back, p) {
				t.Fatalf("line %d: %q reads back as %+v, want %+v", p.Line, line, back, p)
			}
			if back.String() != line {
				t.Fatalf("line %d: not canonical: %q then %q", p.Line, line, back.String())
			}
		}
	})
}
