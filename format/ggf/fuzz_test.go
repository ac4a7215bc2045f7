// Fuzz target: no panic, errors that say something, accepted games round-trip, streams read as texts.

package ggf

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/data"
)

func FuzzParseGGF(f *testing.F) {
	raw, _ := data.ReadFile("ggf/nboard-test.ggf")
	f.Add(string(raw))
	raw, _ = data.ReadFile("ggf/nboard-test2.ggf")
	f.Add(string(raw))
	f.Add("(;GM[Othello]RE[-64:r]" + startBO + "B[f5/1.5/2]W[d6];)")
	f.Add("(;RU[no-adjacent]RE[+2:s]B[F5]W[D6];)")
	f.Add(`1 (;PB[a\]b]TY[8kr20]BO[8 -------- -------- ---*---- ---**--- ---**--- ----***- ----O--- ---OOO-- *]W[E3];)`)
	f.Add("(;TY[10];)")
	// Texts over the limit: refused with an error, not read for ever.
	f.Add("(;GM[Othello]PC[" + strings.Repeat("a", MaxGame) + "];)")
	f.Add("(;;)\n" + strings.Repeat(" ", MaxGame+1))
	f.Add(strings.Repeat("\x00", MaxGame+1))
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Parse(strings.NewReader(text))
		if len(text) <= MaxGame {
			// Read game by game from a stream as from the whole text.
			want, wantErr := parseText(text)
			if !reflect.DeepEqual(games, want) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("read from a stream: %d games, %v; from the whole text: %d games, %v", len(games), err, len(want), wantErr)
			}
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Err == nil || pe.Game < 1 {
				t.Fatalf("error %v is not a *ParseError naming a game", err)
			}
		}
		for i, g := range games {
			out := Format(g)
			back, err := ParseGame(out)
			if err != nil {
				t.Fatalf("game %d: %s does not read back: %v", i+1, out, err)
			}
			if !reflect.DeepEqual(back, g) {
				t.Fatalf("game %d: %s reads back as %+v, want %+v", i+1, out, back, g)
			}
			if again := Format(back); again != out {
				t.Fatalf("game %d written twice differently:\n%s\n%s", i+1, out, again)
			}
		}
	})
}
