package testproc

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestMain(m *testing.M) {
	if code, ran := RunNarrow(); ran {
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// TestNarrow passes only where the tests run narrow: run by
// TestRunNarrow with NarrowEnv=1, it shows that TestMain ran them again
// with NarrowEnv=0. With TESTPROC_FAIL set it fails, to show that the
// run's status is passed on.
func TestNarrow(t *testing.T) {
	if v, ok := os.LookupEnv(NarrowEnv); ok && v != "0" {
		t.Fatalf("the tests run with %s=%q", NarrowEnv, v)
	}
	if os.Getenv("TESTPROC_FAIL") != "" {
		t.Fatal("failing as asked")
	}
}

func TestRunNarrow(t *testing.T) {
	for _, c := range []struct {
		env  []string
		code int
	}{
		{[]string{NarrowEnv + "=1"}, 0},
		{[]string{NarrowEnv + "=true", "TESTPROC_FAIL=1"}, 1},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestNarrow$", "-test.v")
		cmd.Env = append(os.Environ(), c.env...)
		DieWithTest(cmd)
		out, err := cmd.CombinedOutput()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.code || !strings.Contains(string(out), "TestNarrow") {
			t.Errorf("with %v: exit %d, want %d\n%s", c.env, code, c.code, out)
		}
	}
}
