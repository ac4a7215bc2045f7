//go:build !linux

package main

import "os/exec"

// dieWithTest does nothing here: only Linux has a signal for a process
// whose parent ended. The tests' cleanups kill the processes they start.
func dieWithTest(cmd *exec.Cmd) {}
