package arena

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
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

// TestMatchSummary: a match's summary before its games, with its shard
// and sequential test, and the tournament's with its shard.
func TestMatchSummary(t *testing.T) {
	for _, tc := range []struct {
		shard, shards int
		sprt          string
		want          Summary
	}{
		{0, 1, "", Summary{Players: [2]string{"greedy", "random"}, Event: "e", Seed: 5, Openings: "src", Rule: "standard", Time: "1s/move", Games: 8}},
		{1, 3, "elo0=0,elo1=10", Summary{Players: [2]string{"greedy", "random"}, Event: "e", Seed: 5, Openings: "src", Rule: "standard", Time: "1s/move",
			Shard: "1/3", Games: 3, SPRT: "elo0=0,elo1=10"}},
	} {
		m := quickMatch(4)
		m.Event, m.MoveTime, m.Shard, m.Shards = "e", time.Second, tc.shard, tc.shards
		if got := m.MatchSummary("src", tc.sprt); !reflect.DeepEqual(*got, tc.want) {
			t.Errorf("shard %d/%d: %+v, want %+v", tc.shard, tc.shards, *got, tc.want)
		}
		if got := m.Summarize(NewTable(m.Names), nil, "", "src"); got.Shard != tc.want.Shard {
			t.Errorf("shard %d/%d: the tournament's summary has shard %q, want %q", tc.shard, tc.shards, got.Shard, tc.want.Shard)
		}
	}
}

func TestSummaryFile(t *testing.T) {
	for out, want := range map[string]string{"m.ggf": "m.json", "dir/m": "dir/m.json", "m.ggf.ggf": "m.ggf.json"} {
		if got := SummaryFile(out); got != want {
			t.Errorf("SummaryFile(%q) = %q, want %q", out, got, want)
		}
	}
}
