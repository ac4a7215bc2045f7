//go:build unix

package atomicfile

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWriteNamedPipe: a path that is not a regular file (here a named
// pipe, as /dev/stdout may be) is written, not replaced by a file.
func TestWriteNamedPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(pipe)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := WriteBytes(pipe, []byte("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(pipe); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was replaced: %v %v", fi.Mode(), err)
	}
	select {
	case s := <-got:
		if s != "through the pipe" {
			t.Errorf("read %q from the pipe", s)
		}
	case <-time.After(time.Minute):
		t.Fatal("nothing came through the pipe")
	}
}

// TestWriteLinkToPipe: a link to a pipe that has no path of its own, as
// /dev/stdout is when standard output is a pipe (/proc/self/fd/1 ->
// "pipe:[…]"), is written through, not refused.
func TestWriteLinkToPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	link := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
	if _, err := os.Lstat(link); err != nil {
		w.Close()
		t.Skip("no /proc/self/fd here:", err)
	}
	got := make(chan string)
	go func() { b, _ := io.ReadAll(r); got <- string(b) }()
	if err := CheckWritable(link); err != nil {
		t.Errorf("CheckWritable(%s): %v", link, err)
	}
	err = WriteBytes(link, []byte("through the link"))
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the link" {
		t.Errorf("read %q", s)
	}
}

// TestWriteStandardOutputAppends: written as /dev/stdout, standard output
// that a shell opened to append to a file (>>) keeps what the file held,
// as a child process of this test shows.
func TestWriteStandardOutputAppends(t *testing.T) {
	asChild(t, func() error { return WriteBytes("/dev/stdout", []byte("written\n")) })
	file := filepath.Join(t.TempDir(), "out.txt")
	os.WriteFile(file, []byte("kept\n"), 0o600)
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := runChild("TestWriteStandardOutputAppends", f)
	f.Close()
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, stderr)
	}
	b, _ := os.ReadFile(file)
	if string(b) != "kept\nwritten\n" {
		t.Errorf("the file holds %q, want %q", b, "kept\nwritten\n")
	}
	if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the file's 0600", fi.Mode().Perm())
	}

	// Opened to read and write, not truncated (1<>file): nothing of the
	// old, longer content is left after what was written.
	os.WriteFile(file, []byte(strings.Repeat("old line\n", 100)), 0o600)
	f, err = os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	stderr, err = runChild("TestWriteStandardOutputAppends", f)
	f.Close()
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, stderr)
	}
	if b, _ := os.ReadFile(file); string(b) != "written\n" {
		t.Errorf("written over a longer file opened without truncating, it holds %q", clip(string(b)))
	}
}

// TestCheckWritableStandardOutput: standard output opened only to read
// (1<file) is said at once not to be writable; opened to write, it is.
func TestCheckWritableStandardOutput(t *testing.T) {
	asChild(t, func() error { return CheckWritable("/dev/stdout") })
	file := filepath.Join(t.TempDir(), "out.txt")
	os.WriteFile(file, []byte("kept\n"), 0o600)
	for _, c := range []struct {
		flag     int
		writable bool
	}{{os.O_RDONLY, false}, {os.O_WRONLY | os.O_APPEND, true}, {os.O_RDWR, true}} {
		f, err := os.OpenFile(file, c.flag, 0)
		if err != nil {
			t.Fatal(err)
		}
		stderr, err := runChild("TestCheckWritableStandardOutput", f)
		f.Close()
		if (err == nil) != c.writable || (!c.writable && !strings.Contains(stderr, "cannot write /dev/stdout")) {
			t.Errorf("standard output opened with flags %#x: %v %q, want writable %v", c.flag, err, stderr, c.writable)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "kept\n" {
		t.Errorf("the check changed the file: %q", b)
	}
}

// asChild runs do and exits, with status 2 and do's error on standard
// error if it fails, when this process is a child that runChild started;
// in the test's own process it skips the test where there is no
// /dev/stdout.
func asChild(t *testing.T, do func() error) {
	if os.Getenv("ATOMICFILE_CHILD") != "" {
		if err := do(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	if _, err := os.Stat("/dev/stdout"); err != nil {
		t.Skip("no /dev/stdout here:", err)
	}
}

// runChild runs the named test of this binary again as a child process,
// with ATOMICFILE_CHILD set and stdout as its standard output; it returns
// what the child wrote to standard error.
func runChild(test string, stdout *os.File) (string, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_CHILD=1")
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	err := cmd.Run()
	return stderr.String(), err
}

// clip shortens a text for a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
