//go:build !linux

package testproc

import "os/exec"

// KeepNice does nothing here: the priority a child may give itself is
// Linux's concern (a process with CAP_SYS_NICE, such as Chromium run by
// root, lowers its nice value below the test's).
func KeepNice(cmd *exec.Cmd) error { return nil }
