//go:build unix

package atomicfile

import (
	"io"
	"os"
	"path/filepath"
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
