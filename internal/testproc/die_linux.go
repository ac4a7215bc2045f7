package testproc

import (
	"os/exec"
	"syscall"
)

// DieWithTest makes the process of cmd, started after, receive SIGKILL
// when the test binary ends, however it ends: a panic or -timeout skips
// the tests' cleanups that kill it. Linux's PR_SET_PDEATHSIG; it holds
// across the exec of a wrapper script. Linux sends it when the thread
// that started the process ends, which for Go is the test binary's end
// unless a goroutine locked to its thread (runtime.LockOSThread) started
// it and returned.
func DieWithTest(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
