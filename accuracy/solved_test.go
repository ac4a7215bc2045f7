package accuracy

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/obf"
)

const solvedLine = "----XO----XOO-----OOXOO--OOOXXX-OOOOOXX--OOOXXXX--OOXX------XX-- X; H3:+6;\n"

func TestSolvedFileAddAndReopen(t *testing.T) {
	name := filepath.Join(t.TempDir(), "sub", "solved.obf") // the folder is made
	s, err := OpenSolved(name)
	if err != nil {
		t.Fatal(err)
	}
	start := board.Start()
	if _, ok := s.Score(start.Board); ok {
		t.Fatal("an empty file knows a score")
	}
	if err := s.Add(start, board.MustParseSquare("d3"), 0); err != nil {
		t.Fatal(err)
	}
	if v, ok := s.Score(start.Board); !ok || v != 0 {
		t.Errorf("score after add: %d, %v; want 0, true", v, ok)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := OpenSolved(name)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if v, ok := again.Score(start.Board); !ok || v != 0 {
		t.Errorf("score after reopening: %d, %v; want 0, true", v, ok)
	}
}

func TestSolvedFileRefusals(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"not a board", "hello\n" + solvedLine, "line 1:"},
		{"no score", strings.Replace(solvedLine, " H3:+6;", "", 1) + solvedLine, "line 1: no scored move"},
		{"illegal move", strings.Replace(solvedLine, "H3", "A1", 1), "line 1:"},
		{"score out of range", strings.Replace(solvedLine, "+6", "+66", 1), "line 1:"},
		{"bad line in the middle", solvedLine + "% a comment\n\nbad\n" + solvedLine, "line 4:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := solvedFile(t, tt.text)
			s, err := OpenSolved(name)
			if err == nil {
				s.Close()
				t.Fatalf("opened; want an error with %q", tt.want)
			}
			if !strings.Contains(err.Error(), name+": "+tt.want) {
				t.Errorf("error %q; want it to name the file and %q", err, tt.want)
			}
			if now, _ := os.ReadFile(name); string(now) != tt.text {
				t.Errorf("the refused file was changed:\n%s", now)
			}
		})
	}
	if _, err := OpenSolved(""); err == nil {
		t.Error("an empty file name was accepted")
	}
}

// FuzzOpenSolved checks that any file is either refused and left as it
// is, or read, with what follows its last newline removed only if it
// starts with the header (an empty file getting the header), and then
// reads back the same scores.
func FuzzOpenSolved(f *testing.F) {
	header := SolvedHeader + "\n"
	f.Add([]byte(solvedLine))
	f.Add([]byte(solvedLine + solvedLine[:30]))
	f.Add([]byte(header + solvedLine + solvedLine[:30]))
	f.Add([]byte(header[:20]))
	f.Add([]byte(""))
	f.Add([]byte("% comment\n\n" + solvedLine))
	f.Add([]byte("garbage"))
	f.Add([]byte(strings.Replace(solvedLine, "+6", "-64", 1)))
	f.Add([]byte(solvedLine[:len(solvedLine)-1])) // a whole line but for its newline
	// Lines over the limit, whole or cut short: refused, the file as it was.
	f.Add([]byte(solvedLine + strings.Repeat("a", obf.MaxLine+2) + "\n"))
	f.Add([]byte(solvedLine + strings.Repeat("\x00", obf.MaxLine+2)))
	f.Fuzz(func(t *testing.T, text []byte) {
		name := solvedFile(t, string(text))
		s, err := OpenSolved(name)
		now, _ := os.ReadFile(name)
		if err != nil {
			if !bytes.Equal(now, text) {
				t.Fatalf("refused (%v) and changed", err)
			}
			return
		}
		s.Close()
		want := text[:bytes.LastIndexByte(text, '\n')+1]
		if len(want) == 0 {
			want = []byte(header)
		}
		if !bytes.Equal(now, want) {
			t.Fatalf("opened and changed other than by cutting what follows the last newline:\n%q\nto\n%q", text, now)
		}
		ours := bytes.HasPrefix(text, []byte(header)) || bytes.HasPrefix(text, []byte(SolvedHeader+"\r\n")) ||
			bytes.HasPrefix([]byte(header), text)
		if !ours && len(text) > 0 && !bytes.Equal(now, text) {
			t.Fatalf("repaired a file without the header:\n%q\nto\n%q", text, now)
		}
		again, err := OpenSolved(name)
		if err != nil {
			t.Fatalf("reopening what was accepted: %v", err)
		}
		defer again.Close()
		if !maps.Equal(s.scores, again.scores) {
			t.Fatalf("reopening read other scores: %v, then %v", s.scores, again.scores)
		}
	})
}

// TestSolvedFileRepairsOnlyItsOwn: a last line without its newline is cut
// from a file that starts with the header OpenSolved writes, and refused,
// the file unchanged, in any other: a file whose only line lacks its
// newline was emptied before (issue 19).
func TestSolvedFileRepairsOnlyItsOwn(t *testing.T) {
	whole := solvedLine
	cut := solvedLine[:len(solvedLine)-1] // a whole line but for its newline
	tests := []struct {
		name, text string
		want       string // the file after opening; "" if refused
	}{
		{"another's file, only line without newline", cut, ""},
		{"another's file, last line cut", whole + solvedLine[:30], ""},
		{"another's whole file is read and kept", whole, whole},
		{"ours, last line cut", SolvedHeader + "\n" + whole + solvedLine[:30], SolvedHeader + "\n" + whole},
		{"ours, only line without newline", SolvedHeader + "\n" + cut, SolvedHeader + "\n"},
		{"ours, the header cut short", SolvedHeader[:12], SolvedHeader + "\n"},
		{"empty: the header is written", "", SolvedHeader + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := solvedFile(t, tt.text)
			s, err := OpenSolved(name)
			now, _ := os.ReadFile(name)
			if tt.want == "" {
				if err == nil {
					s.Close()
					t.Fatalf("opened; want a refusal")
				}
				if !strings.Contains(err.Error(), name+": the last line has no newline") || !strings.Contains(err.Error(), "header") {
					t.Errorf("error %q: want it to name the file, the cut line and the missing header", err)
				}
				if string(now) != tt.text {
					t.Errorf("the refused file was changed to %q", now)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if string(now) != tt.want {
				t.Errorf("the file is %q, want %q", now, tt.want)
			}
		})
	}
}

// A new file starts with the header.
func TestSolvedFileHeader(t *testing.T) {
	name := filepath.Join(t.TempDir(), "solved.obf")
	s, err := OpenSolved(name)
	if err != nil {
		t.Fatal(err)
	}
	s.Add(board.Start(), board.MustParseSquare("d3"), 0)
	s.Close()
	text, _ := os.ReadFile(name)
	if !strings.HasPrefix(string(text), SolvedHeader+"\n") {
		t.Errorf("a new file does not start with the header:\n%s", text)
	}
	if p, err := obf.Parse(bytes.NewReader(text)); err != nil || len(p) != 1 {
		t.Errorf("the file is not OBF with one problem: %v, %v", p, err)
	}
}

// TestLongLinesInFiles: a solved file with a line over the limit is
// refused and left as it is, as any other bad line.
func TestLongLinesInFiles(t *testing.T) {
	text := solvedLine + strings.Repeat("%", 70000) + "\n"
	name := solvedFile(t, text)
	if _, err := OpenSolved(name); err == nil || !strings.Contains(err.Error(), name+": line 2 is longer than 65536 bytes") {
		t.Errorf("a line of 70000 bytes: %v", err)
	}
	if now, _ := os.ReadFile(name); string(now) != text {
		t.Errorf("the refused file was changed")
	}
}

func TestFillWithoutFileAndKnown(t *testing.T) {
	items := []Item{{Known: true, Score: 4}, {}, {}}
	var none *SolvedFile
	todo, filled := none.Fill(items)
	if filled != 0 || len(todo) != 2 || todo[0] != 1 || todo[1] != 2 {
		t.Fatalf("Fill on no file: %v, %d; want [1 2], 0", todo, filled)
	}
	if n := Known(items, todo); n != 0 {
		t.Fatalf("Known before solving: %d", n)
	}
	items[2].Known = true
	if n := Known(items, todo); n != 1 {
		t.Fatalf("Known after one: %d", n)
	}
}

// solvedFile writes text to a file of the test's temporary folder and
// returns its name.
func solvedFile(t *testing.T, text string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "solved.obf")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}
