package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestSecondOpen: while a Store has the file, another Open of it fails
// with an *InUseError, under its own name or a symbolic link's; after
// Close it opens again.
func TestSecondOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "reversi.db")
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{path}
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(path, link); err == nil {
		names = append(names, link)
	} else {
		t.Logf("not checked under a symbolic link: %v", err)
	}
	for _, name := range names {
		s2, err := Open(ctx, name)
		if err == nil {
			s2.Close()
			t.Fatalf("a second Open of %s while the first is open succeeded", name)
		}
		var iu *InUseError
		if !errors.As(err, &iu) || iu.PID != os.Getpid() {
			t.Fatalf("the second Open of %s: %v (%#v), want an *InUseError with pid %d", name, err, err, os.Getpid())
		}
		want := fmt.Sprintf("sqlite %s: the database is already open in this process (pid %d); close it first", name, os.Getpid())
		if err.Error() != want {
			t.Errorf("error\n%s\nwant\n%s", err, want)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("closing again: %v", err)
	}
	if _, err := os.Stat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the lock file after Close: %v", err)
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	s.Close()
}

func TestInUseErrorText(t *testing.T) {
	host, _ := os.Hostname()
	tests := []struct {
		err  InUseError
		want string
	}{
		{InUseError{Path: "reversi.db", PID: 1234, Host: host},
			"sqlite reversi.db: the database is in use by another reversi server (pid 1234); stop it first or use --db to choose another file"},
		{InUseError{Path: "reversi.db", PID: 1234},
			"sqlite reversi.db: the database is in use by another reversi server (pid 1234); stop it first or use --db to choose another file"},
		{InUseError{Path: "reversi.db", PID: 1234, Host: host + "-other"},
			"sqlite reversi.db: the database is in use by another reversi server (pid 1234 on " + host + "-other); stop it first or use --db to choose another file"},
		{InUseError{Path: "reversi.db"},
			"sqlite reversi.db: the database is in use by another reversi server; stop it first or use --db to choose another file"},
		{InUseError{Path: "reversi.db", PID: os.Getpid(), Host: host},
			fmt.Sprintf("sqlite reversi.db: the database is already open in this process (pid %d); close it first", os.Getpid())},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%+v:\n%s\nwant\n%s", tt.err, got, tt.want)
		}
	}
}

func TestParseHolder(t *testing.T) {
	tests := []struct {
		in   string
		pid  int
		host string
	}{
		{"1234 box\n", 1234, "box"},
		{"1234\n", 1234, ""},
		{"", 0, ""},
		{"garbage", 0, ""},
	}
	for _, tt := range tests {
		if pid, host := parseHolder(tt.in); pid != tt.pid || host != tt.host {
			t.Errorf("parseHolder(%q) = %d, %q; want %d, %q", tt.in, pid, host, tt.pid, tt.host)
		}
	}
}
