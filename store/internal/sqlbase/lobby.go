// The SQL of the lobby's offers: one row each, settled by a conditional
// update.

package sqlbase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
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

// PruneOffers implements store.Lobby.
func (s *SQL) PruneOffers(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM offers WHERE (state <> ? AND settled_at < ?) OR (state = ? AND expires_at < ?)`),
			string(store.OfferOpen), unixMicro(before), string(store.OfferOpen), unixMicro(before))
		if err != nil {
			return fmt.Errorf("store: pruning the offers: %w", err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
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

// schemaV10 adds what bots accept of the lobby by themselves
// (store.Accepts).
const schemaV10 = `
CREATE TABLE bot_accepts (
	account_id TEXT PRIMARY KEY,
	classes TEXT NOT NULL,
	rated INTEGER NOT NULL,
	casual INTEGER NOT NULL,
	min_rating DOUBLE PRECISION NOT NULL,
	max_rating DOUBLE PRECISION NOT NULL,
	max_games INTEGER NOT NULL,
	seen_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL
);
CREATE INDEX bot_accepts_seen ON bot_accepts (seen_at);
`

const acceptsColumns = `account_id, classes, rated, casual, min_rating, max_rating, max_games, seen_at, updated_at`

func scanAccepts(r scanner) (store.Accepts, error) {
	var a store.Accepts
	var classes string
	var rated, casual int
	var seen, updated int64
	if err := r.Scan(&a.Account, &classes, &rated, &casual, &a.MinRating, &a.MaxRating, &a.MaxGames, &seen, &updated); err != nil {
		return a, err
	}
	if classes != "" {
		a.Classes = strings.Split(classes, ",")
	}
	a.Rated, a.Casual, a.Seen, a.Updated = rated != 0, casual != 0, fromMicroOrZero(seen), fromMicro(updated)
	return a, nil
}

// SetAccepts implements store.Lobby.
func (s *SQL) SetAccepts(ctx context.Context, a store.Accepts) error {
	at := now()
	return s.write(ctx, func(tx *sql.Tx) error {
		var kind string
		err := tx.QueryRowContext(ctx, s.q(`SELECT kind FROM accounts WHERE id = ?`), a.Account).Scan(&kind)
		if errors.Is(err, sql.ErrNoRows) || err == nil && kind != string(store.BotAccount) {
			return fmt.Errorf("store: %s is not a bot: %w", a.Account, store.ErrNoAccount)
		}
		if err != nil {
			return fmt.Errorf("store: the accepts of %s: %w", a.Account, err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM bot_accepts WHERE account_id = ?`), a.Account); err != nil {
			return fmt.Errorf("store: the accepts of %s: %w", a.Account, err)
		}
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO bot_accepts (`+acceptsColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			a.Account, strings.Join(a.Classes, ","), flag(a.Rated), flag(a.Casual), a.MinRating, a.MaxRating, a.MaxGames, unixMicroOrZero(a.Seen), unixMicro(at))
		if err != nil {
			return fmt.Errorf("store: the accepts of %s: %w", a.Account, err)
		}
		return nil
	})
}

// Accepts implements store.Lobby.
func (s *SQL) Accepts(ctx context.Context, account string) (store.Accepts, error) {
	a, err := scanAccepts(s.db.QueryRowContext(ctx, s.q(`SELECT `+acceptsColumns+` FROM bot_accepts WHERE account_id = ?`), account))
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("store: the accepts of %s: %w", account, store.ErrNotFound)
	}
	if err != nil {
		return a, fmt.Errorf("store: the accepts of %s: %w", account, err)
	}
	return a, nil
}

// DeleteAccepts implements store.Lobby.
func (s *SQL) DeleteAccepts(ctx context.Context, account string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM bot_accepts WHERE account_id = ?`), account)
		return err
	})
}

// SeenBot implements store.Lobby.
func (s *SQL) SeenBot(ctx context.Context, account string, at time.Time) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`UPDATE bot_accepts SET seen_at = ? WHERE account_id = ? AND seen_at < ?`), unixMicro(at), account, unixMicro(at))
		return err
	})
}

// OnlineAcceptors implements store.Lobby.
func (s *SQL) OnlineAcceptors(ctx context.Context, since time.Time) ([]store.Accepts, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT b.account_id, b.classes, b.rated, b.casual, b.min_rating, b.max_rating, b.max_games, b.seen_at, b.updated_at
		FROM bot_accepts b JOIN accounts a ON a.id = b.account_id JOIN accounts o ON o.id = a.owner_id
		WHERE b.seen_at >= ? AND a.disabled = 0 AND o.disabled = 0 ORDER BY b.seen_at DESC, b.account_id`), unixMicro(since))
	return collect(rows, err, "listing the online bots", scanAccepts)
}
