//go:build !windows

package main

import (
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"

	"github.com/reversi-engine/reversi/internal/testproc"
)

// damagedWeightsBinary builds the command with its shipped evaluation
// weights damaged (damagedBinary), for the tests of what the commands say
// when the trained evaluation cannot be read.
func damagedWeightsBinary(t *testing.T) string { return damagedBinary(t, "eval/pattern/weights.bin") }

// noEvalReason is why the trained evaluation cannot be read, for the
// damaged weights of damagedWeightsBinary; noEvalNote is what a command
// that falls back to the course heuristic says of it.
const (
	noEvalReason = "the pattern weights shipped in this binary: pattern weights: checksum mismatch: the file is corrupt"
	noEvalNote   = "no trained evaluation: " + noEvalReason + "; using the course heuristic"
)

// TestAnalyzePlayNoTrainedEvaluation: with the shipped weights damaged,
// reversi analyze says once on standard error that it analyses with the
// course heuristic, and why, before it does (its values in points); a
// player that does not use the default evaluation gets no note; the
// engine as a player of play refuses to start without its weights,
// saying why; the full-screen game of play, whose key v analyses with the
// default evaluation, says so on the terminal before its screen starts;
// version gives the same reason.
func TestAnalyzePlayNoTrainedEvaluation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary again, with damaged weights")
	}
	bin := damagedWeightsBinary(t)
	tests := []struct {
		name   string
		args   []string
		input  string
		fails  string // an error wanted on standard error ("": exit 0)
		notes  int    // the notes wanted on standard error
		stdout string // wanted on standard output
	}{
		{"analyze", []string{"analyze", "--transcript", "f5", "--depth", "2", "--threads", "1"}, "", "", 1, "points of the heuristic evaluation (not discs)"},
		{"analyze --book off", []string{"analyze", "--transcript", "f5d6c3", "--depth", "2", "--threads", "1", "--book", "off"}, "", "", 1, "points of the heuristic evaluation (not discs)"},
		{"analyze --player alphabeta", []string{"analyze", "--transcript", "f5", "--player", "alphabeta:depth=2"}, "", "", 0, ""},
		{"play, no engine", []string{"play", "--black", "greedy", "--white", "random", "--quiet", "--seed", "1"}, "", "", 0, "Result:"},
		{"play, an engine", []string{"play", "--black", "engine:level=1,threads=1", "--white", "random", "--quiet", "--seed", "1"}, "", noEvalReason, 0, ""},
		// Labels and cut parameters of the heuristic would be wrong data:
		// refused, the note in the error.
		{"train label", []string{"train", "label", "--work", filepath.Join(t.TempDir(), "w"), "--positions", "3", "--depth", "2", "--threads", "1"}, "", "labels need the trained evaluation", 1, ""},
		{"train mpc", []string{"train", "mpc", "--work", filepath.Join(t.TempDir(), "m"), "--positions", "3", "--threads", "1"}, "", "give --weights", 1, ""},
		{"accuracy", []string{"accuracy", "--empties", "4", "--positions", "3", "--eval", "discs", "--solved", "none", "--threads", "1"}, "", "", 1, "MAE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, err := runBinary(bin, tt.input, tt.args...)
			switch {
			case tt.fails != "":
				if err == nil || !strings.Contains(stderr, tt.fails) {
					t.Errorf("%v: %v, want an error with %q:\n%s", tt.args, err, tt.fails, stderr)
				}
			case err != nil:
				t.Fatalf("%v: %v\n%s\n%s", tt.args, err, stdout, stderr)
			}
			if got := strings.Count(stderr, "no trained evaluation"); got != tt.notes || (got > 0 && tt.fails == "" && !strings.HasPrefix(stderr, noEvalNote)) {
				t.Errorf("%v: %d notes on standard error, want %d, first (%q):\n%s", tt.args, got, tt.notes, noEvalNote, stderr)
			}
			if strings.Contains(stdout, "no trained evaluation") || !strings.Contains(stdout, tt.stdout) {
				t.Errorf("%v: standard output, want %q and no note:\n%s", tt.args, tt.stdout, stdout)
			}
		})
	}
	t.Run("play on a terminal", func(t *testing.T) {
		s := startScreenOf(t, bin, "play", "--white", "random", "--seed", "7", "--lang", "en")
		s.waitFor("the human's turn", func(sc string) bool { return strings.Contains(sc, "your move") })
		s.keys("\x03")
		select {
		case <-s.done:
		case <-time.After(60 * time.Second):
			t.Fatalf("Ctrl-C did not stop the game:\n%s", s.screen())
		}
		final := s.waitFor("the main screen", func(sc string) bool { return strings.Contains(sc, "game stopped") })
		if got := strings.Count(final, "no trained evaluation"); got != 1 || !strings.Contains(strings.ReplaceAll(final, "\n", ""), noEvalNote) {
			t.Errorf("%d notes on the terminal, want 1 (%q):\n%s", got, noEvalNote, final)
		}
	})
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "\nevaluation: pattern weights: "+noEvalReason+"\n") {
		t.Errorf("version with damaged weights: %v\n%s", err, out)
	}
}

// startScreenOf is startScreen for the binary bin: it runs bin with
// args in a pseudo-terminal of screenCols×screenRows, in screenEnv.
func startScreenOf(t *testing.T, bin string, args ...string) *screenTerm {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = screenEnv()
	testproc.DieWithTest(cmd) // pty adds a session and the terminal to its SysProcAttr
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: screenRows, Cols: screenCols})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	s := &screenTerm{t: t, cmd: cmd, tty: tty, term: vt.NewSafeEmulator(screenCols, screenRows), done: make(chan error, 1)}
	go io.Copy(s, tty)      // what the program draws
	go io.Copy(tty, s.term) // the terminal's answers to its queries
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		tty.Close()
		// The emulator is not closed: its Close races with the Read of
		// the copy of its answers, which stays blocked until the test
		// binary ends.
	})
	return s
}
