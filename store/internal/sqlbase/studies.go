// The SQL of the studies: one row each, its tree a document with a
// revision.

package sqlbase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/reversi-engine/reversi/store"
)

// schemaStudies adds the studies (store.Studies).
const schemaStudies = `
CREATE TABLE studies (
	id TEXT PRIMARY KEY,
	title TEXT NOT NULL,
	owner_id TEXT NOT NULL,
	token_hash TEXT NOT NULL,
	data TEXT NOT NULL,
	revision BIGINT NOT NULL,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL
);
CREATE INDEX studies_owner ON studies (owner_id, updated_at);
`

// CreateStudy implements store.Studies.
func (s *SQL) CreateStudy(ctx context.Context, st *store.StudyRecord) error {
	at := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM studies WHERE id = ?`), st.ID).Scan(&n); err != nil {
			return fmt.Errorf("store: creating a study: %w", err)
		}
		if n > 0 {
			return fmt.Errorf("store: study %s exists: %w", st.ID, store.ErrConflict)
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO studies (id, title, owner_id, token_hash, data, revision, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)`),
			st.ID, st.Title, st.Owner, st.TokenHash, string(st.Data), unixMicro(at), unixMicro(at))
		if err != nil {
			return fmt.Errorf("store: creating a study: %w", err)
		}
		return nil
	})
	if err == nil {
		st.Revision, st.Created, st.Updated = 1, at, at
	}
	return err
}

const studyColumns = `id, title, owner_id, token_hash, data, revision, created_at, updated_at`

func scanStudy(r scanner) (store.StudyRecord, error) {
	var st store.StudyRecord
	var data string
	var created, updated int64
	if err := r.Scan(&st.ID, &st.Title, &st.Owner, &st.TokenHash, &data, &st.Revision, &created, &updated); err != nil {
		return st, err
	}
	st.Data, st.Created, st.Updated = []byte(data), fromMicro(created), fromMicro(updated)
	return st, nil
}

// Study implements store.Studies.
func (s *SQL) Study(ctx context.Context, id string) (*store.StudyRecord, error) {
	st, err := scanStudy(s.db.QueryRowContext(ctx, s.q(`SELECT `+studyColumns+` FROM studies WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: study %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: reading study %s: %w", id, err)
	}
	return &st, nil
}

// UpdateStudy implements store.Studies: the row is written only where
// its revision is still the one read, in one statement.
func (s *SQL) UpdateStudy(ctx context.Context, st *store.StudyRecord) error {
	at := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE studies SET title = ?, data = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND revision = ?`),
			st.Title, string(st.Data), unixMicro(at), st.ID, st.Revision)
		if err != nil {
			return fmt.Errorf("store: updating study %s: %w", st.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: updating study %s: %w", st.ID, err)
		}
		if n == 1 {
			return nil
		}
		var exists int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM studies WHERE id = ?`), st.ID).Scan(&exists); err != nil {
			return fmt.Errorf("store: updating study %s: %w", st.ID, err)
		}
		if exists == 0 {
			return fmt.Errorf("store: study %s: %w", st.ID, store.ErrNotFound)
		}
		return fmt.Errorf("store: study %s changed since revision %d: %w", st.ID, st.Revision, store.ErrConflict)
	})
	if err == nil {
		st.Revision++
		st.Updated = at
	}
	return err
}

// DeleteStudy implements store.Studies.
func (s *SQL) DeleteStudy(ctx context.Context, id string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM studies WHERE id = ?`), id)
		if err != nil {
			return fmt.Errorf("store: deleting study %s: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: deleting study %s: %w", id, err)
		} else if n == 0 {
			return fmt.Errorf("store: study %s: %w", id, store.ErrNotFound)
		}
		return nil
	})
}

// CountStudies implements store.Studies.
func (s *SQL) CountStudies(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM studies`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: counting the studies: %w", err)
	}
	return n, nil
}

// ListStudies implements store.Studies.
func (s *SQL) ListStudies(ctx context.Context, owner string, limit int) ([]store.StudyRecord, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, title, owner_id, token_hash, '', revision, created_at, updated_at FROM studies
		WHERE owner_id = ? ORDER BY updated_at DESC, id LIMIT ?`), owner, limit)
	return collect(rows, err, "listing studies", scanStudy)
}
