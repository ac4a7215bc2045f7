// Package testproc holds what tests need of the processes they start: a
// child that dies with the test binary however it ends, and the test
// binary run again with East Asian ambiguous characters one column wide.
package testproc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// NarrowEnv is the variable that charmbracelet/x/ansi and go-runewidth
// read, once when a program starts, to draw East Asian ambiguous
// characters (● ○ · ◀) two columns wide; "0" makes them one column
// whatever the locale.
const NarrowEnv = "RUNEWIDTH_EASTASIAN"

// RunNarrow makes a package's tests run with ambiguous characters one
// column wide, as their expected screens are drawn: if NarrowEnv is set
// to anything but "0", it runs the test binary again, with its
// arguments and NarrowEnv=0, and returns that run's exit status and
// true; otherwise 0 and false, and the caller runs the tests itself. For
// a TestMain:
//
//	if code, ran := testproc.RunNarrow(); ran {
//		os.Exit(code)
//	}
func RunNarrow() (code int, ran bool) {
	if v, ok := os.LookupEnv(NarrowEnv); !ok || v == "0" {
		return 0, false
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s is set and the test binary cannot run itself without it: %v\n", NarrowEnv, err)
		return 2, true
	}
	cmd := exec.Command(self, os.Args[1:]...)
	cmd.Env = append(os.Environ(), NarrowEnv+"=0") // the last of a name counts
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	DieWithTest(cmd)
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, true
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode(), true
	default:
		fmt.Fprintf(os.Stderr, "running the test binary again with %s=0: %v\n", NarrowEnv, err)
		return 2, true
	}
}
