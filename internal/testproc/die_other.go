//go:build !linux

package testproc

import "os/exec"

// DieWithTest does nothing here: only Linux has a signal for a process
// whose parent ended. The tests' cleanups kill the processes they start.
func DieWithTest(cmd *exec.Cmd) {}
