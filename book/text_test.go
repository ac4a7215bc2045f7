package book

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// startLine is the start as the text format writes it, without its
// value, depth and count.
const startLine = "---------------------------OX------XO--------------------------- X"

// TestReadTextRefuses: what the text format does not hold is refused
// with an error that names the line (both lines for a position given
// twice) and the fault; the same text less the fault is read.
func TestReadTextRefuses(t *testing.T) {
	f5 := board.StartBoard().Play(board.MustParseSquare("f5"))
	f5Text := positionText(f5)
	d3Text := positionText(board.Symmetry(3).Apply(f5)) // f5 turned: d3, the same position
	// f5 with the colours swapped and white to move: the same side-relative board.
	f5White := board.Position{Board: f5, Turn: board.White}.String()
	for _, tc := range []struct {
		name, text string
		want       string // "" if the text is a book
	}{
		{"plain values", startLine + " -0.5 1 2\n" + f5Text + " .5 1 2\n", ""},
		{"more plain values", startLine + " +64 1 2\n" + f5Text + " -64. 1 2\n", ""},
		{"NaN", startLine + " NaN 1 2\n", `line 1: value "NaN": not a plain decimal number`},
		{"nan", startLine + " nan 1 2\n", `value "nan": not a plain decimal number`},
		{"+NaN", startLine + " +NaN 1 2\n", `value "+NaN": not a plain decimal number`},
		{"-nan", startLine + " -nan 1 2\n", `value "-nan": not a plain decimal number`},
		{"Inf", startLine + " Inf 1 2\n", `value "Inf": not a plain decimal number`},
		{"-infinity", startLine + " -infinity 1 2\n", `value "-infinity": not a plain decimal number`},
		{"underscore", startLine + " 1_0 1 2\n", `value "1_0": not a plain decimal number`},
		{"hexadecimal", startLine + " 0x1p5 1 2\n", `value "0x1p5": not a plain decimal number`},
		{"exponent", startLine + " 1e1 1 2\n", `value "1e1": not a plain decimal number`},
		{"two signs", startLine + " +-1 1 2\n", `value "+-1": not a plain decimal number`},
		{"two points", startLine + " 1.2.3 1 2\n", `value "1.2.3": not a plain decimal number`},
		{"a point alone", startLine + " . 1 2\n", `value ".": not a plain decimal number`},
		{"beyond 64", startLine + " 64.01 1 2\n", `value "64.01": want discs from -64 to +64`},
		{"same line twice", "# a book\n" + startLine + " 1 1 2\n\n" + startLine + " 1 1 2\n", "line 4: the position of line 2 again"},
		{"another value", startLine + " 1 1 2\n" + f5Text + " 1 1 2\n" + startLine + " 2 3 4\n", "line 3: the position of line 1 again"},
		{"another image", f5Text + " 1 1 2\n" + d3Text + " 1 1 2\n", "line 2: the position of line 1 again"},
		{"other colours", f5Text + " 1 1 2\n" + f5White + " 1 1 2\n", "line 2: the position of line 1 again"},
		{"empty", "", "no positions"},
		{"blank lines", "\n  \n\r\n", "no positions"},
		{"comments alone", textHeader + "\n# nothing\n\n", "no positions"},
		{"empty board", strings.Repeat("-", 64) + " X 0 1 2\n", "line 1: board " + strings.Repeat("-", 64) + ": the empty board, which no game reaches"},
		{"centre square empty", "X" + strings.Repeat("-", 63) + " X 0 1 2\n", "line 1: board X---------------------------------------------------------------: centre squares D4 E4 D5 E5 empty"},
		{"binary book", string(sampleBook().Bytes()), `already a binary book (it starts with "RVBOOK")`},
		{"four fields", startLine + " 1 2\n", `line 1: "` + startLine + ` 1 2": want 5 fields (board, side to move, value, depth, games), have 4`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadText(strings.NewReader(tc.text))
			if tc.want == "" {
				if err != nil || len(s) == 0 {
					t.Fatalf("%d positions, %v", len(s), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
			if s != nil {
				t.Errorf("%d positions returned with the error", len(s))
			}
		})
	}
}

// TestReadTextLongLines: comments of any length are ignored; a line of a
// position is read up to 1 KiB and refused beyond, with an error that
// names the line and says it is too long.
func TestReadTextLongLines(t *testing.T) {
	// pad makes the position's line n bytes long (end of line aside) with
	// spaces between its fields.
	pad := func(n int) string {
		return startLine + " 1 2" + strings.Repeat(" ", n-len(startLine)-6) + " 3"
	}
	if got := len(pad(maxLine)); got != maxLine {
		t.Fatalf("pad: %d bytes", got)
	}
	for _, tc := range []struct {
		name, text string
		want       string // "" if the text is a book
	}{
		{"long comment", "# " + strings.Repeat("c", 3*maxLine) + "\n" + startLine + " 1 2 3\n", ""},
		{"comment longer than a read buffer", "#" + strings.Repeat("c", 20000) + "\n" + startLine + " 1 2 3\n", ""},
		{"indented long comment", "   #" + strings.Repeat("c", 5000) + "\r\n" + startLine + " 1 2 3\r\n", ""},
		{"long comment at the end", startLine + " 1 2 3\n#" + strings.Repeat("c", 5000), ""},
		{"line of 1 KiB", pad(maxLine) + "\n", ""},
		{"line of 1 KiB, CRLF", pad(maxLine) + "\r\n", ""},
		{"line of 1 KiB, no end of line", pad(maxLine), ""},
		{"line of 1 KiB and a byte", "# ok\n" + pad(maxLine+1) + "\n", "line 2: too long (more than 1024 bytes"},
		{"line of 1 KiB and a byte, no end of line", pad(maxLine + 1), "line 1: too long"},
		{"very long line", "#\n#\n" + pad(10000) + "\n", "line 3: too long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadText(strings.NewReader(tc.text))
			if tc.want == "" {
				if err != nil || len(s) != 1 {
					t.Fatalf("%d positions, %v; want 1", len(s), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestWorkLineErrors: a bad line of a work file is quoted as it is, with
// the fields that a work line has (no count of games).
func TestWorkLineErrors(t *testing.T) {
	const header = "# reversi book values: test"
	for _, tc := range []struct {
		name, line string
		want       string // "" if the line is good
	}{
		{"good", startLine + " +1.50 3", ""},
		{"three fields", startLine + " +1.50", `line 2: "` + startLine + ` +1.50": want 4 fields (board, side to move, value, depth), have 3`},
		{"five fields", startLine + " +1.50 3 7", `line 2: "` + startLine + ` +1.50 3 7": want 4 fields (board, side to move, value, depth), have 5`},
		{"NaN", startLine + " NaN 3", `line 2: value "NaN": not a plain decimal number`},
		{"too long", startLine + " +1.50" + strings.Repeat(" ", 2000) + "3", "line 2: too long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "values-0-of-1.txt"), []byte(header+"\n"+tc.line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			values, err := work{dir: dir, prefix: "values", header: header}.read()
			if tc.want == "" {
				if e, ok := values[board.StartBoard()]; err != nil || !ok || e != (Entry{Value: 1.5, Depth: 3}) {
					t.Fatalf("%v, %v", values, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), ` 0"`) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestValueText: values are written signed to a hundredth, and one that
// rounds to zero as +0.00, never -0.00.
func TestValueText(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "+0.00"},
		{math.Copysign(0, -1), "+0.00"},
		{-0.004, "+0.00"},
		{0.004, "+0.00"},
		{-0.005, "-0.01"},
		{1.25, "+1.25"},
		{-3, "-3.00"},
		{64, "+64.00"},
		{-64, "-64.00"},
	} {
		if got := valueText(tc.v); got != tc.want {
			t.Errorf("valueText(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// TestNoNegativeZero: a book move to a position worth zero is worth
// zero, not -0 (which prints as -0.00), and the text format writes a
// value read as -0.00 as +0.00.
func TestNoNegativeZero(t *testing.T) {
	f5, _ := game.ParseTranscript("f5")
	f5d6, _ := game.ParseTranscript("f5d6")
	s := NewSet()
	s.Put(f5.Position().Board, Entry{Value: 0.5, Depth: 4, Count: 2})
	s.Put(f5d6.Position().Board, Entry{Value: math.Copysign(0, -1), Depth: 4, Count: 1})
	b := s.Book()
	moves := b.Moves(f5.Position().Board, ^uint64(0))
	if len(moves) != 1 || moves[0].Value != 0 || math.Signbit(moves[0].Value) {
		t.Errorf("book moves %+v, want d6 worth +0", moves)
	}
	read, err := ReadText(strings.NewReader(positionText(f5d6.Position().Board) + " -0.00 4 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := read.Book().WriteText(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), " +0.00 4 1\n") || strings.Contains(out.String(), "-0.00") {
		t.Errorf("text:\n%s", out.String())
	}
}

// TestReadTextByteOrderMark: a UTF-8 byte order mark at the very start
// of a text book (as some editors write one) is skipped, before a
// comment or a position; one anywhere else is refused as what it is not.
func TestReadTextByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	for _, tc := range []struct {
		name, text string
		want       string // "" if the text is a book of one position
	}{
		{"before the header", bom + textHeader + "\n" + startLine + " +1.00 4 5\n", ""},
		{"before a position", bom + startLine + " +1.00 4 5\n", ""},
		{"on the second line", textHeader + "\n" + bom + startLine + " +1.00 4 5\n", "line 2: "},
		{"twice at the start", bom + bom + startLine + " +1.00 4 5\n", "line 1: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, read := range []func(io.Reader) (Set, error){ReadText, Read} {
				s, err := read(strings.NewReader(tc.text))
				if tc.want == "" {
					if e, ok := s.Get(board.StartBoard()); err != nil || len(s) != 1 || !ok || e != (Entry{Value: 1, Depth: 4, Count: 5}) {
						t.Errorf("%d positions, %v", len(s), err)
					}
					continue
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want %q", err, tc.want)
				}
			}
		})
	}
}

// TestReadTextPlainDigits: the depth and the count of games are plain
// digits, with no sign, as the value's sign is not: "+5" is refused in
// either, as are "-0" and spaces or underscores; leading zeros are read.
func TestReadTextPlainDigits(t *testing.T) {
	for _, tc := range []struct {
		name, depth, games string
		want               string // "" if the line is read
	}{
		{"plain", "5", "1", ""},
		{"leading zeros", "005", "001", ""},
		{"depth +5", "+5", "1", `depth "+5": want 0 to 255, in plain digits`},
		{"depth -0", "-0", "1", `depth "-0": want 0 to 255, in plain digits`},
		{"depth 256", "256", "1", `depth "256": want 0 to 255`},
		{"depth 1_0", "1_0", "1", `depth "1_0"`},
		{"games +1", "5", "+1", `games "+1": want a count from 0 to 4294967295, in plain digits`},
		{"games -0", "5", "-0", `games "-0"`},
		{"games 1_0", "5", "1_0", `games "1_0"`},
		{"games 2^32", "5", "4294967296", `games "4294967296"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadText(strings.NewReader(startLine + " +1.00 " + tc.depth + " " + tc.games + "\n"))
			if tc.want == "" {
				if e, ok := s.Get(board.StartBoard()); err != nil || !ok || e.Depth != 5 || e.Count != 1 {
					t.Errorf("%+v, %v", e, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "line 1: "+tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
