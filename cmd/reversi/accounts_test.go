package main

import (
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInviteOnlyServer: the real server started with --invite-only
// refuses a registration without an invitation and takes one made by
// reversi account invite on its database, once; reversi account disable
// (the SQLite server stopped meanwhile: it locks its file) ends the
// person's session and its logins, as the restarted server finds.
func TestInviteOnlyServer(t *testing.T) {
	db := filepath.Join(t.TempDir(), "reversi.db")
	// The database made, as a first start does.
	_, first := startServer(t, db)
	stop(t, first)
	code, stdout, stderr := runCommand(t, "", "account", "invite", "--db", db)
	invitation := strings.TrimSpace(stdout)
	if code != 0 || len(invitation) != 26 {
		t.Fatalf("reversi account invite: exit %d, %q %q", code, stdout, stderr)
	}
	url, server := startServer(t, db, "--invite-only")
	if code, out := postJSON(t, url+"/api/account/register", `{"name":"ann","password":"long enough"}`); code != 403 || out["code"] != "invitation_required" {
		t.Fatalf("register without an invitation: %d %v", code, out)
	}
	resp, err := http.Post(url+"/api/account/register", "application/json", strings.NewReader(`{"name":"ann","password":"long enough","invitation":"`+invitation+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var session *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "reversi_session" {
			session = c
		}
	}
	if resp.StatusCode != 201 || session == nil || !session.HttpOnly || session.Secure {
		t.Fatalf("register with the invitation: %d, cookie %v", resp.StatusCode, session)
	}
	if code, out := postJSON(t, url+"/api/account/register", `{"name":"bob","password":"long enough","invitation":"`+invitation+`"}`); code != 403 || out["code"] != "bad_invitation" {
		t.Fatalf("the invitation again: %d %v", code, out)
	}
	whoami := func(url string) int {
		req, _ := http.NewRequest("GET", url+"/api/account", nil)
		req.AddCookie(session)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := whoami(url); code != 200 {
		t.Fatalf("who am I: %d", code)
	}
	stop(t, server)
	if code, stdout, stderr := runCommand(t, "", "account", "disable", "--db", db, "ann"); code != 0 || !strings.Contains(stdout, "1 sessions ended") {
		t.Fatalf("reversi account disable: exit %d, %q %q", code, stdout, stderr)
	}
	url, _ = startServer(t, db, "--invite-only")
	if code := whoami(url); code != 401 {
		t.Fatalf("who am I, the session ended by disable: %d, want 401", code)
	}
	if code, out := postJSON(t, url+"/api/account/login", `{"name":"ann","password":"long enough"}`); code != 403 || out["code"] != "account_disabled" {
		t.Fatalf("login, disabled: %d %v", code, out)
	}
}

// stop ends a server with SIGTERM and waits for it.
func stop(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the server ended with %v", err)
	}
}
