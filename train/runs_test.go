package train

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// TestProbCutRunFits: a run with FitOnly fits the samples of its work
// folder (the shipped ones here) to the shipped parameters, noted with
// the samples' settings, not the run's; with a weights file the note
// says so, and samples searched with other weights are refused.
func TestProbCutRunFits(t *testing.T) {
	run := ProbCutRun{Config: DefaultProbCutConfig(), Fit: ProbCutFit{Bucket: 4, MinSamples: 30}, FitOnly: true}
	run.Config.Work, run.Config.Depth, run.Config.Positions = "mpc-samples", 13, 50
	if !run.Fits() {
		t.Fatal("a fit-only run does not fit")
	}
	pc, n, err := run.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := engine.DefaultProbCut()
	if err != nil {
		t.Fatal(err)
	}
	set, err := ReadProbCutSamples("mpc-samples")
	if err != nil {
		t.Fatal(err)
	}
	if n != len(set.Samples) || !strings.Contains(pc.Note, "--positions 2000 --seed 1 --depth 12 --exact 22 --min-empties 12 --max-empties 56 --bucket 4 --min-samples 30") {
		t.Errorf("%d samples (want %d), note %q: want the samples' settings", n, len(set.Samples), pc.Note)
	}
	pc.Note = shipped.Note
	var got, want strings.Builder
	pc.WriteTo(&got)
	shipped.WriteTo(&want)
	if got.String() != want.String() {
		t.Error("the fit of the shipped samples is not the shipped parameters")
	}

	run.Weights = filepath.Join("gen1", "weights.bin")
	if _, _, err := run.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "searched with the evaluation pattern/3f6dee286bbc1794, not with pattern/11cbdf2d6346208d") {
		t.Errorf("samples of the shipped weights fitted for gen1's: %v", err)
	}
	run.Weights = filepath.Join(t.TempDir(), "none.bin")
	if _, _, err := run.Run(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "--weights: open ") {
		t.Errorf("a missing weights file: %v", err)
	}
}

// TestProbCutRunShard: a shard of several samples its positions and
// fits nothing; Check refuses a fit out of range before any sampling.
func TestProbCutRunShard(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	run := ProbCutRun{Config: DefaultProbCutConfig(), Fit: ProbCutFit{Bucket: 4, MinSamples: 30}}
	run.Config.Work, run.Config.Positions, run.Config.Fraction, run.Config.Depth, run.Config.ExactEmpties = work, 2, 0.002, 3, 0
	run.Config.MinEmpties, run.Config.MaxEmpties, run.Config.Shard, run.Config.Shards = 20, 20, 1, 2
	bad := run
	bad.Fit.Bucket = 0
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "buckets of 0 empties") {
		t.Errorf("a bucket of 0: %v", err)
	}
	if err := run.Check(); err != nil || run.Fits() {
		t.Fatalf("shard 1/2: check %v, fits %v", err, run.Fits())
	}
	pc, n, err := run.Run(context.Background())
	if err != nil || pc != nil || n != 0 {
		t.Fatalf("shard 1/2: %v, %d, %v: want no parameters", pc, n, err)
	}
	text, err := os.ReadFile(filepath.Join(work, "mpc-samples-1-of-2.txt"))
	if lines := strings.Split(strings.TrimSpace(string(text)), "\n"); err != nil || len(lines) != 2 || !strings.HasPrefix(lines[1], "1 20 ") {
		t.Errorf("the shard's samples: %q, %v; want the header and position 1", text, err)
	}
}

// TestRefitRunPrior: a refit run pulls toward the weights of its Prior
// file and keeps them where it has no positions, toward the shipped
// weights without one, and refuses a prior it cannot read.
func TestRefitRunPrior(t *testing.T) {
	dir := t.TempDir()
	shipped, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	// The prior: the shipped weights with every weight of the first shape moved.
	prior := *shipped.Weights()
	prior.Phases = slices.Clone(prior.Phases)
	for p := range prior.Phases {
		ph := &prior.Phases[p]
		ph.Tables[0] = slices.Clone(ph.Tables[0])
		for i := range ph.Tables[0] {
			ph.Tables[0][i] += 3
		}
	}
	priorFile := filepath.Join(dir, "prior.bin")
	if err := WriteWeights(priorFile, &prior); err != nil {
		t.Fatal(err)
	}
	// One label, at 12 discs: the phases of the other disc counts have none.
	labels := filepath.Join(dir, "labels")
	b := board.StartBoard()
	for _, mv := range []string{"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3"} {
		b = b.Play(board.MustParseSquare(mv))
	}
	if err := os.MkdirAll(labels, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(labels, "labels-0-of-1.txt"), fmt.Appendf(nil, "# reversi labels v1 test\n0 s %016x %016x 2.5\n", b.P, b.O), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultRefitConfig()
	cfg.Epochs = 1
	run := RefitRun{Config: cfg, Set: RefitSet{Labels: []string{labels}}, Prior: priorFile}
	for _, tt := range []struct {
		name  string
		prior string
		want  *pattern.Weights
	}{{"a prior file", priorFile, &prior}, {"the shipped weights", "", shipped.Weights()}} {
		run.Prior = tt.prior
		w, reps, n, err := run.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		last := w.Phases[w.PhaseOf(60)]
		if !slices.Equal(last.Tables[0], tt.want.Phases[tt.want.PhaseOf(60)].Tables[0]) || n != 1 || len(reps) != 30 {
			t.Errorf("%s: the last phase, without labels, is not the prior's (%d positions, %d phases)", tt.name, n, len(reps))
		}
		if !strings.Contains(w.Note, "1 positions") || !strings.Contains(w.Note, "# reversi labels v1 test") {
			t.Errorf("%s: note %q: want the positions and their source", tt.name, w.Note)
		}
	}
	run.Prior = filepath.Join(dir, "none.bin")
	if _, _, _, err := run.Run(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "--prior: open ") {
		t.Errorf("a missing prior: %v", err)
	}
}
