package testproc

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// capSysNice is the capability that lets a process lower its nice value
// (raise its priority) below what it started with.
const capSysNice = 23

// KeepNice makes the process of cmd, started after, keep the scheduling
// priority it inherits from the test (a test run under nice -n 19 stays
// at 19): run by a process that holds CAP_SYS_NICE (root), a child may
// lower its own nice value, as Chromium does to its threads (0, and -8
// for its display threads) whatever it started with. KeepNice runs the
// command through util-linux's setpriv with that capability dropped from
// the bounding and inheritable sets, which the child and its own
// children then cannot get back; the process keeps its pid, so that
// DieWithTest still holds. Without the capability a child cannot raise
// its priority and cmd is left as it is. The error says why the command
// could not be wrapped (no setpriv): the child then may raise its
// priority.
func KeepNice(cmd *exec.Cmd) error {
	if !hasCap(capSysNice) {
		return nil
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		return fmt.Errorf("the child may raise its priority: %w", err)
	}
	path := cmd.Path
	cmd.Args = append([]string{setpriv, "--bounding-set", "-sys_nice", "--inh-caps", "-sys_nice", "--", path}, cmd.Args[1:]...)
	cmd.Path = setpriv
	return nil
}

// hasCap reports whether this process has capability c in its effective
// set (CapEff of /proc/self/status).
func hasCap(c uint) bool {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return false
	}
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "CapEff:"); ok {
			caps, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			return err == nil && caps&(1<<c) != 0
		}
	}
	return false
}
