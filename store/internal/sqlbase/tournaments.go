// The SQL of the tournaments: one row each, its state a document with a
// version.

package sqlbase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/reversi-engine/reversi/store"
)

// schemaV8 adds the tournaments (store.Tournaments).
const schemaV8 = `
CREATE TABLE tournaments (
	id TEXT PRIMARY KEY,
	name TEXT NOT NULL,
	status TEXT NOT NULL,
	creator_id TEXT NOT NULL,
	data TEXT NOT NULL,
	version BIGINT NOT NULL,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status, updated_at);
`

// CreateTournament implements store.Tournaments.
func (s *SQL) CreateTournament(ctx context.Context, t *store.TournamentRecord) error {
	at := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM tournaments WHERE id = ?`), t.ID).Scan(&n); err != nil {
			return fmt.Errorf("store: creating a tournament: %w", err)
		}
		if n > 0 {
			return fmt.Errorf("store: tournament %s exists: %w", t.ID, store.ErrConflict)
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO tournaments (id, name, status, creator_id, data, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)`),
			t.ID, t.Name, t.Status, t.Creator, string(t.Data), unixMicro(at), unixMicro(at))
		if err != nil {
			return fmt.Errorf("store: creating a tournament: %w", err)
		}
		return s.writePlayers(ctx, tx, t)
	})
	if err == nil {
		t.Version, t.Created, t.Updated = 1, at, at
	}
	return err
}

const tournamentColumns = `id, name, status, creator_id, data, version, created_at, updated_at`

func scanTournament(r scanner) (store.TournamentRecord, error) {
	var t store.TournamentRecord
	var data string
	var created, updated int64
	if err := r.Scan(&t.ID, &t.Name, &t.Status, &t.Creator, &data, &t.Version, &created, &updated); err != nil {
		return t, err
	}
	t.Data, t.Created, t.Updated = []byte(data), fromMicro(created), fromMicro(updated)
	return t, nil
}

// Tournament implements store.Tournaments.
func (s *SQL) Tournament(ctx context.Context, id string) (*store.TournamentRecord, error) {
	t, err := scanTournament(s.db.QueryRowContext(ctx, s.q(`SELECT `+tournamentColumns+` FROM tournaments WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: tournament %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: reading tournament %s: %w", id, err)
	}
	return &t, nil
}

// UpdateTournament implements store.Tournaments: the row is written only
// where its version is still the one read, in one statement.
func (s *SQL) UpdateTournament(ctx context.Context, t *store.TournamentRecord) error {
	at := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE tournaments SET name = ?, status = ?, data = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`),
			t.Name, t.Status, string(t.Data), unixMicro(at), t.ID, t.Version)
		if err != nil {
			return fmt.Errorf("store: updating tournament %s: %w", t.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: updating tournament %s: %w", t.ID, err)
		}
		if n == 1 {
			return s.writePlayers(ctx, tx, t)
		}
		var exists int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM tournaments WHERE id = ?`), t.ID).Scan(&exists); err != nil {
			return fmt.Errorf("store: updating tournament %s: %w", t.ID, err)
		}
		if exists == 0 {
			return fmt.Errorf("store: tournament %s: %w", t.ID, store.ErrNotFound)
		}
		return fmt.Errorf("store: tournament %s changed since version %d: %w", t.ID, t.Version, store.ErrConflict)
	})
	if err == nil {
		t.Version++
		t.Updated = at
	}
	return err
}

// writePlayers writes the players of t (when it names them) in tx.
func (s *SQL) writePlayers(ctx context.Context, tx *sql.Tx, t *store.TournamentRecord) error {
	if t.Players == nil {
		return nil
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM tournament_players WHERE tournament_id = ?`), t.ID); err != nil {
		return fmt.Errorf("store: the players of tournament %s: %w", t.ID, err)
	}
	seen := map[string]bool{}
	for _, p := range t.Players {
		if seen[p] {
			continue
		}
		seen[p] = true
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO tournament_players (tournament_id, account_id) VALUES (?, ?)`), t.ID, p); err != nil {
			return fmt.Errorf("store: the players of tournament %s: %w", t.ID, err)
		}
	}
	return nil
}

// ListTournaments implements store.Tournaments.
func (s *SQL) ListTournaments(ctx context.Context, f store.TournamentFilter) ([]store.TournamentRecord, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	where, args := []string{"1 = 1"}, []any{}
	if f.Status != "" {
		where, args = append(where, "status = ?"), append(args, f.Status)
	}
	if f.Creator != "" {
		where, args = append(where, "creator_id = ?"), append(args, f.Creator)
	}
	if len(f.Involving) > 0 {
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(f.Involving)), ", ")
		where = append(where, "(creator_id IN ("+marks+") OR id IN (SELECT tournament_id FROM tournament_players WHERE account_id IN ("+marks+")))")
		for range 2 {
			for _, a := range f.Involving {
				args = append(args, a)
			}
		}
	}
	if f.AfterID != "" {
		u := unixMicro(f.AfterUpdated)
		where, args = append(where, "(updated_at < ? OR updated_at = ? AND id > ?)"), append(args, u, u, f.AfterID)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, name, status, creator_id, '', version, created_at, updated_at FROM tournaments
		WHERE `+strings.Join(where, " AND ")+` ORDER BY updated_at DESC, id LIMIT ?`), append(args, limit)...)
	return collect(rows, err, "listing tournaments", scanTournament)
}

// schemaTournamentPlayers keeps the players of each tournament apart,
// so that a player's tournaments are found without reading them all;
// those of the tournaments stored before are read from their data (a
// player's id is written "id":"...").
const schemaTournamentPlayers = `
CREATE TABLE tournament_players (
	tournament_id TEXT NOT NULL,
	account_id TEXT NOT NULL,
	PRIMARY KEY (tournament_id, account_id)
);
CREATE INDEX tournament_players_account ON tournament_players (account_id);
INSERT INTO tournament_players (tournament_id, account_id)
	SELECT t.id, a.id FROM tournaments t, accounts a WHERE t.data LIKE '%"id":"' || a.id || '"%' AND a.id <> t.id;
`
