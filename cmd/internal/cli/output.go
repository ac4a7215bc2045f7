// Where a command's own lines go when a file it writes is standard
// output.

package cli

import (
	"io"
	"os"
)

// Notes returns the writer of a command's progress and summary lines,
// given its standard output and error and the files it writes (its --out,
// --report: "" for none): stderr when one of them is stdout (--out
// /dev/stdout), so that the file that goes there is not mixed with them;
// nowhere (io.Discard) when stderr is that file too (> f 2>&1); stdout
// otherwise.
func Notes(stdout, stderr io.Writer, paths ...string) io.Writer {
	for _, p := range paths {
		if namesFile(stdout, p) {
			if namesFile(stderr, p) {
				return io.Discard
			}
			return stderr
		}
	}
	return stdout
}

// namesFile reports whether path names the same file as w (/dev/stdout,
// /proc/self/fd/1, or the file or pipe that w is), as os.SameFile tells.
// Only an *os.File can be named so: a writer of another kind (a test's
// buffer) never is.
func namesFile(w io.Writer, path string) bool {
	f, ok := w.(*os.File)
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
