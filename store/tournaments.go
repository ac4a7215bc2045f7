// The tournaments of the rated arena, as the store keeps them: each a
// document (package tournament's JSON) with a version, so that a change
// is written only over the state it was made from.

package store

import (
	"context"
	"time"
)

// TournamentRecord is a stored tournament: its id, its name, status and
// creator (kept apart to list tournaments without reading them), its
// state (Data: package tournament's JSON, which the store does not
// read), and its version, which every update raises by one.
type TournamentRecord struct {
	ID      string
	Name    string
	Status  string
	Creator string // an account's id
	// Players are the accounts entered (ids), written with the record
	// when not nil so that ListTournaments finds a player's tournaments;
	// not read back (Data has them).
	Players []string
	Data    []byte
	Version int64
	Created time.Time
	Updated time.Time
}

// Tournaments keeps the tournaments. Implementations are safe for
// concurrent use, also by several processes on one database.
type Tournaments interface {
	// CreateTournament stores a new tournament at version 1 (Version,
	// Created and Updated are set); ErrConflict if its id is taken.
	CreateTournament(ctx context.Context, t *TournamentRecord) error
	// Tournament returns a tournament by id; ErrNotFound if none.
	Tournament(ctx context.Context, id string) (*TournamentRecord, error)
	// UpdateTournament writes t's name, status and data if the stored
	// version is still t.Version, and then raises both by one (Updated
	// set); ErrConflict if another update came first (read it again and
	// redo the change), ErrNotFound if there is no such tournament.
	UpdateTournament(ctx context.Context, t *TournamentRecord) error
	// ListTournaments returns the tournaments f chooses, the most
	// recently updated first (then by id), at most f.Limit (0: 100),
	// without their data.
	ListTournaments(ctx context.Context, f TournamentFilter) ([]TournamentRecord, error)
}

// TournamentFilter chooses the tournaments ListTournaments returns.
type TournamentFilter struct {
	Status  string // "" any
	Creator string // only the ones this account created ("" any)
	// Involving: only the ones one of these accounts created or entered
	// (none: any).
	Involving []string
	// AfterUpdated and AfterID: only the ones listed after this one (the
	// last of the page before); AfterID "" from the first.
	AfterUpdated time.Time
	AfterID      string
	Limit        int
}
