package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
)

// TestRunRecordedResumes: a run stopped half way goes on from its file
// without playing a game twice, and ends with every game once.
func TestRunRecordedResumes(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.ggf")
	m := quickMatch(4) // 8 games
	played := 0
	results, err := m.RunRecorded(context.Background(), Recording{Out: out, Count: func(Result) bool {
		played++
		return played < 3
	}})
	if err != nil || len(results) != 3 {
		t.Fatalf("stopped run: %d results, %v; want 3", len(results), err)
	}
	m = quickMatch(4)
	var resumed, count int
	results, err = m.RunRecorded(context.Background(), Recording{Out: out,
		Count:   func(Result) bool { count++; return true },
		Resumed: func(n, _ int) { resumed = n },
	})
	if err != nil || resumed != 3 || count != 8 || len(results) != 8 {
		t.Fatalf("resumed run: %d results, %d resumed, %d counted, %v; want 8, 3, 8", len(results), resumed, count, err)
	}
	for i, r := range results {
		if r.Index != i {
			t.Fatalf("result %d has index %d", i, r.Index)
		}
	}
	recs, err := ReadRecords(out)
	if err != nil || len(recs) != 8 {
		t.Fatalf("%d games recorded, %v; want 8", len(recs), err)
	}
	// Another run's file is refused.
	other := quickMatch(4)
	other.Names = []string{"random", "greedy"}
	if _, err := other.RunRecorded(context.Background(), Recording{Out: out, Count: func(Result) bool { return true }}); err == nil || !strings.Contains(err.Error(), "cannot resume") {
		t.Errorf("another run's file: %v", err)
	}
}

// TestShardResumesAWholeRun: a shard resumed from the file of the whole
// run (or of other shards) plays and counts its own games alone; the
// other shards' games stay in the file, so that the shards' files merge.
func TestShardResumesAWholeRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.ggf")
	m := quickMatch(4) // 8 games
	played := 0
	if _, err := m.RunRecorded(context.Background(), Recording{Out: out, Count: func(Result) bool {
		played++
		return played < 5
	}}); err != nil {
		t.Fatal(err)
	}
	done, _ := ReadRecords(out)
	mine := 0
	for i := range done {
		if i%2 == 1 {
			mine++
		}
	}
	m = quickMatch(4)
	m.Shard, m.Shards = 1, 2
	var resumed, others, count int
	results, err := m.RunRecorded(context.Background(), Recording{Out: out,
		Count:   func(Result) bool { count++; return true },
		Resumed: func(n, o int) { resumed, others = n, o },
	})
	if err != nil || resumed != mine || others != len(done)-mine || count != 4 || len(results) != 4 {
		t.Fatalf("shard 1/2 of %d games (%d its own): %d results, %d resumed, %d others, %d counted, %v; want 4, %d, %d, 4",
			len(done), mine, len(results), resumed, others, count, err, mine, len(done)-mine)
	}
	for k, r := range results {
		if r.Index != 2*k+1 {
			t.Errorf("result %d is game %d, want %d", k, r.Index, 2*k+1)
		}
	}
	recs, err := ReadRecords(out)
	if err != nil || len(recs) != len(done)+4-mine {
		t.Errorf("%d games in the file, %v; want %d", len(recs), err, len(done)+4-mine)
	}
}

// TestMergeShards: the shards' files merge into the whole run, and the
// report ranks the players.
func TestMergeShards(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for shard := range 2 {
		m := quickMatch(3)
		m.Shard, m.Shards = shard, 2
		f := filepath.Join(dir, "shard"+string(rune('0'+shard))+".ggf")
		if _, err := m.RunRecorded(context.Background(), Recording{Out: f, Count: func(Result) bool { return true }}); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	merged, err := Merge(files, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged.Games) != 6 || merged.Table.Names[0] != "greedy" || merged.Table.Scores[0][1].Games() != 6 {
		t.Fatalf("merged %d games, players %v, %d scored; want 6 of greedy against random", len(merged.Games), merged.Table.Names, merged.Table.Scores[0][1].Games())
	}
	again, err := Merge(append(files, files[0]), false) // a file twice: the same games
	if err != nil || len(again.Games) != 6 {
		t.Fatalf("a file twice: %d games, %v", len(again.Games), err)
	}
	runs, err := Merge(files, true)
	// As runs, shard 0's games 0, 2, 4 keep their numbers and shard 1's
	// 1, 3, 5 follow the last of them.
	if err != nil || fmt.Sprint(runs.Numbers) != "[0 2 4 6 8 10]" {
		t.Fatalf("as runs: numbers %v, %v; want [0 2 4 6 8 10]", runs.Numbers, err)
	}
	all := filepath.Join(dir, "all.ggf")
	if err := merged.WriteGGF(all); err != nil {
		t.Fatal(err)
	}
	if recs, err := ReadRecords(all); err != nil || len(recs) != 6 {
		t.Fatalf("merged file: %d games, %v", len(recs), err)
	}
	if _, err := Merge([]string{filepath.Join(dir, "missing.ggf")}, false); err == nil {
		t.Error("a missing file merged")
	}
	// A game number twice with different games is refused.
	text, _ := os.ReadFile(files[0])
	bad := filepath.Join(dir, "bad.ggf")
	os.WriteFile(bad, []byte(strings.Replace(string(text), "PB[greedy]", "PB[other]", 1)), 0o644)
	if _, err := Merge([]string{files[0], bad}, false); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Errorf("conflicting shards: %v", err)
	}
	report := merged.Table.Report(mustRatings(t, merged.Table), "", len(merged.Games))
	if !strings.Contains(report, "Rating list after 6 games:") || !strings.Contains(report, "Crosstable") {
		t.Errorf("report:\n%s", report)
	}
}

// TestMergeEmptyFiles: files without games are listed, and only empty
// files are nothing to merge, an error (issue 19).
func TestMergeEmptyFiles(t *testing.T) {
	dir := t.TempDir()
	empty, blank := filepath.Join(dir, "empty.ggf"), filepath.Join(dir, "blank.ggf")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(blank, []byte("\n\n"), 0o644)
	if _, err := Merge([]string{empty, blank}, false); !errors.Is(err, ErrNothingToMerge) || !strings.Contains(err.Error(), "empty.ggf") {
		t.Errorf("merging empty files: %v, want ErrNothingToMerge naming them", err)
	}
	full := filepath.Join(dir, "full.ggf")
	if _, err := quickMatch(1).RunRecorded(context.Background(), Recording{Out: full, Count: func(Result) bool { return true }}); err != nil {
		t.Fatal(err)
	}
	m, err := Merge([]string{empty, full}, false)
	if err != nil || len(m.Games) != 2 || len(m.Empty) != 1 || m.Empty[0] != empty {
		t.Errorf("an empty file and a full one: %v, %d games, empty %v", err, len(m.Games), m.Empty)
	}
}

func mustRatings(t *testing.T, table *Table) []Rating {
	t.Helper()
	r, err := table.Ratings("")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestResumeRecordsOfOldNames: a match recorded before the course's
// evaluation was renamed (its player named "alphabeta:depth=1,eval=classic",
// the spec typed then, which the catalog still accepts) resumes with the
// same command line: the records name the players by their specs, whatever
// the evaluation's name has become. The fixture is four games of
// 'reversi match alphabeta:depth=1,eval=classic random --games 4 --seed 7'
// recorded by the build before the rename.
func TestResumeRecordsOfOldNames(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("testdata", "classic-names.ggf"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "m.ggf")
	if err := os.WriteFile(out, fixture, 0o644); err != nil {
		t.Fatal(err)
	}
	xot, err := XOT()
	if err != nil {
		t.Fatal(err)
	}
	m := &Tournament{
		Names:    []string{"alphabeta:depth=1,eval=classic", "random"},
		Openings: Choose(xot, 2, 7), Concurrency: 1, Seed: 7,
		Event: "reversi match, seed 7",
		New: func(which int, seat Seat) (player.Player, error) {
			return nil, fmt.Errorf("game %d played again", seat.Game)
		},
	}
	var score Score
	resumed := -1
	results, err := m.RunRecorded(context.Background(), Recording{Out: out,
		Count:   func(r Result) bool { score.Add(r.ForA()); return true },
		Resumed: func(n, _ int) { resumed = n },
	})
	if err != nil || resumed != 4 || len(results) != 4 {
		t.Fatalf("resuming the old records: %d results, %d resumed, %v; want 4 and 4", len(results), resumed, err)
	}
	if want := (Score{Wins: 4, Margin: 122}); score != want {
		t.Errorf("score %+v, want %+v (the recorded games)", score, want)
	}
}

// TestMergedReport: the text of merged records: a match's score, or a
// tournament's rating list anchored on the player asked for, random by
// default.
func TestMergedReport(t *testing.T) {
	dir := t.TempDir()
	record := func(name string, m *Tournament) *Merged {
		t.Helper()
		f := filepath.Join(dir, name)
		if _, err := m.RunRecorded(context.Background(), Recording{Out: f, Count: func(Result) bool { return true }}); err != nil {
			t.Fatal(err)
		}
		merged, err := Merge([]string{f}, false)
		if err != nil {
			t.Fatal(err)
		}
		return merged
	}
	match := record("match.ggf", quickMatch(2))
	three := quickMatch(1)
	three.Names = []string{"greedy", "random", "other"}
	three.New = func(which int, seat Seat) (player.Player, error) {
		if which == 0 {
			return course.NewGreedy(seat.Seed), nil
		}
		return course.NewRandom(seat.Seed), nil
	}
	tournament := record("tournament.ggf", three)
	for _, tc := range []struct {
		what    string
		m       *Merged
		anchor  string
		prefix  string // of the report
		wantErr string
	}{
		{"a match", match, "", "greedy vs random: W ", ""},
		{"a match, an anchor", match, "random", "greedy vs random: W ", ""},
		{"a tournament", tournament, "", "\nRating list after 6 games (random = 0):\n", ""},
		{"a tournament, an anchor", tournament, "greedy", "\nRating list after 6 games (greedy = 0):\n", ""},
		{"a tournament, no such anchor", tournament, "nobody", "", "nobody is not in the table"},
	} {
		got, err := tc.m.Report(tc.anchor)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want %q", tc.what, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !strings.HasPrefix(got, tc.prefix) {
			t.Errorf("%s: %q, %v; want it to start with %q", tc.what, got, err, tc.prefix)
		}
	}
}
