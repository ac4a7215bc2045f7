package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrainMPCBadInput: bad options, a missing or corrupt sample folder
// stop with a clear error and leave no parameters file.
func TestTrainMPCBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "probcut.json")
	corrupt := filepath.Join(dir, "corrupt")
	os.MkdirAll(corrupt, 0o755)
	os.WriteFile(filepath.Join(corrupt, "mpc-samples-0-of-1.txt"), []byte("# reversi mpc samples v1 positions=20 seed=1 depth=12 exact=22 empties=12-56 eval=pattern/3f6dee286bbc1794\n7 30 - 1.5 nan?\n"), 0o644)
	noSettings := filepath.Join(dir, "nosettings")
	os.MkdirAll(noSettings, 0o755)
	os.WriteFile(filepath.Join(noSettings, "mpc-samples-0-of-1.txt"), []byte("# reversi mpc samples v1 x\n7 30 - 1.5\n"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--positions", "0"}, "0 positions"},
		{[]string{"--depth", "2"}, "depth 2"},
		{[]string{"--shard", "2/2"}, "--shard \"2/2\""},
		{[]string{"--min-empties", "40", "--max-empties", "20"}, "empties"},
		{[]string{"--fit-only", "--work", filepath.Join(dir, "none")}, "no sample files"},
		{[]string{"--fit-only", "--work", corrupt}, "mpc-samples-0-of-1.txt:2: bad value"},
		{[]string{"--fit-only", "--work", corrupt, "--bucket", "0"}, ""},
		{[]string{"--fit-only", "--work", noSettings}, "a first line without a readable positions setting"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := append([]string{"train", "mpc", "--out", out, "--work", filepath.Join(dir, "work")}, tt.args...)
			code, _, stderr := runCommand(t, "", args...)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want a failure saying %q", code, stderr, tt.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Error("a parameters file was written")
			}
		})
	}
}

// TestTrainMPCChecksFirst: a bad option, or an --out that cannot be
// written, stops the command before it samples anything.
func TestTrainMPCChecksFirst(t *testing.T) {
	dir := t.TempDir()
	small := []string{"--positions", "1", "--depth", "3", "--exact", "0", "--min-empties", "20", "--max-empties", "20", "--threads", "1"}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--bucket", "0"}, "buckets of 0 empties"},
		{[]string{"--min-samples", "2"}, "at least 2 samples"},
		{[]string{"--out", filepath.Join(dir, "none", "p.json")}, "--out: cannot write " + filepath.Join(dir, "none", "p.json")},
		{[]string{"--out", dir}, "--out: " + dir + " is a folder"},
		{[]string{"--fit-only", "--threads", "0"}, "0 threads"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			work := filepath.Join(dir, "work")
			args := append(append([]string{"train", "mpc", "--work", work, "--out", filepath.Join(dir, "p.json")}, small...), tt.args...)
			code, _, stderr := runCommand(t, "", args...)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want a failure saying %q", code, stderr, tt.want)
			}
			if _, err := os.Stat(work); !os.IsNotExist(err) {
				t.Error("the refused command made its work folder")
				os.RemoveAll(work)
			}
		})
	}
}

// TestTrainMPCFitOnlySamplesSettings: --fit-only notes the settings of
// the samples, not the sampling options of its command line, and refuses
// samples searched with other weights than those it fits for.
func TestTrainMPCFitOnlySamplesSettings(t *testing.T) {
	dir := t.TempDir()
	work := shippedSamples(t, dir)
	out := filepath.Join(dir, "p.json")
	code, _, stderr := runCommand(t, "", "train", "mpc", "--fit-only", "--work", work, "--out", out, "--depth", "13", "--exact", "20", "--positions", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(out)
	mustContain(t, out, string(b), "--positions 2000 --seed 1 --depth 12 --exact 22 --min-empties 12 --max-empties 56 --bucket 4 --min-samples 30")

	other := filepath.Join(dir, "other.json")
	code, _, stderr = runCommand(t, "", "train", "mpc", "--fit-only", "--work", work, "--out", other, "--weights", filepath.Join("..", "..", "train", "gen1", "weights.bin"))
	if code == 0 || !strings.Contains(stderr, "searched with the evaluation pattern/3f6dee286bbc1794, not with pattern/11cbdf2d6346208d") {
		t.Errorf("samples of the shipped weights fitted for others: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(other); !os.IsNotExist(err) {
		t.Error("parameters were written for other weights")
	}
}

// shippedSamples copies the shipped ProbCut samples (train/mpc-samples,
// two shards) into dir/samples, a work folder of train mpc, and returns
// it.
func shippedSamples(t *testing.T, dir string) string {
	t.Helper()
	work := filepath.Join(dir, "samples")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"mpc-samples-0-of-2.txt", "mpc-samples-1-of-2.txt"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "train", "mpc-samples", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return work
}
