package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.txt")
	if err := WriteBytes(file, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(file, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != "two" {
		t.Errorf("the file holds %q, want two", b)
	}
	if fi, _ := os.Stat(file); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	// A file replaced keeps its mode.
	if runtime.GOOS != "windows" {
		os.Chmod(file, 0o600)
		if err := WriteBytes(file, []byte("two")); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
			t.Errorf("a file of mode 0600 replaced: mode %v", fi.Mode().Perm())
		}
	}
	// A failed write leaves the file as it was, and no temporary file.
	boom := errors.New("boom")
	err := Write(file, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("error %v, want the write's", err)
	}
	if b, _ := os.ReadFile(file); string(b) != "two" {
		t.Errorf("after a failed write the file holds %q, want two", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder after a failed write, want 1", len(entries))
	}
	// A folder is refused.
	if err := WriteBytes(dir, []byte("x")); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("writing over a folder: %v", err)
	}
	// A folder that does not exist.
	if err := WriteBytes(filepath.Join(dir, "none", "a.txt"), []byte("x")); err == nil {
		t.Error("a file in a missing folder was written")
	}
}

func TestWriteFollowsLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	real, link := filepath.Join(dir, "real.txt"), filepath.Join(dir, "link.txt")
	os.WriteFile(real, []byte("old"), 0o644)
	if err := os.Symlink("real.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Errorf("the file linked to holds %q, want new", b)
	}
	dangling := filepath.Join(dir, "dangling")
	os.Symlink("nothing", dangling)
	if err := WriteBytes(dangling, []byte("x")); err == nil || !strings.Contains(err.Error(), "link to nothing") {
		t.Errorf("a dangling link: %v", err)
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(filepath.Join(dir, "new.bin")); err != nil {
		t.Errorf("a new file in a folder: %v", err)
	}
	if err := CheckWritable(dir); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("a folder: %v", err)
	}
	if err := CheckWritable(filepath.Join(dir, "none", "x.bin")); err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Errorf("a missing folder: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("CheckWritable left %d files", len(entries))
	}
}
