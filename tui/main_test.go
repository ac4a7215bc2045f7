package tui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// TestMain runs the tests with the width of East Asian ambiguous
// characters (● ○ · ◀) one column, as the expected screens are drawn.
// charmbracelet/x/ansi reads RUNEWIDTH_EASTASIAN once, when the program
// starts (and go-runewidth, which it uses, reads it and the locale), so
// a test binary started with it set is started again with it "0"
// (narrow for both, whatever the locale), and exits as that one does.
func TestMain(m *testing.M) {
	if v, ok := os.LookupEnv("RUNEWIDTH_EASTASIAN"); !ok || v == "0" {
		os.Exit(m.Run())
	}
	os.Exit(rerunNarrow())
}

// rerunNarrow runs the test binary again, with its arguments, and
// RUNEWIDTH_EASTASIAN=0, and returns its exit status.
func rerunNarrow() int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "tui tests: RUNEWIDTH_EASTASIAN is set and the test binary cannot run itself without it: %v\n", err)
		return 2
	}
	cmd := exec.Command(self, os.Args[1:]...)
	cmd.Env = append(os.Environ(), "RUNEWIDTH_EASTASIAN=0") // the last of a name wins
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode()
	default:
		fmt.Fprintf(os.Stderr, "tui tests: running the test binary again with RUNEWIDTH_EASTASIAN=0: %v\n", err)
		return 2
	}
}
