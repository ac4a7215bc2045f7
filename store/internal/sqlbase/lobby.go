// The SQL of the lobby's offers: one row each, settled by a conditional
// update.

package sqlbase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/store"
)

// schemaV9 adds the lobby's offers (store.Lobby).
const schemaV9 = `
CREATE TABLE offers (
	id TEXT PRIMARY KEY,
	kind TEXT NOT NULL,
	from_account TEXT NOT NULL,
	to_account TEXT NOT NULL,
	move_time_ms BIGINT NOT NULL,
	game_time_ms BIGINT NOT NULL,
	increment_ms BIGINT NOT NULL,
	rated INTEGER NOT NULL,
	color TEXT NOT NULL,
	min_rating DOUBLE PRECISION NOT NULL,
	max_rating DOUBLE PRECISION NOT NULL,
	state TEXT NOT NULL,
	settled_by TEXT NOT NULL,
	game_id TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	expires_at BIGINT NOT NULL,
	settled_at BIGINT NOT NULL
);
CREATE INDEX offers_open ON offers (state, expires_at);
CREATE INDEX offers_from ON offers (from_account, state);
CREATE INDEX offers_to ON offers (to_account, state);
`

const offerColumns = `id, kind, from_account, to_account, move_time_ms, game_time_ms, increment_ms, rated, color, min_rating, max_rating,
	state, settled_by, game_id, created_at, expires_at, settled_at`

func scanOffer(r scanner) (store.Offer, error) {
	var o store.Offer
	var moveMS, gameMS, incMS, created, expires, settled int64
	var rated int
	if err := r.Scan(&o.ID, &o.Kind, &o.From, &o.To, &moveMS, &gameMS, &incMS, &rated, &o.Color, &o.MinRating, &o.MaxRating,
		&o.State, &o.By, &o.Game, &created, &expires, &settled); err != nil {
		return o, err
	}
	o.MoveTime, o.GameTime, o.Increment = time.Duration(moveMS)*time.Millisecond, time.Duration(gameMS)*time.Millisecond, time.Duration(incMS)*time.Millisecond
	o.Rated, o.Created, o.Expires, o.Settled = rated != 0, fromMicro(created), fromMicro(expires), fromMicroOrZero(settled)
	return o, nil
}

// CreateOffer implements store.Lobby.
func (s *SQL) CreateOffer(ctx context.Context, o *store.Offer) error {
	at := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO offers (`+offerColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', ?, ?, 0)`),
			o.ID, string(o.Kind), o.From, o.To, ms(o.MoveTime), ms(o.GameTime), ms(o.Increment), flag(o.Rated), o.Color, o.MinRating, o.MaxRating,
			string(store.OfferOpen), unixMicro(at), unixMicro(o.Expires))
		if err != nil {
			return fmt.Errorf("store: creating offer %s: %w", o.ID, err)
		}
		return nil
	})
	if err == nil {
		o.State, o.Created = store.OfferOpen, at
	}
	return err
}

// Offer implements store.Lobby.
func (s *SQL) Offer(ctx context.Context, id string) (*store.Offer, error) {
	o, err := scanOffer(s.db.QueryRowContext(ctx, s.q(`SELECT `+offerColumns+` FROM offers WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: offer %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: reading offer %s: %w", id, err)
	}
	return &o, nil
}

// OpenOffers implements store.Lobby.
func (s *SQL) OpenOffers(ctx context.Context, f store.OfferFilter) ([]store.Offer, error) {
	if f.Limit <= 0 {
		f.Limit = 200
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+offerColumns+` FROM offers WHERE state = ? AND expires_at > ?
		AND (kind = ? OR ? = '') AND (from_account = ? OR to_account = ? OR ? = '') ORDER BY created_at DESC, id LIMIT ?`),
		string(store.OfferOpen), unixMicro(f.Now), string(f.Kind), string(f.Kind), f.Account, f.Account, f.Account, f.Limit)
	return collect(rows, err, "listing offers", scanOffer)
}

// CountOpenOffers implements store.Lobby.
func (s *SQL) CountOpenOffers(ctx context.Context, account string, at time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM offers WHERE from_account = ? AND state = ? AND expires_at > ?`),
		account, string(store.OfferOpen), unixMicro(at)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: counting offers: %w", err)
	}
	return n, nil
}

// SettleOffer implements store.Lobby: one conditional update, so that
// of two processes settling an offer at once one does.
func (s *SQL) SettleOffer(ctx context.Context, id string, state store.OfferState, by, game string, at time.Time) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE offers SET state = ?, settled_by = ?, game_id = ?, settled_at = ? WHERE id = ? AND state = ? AND expires_at > ?`),
			string(state), by, game, unixMicro(at), id, string(store.OfferOpen), unixMicro(at))
		if err != nil {
			return fmt.Errorf("store: settling offer %s: %w", id, err)
		}
		return s.oneRow(ctx, tx, res, id)
	})
}

// ReopenOffer implements store.Lobby.
func (s *SQL) ReopenOffer(ctx context.Context, id, by, game string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE offers SET state = ?, settled_by = '', game_id = '', settled_at = 0 WHERE id = ? AND state = ? AND settled_by = ? AND game_id = ?`),
			string(store.OfferOpen), id, string(store.OfferAccepted), by, game)
		if err != nil {
			return fmt.Errorf("store: reopening offer %s: %w", id, err)
		}
		return s.oneRow(ctx, tx, res, id)
	})
}

// oneRow says whether an update of offer id changed its row: nil,
// ErrConflict (it is there, in another state), or ErrNotFound.
func (s *SQL) oneRow(ctx context.Context, tx *sql.Tx, res sql.Result, id string) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: offer %s: %w", id, err)
	}
	if n == 1 {
		return nil
	}
	var exists int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM offers WHERE id = ?`), id).Scan(&exists); err != nil {
		return fmt.Errorf("store: offer %s: %w", id, err)
	}
	if exists == 0 {
		return fmt.Errorf("store: offer %s: %w", id, store.ErrNotFound)
	}
	return fmt.Errorf("store: offer %s is not open: %w", id, store.ErrConflict)
}
