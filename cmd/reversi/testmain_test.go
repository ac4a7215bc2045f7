package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// TestMain runs the tests and then removes the binary that reversiBinary
// built. The tests run with the width of East Asian ambiguous characters
// (● ○ · ◀) one column, in the terminal emulator of the screen tests as
// in the binary they drive (startScreen gives it RUNEWIDTH_EASTASIAN=0):
// charmbracelet/x/ansi reads RUNEWIDTH_EASTASIAN once, when the program
// starts, so a test binary started with it set is started again with it
// "0", and exits as that one does.
func TestMain(m *testing.M) {
	if v, ok := os.LookupEnv("RUNEWIDTH_EASTASIAN"); ok && v != "0" {
		os.Exit(rerunNarrow())
	}
	code := m.Run()
	if builtDir != "" {
		if err := os.RemoveAll(builtDir); err != nil {
			fmt.Fprintf(os.Stderr, "removing the test build of reversi: %v\n", err)
		}
	}
	os.Exit(code)
}

// rerunNarrow runs the test binary again, with its arguments, and
// RUNEWIDTH_EASTASIAN=0, and returns its exit status.
func rerunNarrow() int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "cmd/reversi tests: RUNEWIDTH_EASTASIAN is set and the test binary cannot run itself without it: %v\n", err)
		return 2
	}
	cmd := exec.Command(self, os.Args[1:]...)
	cmd.Env = append(os.Environ(), "RUNEWIDTH_EASTASIAN=0") // the last of a name wins
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	dieWithTest(cmd)
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode()
	default:
		fmt.Fprintf(os.Stderr, "cmd/reversi tests: running the test binary again with RUNEWIDTH_EASTASIAN=0: %v\n", err)
		return 2
	}
}
