// The SQL of the accounts, their credentials and ratings, and of rated
// games.

package sqlbase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/store"
)

// schemaV6 adds the rated arena: accounts (people and bots), their
// sessions, the bots' API keys, invitations, ratings per time-control
// class with their history, and the accounts at the seats of games.
// Tokens, keys and codes are kept as their SHA-256 hashes only; a time
// of 0 is none.
const schemaV6 = `
CREATE TABLE accounts (
	id TEXT PRIMARY KEY,
	kind TEXT NOT NULL,
	name TEXT NOT NULL,
	name_key TEXT NOT NULL UNIQUE,
	owner_id TEXT NOT NULL,
	password_hash TEXT NOT NULL,
	disabled INTEGER NOT NULL,
	created_at BIGINT NOT NULL
);
CREATE INDEX accounts_owner ON accounts (owner_id, created_at);
CREATE TABLE sessions (
	hash TEXT PRIMARY KEY,
	account_id TEXT NOT NULL REFERENCES accounts (id),
	created_at BIGINT NOT NULL,
	expires_at BIGINT NOT NULL,
	revoked INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE TABLE api_keys (
	id TEXT PRIMARY KEY,
	hash TEXT NOT NULL UNIQUE,
	prefix TEXT NOT NULL,
	bot_id TEXT NOT NULL REFERENCES accounts (id),
	created_at BIGINT NOT NULL,
	revoked_at BIGINT NOT NULL
);
CREATE INDEX api_keys_bot ON api_keys (bot_id, created_at);
CREATE TABLE invitations (
	hash TEXT PRIMARY KEY,
	created_by TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	expires_at BIGINT NOT NULL,
	used_by TEXT NOT NULL,
	used_at BIGINT NOT NULL
);
CREATE TABLE ratings (
	account_id TEXT NOT NULL REFERENCES accounts (id),
	class TEXT NOT NULL,
	rating DOUBLE PRECISION NOT NULL,
	deviation DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	games INTEGER NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (account_id, class)
);
CREATE TABLE rating_history (
	account_id TEXT NOT NULL REFERENCES accounts (id),
	class TEXT NOT NULL,
	game_id TEXT NOT NULL REFERENCES games (id),
	rating DOUBLE PRECISION NOT NULL,
	deviation DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	at BIGINT NOT NULL,
	PRIMARY KEY (account_id, class, game_id)
);
CREATE TABLE game_accounts (
	game_id TEXT PRIMARY KEY REFERENCES games (id),
	black_account TEXT NOT NULL,
	white_account TEXT NOT NULL,
	rated INTEGER NOT NULL,
	class TEXT NOT NULL,
	rated_at BIGINT NOT NULL
);
CREATE INDEX game_accounts_black ON game_accounts (black_account);
CREATE INDEX game_accounts_white ON game_accounts (white_account);`

// fromMicroOrZero is fromMicro with 0 as the zero time.
func fromMicroOrZero(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return fromMicro(v)
}

// unixMicroOrZero is unixMicro with the zero time as 0.
func unixMicroOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return unixMicro(t)
}

// flag is a boolean in an INTEGER column.
func flag(on bool) int {
	if on {
		return 1
	}
	return 0
}

// nameKey is the form of a name that makes names unique regardless of
// case.
func nameKey(name string) string { return strings.ToLower(name) }

// write runs f in a write transaction and commits it.
func (s *SQL) write(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, end, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer end()
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// now is the store's clock, to the microsecond the columns keep.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

const accountColumns = `id, kind, name, owner_id, password_hash, disabled, created_at`

func scanAccount(r scanner) (*store.Account, error) {
	var a store.Account
	var kind string
	var disabled int
	var created int64
	if err := r.Scan(&a.ID, &kind, &a.Name, &a.Owner, &a.PasswordHash, &disabled, &created); err != nil {
		return nil, err
	}
	a.Kind, a.Disabled, a.Created = store.AccountKind(kind), disabled != 0, fromMicro(created)
	return &a, nil
}

// isKind says ErrNoAccount unless the account id exists in tx and is of
// kind.
func (s *SQL) isKind(ctx context.Context, tx *sql.Tx, id string, kind store.AccountKind) error {
	var k string
	err := tx.QueryRowContext(ctx, s.q(`SELECT kind FROM accounts WHERE id = ?`), id).Scan(&k)
	if errors.Is(err, sql.ErrNoRows) || err == nil && k != string(kind) {
		return fmt.Errorf("%w: %s is no %s", store.ErrNoAccount, id, kind)
	}
	return err
}

// CreateAccount implements store.Accounts.
func (s *SQL) CreateAccount(ctx context.Context, a *store.Account, invitation string) error {
	switch {
	case a.Kind != store.Person && a.Kind != store.BotAccount:
		return fmt.Errorf("store: account kind %q: want %q or %q", a.Kind, store.Person, store.BotAccount)
	case a.Kind == store.BotAccount && a.Owner == "":
		return errors.New("store: a bot needs an owner")
	case a.Kind == store.Person && a.Owner != "":
		return errors.New("store: a person has no owner")
	case a.ID == "" || a.Name == "":
		return errors.New("store: an account needs an id and a name")
	}
	t := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if a.Kind == store.BotAccount {
			if err := s.isKind(ctx, tx, a.Owner, store.Person); err != nil {
				return fmt.Errorf("the owner: %w", err)
			}
		}
		// ON CONFLICT DO NOTHING: a name taken meanwhile by another
		// process inserts nothing (PostgreSQL waits for its transaction)
		// rather than failing the transaction.
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO accounts (id, kind, name, name_key, owner_id, password_hash, disabled, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
			a.ID, string(a.Kind), a.Name, nameKey(a.Name), a.Owner, a.PasswordHash, flag(a.Disabled), unixMicro(t))
		if err != nil {
			return fmt.Errorf("store: creating account %s: %w", a.Name, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			var id string
			if err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM accounts WHERE name_key = ?`), nameKey(a.Name)).Scan(&id); err == nil {
				return store.ErrNameTaken
			}
			return fmt.Errorf("store: creating account %s: the id %s is taken", a.Name, a.ID)
		}
		if invitation == "" {
			return nil
		}
		res, err = tx.ExecContext(ctx, s.q(`UPDATE invitations SET used_by = ?, used_at = ?
			WHERE hash = ? AND used_by = '' AND (expires_at = 0 OR expires_at > ?)`), a.ID, unixMicro(t), invitation, unixMicro(t))
		if err != nil {
			return fmt.Errorf("store: using an invitation: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return store.ErrInvitation
		}
		return nil
	})
	if err != nil {
		return err
	}
	a.Created = t
	return nil
}

// Account implements store.Accounts.
func (s *SQL) Account(ctx context.Context, id string) (*store.Account, error) {
	return s.oneAccount(ctx, `id = ?`, id)
}

// AccountByName implements store.Accounts.
func (s *SQL) AccountByName(ctx context.Context, name string) (*store.Account, error) {
	return s.oneAccount(ctx, `name_key = ?`, nameKey(name))
}

// oneAccount reads the account where cond holds for arg.
func (s *SQL) oneAccount(ctx context.Context, cond string, arg any) (*store.Account, error) {
	a, err := scanAccount(s.db.QueryRowContext(ctx, s.q(`SELECT `+accountColumns+` FROM accounts WHERE `+cond), arg))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNoAccount
	}
	if err != nil {
		return nil, fmt.Errorf("store: reading an account: %w", err)
	}
	return a, nil
}

// Bots implements store.Accounts.
func (s *SQL) Bots(ctx context.Context, owner string) ([]store.Account, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+accountColumns+` FROM accounts WHERE owner_id = ? ORDER BY created_at, id`), owner)
	return collect(rows, err, "listing bots", deref(scanAccount))
}

// updateAccount runs an UPDATE of one account and says ErrNoAccount if
// it changed no row.
func (s *SQL) updateAccount(ctx context.Context, query string, args ...any) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(query), args...)
		if err != nil {
			return fmt.Errorf("store: updating an account: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return store.ErrNoAccount
		}
		return nil
	})
}

// SetPassword implements store.Accounts.
func (s *SQL) SetPassword(ctx context.Context, id, hash string) error {
	return s.updateAccount(ctx, `UPDATE accounts SET password_hash = ? WHERE id = ? AND kind = 'person'`, hash, id)
}

// SetDisabled implements store.Accounts.
func (s *SQL) SetDisabled(ctx context.Context, id string, disabled bool) error {
	return s.updateAccount(ctx, `UPDATE accounts SET disabled = ? WHERE id = ?`, flag(disabled), id)
}

// CreateSession implements store.Accounts.
func (s *SQL) CreateSession(ctx context.Context, sess *store.Session) error {
	t := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := s.isKind(ctx, tx, sess.Account, store.Person); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO sessions (hash, account_id, created_at, expires_at, revoked) VALUES (?, ?, ?, ?, ?)`),
			sess.Hash, sess.Account, unixMicro(t), unixMicro(sess.Expires), flag(sess.Revoked))
		if err != nil {
			return fmt.Errorf("store: creating a session: %w", err)
		}
		return nil
	})
	if err == nil {
		sess.Created = t
	}
	return err
}

// SessionAccount implements store.Accounts.
func (s *SQL) SessionAccount(ctx context.Context, hash string, at time.Time) (*store.Session, *store.Account, error) {
	row := s.db.QueryRowContext(ctx, s.q(`SELECT s.hash, s.account_id, s.created_at, s.expires_at, s.revoked,
		a.id, a.kind, a.name, a.owner_id, a.password_hash, a.disabled, a.created_at
		FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.hash = ?`), hash)
	var sess store.Session
	var created, expires int64
	var revoked int
	var a store.Account
	var kind string
	var disabled int
	var aCreated int64
	err := row.Scan(&sess.Hash, &sess.Account, &created, &expires, &revoked,
		&a.ID, &kind, &a.Name, &a.Owner, &a.PasswordHash, &disabled, &aCreated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, store.ErrNoCredential
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: reading a session: %w", err)
	}
	sess.Created, sess.Expires, sess.Revoked = fromMicro(created), fromMicro(expires), revoked != 0
	a.Kind, a.Disabled, a.Created = store.AccountKind(kind), disabled != 0, fromMicro(aCreated)
	switch {
	case sess.Revoked || !at.Before(sess.Expires):
		return nil, nil, store.ErrNoCredential
	case a.Disabled:
		return nil, nil, store.ErrDisabled
	}
	return &sess, &a, nil
}

// RevokeSession implements store.Accounts.
func (s *SQL) RevokeSession(ctx context.Context, hash string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`UPDATE sessions SET revoked = 1 WHERE hash = ?`), hash)
		return err
	})
}

// RevokeSessions implements store.Accounts.
func (s *SQL) RevokeSessions(ctx context.Context, account, keep string) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE sessions SET revoked = 1 WHERE account_id = ? AND hash <> ? AND revoked = 0`), account, keep)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// CreateAPIKey implements store.Accounts.
func (s *SQL) CreateAPIKey(ctx context.Context, k *store.APIKey) error {
	t := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := s.isKind(ctx, tx, k.Bot, store.BotAccount); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO api_keys (id, hash, prefix, bot_id, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)`),
			k.ID, k.Hash, k.Prefix, k.Bot, unixMicro(t), unixMicroOrZero(k.Revoked))
		if err != nil {
			return fmt.Errorf("store: creating an API key: %w", err)
		}
		return nil
	})
	if err == nil {
		k.Created = t
	}
	return err
}

const keyColumns = `k.id, k.hash, k.prefix, k.bot_id, k.created_at, k.revoked_at`

func scanKey(r scanner, extra ...any) (*store.APIKey, error) {
	var k store.APIKey
	var created, revoked int64
	if err := r.Scan(append([]any{&k.ID, &k.Hash, &k.Prefix, &k.Bot, &created, &revoked}, extra...)...); err != nil {
		return nil, err
	}
	k.Created, k.Revoked = fromMicro(created), fromMicroOrZero(revoked)
	return &k, nil
}

// APIKeys implements store.Accounts.
func (s *SQL) APIKeys(ctx context.Context, bot string) ([]store.APIKey, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+keyColumns+` FROM api_keys k WHERE k.bot_id = ? ORDER BY k.created_at, k.id`), bot)
	return collect(rows, err, "listing API keys", deref(func(r scanner) (*store.APIKey, error) { return scanKey(r) }))
}

// APIKeyAccount implements store.Accounts.
func (s *SQL) APIKeyAccount(ctx context.Context, hash string) (*store.APIKey, *store.Account, error) {
	row := s.db.QueryRowContext(ctx, s.q(`SELECT `+keyColumns+`,
		a.id, a.kind, a.name, a.owner_id, a.password_hash, a.disabled, a.created_at, COALESCE(o.disabled, 0)
		FROM api_keys k JOIN accounts a ON a.id = k.bot_id LEFT JOIN accounts o ON o.id = a.owner_id
		WHERE k.hash = ?`), hash)
	var a store.Account
	var kind string
	var disabled, ownerDisabled int
	var created int64
	k, err := scanKey(row, &a.ID, &kind, &a.Name, &a.Owner, &a.PasswordHash, &disabled, &created, &ownerDisabled)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, store.ErrNoCredential
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: reading an API key: %w", err)
	}
	a.Kind, a.Disabled, a.Created = store.AccountKind(kind), disabled != 0, fromMicro(created)
	switch {
	case !k.Revoked.IsZero():
		return nil, nil, store.ErrNoCredential
	case a.Disabled || ownerDisabled != 0:
		return nil, nil, store.ErrDisabled
	}
	return k, &a, nil
}

// RevokeAPIKey implements store.Accounts.
func (s *SQL) RevokeAPIKey(ctx context.Context, bot, id string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		var revoked int64
		err := tx.QueryRowContext(ctx, s.q(`SELECT revoked_at FROM api_keys WHERE id = ? AND bot_id = ?`), id, bot).Scan(&revoked)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNoCredential
		}
		if err != nil || revoked != 0 {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at = 0`), unixMicro(now()), id)
		return err
	})
}

// CreateInvitation implements store.Accounts.
func (s *SQL) CreateInvitation(ctx context.Context, inv *store.Invitation) error {
	t := now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO invitations (hash, created_by, created_at, expires_at, used_by, used_at) VALUES (?, ?, ?, ?, '', 0)`),
			inv.Hash, inv.By, unixMicro(t), unixMicroOrZero(inv.Expires))
		if err != nil {
			return fmt.Errorf("store: creating an invitation: %w", err)
		}
		return nil
	})
	if err == nil {
		inv.Created, inv.UsedBy, inv.UsedAt = t, "", time.Time{}
	}
	return err
}

// Invitations implements store.Accounts.
func (s *SQL) Invitations(ctx context.Context) ([]store.Invitation, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT hash, created_by, created_at, expires_at, used_by, used_at FROM invitations ORDER BY created_at DESC, hash`)
	if err != nil {
		return nil, fmt.Errorf("store: listing invitations: %w", err)
	}
	defer rows.Close()
	var out []store.Invitation
	for rows.Next() {
		var inv store.Invitation
		var created, expires, used int64
		if err := rows.Scan(&inv.Hash, &inv.By, &created, &expires, &inv.UsedBy, &used); err != nil {
			return nil, err
		}
		inv.Created, inv.Expires, inv.UsedAt = fromMicro(created), fromMicroOrZero(expires), fromMicroOrZero(used)
		out = append(out, inv)
	}
	return out, rows.Err()
}

// Ratings implements store.Accounts. The rows made for a game its Rater
// did not rate (no games) are no ratings.
func (s *SQL) Ratings(ctx context.Context, account string) ([]store.Rating, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT account_id, class, rating, deviation, volatility, games, updated_at
		FROM ratings WHERE account_id = ? AND games > 0 ORDER BY class`), account)
	return collect(rows, err, "listing ratings", scanRating)
}

func scanRating(r scanner) (store.Rating, error) {
	var x store.Rating
	var updated int64
	if err := r.Scan(&x.Account, &x.Class, &x.Rating, &x.Deviation, &x.Volatility, &x.Games, &updated); err != nil {
		return store.Rating{}, err
	}
	x.Updated = fromMicroOrZero(updated)
	return x, nil
}

// RatingHistory implements store.Accounts.
func (s *SQL) RatingHistory(ctx context.Context, account, class string) ([]store.RatingPoint, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT game_id, rating, deviation, volatility, at
		FROM rating_history WHERE account_id = ? AND class = ? ORDER BY at, game_id`), account, class)
	if err != nil {
		return nil, fmt.Errorf("store: reading a rating history: %w", err)
	}
	defer rows.Close()
	var out []store.RatingPoint
	for rows.Next() {
		var p store.RatingPoint
		var at int64
		if err := rows.Scan(&p.Game, &p.Rating, &p.Deviation, &p.Volatility, &at); err != nil {
			return nil, err
		}
		p.At = fromMicro(at)
		out = append(out, p)
	}
	return out, rows.Err()
}

// LinkGame implements store.Accounts.
func (s *SQL) LinkGame(ctx context.Context, game string, link store.GameLink) error {
	return s.inGame(ctx, game, store.Note{Game: game}, func(ctx context.Context, tx *sql.Tx, _ int, finished bool) error {
		if finished {
			return store.ErrConflict
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM game_accounts WHERE game_id = ?`), game); err != nil {
			return err
		}
		return s.insertLink(ctx, tx, game, link)
	})
}

// insertLink stores the link of a game that has none in tx: its
// accounts must exist (ErrNoAccount), a rated one needs two different
// ones and a class.
func (s *SQL) insertLink(ctx context.Context, tx *sql.Tx, game string, link store.GameLink) error {
	b, w := link.Accounts[0], link.Accounts[1]
	if link.Rated && (b == "" || w == "" || b == w || link.Class == "") {
		return errors.New("store: a rated game needs two different accounts and a class")
	}
	for _, id := range link.Accounts {
		if id == "" {
			continue
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM accounts WHERE id = ?`), id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: %s", store.ErrNoAccount, id)
		}
	}
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO game_accounts (game_id, black_account, white_account, rated, class, rated_at) VALUES (?, ?, ?, ?, ?, 0)`),
		game, b, w, flag(link.Rated), link.Class)
	return err
}

// GameLink implements store.Accounts.
func (s *SQL) GameLink(ctx context.Context, game string) (store.GameLink, error) {
	var l store.GameLink
	var rated int
	var ratedAt int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT black_account, white_account, rated, class, rated_at FROM game_accounts WHERE game_id = ?`), game).
		Scan(&l.Accounts[0], &l.Accounts[1], &rated, &l.Class, &ratedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return store.GameLink{}, nil
	}
	if err != nil {
		return store.GameLink{}, fmt.Errorf("store: reading the accounts of game %s: %w", game, err)
	}
	l.Rated, l.RatedAt = rated != 0, fromMicroOrZero(ratedAt)
	return l, nil
}

// gameLink reads a game's link in tx.
func (s *SQL) gameLink(ctx context.Context, tx *sql.Tx, game string) (store.GameLink, error) {
	var l store.GameLink
	var rated int
	var ratedAt int64
	err := tx.QueryRowContext(ctx, s.q(`SELECT black_account, white_account, rated, class, rated_at FROM game_accounts WHERE game_id = ?`), game).
		Scan(&l.Accounts[0], &l.Accounts[1], &rated, &l.Class, &ratedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return store.GameLink{}, nil
	}
	if err != nil {
		return store.GameLink{}, err
	}
	l.Rated, l.RatedAt = rated != 0, fromMicroOrZero(ratedAt)
	return l, nil
}

// FinishRated implements store.Accounts. The game's row is locked first
// (as by every change of the game: a second finish waits, then finds the
// game over), then the two rating rows, made if missing, in the order of
// their account ids, so that two games rated at once with the same two
// players cannot lock each other out.
func (s *SQL) FinishRated(ctx context.Context, game string, r store.Result, rate store.Rater) (store.RatedFinish, error) {
	var out store.RatedFinish
	err := s.inGame(ctx, game, store.Note{Game: game}, func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error {
		out = store.RatedFinish{}
		if finished {
			return store.ErrConflict
		}
		link, err := s.gameLink(ctx, tx, game)
		if err != nil {
			return err
		}
		if err := s.finish(ctx, tx, game, r); err != nil {
			return err
		}
		if !link.Rated {
			return nil
		}
		if rate == nil {
			return errors.New("store: a rated game finished without a Rater")
		}
		t := now()
		ids := link.Accounts
		order := slices.Clone(ids[:])
		slices.Sort(order)
		var before [2]store.Rating
		for _, id := range order {
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO ratings (account_id, class, rating, deviation, volatility, games, updated_at)
				VALUES (?, ?, 0, 0, 0, 0, 0) ON CONFLICT DO NOTHING`), id, link.Class); err != nil {
				return fmt.Errorf("store: rating %s: %w", id, err)
			}
			x, err := scanRating(tx.QueryRowContext(ctx, s.q(`SELECT account_id, class, rating, deviation, volatility, games, updated_at
				FROM ratings WHERE account_id = ? AND class = ?`+s.d.ForUpdate), id, link.Class))
			if err != nil {
				return fmt.Errorf("store: rating %s: %w", id, err)
			}
			before[slices.Index(ids[:], id)] = x
		}
		after, ok, err := rate(store.RateInput{Game: game, Result: r, Plies: plies, Class: link.Class, Ratings: before})
		if err != nil {
			return fmt.Errorf("store: rating game %s: %w", game, err)
		}
		if !ok {
			return nil
		}
		for i, id := range ids {
			a := after[i]
			a.Account, a.Class, a.Games, a.Updated = id, link.Class, before[i].Games+1, t
			after[i] = a
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = ?, updated_at = ?
				WHERE account_id = ? AND class = ?`), a.Rating, a.Deviation, a.Volatility, a.Games, unixMicro(t), id, link.Class); err != nil {
				return fmt.Errorf("store: rating %s: %w", id, err)
			}
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO rating_history (account_id, class, game_id, rating, deviation, volatility, at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`), id, link.Class, game, a.Rating, a.Deviation, a.Volatility, unixMicro(t)); err != nil {
				return fmt.Errorf("store: the rating history of %s: %w", id, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE game_accounts SET rated_at = ? WHERE game_id = ?`), unixMicro(t), game); err != nil {
			return err
		}
		out = store.RatedFinish{Rated: true, Before: before, After: after}
		return nil
	})
	if err != nil {
		return store.RatedFinish{}, err
	}
	return out, nil
}

// PruneSessions implements store.Accounts.
func (s *SQL) PruneSessions(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM sessions WHERE expires_at < ? OR revoked = 1`), unixMicro(before))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// Leaderboard implements store.Accounts.
func (s *SQL) Leaderboard(ctx context.Context, class string, limit int) ([]store.Rating, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT r.account_id, r.class, r.rating, r.deviation, r.volatility, r.games, r.updated_at
		FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.class = ? AND r.games > 0 AND a.disabled = 0 ORDER BY r.rating DESC, r.account_id LIMIT ?`), class, limit)
	return collect(rows, err, fmt.Sprintf("the leaderboard of %s", class), scanRating)
}

// AccountGames implements store.Accounts.
func (s *SQL) AccountGames(ctx context.Context, account string, opts store.ListOptions) ([]store.AccountGame, error) {
	limit := opts.Limit
	if limit <= 0 {
		limit = 100
	}
	where := ""
	switch {
	case opts.Live && !opts.Finished:
		where = " AND finished = 0"
	case opts.Finished && !opts.Live:
		where = " AND finished = 1"
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+gameColumns+`, black_account, white_account, rated, class, rated_at
		FROM games JOIN game_accounts ON game_id = id
		WHERE (black_account = ? OR white_account = ?)`+where+` ORDER BY updated_at DESC, id LIMIT ?`), account, account, limit)
	if err != nil {
		return nil, fmt.Errorf("store: the games of %s: %w", account, err)
	}
	defer rows.Close()
	var out []store.AccountGame
	for rows.Next() {
		var l store.GameLink
		var rated int
		var ratedAt int64
		// The game's columns, then the link's.
		g, plies, finished, err := scanGame(scanFunc(func(dest ...any) error {
			return rows.Scan(append(dest, &l.Accounts[0], &l.Accounts[1], &rated, &l.Class, &ratedAt)...)
		}))
		if err != nil {
			return nil, err
		}
		l.Rated, l.RatedAt = rated != 0, fromMicroOrZero(ratedAt)
		color := 0
		if l.Accounts[0] != account {
			color = 1
		}
		out = append(out, store.AccountGame{Summary: summaryOf(g, plies, finished), Color: color, Link: l})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if opts.FirstMoves && len(out) > 0 {
		list := make([]store.Summary, len(out))
		for i := range out {
			list[i] = out[i].Summary
		}
		if err := s.firstMoves(ctx, list); err != nil {
			return nil, err
		}
		for i := range out {
			out[i].FirstMoves = list[i].FirstMoves
		}
	}
	return out, nil
}

// scanFunc is a function as a scanner.
type scanFunc func(dest ...any) error

// Scan implements scanner.
func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

// collect reads every row of a query with scan and closes the rows; err
// is the query's, and what names what was asked in its error.
func collect[T any](rows *sql.Rows, err error, what string, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// deref turns a scan into a pointer into a scan into a value.
func deref[T any](scan func(scanner) (*T, error)) func(scanner) (T, error) {
	return func(r scanner) (T, error) {
		p, err := scan(r)
		if err != nil {
			var zero T
			return zero, err
		}
		return *p, nil
	}
}
