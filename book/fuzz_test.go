package book

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzDecode: any bytes give a book or an error, never a panic; a book
// decoded encodes back to the same bytes.
func FuzzDecode(f *testing.F) {
	f.Add(sampleBook().Bytes())
	f.Add((&Book{}).Bytes())
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(data)
		if err != nil {
			return
		}
		if !bytes.Equal(b.Bytes(), data) {
			t.Error("decode then encode changed the bytes")
		}
		if b.Len() > 0 {
			if _, ok := b.Lookup(b.key(0)); !ok {
				t.Error("the first entry is not found")
			}
		}
	})
}

// FuzzReadText: any text gives a set or an error, never a panic; a set
// read writes back to a text that reads the same.
func FuzzReadText(f *testing.F) {
	var sb strings.Builder
	sampleBook().WriteText(&sb)
	f.Add(sb.String())
	f.Add("---------------------------OX------XO--------------------------- X 1 2 3\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ReadText(strings.NewReader(text))
		if err != nil {
			return
		}
		var out strings.Builder
		if err := s.Book().WriteText(&out); err != nil {
			t.Fatal(err)
		}
		again, err := ReadText(strings.NewReader(out.String()))
		if err != nil || !bytes.Equal(again.Book().Bytes(), s.Book().Bytes()) {
			t.Errorf("text round trip: %v", err)
		}
	})
}

// FuzzReadEdax: any bytes give a set or an error, never a panic.
func FuzzReadEdax(f *testing.F) {
	f.Add(edaxBook(edaxRecord{b: sampleBook().key(0), value: 2, level: 10, leaf: [2]byte{0, 65}}))
	f.Add([]byte(EdaxMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		if s, err := ReadEdax(bytes.NewReader(data)); err == nil {
			s.Book()
		}
	})
}
