// Where a command's own lines go when the file it writes is standard
// output.

package main

import (
	"io"
	"os"
)

// notes returns the writer of a command's progress and summary lines
// given the files it writes (its --out, --report: "" for none): standard
// error when one of them is standard output (--out /dev/stdout), so that
// the file that goes there is not mixed with them; nowhere when standard
// error is that file too (> f 2>&1); standard output otherwise.
func (e *env) notes(paths ...string) io.Writer {
	for _, p := range paths {
		if namesStdout(e.stdout, p) {
			if namesStdout(e.stderr, p) {
				return io.Discard
			}
			return e.stderr
		}
	}
	return e.stdout
}

// namesStdout reports whether path names the same file as stdout
// (/dev/stdout, /proc/self/fd/1, or the file or pipe that stdout is), as
// os.SameFile tells. Only an *os.File can be named so: a stdout of
// another kind (a test's buffer) never is.
func namesStdout(stdout io.Writer, path string) bool {
	f, ok := stdout.(*os.File)
	if !ok || path == "" {
		return false
	}
	out, err := f.Stat()
	if err != nil {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && os.SameFile(out, fi)
}
