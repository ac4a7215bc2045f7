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
	os.WriteFile(filepath.Join(corrupt, "mpc-samples-0-of-1.txt"), []byte("# reversi mpc samples v1 x\n7 30 - 1.5 nan?\n"), 0o644)
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
