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
// opens are made by the helper process run as user 65534 (nobody), from
// a copy of this test binary in the directory of the test's files.
func TestPermissions(t *testing.T) {
	asNobody := os.Geteuid() == 0
	var nobody *syscall.SysProcAttr
	if asNobody {
		nobody = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	base, err := permissionsDir(t, nobody)
	if err != nil {
		msg := fmt.Sprintf("running as root, which writes to read-only files, and a helper process as user 65534 cannot be started from a directory it can reach: %v", err)
		if inCI() {
			t.Fatalf("%s (%s is set: in CI this test must run)", msg, ciEnv)
		}
		t.Skipf("%s; set %s to make this a failure", msg, ciEnv)
	}
	open := func(t *testing.T, path string) string {
		s, err := Open(context.Background(), path)
		if err != nil {
			return err.Error()
		}
		s.Close()
		return "ok"
	}
	if asNobody {
		bin := filepath.Join(base, "sqlite.test")
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

// ciEnv is the variable that says the tests run in CI, where a test that
// cannot run for its environment fails rather than skips: set, and not
// "0" or "false".
const ciEnv = "CI"

func inCI() bool {
	v := os.Getenv(ciEnv)
	return v != "" && v != "0" && !strings.EqualFold(v, "false")
}

// permissionsDir makes the directory of TestPermissions's files, removed
// when the test ends. With nobody (as root), it holds a copy of this test
// binary, sqlite.test, that nobody's helper process runs, and must be
// reachable by that user: it is made 0755 under the first of the
// temporary directory, /tmp and /var/tmp from which the helper starts
// (a temporary directory of mode 0700, or a file system mounted noexec,
// does not do). The error says why none does.
func permissionsDir(t *testing.T, nobody *syscall.SysProcAttr) (string, error) {
	t.Helper()
	candidates := []string{os.TempDir()}
	if nobody != nil {
		candidates = append(candidates, "/tmp", "/var/tmp")
	}
	var errs []error
	tried := map[string]bool{}
	for _, parent := range candidates {
		if parent = filepath.Clean(parent); tried[parent] {
			continue
		}
		tried[parent] = true
		base, err := os.MkdirTemp(parent, "reversi-sqlite-perm")
		if err != nil {
			if nobody == nil {
				t.Fatal(err)
			}
			errs = append(errs, err)
			continue
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
		if err := os.Chmod(base, 0o755); err != nil { // MkdirTemp makes it 0700
			t.Fatal(err)
		}
		if nobody == nil {
			return base, nil
		}
		bin := filepath.Join(base, "sqlite.test")
		if err := copyFile(os.Args[0], bin, 0o755); err != nil {
			t.Fatal(err)
		}
		if _, _, err := helper(t, "open", filepath.Join(base, "probe.db"), bin, nobody); err != nil {
			if why := unreachable(base); why != nil {
				err = fmt.Errorf("%w (%v)", err, why)
			} else if errors.Is(err, os.ErrPermission) {
				err = fmt.Errorf("%w (a file system mounted noexec?)", err)
			}
			errs = append(errs, fmt.Errorf("%s: %w", bin, err))
			continue
		}
		return base, nil
	}
	return "", errors.Join(errs...)
}

// unreachable says why user 65534 may not reach dir, if its modes say:
// a directory on its path that others may not search.
func unreachable(dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("%s: mode %v, which user 65534 may not search", d, fi.Mode().Perm())
		}
		if d == filepath.Dir(d) {
			return nil
		}
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
