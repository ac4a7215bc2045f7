package gtp_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/gtp"
)

// FuzzParseCommand checks that no line makes ParseCommand panic, that an
// accepted command has a name, and that its String reads back the same.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"", "genmove b", "12 play w D3", "  7\tname # comment", "#", "9", "99999999999 name",
		"play\x01 b\r", "reversi-setup_board " + whitePasses, "007 quit", "= 2", "-1 name"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := gtp.ParseCommand(line)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseCommand(%q): empty error", line)
			}
			return
		}
		if c.Name == "" || strings.ContainsAny(c.Name, " \t#") {
			t.Fatalf("ParseCommand(%q): name %q", line, c.Name)
		}
		again, err := gtp.ParseCommand(c.String())
		if err != nil || again.String() != c.String() || again.ID != c.ID || again.HasID != c.HasID {
			t.Fatalf("ParseCommand(%q) = %#v, whose line %q reads back as %#v, %v", line, c, c.String(), again, err)
		}
	})
}

// FuzzParseAnswerLine checks that no line makes ParseAnswerLine panic,
// and that an accepted answer written back reads the same.
func FuzzParseAnswerLine(f *testing.F) {
	for _, s := range []string{"=", "= D3", "=12 pass", "? illegal move", "?3", "=x", "= GTP GRhino", "=99999999999 a", "", "D3", "==", "=\t1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, err := gtp.ParseAnswerLine(line)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseAnswerLine(%q): empty error", line)
			}
			return
		}
		first, _, _ := strings.Cut(a.String(), "\n")
		again, err := gtp.ParseAnswerLine(first)
		if err != nil || again != a {
			t.Fatalf("ParseAnswerLine(%q) = %#v, written %q, reads back as %#v, %v", line, a, first, again, err)
		}
	})
}

// FuzzParseGenmove checks that every answer to genmove is a square, a
// pass, a resignation, or an error that says so, and that a move written
// back reads the same.
func FuzzParseGenmove(f *testing.F) {
	for _, s := range []string{"D3", "d3", "pass", "PASS", "resign", "Resign", "", "Z9", "D", "D33", "pa", "A0", "I1", "H8 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g := gtp.ParseGenmove(text)
		switch {
		case g.Resign:
			if g.Err != nil {
				t.Fatalf("%q: resign and error %v", text, g.Err)
			}
		case g.Err != nil:
			if g.Move != board.NoSquare {
				t.Fatalf("%q: error %v with move %v", text, g.Err, g.Move)
			}
		case g.Move.OnBoard() || g.Move == board.Pass:
			if back := gtp.ParseGenmove(gtp.FormatVertex(g.Move)); back.Move != g.Move {
				t.Fatalf("%q: %v written %q reads back as %v", text, g.Move, gtp.FormatVertex(g.Move), back.Move)
			}
		default:
			t.Fatalf("%q: neither a move, a pass, resign nor an error: %#v", text, g)
		}
	})
}

// FuzzServe checks that no input makes Serve fail or panic, and that it
// answers every command with exactly one answer, "=" or "?".
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"genmove b\ngenmove w\nundo\nshowboard\n",
		"play b d3\nplay w c5\nplay b pass\nfinal_score\n",
		"reversi-setup_board " + whitePasses + "\nplay b c1\nfinal_score\nundo\nundo\n",
		"time_settings 0 1 1\ntime_left b 0 0\ngenmove b\n",
		"boardsize 8\n1 clear_board\nknown_command play\nlist_commands\n# x\n\n\tname\n",
		"play w a1\nplay b Pass\n99999999999999 genmove\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var out strings.Builder
		if err := gtp.Serve(context.Background(), strings.NewReader(input), &out, firstLegal, gtp.Options{}); err != nil {
			t.Fatalf("Serve(%q): %v", input, err)
		}
		commands := 0
		for _, l := range strings.Split(input, "\n") {
			if c, err := gtp.ParseCommand(l); !errors.Is(err, gtp.ErrEmpty) {
				commands++
				if err == nil && c.Name == "quit" {
					break
				}
			}
		}
		answers := 0
		for _, a := range strings.SplitAfter(out.String(), "\n\n") {
			if a == "" {
				continue
			}
			if a[0] != '=' && a[0] != '?' {
				t.Fatalf("Serve(%q): answer %q", input, a)
			}
			answers++
		}
		if answers != commands {
			t.Fatalf("Serve(%q): %d answers to %d commands:\n%s", input, answers, commands, out.String())
		}
	})
}
