//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || windows)

// No lock where neither flock(2) nor Windows' sharing modes are at hand:
// Open still writes the lock file, but nothing keeps a second process
// off the database; run one server per file.

package sqlite

import "os"

// tryLock opens (creating it if needed) the file name, and locks
// nothing.
func tryLock(name string) (*fileLock, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	return &fileLock{f: f, name: name}, nil
}

// release closes and removes the lock file.
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

// access checks nothing here; the driver's error tells.
func access(name string, mode uint32) error { return nil }
