package main

// What the real "reversi serve" process promises of the moves it
// acknowledged: on the disk (SQLite's synchronous setting).

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
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
