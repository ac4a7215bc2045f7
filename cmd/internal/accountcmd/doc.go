// Package accountcmd is reversi account: the operator's work on the
// accounts of a server's database, the same --db as reversi serve's:
// make invitations for an invitation-only server (invite) and list them
// (invitations), disable an account, ending its sessions, and enable it
// again (disable, enable).
//
// It parses the flags with the conventions of cmd/internal/cli and
// leaves the work to the packages account (the invitations' codes) and
// store (store.Accounts, opened by store/open). An SQLite file is locked
// by its running server: the commands then say to stop it; a PostgreSQL
// database takes them while its servers run. Its description is
// help/account.txt, embedded.
package accountcmd
