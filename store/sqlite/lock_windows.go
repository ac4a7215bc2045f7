//go:build windows

// The lock on Windows: the lock file held open without write sharing.

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// errSharingViolation is ERROR_SHARING_VIOLATION, which package syscall
// does not name.
const errSharingViolation syscall.Errno = 32

// tryLock opens the file name (created if needed) for reading and
// writing, sharing it for reading only, or answers errBusy at once when
// another holds it so. Windows closes the handle, and so drops the lock,
// when the process ends.
func tryLock(name string) (*fileLock, error) {
	p, err := syscall.UTF16PtrFromString(name)
	if err != nil {
		return nil, err
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, syscall.FILE_SHARE_READ, nil, syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		if errors.Is(err, errSharingViolation) {
			return nil, errBusy
		}
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	return &fileLock{f: os.NewFile(uintptr(h), name), name: name}, nil
}

// release unlocks the lock file by closing it, then removes it unless
// another has opened it meanwhile.
func (l *fileLock) release() error {
	err := l.f.Close()
	os.Remove(l.name)
	return err
}

// Bits of access.
const (
	canRead  = 4
	canWrite = 2
)

// access says whether the file name may be written: not if it has the
// read-only attribute. (Directories and reading are not checked here;
// the driver's error tells.)
func access(name string, mode uint32) error {
	if mode&canWrite == 0 {
		return nil
	}
	fi, err := os.Stat(name)
	if err != nil || fi.IsDir() {
		return nil
	}
	if fi.Mode().Perm()&0o200 == 0 {
		return errors.New("the file has the read-only attribute")
	}
	return nil
}
