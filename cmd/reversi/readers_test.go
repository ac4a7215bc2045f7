// Tests of the commands that read files and streams: an input that never
// ends (/dev/zero, an endless line, a lying header) is refused at once,
// with a clear error and little memory.

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/internal/endless"
)

// runEndless runs the command line args with stdin as standard input
// (empty if nil) and returns the exit code, standard output and standard
// error. A command still running after 30 s is cancelled, and left
// behind if it does not stop (stuck opening a named pipe, say). One that
// takes more than 256 MB of heap stops the test binary (by a panic): a
// reader without a bound grows for ever on /dev/zero, and would take the
// machine down before the test ends.
func runEndless(t *testing.T, stdin *endless.Reader, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
	if stdin != nil {
		e.stdin = stdin
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- run(ctx, e, args) }()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	start := time.Now()
	for {
		select {
		case code := <-done:
			if ctx.Err() != nil {
				t.Errorf("reversi %s was still running after 30 s", strings.Join(args, " "))
			}
			return code, stdout.String(), stderr.String()
		case <-time.After(20 * time.Millisecond):
		}
		if time.Since(start) > 35*time.Second {
			t.Errorf("reversi %s still runs 5 s after it was cancelled: left behind", strings.Join(args, " "))
			return -1, "", ""
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		if m.HeapAlloc > base.HeapAlloc+256<<20 {
			panic(fmt.Sprintf("reversi %s: %d MB of heap after %v: the command reads its input without a bound",
				strings.Join(args, " "), m.HeapAlloc>>20, time.Since(start).Round(time.Millisecond)))
		}
	}
}

// checkRefused fails the test unless the command failed (exit code 1)
// quickly, with an error that has want, after allocating little.
// "Quickly" is within 15 s, a bound for a loaded machine (a refusal
// takes milliseconds on an idle one), half the 30 s after which
// runEndless gives a command up; a reader without a bound fails the
// other checks (its input's budget spent, or its heap).
func checkRefused(t *testing.T, want string, run func() (int, string, string)) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	code, stdout, stderr := run()
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit code %d, error output %q; want 1 and %q (output %.200q)", code, stderr, want, stdout)
	}
	if took > 15*time.Second {
		t.Errorf("refused after %v", took)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("allocated %d MB to refuse the input", alloc>>20)
	}
}

// TestSolveDevZero: "reversi solve /dev/zero" grew to gigabytes; it fails
// at once, saying that the line is too long for an OBF file.
func TestSolveDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	checkRefused(t, "reversi solve: /dev/zero: obf: line 1: the line is longer than 65536 bytes, the limit of an OBF line", func() (int, string, string) {
		return runEndless(t, nil, "solve", "/dev/zero")
	})
}

// TestEndlessInputs: every command that reads a file or standard input
// refuses an endless one with an error that names it, the place and the
// limit, after reading little more than the limit.
func TestEndlessInputs(t *testing.T) {
	const budget = 64 << 20
	t.Run("solve stdin", func(t *testing.T) {
		in := endless.New('a', budget)
		checkRefused(t, "reversi solve: standard input: obf: line 1: the line is longer than 65536 bytes", func() (int, string, string) {
			return runEndless(t, in, "solve", "-")
		})
		if in.Served() > 1<<20 {
			t.Errorf("read %d bytes of standard input", in.Served())
		}
	})
	t.Run("match openings", func(t *testing.T) {
		in := endless.New('f', budget)
		checkRefused(t, "reversi match: --openings: standard input line 1: longer than 65536 bytes", func() (int, string, string) {
			return runEndless(t, in, "match", "random", "random", "--games", "2", "--openings", "-")
		})
		if in.Served() > 1<<20 {
			t.Errorf("read %d bytes of standard input", in.Served())
		}
	})
	t.Run("accuracy solved file", func(t *testing.T) {
		in := endless.New('-', budget)
		name, err := endless.File(t.TempDir(), "", in)
		if err != nil {
			t.Skip(err)
		}
		// The trained evaluation, which accuracy loads before it reads
		// the file, loaded once (its tables are tens of MB): what is
		// measured is the refusal, whichever test loaded it first.
		engine.DefaultEvaluatorNote()
		checkRefused(t, "reversi accuracy: --solved: "+name+": line 1 is longer than 65536 bytes", func() (int, string, string) {
			return runEndless(t, nil, "accuracy", "--positions", "2", "--solved", name)
		})
		if in.Served() > 1<<20 {
			t.Errorf("read %d bytes of the solved file", in.Served())
		}
	})
	t.Run("merge records", func(t *testing.T) {
		in := endless.New('x', budget)
		name, err := endless.File(t.TempDir(), "1 (;GM[Othello]PC[", in)
		if err != nil {
			t.Skip(err)
		}
		checkRefused(t, "reversi merge: cannot use the records in "+name+": ggf: game 1: the game is longer than 1048576 bytes", func() (int, string, string) {
			return runEndless(t, nil, "merge", name)
		})
		if in.Served() > 3<<20 {
			t.Errorf("read %d bytes of the records", in.Served())
		}
	})
}
