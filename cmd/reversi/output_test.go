package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/game"
)

// throughPipe runs the reversi program with args, its standard output a
// pipe (as in "reversi ... --out /dev/stdout | cat > file"), and returns
// what came through the pipe and the standard error. It fails the test if
// the command fails.
func throughPipe(t *testing.T, args ...string) ([]byte, string) {
	t.Helper()
	cmd := exec.Command(reversiBinary(t), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output() // a bytes.Buffer behind an os.Pipe: the child's stdout is a pipe
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, stderr.String())
	}
	return stdout, stderr.String()
}

// fileOf returns the file of a command run in the test's process with its
// output to a file (the same bytes as through the pipe, when nothing else
// goes to standard output), and what it printed on its standard output.
func fileOf(t *testing.T, args ...string) ([]byte, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCommand(t, "", append(args, "--out", out)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data, stdout
}

// TestBookOutStdout: the book commands given --out /dev/stdout, through
// a pipe, write the file there and nothing else: their progress and
// summary lines go to standard error.
func TestBookOutStdout(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "work")
	buildArgs := []string{"book", "build", "--work", work, "--plies", "2", "--min-games", "1000", "--depth", "2"}
	bin, stdout := fileOf(t, buildArgs...)
	mustContain(t, "build to a file", stdout, "positions: ", "book: ") // what the pipe must not get
	binPath := filepath.Join(dir, "b.bin")
	if err := os.WriteFile(binPath, bin, 0o644); err != nil {
		t.Fatal(err)
	}
	text := filepath.Join(dir, "b.txt")
	if code, _, stderr := runCommand(t, "", "book", "export", "--book", binPath, "--out", text); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	wantText, _ := os.ReadFile(text)
	deviateArgs := []string{"book", "deviate", "--book", binPath, "--work", filepath.Join(dir, "dwork"), "--plies", "2", "--margin", "1", "--depth", "2"}
	deviated, _ := fileOf(t, deviateArgs...)
	openingsArgs := []string{"book", "openings", "--plies", "4"}
	openings, _ := fileOf(t, openingsArgs...)

	for _, tc := range []struct {
		name  string
		args  []string
		want  []byte // the file's bytes
		notes string // what goes to standard error instead
	}{
		// The same work folder: the pipe's build searches nothing and
		// makes the same book.
		{"build", buildArgs, bin, "book: /dev/stdout, "},
		{"deviate", deviateArgs, deviated, "book: /dev/stdout, "},
		{"import", []string{"book", "import", "--in", text}, bin, "/dev/stdout: "},
		{"export", []string{"book", "export", "--book", binPath}, wantText, "/dev/stdout: "},
		{"openings", openingsArgs, openings, "/dev/stdout: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, stderr := throughPipe(t, append(tc.args, "--out", "/dev/stdout")...)
			if !bytes.Equal(got, tc.want) {
				t.Errorf("standard output (%d bytes) is not the file (%d bytes):\n%s", len(got), len(tc.want), clipped(got))
			}
			mustContain(t, "stderr", stderr, tc.notes)
			if strings.HasPrefix(string(tc.want), "RVBOOK") {
				if _, err := book.Decode(got); err != nil {
					t.Errorf("standard output is not a book: %v", err)
				}
			}
		})
	}
}

// TestTrainRefitOutStdout: train refit with --out or --report
// /dev/stdout, through a pipe, writes that file there and nothing else;
// its table goes to standard error.
func TestTrainRefitOutStdout(t *testing.T) {
	dir := t.TempDir()
	labels := oneLabel(t, dir)
	args := []string{"train", "refit", "--labels", labels, "--phases", "15", "--threads", "1", "--epochs", "1"}
	want, stdout := fileOf(t, args...)
	mustContain(t, "refit to a file", stdout, "weights: ", "phase")

	got, stderr := throughPipe(t, append(args, "--out", "/dev/stdout")...)
	samePiped(t, "weights", got, want, func(r io.Reader) error { _, err := pattern.ReadWeights(r); return err })
	mustContain(t, "stderr", stderr, "weights: /dev/stdout", "held-out MAE")

	got, stderr = throughPipe(t, append(args, "--out", filepath.Join(dir, "w.bin"), "--report", "/dev/stdout")...)
	if !bytes.HasPrefix(got, []byte("[")) || !bytes.HasSuffix(bytes.TrimSpace(got), []byte("]")) {
		t.Errorf("standard output is not the JSON report:\n%s", clipped(got))
	}
	mustContain(t, "stderr", stderr, "weights: "+filepath.Join(dir, "w.bin"), "held-out MAE")
}

// TestTrainMPCOutStdout: train mpc --out /dev/stdout, through a pipe,
// writes the parameters there and nothing else; its table goes to
// standard error.
func TestTrainMPCOutStdout(t *testing.T) {
	work := shippedSamples(t, t.TempDir())
	args := []string{"train", "mpc", "--fit-only", "--work", work}
	want, stdout := fileOf(t, args...)
	mustContain(t, "mpc to a file", stdout, "parameters: ", "slope")
	got, stderr := throughPipe(t, append(args, "--out", "/dev/stdout")...)
	samePiped(t, "parameters", got, want, func(r io.Reader) error { _, err := engine.ReadProbCut(r); return err })
	mustContain(t, "stderr", stderr, "parameters: /dev/stdout", "slope")
}

// TestBookOutNotStdout: an --out that is not standard output leaves the
// summary on standard output, also when standard output is a file.
func TestBookOutNotStdout(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "start.txt")
	os.WriteFile(text, []byte(game.NewStandard().Position().String()+" +0.00 4 5\n"), 0o644)
	f, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: f, stderr: &stderr}
	out := filepath.Join(dir, "b.bin")
	if code := run(t.Context(), e, []string{"book", "import", "--in", text, "--out", out}); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if got, _ := os.ReadFile(f.Name()); string(got) != out+": 1 positions\n" {
		t.Errorf("standard output %q, stderr %q", got, stderr.String())
	}
	// The same file named as --out: the summary goes to standard error.
	stderr.Reset()
	if code := run(t.Context(), e, []string{"book", "import", "--in", text, "--out", f.Name()}); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	mustContain(t, "stderr", stderr.String(), f.Name()+": 1 positions")
	if got, _ := os.ReadFile(f.Name()); !bytes.HasPrefix(got, []byte("RVBOOK")) || bytes.Contains(got, []byte("positions")) {
		t.Errorf("the file: %q", clipped(got))
	}
}

// samePiped checks that what a command wrote to standard output through
// a pipe (got) reads as a file of its kind (read) and is byte for byte
// the file it writes to a path (want).
func samePiped(t *testing.T, kind string, got, want []byte, read func(io.Reader) error) {
	t.Helper()
	if err := read(bytes.NewReader(got)); err != nil {
		t.Errorf("standard output is not a %s file: %v\n%s", kind, err, clipped(got))
	}
	if !bytes.Equal(got, want) {
		t.Errorf("standard output (%d bytes) is not the %s file (%d bytes)", len(got), kind, len(want))
	}
}

// clipped returns the start and the end of data, for a failure message.
func clipped(data []byte) string {
	if len(data) > 300 {
		return fmt.Sprintf("%q ... %q", data[:100], data[len(data)-200:])
	}
	return fmt.Sprintf("%q", data)
}

// TestTrainOutStdout: train --out /dev/stdout, through a pipe, writes the
// weights there and nothing else; its table goes to standard error.
func TestTrainOutStdout(t *testing.T) {
	args := []string{"train", "--tiny", "--threads", "1", "--work", filepath.Join(t.TempDir(), "work")}
	want, stdout := fileOf(t, args...)
	mustContain(t, "train to a file", stdout, "weights: ", "held-out MAE")
	// The same work folder: the same weights, from the files it keeps.
	got, stderr := throughPipe(t, append(args, "--out", "/dev/stdout")...)
	samePiped(t, "weights", got, want, func(r io.Reader) error { _, err := pattern.ReadWeights(r); return err })
	mustContain(t, "stderr", stderr, "weights: /dev/stdout", "held-out MAE")
}
