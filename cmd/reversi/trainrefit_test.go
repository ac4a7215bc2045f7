package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
