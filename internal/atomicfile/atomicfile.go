// Package atomicfile writes files whole or not at all: through a
// temporary file in the same folder, synced and renamed into place, so
// that a reader never sees part of a file and a failed or interrupted
// write never replaces a good one.
package atomicfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write writes the file at path with what write writes, through a
// temporary file renamed into place once write has succeeded; a new file
// gets mode 0644, a file replaced keeps its mode. A symbolic link is
// followed: the file it names is replaced and the link kept. The
// process's standard output or error, under any name (/dev/stdout), is
// written through its own descriptor, where it stands (after what a
// shell's >> kept); another path that names something a rename cannot
// replace, such as a device (/dev/null) or a named pipe, is written
// directly; a folder is refused.
func Write(path string, write func(io.Writer) error) error {
	if std := standardFile(path); std != nil {
		if err := write(std); err != nil {
			return err
		}
		// A regular file opened without truncating (1<>file) keeps no
		// old bytes after what was written; for > and >> this changes
		// nothing.
		if fi, err := std.Stat(); err == nil && fi.Mode().IsRegular() {
			if off, err := std.Seek(0, io.SeekCurrent); err == nil {
				return std.Truncate(off)
			}
		}
		return nil
	}
	target, direct, err := resolve(path)
	if err != nil {
		return err
	}
	if direct {
		return writeDirect(target, write)
	}
	mode := os.FileMode(0o644) // not CreateTemp's 0600, which is for secrets
	if fi, err := os.Stat(target); err == nil {
		mode = fi.Mode().Perm() // a file replaced keeps its mode
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	err = tmp.Chmod(mode)
	if err == nil {
		err = write(tmp)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), target)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// standardFile returns the process's standard output or error when path
// names it (/dev/stdout, /dev/fd/1, or any other name of the same file),
// nil otherwise. Those are written through their own descriptor: opened
// again by name, a file the shell appends to (>>) would be written from
// its start, and one it truncated would be replaced.
func standardFile(path string) *os.File {
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	for _, f := range []*os.File{os.Stdout, os.Stderr} {
		if sf, err := f.Stat(); err == nil && os.SameFile(fi, sf) {
			return f
		}
	}
	return nil
}

// resolve returns the file that a write to path writes: path, or the file
// a symbolic link names; direct if it is not a regular file (a device, a
// pipe), to be written in place.
func resolve(path string) (target string, direct bool, err error) {
	target = path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		// A link such as /dev/stdout may name a pipe or a socket that
		// has no path (/proc/self/fd/1 -> "pipe:[1234]"): Stat follows
		// it where EvalSymlinks cannot.
		if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
			return path, true, nil
		}
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", false, fmt.Errorf("%s: a link to nothing: %w", path, err)
		}
	}
	if fi, err := os.Stat(target); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return "", false, fmt.Errorf("%s is a folder, not a file", path)
		}
		return target, true, nil
	}
	return target, false, nil
}

// CheckWritable says at once, before long work whose result goes to
// path, whether Write could write it there: a folder, a missing folder or
// one where no file can be made is an error. It creates nothing that
// stays, and nothing at all where Write would write in place (a device).
// The process's standard output or error is tried with a write of no
// bytes, which fails where it was opened only to read (1<file).
func CheckWritable(path string) error {
	if std := standardFile(path); std != nil {
		if _, err := std.Write(nil); err != nil {
			return fmt.Errorf("cannot write %s: %w", path, err)
		}
		return nil
	}
	target, direct, err := resolve(path)
	if err != nil || direct {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".check*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// WriteBytes writes data as the whole file at path, as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := io.Copy(w, bytes.NewReader(data))
		return err
	})
}

// writeDirect writes to a file that is not a regular one.
func writeDirect(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
