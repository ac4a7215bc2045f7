package main

// What the real "reversi serve" process promises of the moves it
// acknowledged: on the disk (SQLite's synchronous setting).

import (
	"bytes"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDurabilitySQLiteSyncFull: an SQLite server's connections run with
// synchronous=FULL unless --sqlite-sync normal asks for the faster
// setting (read by the server from its store's connection and shown in
// /metrics); a value it does not take, or the flag with PostgreSQL, is
// refused with the flag's name. Before, every server ran with NORMAL: an
// acknowledged move could be lost to a power cut.
func TestDurabilitySQLiteSyncFull(t *testing.T) {
	for _, tc := range []struct {
		flags []string
		want  string
	}{{nil, "full"}, {[]string{"--sqlite-sync", "normal"}, "normal"}, {[]string{"--sqlite-sync", "FULL"}, "full"}} {
		url, _ := startServer(t, filepath.Join(t.TempDir(), "sync.db"), tc.flags...)
		for _, setting := range []string{"full", "normal"} {
			name := `reversi_store_synchronous{setting="` + setting + `"}`
			want := map[bool]float64{true: 1, false: -1}[setting == tc.want]
			if got := metric(t, url, name); got != want {
				t.Errorf("serve %v: %s is %v, want %v (the store runs with %s)", tc.flags, name, got, want, tc.want)
			}
		}
	}
	for _, flags := range [][]string{
		{"--db", filepath.Join(t.TempDir(), "off.db"), "--sqlite-sync", "off"},
		{"--db", "postgres://nobody@127.0.0.1:1/none", "--sqlite-sync", "normal"},
	} {
		cmd := exec.Command(reversiBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, flags...)...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err == nil || !strings.Contains(out.String(), "--sqlite-sync") {
			t.Errorf("serve %v: %v %q: want a refusal naming --sqlite-sync", flags, err, out.String())
		}
	}
}

// TestDurabilityCourseSessionRestart: a course session (the
// --course-endpoints' /classic/N/...) goes on after a graceful restart,
// as its student bots expect of a game in progress: the same session
// number answers whose turn it is, takes the next move and says the last
// one. Before, it answered 404 "no session 7", and its game stayed live
// with nobody able to move.
func TestDurabilityCourseSessionRestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "course.db")
	url, cmd := startServer(t, db, "--course-endpoints")
	get := func(url, path string) (int, string) {
		t.Helper()
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(b))
	}
	for _, want := range []string{"B", "W"} {
		if _, s := get(url, "/classic/7/join"); s != want {
			t.Fatalf("join: %q, want %s", s, want)
		}
	}
	if code, s := get(url, "/classic/7/move?row=2&col=3&color=B"); code != 200 || s != "OK" { // d3
		t.Fatalf("B's move: %d %q", code, s)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the server after SIGTERM: %v", err)
	}
	url, _ = startServer(t, db, "--course-endpoints")
	if code, s := get(url, "/classic/7/turn"); code != 200 || s != "W" {
		t.Fatalf("after the restart, whose turn: %d %q, want W", code, s)
	}
	if code, s := get(url, "/classic/7/last"); s != "2,3" {
		t.Errorf("after the restart, the last move: %d %q, want 2,3", code, s)
	}
	if code, s := get(url, "/classic/7/move?row=2&col=2&color=W"); code != 200 || s != "OK" { // c3
		t.Fatalf("W's move after the restart: %d %q", code, s)
	}
	if code, s := get(url, "/classic/7/join"); code != 409 {
		t.Errorf("a third join after the restart: %d %q, want 409 (the session is full)", code, s)
	}
	if _, s := get(url, "/classic/7/turn"); s != "B" {
		t.Errorf("after W's move, whose turn: %q, want B", s)
	}
}
