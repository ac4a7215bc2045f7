// The lock that keeps a second reversi process off an SQLite file.
//
// SQLite lets any number of processes open a database, and two game
// servers on one file would both referee its games. So Open takes an
// exclusive lock on the file "<database>.lock" beside the database (not on
// the database itself, whose byte-range locks are SQLite's own) and keeps
// it until Close. The lock belongs to the open file, not to the lock
// file's existence: the operating system drops it when the process ends,
// however it ends (kill -9 included), so a server restarted after a crash
// is never refused, and a lock file left behind means nothing. While held,
// the file names the holder ("<pid> <host>") for the message of the
// process refused.
//
// Where: flock(2) on Linux, macOS and the BSDs (lock_flock.go); on
// Windows the lock file is held open with no write sharing
// (lock_windows.go); elsewhere there is no lock (lock_other.go), and
// running one server per file is the operator's care.

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// fileLock is a held lock: its open lock file.
type fileLock struct {
	f    *os.File
	name string
}

// errBusy is tryLock's answer when another holds the lock.
var errBusy = errors.New("the lock is held")

// InUseError is Open's error when the database is held by another Open,
// in another process or in this one.
type InUseError struct {
	// Path is the database file, as given to Open.
	Path string
	// PID is the holder's process id, 0 if unknown; Host is the name of
	// the holder's machine, "" if unknown.
	PID  int
	Host string
}

// Error says who holds the database and what the operator can do.
func (e *InUseError) Error() string {
	host, _ := os.Hostname()
	var who string
	switch {
	case e.PID == 0:
		who = "another reversi server"
	case e.PID == os.Getpid() && e.Host == host:
		return fmt.Sprintf("sqlite %s: the database is already open in this process (pid %d); close it first", e.Path, e.PID)
	case e.Host != "" && e.Host != host:
		who = fmt.Sprintf("another reversi server (pid %d on %s)", e.PID, e.Host)
	default:
		who = fmt.Sprintf("another reversi server (pid %d)", e.PID)
	}
	return fmt.Sprintf("sqlite %s: the database is in use by %s; stop it first or use --db to choose another file", e.Path, who)
}

// lockName is the lock file of the database at path: beside the file a
// symbolic link points to, so that every name of the database shares one
// lock (as SQLite keeps its -wal and -shm files beside the target).
func lockName(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return path + ".lock"
}

// acquire locks the database at path, or says who holds it (an
// *InUseError).
func acquire(path string) (*fileLock, error) {
	name := lockName(path)
	lk, err := tryLock(name)
	if err == errBusy {
		e := &InUseError{Path: path}
		if b, err := os.ReadFile(name); err == nil {
			e.PID, e.Host = parseHolder(string(b))
		}
		return nil, e
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite %s: cannot lock it against other servers (lock file %s): %w", path, name, bare(err))
	}
	host, _ := os.Hostname()
	holder := strconv.Itoa(os.Getpid()) + " " + host + "\n"
	err = lk.f.Truncate(0)
	if err == nil {
		_, err = lk.f.WriteAt([]byte(holder), 0)
	}
	if err != nil {
		lk.release()
		return nil, fmt.Errorf("sqlite %s: writing the lock file %s: %w", path, name, bare(err))
	}
	return lk, nil
}

// parseHolder reads the "<pid> <host>" of a lock file; zero values for
// what it lacks.
func parseHolder(s string) (pid int, host string) {
	f := strings.Fields(s)
	if len(f) > 0 {
		pid, _ = strconv.Atoi(f[0])
	}
	if len(f) > 1 {
		host = f[1]
	}
	return pid, host
}
