package book

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

func TestOpen(t *testing.T) {
	shipped, err := Shipped()
	if err != nil {
		t.Skip("no shipped book:", err)
	}
	dir := t.TempDir()
	s := NewSet()
	s[board.StartBoard()] = Entry{Value: 1.5, Depth: 4, Count: 9}
	file := filepath.Join(dir, "one.bin")
	if err := WriteFile(file, s.Book().Bytes()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path  string
		len   int
		fails bool
	}{
		{"", shipped.Len(), false},
		{file, 1, false},
		{filepath.Join(dir, "missing.bin"), 0, true},
	} {
		b, err := Open(tc.path)
		switch {
		case tc.fails:
			if err == nil {
				t.Errorf("Open(%q): no error", tc.path)
			}
		case err != nil:
			t.Errorf("Open(%q): %v", tc.path, err)
		case b.Len() != tc.len:
			t.Errorf("Open(%q): %d positions, want %d", tc.path, b.Len(), tc.len)
		}
	}
}

func TestReadTellsFormats(t *testing.T) {
	start := board.StartBoard()
	for _, tc := range []struct {
		name  string
		data  []byte
		want  Entry
		fails bool
	}{
		{"text", []byte("# a book\n---------------------------OX------XO--------------------------- X +1.25 8 3\n"), Entry{Value: 1.25, Depth: 8, Count: 3}, false},
		{"edax", edaxBook(edaxRecord{b: start, wins: 2, draws: 1, loses: 1, value: 0, level: 20, leaf: [2]byte{0, 65}}), Entry{Value: 0, Depth: 20, Count: 4}, false},
		{"neither", []byte("not a book\n"), Entry{}, true},
		{"empty", nil, Entry{}, true},
		{"binary", sampleBook().Bytes(), Entry{}, true},
	} {
		s, err := Read(bytes.NewReader(tc.data))
		if tc.fails {
			if err == nil {
				t.Errorf("%s: read %d positions, want an error", tc.name, len(s))
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got, ok := s[start]; !ok || got != tc.want {
			t.Errorf("%s: start %+v (found %v), want %+v", tc.name, got, ok, tc.want)
		}
	}
}

func TestWriteTextFile(t *testing.T) {
	s := NewSet()
	s[board.StartBoard()] = Entry{Value: -2, Depth: 6, Count: 11}
	b := s.Book()
	path := filepath.Join(t.TempDir(), "book.txt")
	if err := b.WriteTextFile(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadText(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 1 || back[board.StartBoard()] != s[board.StartBoard()] {
		t.Errorf("read back %v, want %v", back, s)
	}
	if err := b.WriteTextFile(filepath.Join(t.TempDir(), "no", "such", "dir.txt")); err == nil {
		t.Error("writing into a missing folder: no error")
	}
}

func TestSwitch(t *testing.T) {
	shipped, shippedErr := Shipped()
	for _, tc := range []struct {
		mode   string
		book   bool
		errors bool
	}{
		{"on", shippedErr == nil, false},
		{"ON", shippedErr == nil, false},
		{"off", false, false},
		{"Off", false, false},
		{"", false, true},
		{"auto", false, true},
		{"yes", false, true},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			b, note, err := Switch(tc.mode)
			if (err != nil) != tc.errors || (b != nil) != tc.book {
				t.Fatalf("Switch(%q) = %v, %q, %v", tc.mode, b, note, err)
			}
			if err != nil && !strings.Contains(err.Error(), "want on or off") {
				t.Errorf("error %q does not say what is accepted", err)
			}
			if b != nil && b != shipped {
				t.Errorf("on: not the shipped book")
			}
			if tc.mode == "on" && shippedErr != nil && !strings.Contains(note, shippedErr.Error()) {
				t.Errorf("on without a shipped book: note %q", note)
			}
		})
	}
}

func TestParseMode(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		on, ok bool
	}{
		{"on", true, true}, {" ON ", true, true}, {"off", false, true}, {"Off", false, true},
		{"", false, false}, {"auto", false, false}, {"yes", false, false},
	} {
		on, err := ParseMode(tc.mode)
		if on != tc.on || (err == nil) != tc.ok {
			t.Errorf("ParseMode(%q) = %v, %v", tc.mode, on, err)
		}
		if err != nil && err.Error() != fmt.Sprintf("book %q: want on or off", tc.mode) {
			t.Errorf("ParseMode(%q): error %q", tc.mode, err)
		}
	}
}
