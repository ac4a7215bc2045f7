package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/train"
)

// TestTrainRefitBadInput: bad options, a missing or corrupt label folder,
// and a bad weights file for accuracy stop with a clear error and leave
// no weights file.
func TestTrainRefitBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "w2.bin")
	corrupt := filepath.Join(dir, "corrupt")
	os.MkdirAll(corrupt, 0o755)
	os.WriteFile(filepath.Join(corrupt, "labels-0-of-1.txt"), []byte("# reversi labels v1 x\n7 s 0000000810000000 0000001008000000 nan\n"), 0o644)
	notWeights := filepath.Join(dir, "not-weights.bin")
	os.WriteFile(notWeights, []byte("not a weights file at all, no"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"train", "refit", "--out", out}, "no folder of labels"},
		{[]string{"train", "refit", "--out", out, "--labels", filepath.Join(dir, "none")}, "no label files"},
		{[]string{"train", "refit", "--out", out, "--labels", corrupt}, "labels-0-of-1.txt:2: bad value"},
		{[]string{"train", "refit", "--out", out, "--labels", corrupt, "--prior", notWeights}, "--prior: " + notWeights},
		{[]string{"train", "refit", "--out", out, "--labels", corrupt, "--prior", filepath.Join(dir, "none.bin")}, "--prior: open"},
		{[]string{"train", "refit", "--out", out, "--labels", corrupt, "--prior", notWeights, "--no-prior"}, "give one of them"},
		{[]string{"train", "refit", "--out", out, "--labels", corrupt, "--fraction", "0"}, "--fraction 0: want more than 0"},
		{[]string{"train", "refit", "--out", out, "--theoretical", "--prior-lambda", "NaN"}, "prior pull NaN"},
		{[]string{"train", "refit", "--out", out, "--theoretical", "--prior-lambda", "Inf"}, "prior pull +Inf"},
		{[]string{"train", "refit", "--out", out, "--theoretical", "--smooth", "Inf"}, "smoothing +Inf"},
		{[]string{"train", "refit", "--out", out, "--theoretical", "--prior-lambda", "1e308", "--smooth", "1e308"}, "want both from 0 to"},
		{[]string{"train", "refit", "--out", out, "--theoretical", "--threads", "0"}, "--threads 0: want at least 1"},
		{[]string{"train", "refit", "--out", out, "--theoretical", "--report", out}, "is --out too"},
		{[]string{"train", "refit", "--out", out, "--theoretical", "--report", filepath.Join(dir, "none", "r.json")}, "--report: cannot write"},
		{[]string{"train", "refit", "--out", dir, "--theoretical"}, "--out: " + dir + " is a folder"},
		{[]string{"train", "--out", out, "--tiny", "--fraction", "0.5"}, "--tiny sets --fraction itself"},
		{[]string{"train", "--out", out, "--fraction", "NaN", "--work", filepath.Join(dir, "tw")}, "fraction NaN"},
		{[]string{"train", "--out", out, "--threads", "0", "--work", filepath.Join(dir, "tw")}, "--threads 0"},
		{[]string{"train", "refit", "--out", out, "--labels", corrupt, "--fraction", "1.5"}, "--fraction 1.5"},
		{[]string{"train", "refit", "--out", out, "--results", "20"}, "--results 20: want 25 to 59"},
		{[]string{"train", "refit", "--out", out, "--results", "60"}, "--results 60: want 25 to 59"},
		{[]string{"train", "refit", "--out", out, "--labels", corrupt, "--fraction", "NaN"}, "--fraction NaN"},
		{[]string{"train", "label", "--work", filepath.Join(dir, "lw"), "--prob", "50"}, "probability 50"},
		{[]string{"train", "label", "--work", filepath.Join(dir, "lw"), "--shard", "2/2"}, "--shard"},
		{[]string{"accuracy", "--solved", "none", "--weights", notWeights}, "not a reversi pattern weights file"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := runCommand(t, "", tt.args...)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want a failure saying %q", code, stderr, tt.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Error("a weights file was written")
			}
		})
	}
}

// TestTrainRefitPrior: --prior is the weights a refit pulls toward, and
// keeps where it has no positions: a phase without labels comes out as
// the prior's phase of the same disc counts, not the shipped one.
func TestTrainRefitPrior(t *testing.T) {
	dir := t.TempDir()
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	shipped := ev.Weights()
	// The prior: the shipped weights with every weight of the first shape moved.
	prior := *shipped
	prior.Phases = append([]pattern.Phase(nil), shipped.Phases...)
	for p := range prior.Phases {
		ph := &prior.Phases[p]
		ph.Tables[0] = append([]int16(nil), ph.Tables[0]...)
		for i := range ph.Tables[0] {
			ph.Tables[0][i] += 3
		}
	}
	priorFile := filepath.Join(dir, "prior.bin")
	if err := train.WriteWeights(priorFile, &prior); err != nil {
		t.Fatal(err)
	}
	// One label, at 12 discs: the phases of the other disc counts have none.
	labels := oneLabel(t, dir)
	out := filepath.Join(dir, "w2.bin")
	if code, _, stderr := runCommand(t, "", "train", "refit", "--labels", labels, "--prior", priorFile, "--out", out, "--threads", "1", "--epochs", "1"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := pattern.ReadWeightsFile(out)
	if err != nil {
		t.Fatal(err)
	}
	w := got.Weights()
	last := w.Phases[w.PhaseOf(60)]
	if want := prior.Phases[prior.PhaseOf(60)].Tables[0]; !slices.Equal(last.Tables[0], want) {
		t.Error("the last phase, without labels, is not the prior's")
	}
}

// oneLabel makes dir/labels, a folder of labels holding one: the
// position after f5 d6 c3 d3 c4 f4 f6 f3 (12 discs), valued 2.5 from a
// search; it returns the folder.
func oneLabel(t *testing.T, dir string) string {
	t.Helper()
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
	return labels
}
