// Fuzz targets of the decoders: no panic, a study read is valid and
// within the limits, and it reads back as itself from what it writes.

package study

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// checkRead checks a study a decoder read: valid, within the limits, and
// the same read back from its JSON and its SGF.
func checkRead(t *testing.T, s *Study) {
	t.Helper()
	if err := s.Validate(); err != nil {
		t.Fatalf("a study read is not valid: %v", err)
	}
	if n := s.Count(); n > MaxNodes {
		t.Fatalf("%d nodes read", n)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil || !reflect.DeepEqual(back, s) {
		t.Fatalf("its JSON %s reads back as another study: %v", data, err)
	}
	var b bytes.Buffer
	if err := s.WriteSGF(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	back, err = ReadSGF(&b)
	if err != nil || !reflect.DeepEqual(back, s) {
		t.Fatalf("its SGF %s reads back as another study: %v", text, err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(sampleJSON)
	f.Add(`{}`)
	f.Add(`{"rule":"no-adjacent","start":"XO` + strings.Repeat("-", 62) + ` O","root":{"children":[{"move":"PA","children":[{"move":"C1"}]}]}}`)
	f.Add(`{"root":{"marks":[{"square":"A1","mark":"label","label":"xyz"}],"children":[{"move":"F5","comment":"a\nb"}]}}`)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse([]byte(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		checkRead(t, s)
	})
}

func FuzzReadSGF(f *testing.F) {
	f.Add(sampleSGF)
	f.Add("(;GM[2]FF[4]PB[ann]PW[bob]\n ; B[f5] C[soft\\\nbreak\r\nnext] ;C[more]MA[dc:ed] ;W[d6])")
	f.Add("(;AB[aa]AW[ba]PL[W];B[ca])")
	f.Add("(;(;B[fe];W[df])(;B[fe];W[ff]))")
	f.Add("(;LB[aa:a\\:b]TR[bb][cc]RU[no-adjacent]GN[x];B[fe];W[fd])")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ReadSGF(strings.NewReader(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		checkRead(t, s)
	})
}

func FuzzReadGGF(f *testing.F) {
	f.Add(sampleGGF)
	f.Add("(;GM[Othello]PC[a\\]b]BO[8 XO" + strings.Repeat("-", 62) + " O]W[PA]B[C1];)")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ReadGGF(strings.NewReader(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		checkRead(t, s)
		var b bytes.Buffer
		if err := s.WriteGGF(&b); err != nil {
			t.Fatal(err)
		}
		back, err := ReadGGF(&b)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("its GGF reads back as another study: %v", err)
		}
	})
}
