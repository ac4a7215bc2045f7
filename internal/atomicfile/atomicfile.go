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
// temporary file renamed into place once write has succeeded; the file
// gets mode 0644. A symbolic link is followed: the file it names is
// replaced and the link kept. A path that names something that cannot be
// replaced by a rename, such as a device (/dev/stdout, /dev/null) or a
// named pipe, is written directly instead; a folder is refused.
func Write(path string, write func(io.Writer) error) error {
	target := path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return fmt.Errorf("%s: a link to nothing: %w", path, err)
		}
	}
	if fi, err := os.Stat(target); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return fmt.Errorf("%s is a folder, not a file", path)
		}
		return writeDirect(target, write)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	err = tmp.Chmod(0o644) // CreateTemp's 0600 is for secrets
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
