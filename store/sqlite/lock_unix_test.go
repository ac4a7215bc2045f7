//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package sqlite

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// The helper process: this test binary run again with helperEnv set to
// "hold" (open the database of pathEnv, say "held", keep it open until
// killed or stdin closes) or "open" (open it, print "ok" or the error,
// exit).
const (
	helperEnv = "REVERSI_SQLITE_TEST_HELPER"
	pathEnv   = "REVERSI_SQLITE_TEST_PATH"
)

func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("only run as a helper process by the other tests")
	}
	s, err := Open(context.Background(), os.Getenv(pathEnv))
	if err != nil {
		fmt.Println(err)
		os.Exit(0)
	}
	switch mode {
	case "hold":
		fmt.Println("held")
		io.Copy(io.Discard, os.Stdin)
	default:
		fmt.Println("ok")
	}
	s.Close()
	os.Exit(0)
}

// helper starts the helper process of mode on path, running the program
// bin (the test binary if "") with attr.
func helper(t *testing.T, mode, path, bin string, attr *syscall.SysProcAttr) (*exec.Cmd, *bufio.Reader, error) {
	t.Helper()
	if bin == "" {
		bin = os.Args[0]
	}
	cmd := exec.Command(bin, "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, pathEnv+"="+path)
	cmd.SysProcAttr = attr
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd, bufio.NewReader(out), nil
}

// TestOtherProcess: a database held by another process is refused with
// that process's pid; once the process is killed with SIGKILL (no Close,
// its lock file left behind), it opens.
func TestOtherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reversi.db")
	cmd, out, err := helper(t, "hold", path, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if line, err := out.ReadString('\n'); line != "held\n" {
		t.Fatalf("the helper said %q, %v", line, err)
	}
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err == nil {
		s.Close()
		t.Fatal("opened a database another process has open")
	}
	want := fmt.Sprintf("sqlite %s: the database is in use by another reversi server (pid %d); stop it first or use --db to choose another file", path, cmd.Process.Pid)
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	var iu *InUseError
	if !errors.As(err, &iu) || iu.PID != cmd.Process.Pid {
		t.Errorf("not an *InUseError with the helper's pid %d: %#v", cmd.Process.Pid, err)
	}

	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if b, err := os.ReadFile(path + ".lock"); err != nil || !strings.HasPrefix(string(b), strconv.Itoa(cmd.Process.Pid)+" ") {
		t.Fatalf("the lock file after SIGKILL: %q, %v; want the dead helper's pid %d", b, err, cmd.Process.Pid)
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("Open after the holder was killed: %v", err)
	}
	defer s.Close()
	if b, err := os.ReadFile(path + ".lock"); err != nil || !strings.HasPrefix(string(b), strconv.Itoa(os.Getpid())+" ") {
		t.Errorf("the lock file: %q, %v; want this process's pid %d", b, err, os.Getpid())
	}
}

// TestPermissions: a read-only file, directory or write-ahead log, and an
// unreadable file, are named. As root, which may write anything, the
// opens are made by the helper process run as user 65534 (nobody).
func TestPermissions(t *testing.T) {
	base, err := os.MkdirTemp("", "reversi-sqlite-perm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		os.RemoveAll(base)
	})
	os.Chmod(base, 0o755) // reachable by user 65534
	open := func(t *testing.T, path string) string {
		s, err := Open(context.Background(), path)
		if err != nil {
			return err.Error()
		}
		s.Close()
		return "ok"
	}
	if os.Geteuid() == 0 {
		bin := filepath.Join(base, "sqlite.test")
		if err := copyFile(os.Args[0], bin, 0o755); err != nil {
			t.Fatal(err)
		}
		nobody := &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		if _, _, err := helper(t, "open", filepath.Join(base, "probe.db"), bin, nobody); err != nil {
			t.Skipf("running as root, which writes to read-only files, and a helper process as user 65534 cannot be started: %v", err)
		}
		open = func(t *testing.T, path string) string {
			_, out, err := helper(t, "open", path, bin, nobody)
			if err != nil {
				t.Fatal(err)
			}
			line, _ := out.ReadString('\n')
			return strings.TrimSuffix(line, "\n")
		}
	}
	tests := []struct {
		name      string
		dirMode   os.FileMode
		fileMode  os.FileMode // 0: no file
		walMode   os.FileMode // 0: no -wal file
		want      string      // after "sqlite <path>: "
		wantInDir bool        // want is about the directory: it follows "directory <dir> "
	}{
		{name: "writable", dirMode: 0o777, fileMode: 0o666, want: "ok"},
		{name: "new file", dirMode: 0o777, want: "ok"},
		{name: "read-only file", dirMode: 0o777, fileMode: 0o444, want: "is read-only (permission denied): the server writes every move to it"},
		{name: "unreadable file", dirMode: 0o777, fileMode: 0o200, want: "cannot be read (permission denied)"},
		{name: "read-only directory, new file", dirMode: 0o555, wantInDir: true,
			want: "is not writable (permission denied): the database, its lock file and its write-ahead log (-wal, -shm) are kept there"},
		{name: "read-only directory", dirMode: 0o555, fileMode: 0o666, wantInDir: true,
			want: "is not writable (permission denied): the database, its lock file and its write-ahead log (-wal, -shm) are kept there"},
		{name: "read-only write-ahead log", dirMode: 0o777, fileMode: 0o666, walMode: 0o444, want: "its write-ahead log %s-wal is read-only (permission denied), left by another user?"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(base, strconv.Itoa(i))
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "reversi.db")
			if tt.fileMode != 0 {
				s, err := Open(context.Background(), path)
				if err != nil {
					t.Fatal(err)
				}
				s.Close()
				os.Chmod(path, tt.fileMode)
			}
			if tt.walMode != 0 {
				os.WriteFile(path+"-wal", nil, tt.walMode)
				os.Chmod(path+"-wal", tt.walMode)
			}
			os.Chmod(dir, tt.dirMode)
			want := tt.want
			switch {
			case want == "ok":
			case tt.wantInDir:
				want = fmt.Sprintf("sqlite %s: directory %s %s", path, dir, want)
			case strings.Contains(want, "%s"):
				want = fmt.Sprintf("sqlite %s: "+want, path, path)
			default:
				want = fmt.Sprintf("sqlite %s: %s", path, want)
			}
			if got := open(t, path); got != want {
				t.Errorf("Open says\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// copyFile copies the file from to the new file to, with mode.
func copyFile(from, to string, mode os.FileMode) error {
	r, err := os.Open(from)
	if err != nil {
		return err
	}
	defer r.Close()
	w, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
