//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

// The lock on Unix: flock(2) on the lock file.

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes the exclusive flock of the file name (created if
// needed), or answers errBusy at once.
//
// The lock is on the open file (an exec'd child does not inherit it:
// Go opens files close-on-exec) and the kernel drops it when the
// process dies. Because release removes the file before unlocking it,
// the lock taken may be on a file already removed; then it is taken
// again on the file now at that name.
func tryLock(name string) (*fileLock, error) {
	for tries := 0; ; tries++ {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, errBusy
			}
			return nil, &os.PathError{Op: "flock", Path: name, Err: err}
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(name)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return &fileLock{f: f, name: name}, nil
		}
		f.Close()
		if tries == 100 {
			return nil, &os.PathError{Op: "lock", Path: name, Err: errors.New("the lock file keeps being replaced")}
		}
	}
}

// flock applies how to f, again when a signal interrupts it.
func flock(f *os.File, how int) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) {
		for {
			ferr = syscall.Flock(int(fd), how)
			if ferr != syscall.EINTR {
				return
			}
		}
	}); err != nil {
		return err
	}
	return ferr
}

// release removes the lock file while still holding it (so that a
// process waiting on the old file tries again on a new one), then
// unlocks it by closing it.
func (l *fileLock) release() error {
	os.Remove(l.name)
	return l.f.Close()
}

// Bits of access.
const (
	canRead  = 4 // R_OK
	canWrite = 2 // W_OK
)

// access says whether this process may read or write (bits of mode) the
// file or directory name: access(2), which knows the permissions,
// read-only file systems and the superuser.
func access(name string, mode uint32) error {
	for {
		err := syscall.Access(name, mode)
		if err != syscall.EINTR {
			return err
		}
	}
}
