package data

import "testing"

func TestEmbeddedFiles(t *testing.T) {
	if n := len(WTHORFiles()); n != 39 {
		t.Fatalf("%d WTHOR files embedded, want 39 (1977-2015)", n)
	}
	for _, name := range []string{"wthor/WTHOR.JOU", "wthor/WTHOR.TRN", "ggf/nboard-test.ggf"} {
		b, err := ReadFile(name)
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %d bytes, %v", name, len(b), err)
		}
	}
}
