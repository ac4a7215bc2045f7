package fforum

import "testing"

func TestFiles(t *testing.T) {
	for _, name := range []string{"fforum-1-19.obf", "fforum-40-59.obf"} {
		b, err := ReadFile(name)
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %d bytes, %v", name, len(b), err)
		}
	}
}
