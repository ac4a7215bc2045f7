package arena

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteResults(t *testing.T) {
	dir := t.TempDir()
	s := TournamentSummary{Players: []string{"a", "b"}, Seed: 7}
	for _, tc := range []struct{ out, base string }{
		{filepath.Join(dir, "t.ggf"), filepath.Join(dir, "t")},
		{filepath.Join(dir, "other"), filepath.Join(dir, "other")},
	} {
		base, err := WriteResults(tc.out, s, "the report\n")
		if err != nil || base != tc.base {
			t.Fatalf("WriteResults(%s) = %q, %v; want %q", tc.out, base, err, tc.base)
		}
		text, err := os.ReadFile(base + ".txt")
		if err != nil || string(text) != "the report\n" {
			t.Errorf("%s.txt: %q, %v", base, text, err)
		}
		var back TournamentSummary
		data, err := os.ReadFile(base + ".json")
		if err == nil {
			err = json.Unmarshal(data, &back)
		}
		if err != nil || back.Seed != 7 || len(back.Players) != 2 {
			t.Errorf("%s.json: %+v, %v", base, back, err)
		}
	}
	if _, err := WriteResults(filepath.Join(dir, "missing", "t.ggf"), s, ""); err == nil {
		t.Error("into a missing folder: no error")
	}
}
