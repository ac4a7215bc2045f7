package testproc

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// niceEnv asks TestRaiseNice, run as a child, to raise its own priority.
const niceEnv = "TESTPROC_RAISE_NICE"

// TestRaiseNice is the child of TestKeepNice: it lowers its priority to
// nice 19, as a test run under nice -n 19 starts it, then raises it back
// to 0, as Chromium raises its threads', and writes the nice value it
// ends with.
func TestRaiseNice(t *testing.T) {
	if os.Getenv(niceEnv) == "" {
		t.Skip("run by TestKeepNice")
	}
	if err := syscall.Setpriority(syscall.PRIO_PROCESS, 0, 19); err != nil {
		t.Fatal(err)
	}
	syscall.Setpriority(syscall.PRIO_PROCESS, 0, 0) // refused without CAP_SYS_NICE
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("nice=%d.", 20-prio) // the system call gives 20 - nice
}

// TestKeepNice: a child started through KeepNice cannot raise its
// priority above the one it started with; where this test may (root), a
// child started without it does, which shows that the test sees it.
func TestKeepNice(t *testing.T) {
	niceOf := func(keep bool) int {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestRaiseNice$", "-test.v")
		cmd.Env = append(os.Environ(), niceEnv+"=1")
		DieWithTest(cmd)
		if keep {
			if err := KeepNice(cmd); err != nil {
				t.Fatal(err)
			}
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", cmd.Args, err, out)
		}
		_, after, ok := strings.Cut(string(out), "nice=")
		v, err := strconv.Atoi(strings.TrimSuffix(strings.Fields(after)[0], "."))
		if !ok || err != nil {
			t.Fatalf("the child said no nice value:\n%s", out)
		}
		return v
	}
	if n := niceOf(true); n != 19 {
		t.Errorf("through KeepNice the child raised its priority to nice %d, want 19", n)
	}
	if hasCap(capSysNice) {
		if n := niceOf(false); n != 0 {
			t.Errorf("with CAP_SYS_NICE, the child without KeepNice stayed at nice %d: the test cannot see a raise", n)
		}
	}
}
