package accountcmd

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// TestHelpTexts: reversi account -h prints its usage and its help text,
// and each of its commands' -h its own.
func TestHelpTexts(t *testing.T) {
	if problem := cli.HelpProblem(t.Context(), Account, "account", help("account"), "-h"); problem != "" {
		t.Error(problem)
	}
	for name, first := range map[string]string{
		"invite": "Prints new invitation codes", "invitations": "The invitations, newest first",
		"disable": "Disables the account NAME", "enable": "Enables the account NAME again",
	} {
		if problem := cli.HelpProblem(t.Context(), Account, "account "+name, first, name, "-h"); problem != "" {
			t.Error(problem)
		}
	}
}

// run runs reversi account with args and returns its output and error.
func run(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := Account(context.Background(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}, args)
	return stdout.String(), stderr.String(), err
}

// TestAccountCommands: invitations made by the command work once each
// and are listed; disable and enable act on the account and end its
// sessions; a wrong name or database is an error that says so.
func TestAccountCommands(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "reversi.db")
	// with runs f on the database, open only meanwhile: a process opens
	// an SQLite file once at a time.
	with := func(f func(st *sqlite.Store)) {
		t.Helper()
		st, err := sqlite.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		f(st)
	}
	with(func(*sqlite.Store) {})
	out, _, err := run(t, "invite", "--db", db, "--count", "2")
	codes := strings.Fields(out)
	if err != nil || len(codes) != 2 || codes[0] == codes[1] {
		t.Fatalf("invite: %v %q", err, out)
	}
	ann, err := account.NewPerson("ann", "long enough")
	if err != nil {
		t.Fatal(err)
	}
	_, hash := account.NewSessionToken()
	with(func(st *sqlite.Store) {
		if err := st.CreateAccount(ctx, ann, account.InvitationHash(codes[0])); err != nil {
			t.Fatalf("the first invitation: %v", err)
		}
		bob, _ := account.NewPerson("bob", "long enough")
		if err := st.CreateAccount(ctx, bob, account.InvitationHash(codes[0])); !errors.Is(err, store.ErrInvitation) {
			t.Fatalf("the first invitation again: %v", err)
		}
		if err := st.CreateSession(ctx, &store.Session{Hash: hash, Account: ann.ID, Expires: time.Now().AddDate(1, 0, 0)}); err != nil {
			t.Fatal(err)
		}
	})
	out, _, err = run(t, "invitations", "--db", db)
	if err != nil || !strings.Contains(out, "used by ann") || !strings.Contains(out, "unused") || !strings.Contains(out, "2 invitations") {
		t.Fatalf("invitations: %v\n%s", err, out)
	}

	out, _, err = run(t, "disable", "ANN", "--db", db)
	if err != nil || out != "disabled person ann (1 sessions ended)\n" {
		t.Fatalf("disable: %v %q", err, out)
	}
	with(func(st *sqlite.Store) {
		if a, _ := st.Account(ctx, ann.ID); !a.Disabled {
			t.Fatal("disable did not disable")
		}
	})
	out, _, err = run(t, "enable", "--db", db, "ann")
	if err != nil || out != "enabled person ann\n" {
		t.Fatalf("enable: %v %q", err, out)
	}
	with(func(st *sqlite.Store) {
		if a, _ := st.Account(ctx, ann.ID); a.Disabled {
			t.Fatal("enable did not enable")
		}
		if _, _, err := st.SessionAccount(ctx, hash, time.Now()); !errors.Is(err, store.ErrNoCredential) {
			t.Errorf("the session ended by disable works again after enable: %v", err)
		}
	})

	if _, _, err := run(t, "disable", "--db", db, "nobody"); err == nil || !strings.Contains(err.Error(), `no account is named "nobody"`) {
		t.Errorf("disable nobody: %v", err)
	}
	if _, _, err := run(t, "disable", "--db", db); !errors.Is(err, cli.ErrUsage) {
		t.Errorf("disable without a name: %v", err)
	}
	if _, _, err := run(t, "invite", "--db", filepath.Join(t.TempDir(), "none.db")); err == nil || !strings.Contains(err.Error(), "none.db") {
		t.Errorf("invite on a missing database: %v", err)
	}
	if _, stderr, err := run(t, "frobnicate"); !errors.Is(err, cli.ErrUsage) || !strings.Contains(stderr, "unknown command") {
		t.Errorf("an unknown command: %v %q", err, stderr)
	}
}
