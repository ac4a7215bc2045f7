package train

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/internal/mpc"
)

func TestFitProbCut(t *testing.T) {
	// deep = 0.9 shallow + 1.5 + noise of deviation 2.
	rng := rand.New(rand.NewPCG(3, 4))
	var samples []ProbCutSample
	for i := range 4000 {
		s := ProbCutSample{Index: i, Empties: 30 + rng.IntN(8)}
		for d := 1; d <= 8; d++ {
			s.Values = append(s.Values, 0)
		}
		x := rng.NormFloat64() * 10
		s.Values[mpc.ShallowDepth(8)-1] = x
		s.Values[7] = 0.9*x + 1.5 + 2*rng.NormFloat64()
		samples = append(samples, s)
	}
	ev := engine.DefaultEvaluator()
	pc, err := FitProbCut(samples, ev, ProbCutFit{Bucket: 4, MinSamples: 30}, "test")
	if err != nil {
		t.Fatal(err)
	}
	if err := pc.Matches(ev); err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, c := range pc.Cells {
		if c.Depth != 8 {
			continue
		}
		found++
		if c.MaxEmpties-c.MinEmpties != 3 || c.Shallow != mpc.ShallowDepth(8) {
			t.Errorf("cell %+v: want 4 empties, shallow depth %d", c, mpc.ShallowDepth(8))
		}
		if math.Abs(c.Slope-0.9) > 0.05 || math.Abs(c.Intercept-1.5) > 0.4 || math.Abs(c.Sigma-2) > 0.3 {
			t.Errorf("cell %+v: want slope 0.9, intercept 1.5, sigma 2", c)
		}
	}
	if found != 3 { // empties 29-32, 33-36 and 37-40 (30 to 37 sampled)
		t.Errorf("%d cells of depth 8, want 3", found)
	}
	if _, err := FitProbCut(samples[:10], ev, ProbCutFit{Bucket: 4, MinSamples: 30}, ""); err == nil || !strings.Contains(err.Error(), "sample more") {
		t.Errorf("10 samples: %v", err)
	}
}

func TestSampleProbCutResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("searches positions")
	}
	work := t.TempDir()
	cfg := DefaultProbCutConfig()
	cfg.Work, cfg.Positions, cfg.Fraction, cfg.Depth, cfg.ExactEmpties, cfg.MinEmpties, cfg.MaxEmpties = work, 6, 0.002, 4, 14, 12, 30
	ev := engine.DefaultEvaluator()
	ctx := context.Background()
	// Two shards, then a stop in the middle of a line.
	for shard := range 2 {
		c := cfg
		c.Shard, c.Shards = shard, 2
		if _, err := SampleProbCut(ctx, c, ev); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(work, "mpc-samples-1-of-2.txt")
	whole, _ := os.ReadFile(file)
	lines := strings.Split(strings.TrimSuffix(string(whole), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("shard 1: %d lines, want a header and 3 samples:\n%s", len(lines), whole)
	}
	cut := len(whole) - len(lines[3])/2 - 1
	os.WriteFile(file, whole[:cut], 0o644)
	c := cfg
	c.Shard, c.Shards = 1, 2
	if _, err := SampleProbCut(ctx, c, ev); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(file)
	if string(again) != string(whole) {
		t.Errorf("resumed file:\n%s\nwant:\n%s", again, whole)
	}
	set, err := ReadProbCutSamples(work)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Samples) != 6 {
		t.Fatalf("%d samples; want 6", len(set.Samples))
	}
	for _, s := range set.Samples {
		if len(s.Values) != min(4, s.Empties-1) || s.Solved != (s.Empties <= 14) {
			t.Errorf("sample %+v: want %d values, solved %v", s, min(4, s.Empties-1), s.Empties <= 14)
		}
	}
	// Other settings in the same folder are refused, and change nothing.
	c.Depth = 5
	if _, err := SampleProbCut(ctx, c, ev); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other depth: %v", err)
	}
	if after, _ := os.ReadFile(file); string(after) != string(whole) {
		t.Error("a refused run changed the file")
	}
}

func TestProbCutBadInput(t *testing.T) {
	work := t.TempDir()
	cfg := DefaultProbCutConfig()
	cfg.Work = work
	for _, c := range []struct {
		name string
		edit func(*ProbCutConfig)
		want string
	}{
		{"no positions", func(c *ProbCutConfig) { c.Positions = 0 }, "positions"},
		{"shallow depth", func(c *ProbCutConfig) { c.Depth = 2 }, "depth 2"},
		{"shard", func(c *ProbCutConfig) { c.Shard, c.Shards = 3, 2 }, "shard 3/2"},
		{"empties", func(c *ProbCutConfig) { c.MinEmpties = 40; c.MaxEmpties = 30 }, "empties"},
		{"fraction", func(c *ProbCutConfig) { c.Fraction = 0 }, "fraction"},
	} {
		c2 := cfg
		c.edit(&c2)
		if _, err := SampleProbCut(context.Background(), c2, engine.DefaultEvaluator()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error about %q", c.name, err, c.want)
		}
	}
	if _, err := ReadProbCutSamples(work); err == nil || !strings.Contains(err.Error(), "no sample files") {
		t.Errorf("empty folder: %v", err)
	}
	os.WriteFile(filepath.Join(work, "mpc-samples-0-of-1.txt"), []byte(cfg.header(engine.DefaultEvaluator())+"\n1 20 - 3.5 x\n"), 0o644)
	if _, err := ReadProbCutSamples(work); err == nil || !strings.Contains(err.Error(), ":2: bad value") {
		t.Errorf("corrupt file: %v", err)
	}
	out := filepath.Join(work, "probcut.json")
	if err := WriteProbCut(out, &engine.ProbCut{Format: "x"}); err == nil {
		t.Error("invalid parameters written")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a refused write left a file")
	}
}

// TestShippedProbCut: the parameters shipped with the engine are the fit
// of the samples kept in mpc-samples, with the settings of their note.
func TestShippedProbCut(t *testing.T) {
	shipped, err := engine.DefaultProbCut()
	if err != nil {
		t.Fatal(err)
	}
	set, err := ReadProbCutSamples("mpc-samples")
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Matches(engine.DefaultEvaluator()); err != nil {
		t.Fatal(err)
	}
	samples := set.Samples
	c := set.Config
	c.Work = "train/mpc-samples"
	if want := ProbCutNote(c, ProbCutFit{Bucket: 4, MinSamples: 30}, len(samples)); shipped.Note != want {
		t.Fatalf("shipped note %q: not the fit of these %d samples with the default settings (%q)", shipped.Note, len(samples), want)
	}
	if !isFitOf(t, shipped, samples, engine.DefaultEvaluator()) {
		t.Error("the shipped parameters are not the fit of the kept samples: run the command of docs/TRAINING.md")
	}
}

// isFitOf reports whether kept is the fit of samples for ev with the
// settings of the shipped fit (ranges of 4 empties, 30 samples a cell).
func isFitOf(t *testing.T, kept *engine.ProbCut, samples []ProbCutSample, ev eval.Evaluator) bool {
	t.Helper()
	pc, err := FitProbCut(samples, ev, ProbCutFit{Bucket: 4, MinSamples: 30}, kept.Note)
	if err != nil {
		t.Fatal(err)
	}
	var fitted, want strings.Builder
	pc.WriteTo(&fitted)
	kept.WriteTo(&want)
	return fitted.String() == want.String()
}

// TestGen1ProbCut: the first-generation evaluation kept in gen1
// (docs/TRAINING.md) has Multi-ProbCut parameters that are the fit of its
// kept samples, for its weights, so that it can be played
// (engine:weights=...,probcut=...) as it is.
func TestGen1ProbCut(t *testing.T) {
	ev, err := pattern.ReadWeightsFile(filepath.Join("gen1", "weights.bin"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join("gen1", "probcut.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kept, err := engine.ReadProbCut(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := kept.Matches(ev); err != nil {
		t.Fatal(err)
	}
	set, err := ReadProbCutSamples(filepath.Join("gen1", "mpc-samples"))
	if err != nil {
		t.Fatal(err)
	}
	if !isFitOf(t, kept, set.Samples, ev) {
		t.Error("the first generation's parameters are not the fit of its kept samples")
	}
}

// TestReadProbCutSamplesTornAndCopies: a torn last line is left out (as
// the sampling cuts it off), and a file copied under another name counts
// once.
func TestReadProbCutSamplesTornAndCopies(t *testing.T) {
	whole, err := os.ReadFile(filepath.Join("mpc-samples", "mpc-samples-0-of-2.txt"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	file := filepath.Join(work, "mpc-samples-0-of-2.txt")
	os.WriteFile(file, whole, 0o644)
	set, err := ReadProbCutSamples(work)
	if err != nil {
		t.Fatal(err)
	}
	n := len(set.Samples)
	// A stop in the middle of a line that reads as a shorter sample.
	os.WriteFile(file, append(whole, "1999 30 - 3.50 1.2"...), 0o644)
	os.WriteFile(filepath.Join(work, "mpc-samples-0-of-2 (copy).txt"), whole, 0o644)
	if set, err = ReadProbCutSamples(work); err != nil {
		t.Fatal(err)
	}
	if len(set.Samples) != n {
		t.Errorf("a torn line and a copy: %d samples, want %d", len(set.Samples), n)
	}
	for _, s := range set.Samples {
		if s.Index == 1999 {
			t.Errorf("the torn line was read: %+v", s)
		}
	}
}

// TestProbCutSamplesSettings: the samples say what they were sampled
// with: the settings of the note, and the evaluation, which Matches
// checks.
func TestProbCutSamplesSettings(t *testing.T) {
	c := DefaultProbCutConfig()
	c.Positions, c.Fraction, c.Depth, c.ExactEmpties, c.MinEmpties, c.MaxEmpties = 6, 0.002, 4, 14, 12, 30
	work := t.TempDir()
	os.WriteFile(filepath.Join(work, "mpc-samples-0-of-1.txt"), []byte(c.header(engine.DefaultEvaluator())+"\n0 20 - 1.00 2.00 3.00 4.00\n"), 0o644)
	set, err := ReadProbCutSamples(work)
	if err != nil {
		t.Fatal(err)
	}
	c.Work = work
	if set.Config != c || len(set.Samples) != 1 {
		t.Errorf("read %+v, %d samples; want %+v, 1 sample", set.Config, len(set.Samples), c)
	}
	note := ProbCutNote(set.Config, ProbCutFit{Bucket: 4, MinSamples: 30}, 1)
	if !strings.Contains(note, "--positions 6 --seed 1 --depth 4 --exact 14 --min-empties 12 --max-empties 30") || !strings.Contains(note, "fraction 0.002") {
		t.Errorf("note %q: not the samples' settings", note)
	}
	if err := set.Matches(engine.DefaultEvaluator()); err != nil {
		t.Error(err)
	}
	gen1, err := pattern.ReadWeightsFile(filepath.Join("gen1", "weights.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Matches(gen1); err == nil || !strings.Contains(err.Error(), "searched with the evaluation "+evalID(engine.DefaultEvaluator())+", not with "+evalID(gen1)) {
		t.Errorf("samples of other weights: %v", err)
	}
}

// TestWriteProbCutError: a failed write names the file.
func TestWriteProbCutError(t *testing.T) {
	set, err := ReadProbCutSamples("mpc-samples")
	if err != nil {
		t.Fatal(err)
	}
	pc, err := FitProbCut(set.Samples, engine.DefaultEvaluator(), ProbCutFit{Bucket: 4, MinSamples: 30}, "test")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "none", "probcut.json")
	if err := WriteProbCut(file, pc); err == nil || !strings.HasPrefix(err.Error(), "writing "+file+": ") {
		t.Errorf("a write into a missing folder: %v", err)
	}
}
