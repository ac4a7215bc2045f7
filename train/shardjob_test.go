package train

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// testJob is one of the jobs on shardJob (labels, Multi-ProbCut
// samples) at small settings.
type testJob struct {
	name string
	// run runs shard/shards of the job, at depth, into work.
	run func(ctx context.Context, work string, depth, shard, shards int) (string, error)
	// header is the first line of a file of the job at depth, for ev.
	header func(depth int, ev eval.Evaluator) string
	// file is the name of a shard's file; none is the line of index i
	// when it gives no position.
	file func(work string, shard, shards int) string
	none func(i int) string
	// count reads the folder and returns the number of results.
	count func(t *testing.T, work string) int
}

func testJobs() []testJob {
	label := DefaultLabelConfig()
	label.Positions, label.Fraction, label.Depth, label.ExactEmpties, label.MinEmpties, label.MaxEmpties = 8, 0.002, 4, 12, 8, 40
	mpc := DefaultProbCutConfig()
	mpc.Positions, mpc.Fraction, mpc.Depth, mpc.ExactEmpties, mpc.MinEmpties, mpc.MaxEmpties = 6, 0.002, 4, 14, 12, 30
	return []testJob{{
		name: "label",
		run: func(ctx context.Context, work string, depth, shard, shards int) (string, error) {
			c := label
			c.Work, c.Depth, c.Shard, c.Shards = work, depth, shard, shards
			return Label(ctx, c, engine.DefaultEvaluator())
		},
		header: func(depth int, ev eval.Evaluator) string {
			c := label
			c.Depth = depth
			return c.header(ev)
		},
		file: labelFile,
		none: func(i int) string { return LabelledPosition{Index: i, Source: LabelNone}.line() },
		count: func(t *testing.T, work string) int {
			lps, _, err := ReadLabels(work)
			if err != nil {
				t.Fatal(err)
			}
			return len(lps)
		},
	}, {
		name: "mpc",
		run: func(ctx context.Context, work string, depth, shard, shards int) (string, error) {
			c := mpc
			c.Work, c.Depth, c.Shard, c.Shards = work, depth, shard, shards
			return SampleProbCut(ctx, c, engine.DefaultEvaluator())
		},
		header: func(depth int, ev eval.Evaluator) string {
			c := mpc
			c.Depth = depth
			return c.header(ev)
		},
		file: func(work string, shard, shards int) string {
			return filepath.Join(work, "mpc-samples-"+strconv.Itoa(shard)+"-of-"+strconv.Itoa(shards)+".txt")
		},
		none: func(i int) string { return ProbCutSample{Index: i}.line() },
		count: func(t *testing.T, work string) int {
			set, err := ReadProbCutSamples(work)
			if err != nil {
				t.Fatal(err)
			}
			return len(set.Samples)
		},
	}}
}

func readText(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestShardJobResumesFromHeader: a run stopped after the header but
// before the first result leaves the header alone; the next runs add no
// second header and finish the file as one run would have (also from a
// torn header, or after a torn first result). A file given two headers
// by an earlier version is read and resumed too.
func TestShardJobResumesFromHeader(t *testing.T) {
	if testing.Short() {
		t.Skip("searches positions")
	}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	ctx := context.Background()
	for _, job := range testJobs() {
		t.Run(job.name, func(t *testing.T) {
			fresh := t.TempDir()
			if _, err := job.run(ctx, fresh, 4, 0, 1); err != nil {
				t.Fatal(err)
			}
			want := readText(t, job.file(fresh, 0, 1))
			wantCount := job.count(t, fresh)
			header, first, _ := strings.Cut(want, "\n")

			work := t.TempDir()
			file := job.file(work, 0, 1)
			for run := range 2 {
				if _, err := job.run(stopped, work, 4, 0, 1); err == nil || !strings.Contains(err.Error(), "stopped after 0 positions") {
					t.Fatalf("stopped run %d: %v", run, err)
				}
				if got := readText(t, file); got != header+"\n" {
					t.Fatalf("after stopped run %d the file holds:\n%s\nwant the header alone", run, got)
				}
			}
			// Stopped again in the middle of the first result.
			os.WriteFile(file, []byte(header+"\n"+first[:len(first)/3]), 0o644)
			if _, err := job.run(ctx, work, 4, 0, 1); err != nil {
				t.Fatal(err)
			}
			if got := readText(t, file); got != want {
				t.Errorf("resumed file:\n%s\nwant:\n%s", got, want)
			}

			torn := t.TempDir()
			os.WriteFile(job.file(torn, 0, 1), []byte(header[:len(header)/2]), 0o644)
			if _, err := job.run(ctx, torn, 4, 0, 1); err != nil {
				t.Fatal(err)
			}
			if got := readText(t, job.file(torn, 0, 1)); got != want {
				t.Errorf("file resumed from a torn header:\n%s\nwant:\n%s", got, want)
			}

			twice := t.TempDir()
			os.WriteFile(job.file(twice, 0, 1), []byte(header+"\n"+header+"\n"), 0o644)
			if _, err := job.run(ctx, twice, 4, 0, 1); err != nil {
				t.Fatal(err)
			}
			if got := job.count(t, twice); got != wantCount {
				t.Errorf("a file of two headers, resumed: %d results, want %d", got, wantCount)
			}
		})
	}
}

// TestShardJobChecksEveryShard: a run into a folder holding files of
// other settings, of any shard, is refused before it creates anything,
// with a message that names the settings that differ.
func TestShardJobChecksEveryShard(t *testing.T) {
	ctx := context.Background()
	other, err := pattern.ReadWeightsFile(filepath.Join("gen1", "weights.bin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, job := range testJobs() {
		t.Run(job.name, func(t *testing.T) {
			work := t.TempDir()
			h4 := job.header(4, engine.DefaultEvaluator())
			os.WriteFile(job.file(work, 0, 2), []byte(h4+"\n"+job.none(0)), 0o644)
			os.WriteFile(job.file(work, 1, 2), []byte(h4+"\n"), 0o644)
			_, err := job.run(ctx, work, 5, 2, 3)
			if err == nil || !strings.Contains(err.Error(), "other settings") || !strings.Contains(err.Error(), "with --depth 4, this run asks --depth 5") ||
				!strings.Contains(err.Error(), filepath.Base(job.file(work, 0, 2))) {
				t.Errorf("depth 5 into a folder of depth 4: %v", err)
			}
			if _, err := os.Stat(job.file(work, 2, 3)); !os.IsNotExist(err) {
				t.Errorf("a refused run made its file")
			}

			// Another evaluation, in the file of another shard.
			os.WriteFile(job.file(work, 1, 2), []byte(job.header(4, other)+"\n"), 0o644)
			if _, err := job.run(ctx, work, 4, 0, 2); err == nil || !strings.Contains(err.Error(), "with the evaluation pattern/") {
				t.Errorf("another evaluation: %v", err)
			}
			// Not a file of the job.
			os.WriteFile(job.file(work, 1, 2), []byte("hello\n"), 0o644)
			if _, err := job.run(ctx, work, 4, 0, 2); err == nil || !strings.Contains(err.Error(), "is not a") {
				t.Errorf("not a file of the job: %v", err)
			}
			if got := readText(t, job.file(work, 0, 2)); got != h4+"\n"+job.none(0) {
				t.Errorf("refused runs changed a file:\n%s", got)
			}
		})
	}
}

// TestShardJobRefusesOtherIndexes: a file holding a position of another
// shard, or past the set, is refused; a shard without positions is
// refused before it creates anything.
func TestShardJobRefusesOtherIndexes(t *testing.T) {
	ctx := context.Background()
	for _, job := range testJobs() {
		t.Run(job.name, func(t *testing.T) {
			work := t.TempDir()
			h := job.header(4, engine.DefaultEvaluator())
			for _, i := range []int{2, 9} { // shard 0/2; past 8 (labels) or 6 (mpc) positions
				os.WriteFile(job.file(work, 1, 2), []byte(h+"\n"+job.none(1)+job.none(i)), 0o644)
				if _, err := job.run(ctx, work, 4, 1, 2); err == nil || !strings.Contains(err.Error(), ":3: position "+strconv.Itoa(i)+" is not one of shard 1/2") {
					t.Errorf("index %d in shard 1/2: %v", i, err)
				}
			}
			none := filepath.Join(work, "none")
			if _, err := job.run(ctx, none, 4, 9, 10); err == nil || !strings.Contains(err.Error(), "shard 9/10 has no positions") {
				t.Errorf("shard 9/10: %v", err)
			}
			if _, err := os.Stat(none); !os.IsNotExist(err) {
				t.Error("a shard without positions made its work folder")
			}
		})
	}
}
