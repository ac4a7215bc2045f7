//go:build unix

// Endless inputs under a file name: a named pipe fed from a goroutine.

package endless

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// File makes a named pipe in dir (a test's temporary folder) that gives
// prefix, then r's bytes, to whoever opens it, and returns its path. The
// pipe is fed from a goroutine that ends when the reader closes the pipe
// or r's budget is spent (the reader then sees the end of the file); it
// waits for the pipe to be opened.
func File(dir, prefix string, r *Reader) (string, error) {
	path := filepath.Join(dir, "endless")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		return "", err
	}
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		io.Copy(w, io.MultiReader(strings.NewReader(prefix), r))
	}()
	return path, nil
}
