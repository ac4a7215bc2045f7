package nboard

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// testBook knows the position after f5 (after any first move, in some
// symmetry) and its replies d6 and f6, not f4.
func testBook() *book.Book {
	s := book.NewSet()
	for tr, e := range map[string]book.Entry{
		"f5":   {Value: 0.5, Depth: 12, Count: 100},
		"f5d6": {Value: -1, Depth: 12, Count: 60},
		"f5f6": {Value: 0.5, Depth: 10, Count: 40},
	} {
		g, _ := game.ParseTranscript(tr)
		s.Put(g.Position().Board, e)
	}
	return s.Book()
}

// ggfAfter returns the GGF game of the moves of a transcript.
func ggfAfter(transcript string) string {
	var moves strings.Builder
	g, _ := game.ParseTranscript(transcript)
	for i, m := range g.Moves {
		tag := "B"
		if g.PositionAt(i).Turn == board.White {
			tag = "W"
		}
		moves.WriteString(tag + "[" + strings.ToUpper(m.Square.String()) + "]")
	}
	return "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" + moves.String() + ";)"
}

// answerLines returns the lines of an answer, up to its last line "status".
func (c *conn) answerLines() []string {
	c.t.Helper()
	var lines []string
	for {
		l, before := c.until("status")
		lines = append(append(lines, before...), l)
		if l == "status" {
			return lines[:len(lines)-1]
		}
	}
}

func startBook(t *testing.T, b *book.Book) *conn {
	t.Helper()
	c := startOptions(t, newEngine(t, engine.Options{Eval: eval.Course{}, HashMB: 2}), Options{Depth: 4, Book: b})
	c.send("nboard 2", "set depth 4")
	c.until("set myname")
	return c
}

// TestBookAnswers: in a position of the book, hint and go answer from it
// at once, "book" in the depth field; with more moves asked than the book
// has, the others are searched; out of the book, both search.
func TestBookAnswers(t *testing.T) {
	tests := []struct {
		name       string
		transcript string
		command    string
		want       []string // the lines before "status" (or the last line)
		searched   string   // the moves that search lines may name, if any
	}{
		{"hint at the start: the best three of four equal book moves, in square order", "", "hint 3",
			[]string{"book D3 -0.50 100 book depth 12", "book C4 -0.50 100 book depth 12", "book F5 -0.50 100 book depth 12"}, ""},
		{"go at the start: the first best book move", "", "go",
			[]string{"book D3 -0.50 100 book depth 12", "=== D3/-0.50/0.000"}, ""},
		{"hint after f5: the two book moves, best first", "f5", "hint 2",
			[]string{"book D6 1.00 60 book depth 12", "book F6 -0.50 40 book depth 10"}, ""},
		{"go after f5", "f5", "go",
			[]string{"book D6 1.00 60 book depth 12", "=== D6/1.00/0.000"}, ""},
		{"hint 3 after f5: the book's two, then f4 searched", "f5", "hint 3",
			[]string{"book D6 1.00 60 book depth 12", "book F6 -0.50 40 book depth 10"}, "F4"},
		{"out of the book: hint searches", "f5d6", "hint 2", nil, "C3,C4,C5,C6,D3,E6,E7,F3,F4,F5,F6,G3"},
		{"out of the book: go searches", "f5d6", "go", nil, "C3,C4,C5,C6,D3,E6,E7,F3,F4,F5,F6,G3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := startBook(t, testBook())
			c.send("set game "+ggfAfter(tt.transcript), tt.command)
			lines := c.answerLines()
			var books, searches []string
			for _, l := range lines {
				switch {
				case strings.HasPrefix(l, "book "), strings.HasPrefix(l, "==="):
					books = append(books, l)
				case strings.HasPrefix(l, "search "):
					m, err := ParseSearch(l)
					if err != nil || m.Kind == player.Book {
						t.Errorf("search line %q: %+v, %v", l, m, err)
					}
					searches = append(searches, strings.ToUpper(m.Move.String()))
				}
			}
			if tt.searched != "" {
				books = slices.DeleteFunc(books, func(l string) bool { return strings.HasPrefix(l, "===") }) // a searched move's
			}
			if !slices.Equal(books, tt.want) {
				t.Errorf("book lines %q, want %q (all lines %q)", books, tt.want, lines)
			}
			if tt.searched == "" && len(searches) > 0 {
				t.Errorf("searched %q in a book answer", searches)
			}
			if tt.searched != "" && len(searches) == 0 {
				t.Errorf("no search out of the book: %q", lines)
			}
			for _, m := range searches {
				if !strings.Contains(","+tt.searched+",", ","+m+",") {
					t.Errorf("searched %s, want only %s", m, tt.searched)
				}
			}
		})
	}
}

// TestShippedBookAtTheStart: with the shipped book, a hint at the start
// is its book moves, read back as the book's values and depths.
func TestShippedBookAtTheStart(t *testing.T) {
	b, err := book.Shipped()
	if err != nil {
		t.Skipf("no shipped book: %v", err)
	}
	start := game.NewStandard()
	want := b.Moves(start.Position().Board, start.Legal())
	if len(want) == 0 {
		t.Fatal("the shipped book has no move at the start")
	}
	c := startBook(t, b)
	c.send("set game "+ggfAfter(""), "hint 4")
	lines := c.answerLines()
	if len(lines) != min(4, len(want)) {
		t.Fatalf("hint 4 at the start: %q, want %d book lines", lines, min(4, len(want)))
	}
	for i, l := range lines {
		m, err := ParseSearch(l)
		if err != nil || !strings.HasPrefix(l, "book ") || strings.Fields(l)[4] != "book" {
			t.Fatalf("%q: not a book line with book in the depth field (%v)", l, err)
		}
		w := want[i]
		if m.Move != w.Square || m.Kind != player.Book || m.Depth != w.Depth || m.Eval != float64(int(w.Value*100+sign(w.Value)*0.5))/100 {
			t.Errorf("%q read %+v, want %+v", l, m, w)
		}
	}
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// TestBookLineRoundTrip: a book line reads back as the move, its value
// and the book's source at the book's depth.
func TestBookLineRoundTrip(t *testing.T) {
	sq := board.MustParseSquare
	m := player.MoveStat{Move: sq("F5"), Eval: -0.77, HasEval: true, Source: player.Source{Kind: player.Book, Depth: 10}, PV: []board.Square{sq("F5")}}
	line := FormatBook(m, 75457)
	if line != "book F5 -0.77 75457 book depth 10" {
		t.Errorf("FormatBook = %q", line)
	}
	got, err := ParseSearch(line)
	if err != nil || !reflect.DeepEqual(got, m) {
		t.Errorf("ParseSearch(%q) = %+v, %v; want %+v", line, got, err, m)
	}
}

// searchedBook is a book as "book build" makes them (its values
// negamaxed with book.NegamaxSearched, and read back from the binary
// format): the position after f5 searched at worth, its replies d6 and
// f6 at 1 and -0.5 for White, and the start. A worth above 1 is a
// position whose own search found a better move than its book moves.
func searchedBook(t *testing.T, worth float64) *book.Book {
	t.Helper()
	s := book.NewSet()
	for tr, e := range map[string]book.Entry{
		"":     {Value: 0, Depth: 12, Count: 100},
		"f5":   {Value: worth, Depth: 12, Count: 100},
		"f5d6": {Value: -1, Depth: 12, Count: 60},
		"f5f6": {Value: 0.5, Depth: 10, Count: 40},
	} {
		g, _ := game.ParseTranscript(tr)
		s.Put(g.Position().Board, e)
	}
	b, err := book.Decode(book.NegamaxSearched(s).Book().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBookRuleIsTheEngines: "go" plays from the book exactly when the
// engine's player does (engine.Player with the book): in a position worth
// no more than its best book move it plays that move; in a position worth
// more (its own search in a book that book build made found a better move
// out of the book) it searches, and "hint" then searches every move
// rather than list the book's first; so it does in a game under another
// rule (the book's values are the standard game's).
func TestBookRuleIsTheEngines(t *testing.T) {
	for _, tt := range []struct {
		worth    float64
		rule     string // a GGF tag
		fromBook bool
	}{{1, "", true}, {1.01, "", true}, {1.5, "", false}, {3, "", false}, {1, "RU[no-adjacent]", false}} {
		t.Run(fmt.Sprint(tt.worth, tt.rule), func(t *testing.T) {
			b := searchedBook(t, tt.worth)
			text := strings.Replace(ggfAfter("f5"), "TY[8]", "TY[8]"+tt.rule, 1)
			g, err := ggf.ParseGame(text)
			if err != nil {
				t.Fatal(err)
			}
			if e, _ := b.Lookup(g.Position().Board); e.Value != tt.worth {
				t.Fatalf("the book values f5 at %v, want %v", e.Value, tt.worth)
			}

			// The engine's player.
			e := newEngine(t, engine.Options{Eval: eval.Course{}, HashMB: 2})
			p := engine.NewPlayer(e, levelAt(2), "x", 1)
			p.SetBook(engine.BookOptions{Book: b})
			reply, err := p.Move(context.Background(), player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal()})
			if err != nil {
				t.Fatal(err)
			}
			if engineBook := reply.Thinking != nil && reply.Thinking.Source.Kind == player.Book; engineBook != tt.fromBook {
				t.Fatalf("the engine's player plays from the book: %v, want %v", engineBook, tt.fromBook)
			}

			c := startBook(t, b)
			c.send("set depth 2", "set game "+text, "go")
			lines := c.answerLines()
			answer := lines[len(lines)-1]
			nboardBook := slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "book ") })
			if nboardBook != tt.fromBook || !strings.HasPrefix(answer, "=== ") {
				t.Errorf("go from the book: %v, want %v as the engine's player: %q", nboardBook, tt.fromBook, lines)
			}
			if tt.fromBook && answer != "=== D6/1.00/0.000" {
				t.Errorf("go: %q, want the best book move D6", answer)
			}
			if !tt.fromBook && !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "search ") }) {
				t.Errorf("go out of the book's rule: %q, want a search line", lines)
			}

			c.send("hint 2")
			hint := c.answerLines()
			books, searches := 0, 0
			for _, l := range hint {
				switch {
				case strings.HasPrefix(l, "book "):
					books++
				case strings.HasPrefix(l, "search "):
					searches++
				}
			}
			if tt.fromBook && (books != 2 || searches != 0) || !tt.fromBook && (books != 0 || searches == 0) {
				t.Errorf("hint 2 (from the book %v): %q", tt.fromBook, hint)
			}
		})
	}
}

// TestBookNoteStatus: Options.BookNote (why there is no book) is sent
// as a status line after the answer to "nboard 2", once: a GUI shows
// status lines and no standard error.
func TestBookNoteStatus(t *testing.T) {
	const note = "no opening book: the shipped book: corrupt opening book: checksum mismatch (the file is damaged)"
	c := startOptions(t, newEngine(t, engine.Options{Eval: eval.Course{}, HashMB: 2}), Options{Depth: 2, BookNote: note})
	c.send("nboard 2")
	if l, _ := c.until("set myname"); l != "set myname reversi" {
		t.Errorf("greeting %q", l)
	}
	if got := c.sync(1); !slices.Equal(got, []string{"status " + note}) {
		t.Errorf("after the greeting: %q, want the note as a status line", got)
	}
	c.send("nboard 2")
	if got := c.sync(2); !slices.Equal(got, []string{"set myname reversi"}) {
		t.Errorf("a second nboard 2: %q, want the note once", got)
	}
	// Without a note, the greeting alone.
	c = startOptions(t, newEngine(t, engine.Options{Eval: eval.Course{}, HashMB: 2}), Options{Depth: 2})
	c.send("nboard 2")
	if got := c.sync(1); !slices.Equal(got, []string{"set myname reversi"}) {
		t.Errorf("no note: %q", got)
	}
}
