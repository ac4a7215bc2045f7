// The account subcommand: invitations, and disabling or enabling an
// account, on a server's database.

package accountcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/open"
)

// usage is the usage line of reversi account, after its name.
const usage = `invite|invitations|disable|enable [--db reversi.db] [flags] [NAME]`

// Account runs reversi account with args, the words after "account":
// the subcommand (invite, invitations, disable, enable) and its flags.
// Without one, or with -h, it prints the usage; without one it returns
// cli.ErrUsage, with -h flag.ErrHelp.
func Account(ctx context.Context, e *cli.Env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(e.Stderr, "Usage: reversi account %s\n\n%s", usage, help("account"))
		if len(args) == 0 {
			return cli.ErrUsage
		}
		return flag.ErrHelp
	}
	switch args[0] {
	case "invite":
		return runInvite(ctx, e, args[1:])
	case "invitations":
		return runInvitations(ctx, e, args[1:])
	case "disable":
		return runDisable(ctx, e, args[1:], true)
	case "enable":
		return runDisable(ctx, e, args[1:], false)
	}
	fmt.Fprintf(e.Stderr, "reversi account: unknown command %q: want invite, invitations, disable or enable\n", args[0])
	return cli.ErrUsage
}

// dbFlag adds the --db flag, as reversi serve has it.
func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", "reversi.db", "the server's database: an SQLite file, or a postgres:// URL")
}

// openAccounts opens the accounts of the database db. An SQLite file
// that does not exist is an error, not a new database.
func openAccounts(ctx context.Context, db string) (store.Accounts, func() error, error) {
	if !open.IsPostgres(db) {
		if _, err := os.Stat(db); err != nil {
			return nil, nil, fmt.Errorf("the database %s: %w", db, err)
		}
	}
	st, err := open.Store(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	a, ok := st.(store.Accounts)
	if !ok {
		st.Close()
		return nil, nil, fmt.Errorf("the store of %s keeps no accounts", open.Redacted(db))
	}
	return a, st.Close, nil
}

func runInvite(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "account invite", "[--db reversi.db] [--count 1] [--expires 168h]",
		"Prints new invitation codes, one a line, each good for one registration on a server started with --invite-only.")
	db := dbFlag(fs)
	count := fs.Int("count", 1, "how many invitations to make (1 to 1000)")
	expires := fs.Duration("expires", 7*24*time.Hour, "how long from now they work (0: never)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *count < 1 || *count > 1000 {
		return fmt.Errorf("--count %d: want 1 to 1000", *count)
	}
	if *expires < 0 {
		return fmt.Errorf("--expires %v: want a duration from now, or 0 for never", *expires)
	}
	accounts, closeStore, err := openAccounts(ctx, *db)
	if err != nil {
		return err
	}
	defer closeStore()
	for range *count {
		code, hash := account.NewInvitation()
		inv := &store.Invitation{Hash: hash}
		if *expires > 0 {
			inv.Expires = time.Now().Add(*expires)
		}
		if err := accounts.CreateInvitation(ctx, inv); err != nil {
			return err
		}
		fmt.Fprintln(e.Stdout, code)
	}
	return nil
}

func runInvitations(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "account invitations", "[--db reversi.db]",
		"The invitations, newest first: when made, until when they work, and the account each made.")
	db := dbFlag(fs)
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	accounts, closeStore, err := openAccounts(ctx, *db)
	if err != nil {
		return err
	}
	defer closeStore()
	invs, err := accounts.Invitations(ctx)
	if err != nil {
		return err
	}
	const layout = "2006-01-02 15:04"
	for _, inv := range invs {
		until := "never expires"
		if !inv.Expires.IsZero() {
			until = "until " + inv.Expires.UTC().Format(layout)
		}
		state := "unused"
		if inv.UsedBy != "" {
			state = "used by " + inv.UsedBy
			if a, err := accounts.Account(ctx, inv.UsedBy); err == nil {
				state = "used by " + a.Name + " at " + inv.UsedAt.UTC().Format(layout)
			}
		} else if !inv.Expires.IsZero() && inv.Expires.Before(time.Now()) {
			state = "expired"
		}
		fmt.Fprintf(e.Stdout, "%s  %s  %s\n", inv.Created.UTC().Format(layout), until, state)
	}
	fmt.Fprintf(e.Stdout, "%d invitations\n", len(invs))
	return nil
}

func runDisable(ctx context.Context, e *cli.Env, args []string, disable bool) error {
	name, what := "account enable", "Enables the account NAME again: the person logs in anew; the bots' keys work again."
	if disable {
		name, what = "account disable", "Disables the account NAME (a person or a bot): its sessions end, it cannot log in, and its keys (a person's bots' keys too) no longer work."
	}
	fs := cli.NewFlags(e.Stderr, name, "[--db reversi.db] NAME", what)
	db := dbFlag(fs)
	pos, rest := cli.Positional(fs, args, 1)
	if err := cli.Parse(fs, rest); err != nil {
		return err
	}
	if len(pos) != 1 {
		fmt.Fprintln(fs.Output(), "the account's name is missing")
		fs.Usage()
		return cli.ErrUsage
	}
	accounts, closeStore, err := openAccounts(ctx, *db)
	if err != nil {
		return err
	}
	defer closeStore()
	a, err := accounts.AccountByName(ctx, pos[0])
	if errors.Is(err, store.ErrNoAccount) {
		return fmt.Errorf("no account is named %q", pos[0])
	}
	if err != nil {
		return err
	}
	if err := accounts.SetDisabled(ctx, a.ID, disable); err != nil {
		return err
	}
	if !disable {
		fmt.Fprintf(e.Stdout, "enabled %s %s\n", a.Kind, a.Name)
		return nil
	}
	n, err := accounts.RevokeSessions(ctx, a.ID, "")
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "disabled %s %s (%d sessions ended)\n", a.Kind, a.Name, n)
	return nil
}
