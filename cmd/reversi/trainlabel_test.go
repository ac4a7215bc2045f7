package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrainLabelShardWithoutPositions: a shard that has no positions
// says so, fails, and creates nothing.
func TestTrainLabelShardWithoutPositions(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	code, stdout, stderr := runCommand(t, "", "train", "label", "--work", work, "--shard", "5/10", "--positions", "3", "--threads", "1")
	if code == 0 || !strings.Contains(stderr, "shard 5/10 has no positions") || strings.Contains(stdout, "labels:") {
		t.Errorf("exit %d, stdout %q, stderr %q; want a failure saying the shard has no positions", code, stdout, stderr)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Error("the work folder was made")
	}
}
