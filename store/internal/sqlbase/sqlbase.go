// The SQL the stores share.

package sqlbase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/store"
)

// Dialect adapts the shared SQL to a database.
type Dialect struct {
	// Name is "sqlite" or "postgres".
	Name string
	// Placeholder returns the n-th (1-based) parameter marker: "?" or
	// "$n".
	Placeholder func(n int) string
	// ForUpdate is appended to the SELECT that locks a game's row in a
	// transaction ("" where the whole database is locked by a write).
	ForUpdate string
	// Begin starts a write transaction.
	Begin func(ctx context.Context, db *sql.DB) (*sql.Tx, error)
	// Migrations are the schema changes, in order; migration i brings
	// the schema to version i+1.
	Migrations []string
	// AfterChange, if set, runs in the transaction of every change of a
	// game, submission or verdict (PostgreSQL: NOTIFY).
	AfterChange func(ctx context.Context, tx *sql.Tx, note store.Note) error
	// OneWriter makes the write transactions of the store wait for each
	// other in the process, in the order they ask (SQLite: one writer at a
	// time), instead of in the database's busy handler, which polls the
	// lock with sleeps of up to 100 ms and serves the waiting writers in
	// no order: with many at once, some wait for seconds.
	OneWriter bool
	// LockMigrations, if set, is run first in each migration's
	// transaction, so that processes starting together migrate one at a
	// time (PostgreSQL: an advisory lock).
	LockMigrations string
}

// SQL is a store.Store and store.Cluster on a database/sql database.
type SQL struct {
	db *sql.DB
	d  Dialect
	// writer is the turn of the one write transaction at a time
	// (Dialect.OneWriter), nil without it.
	writer chan struct{}
	// writes counts the write transactions begun.
	writes atomic.Int64

	// The group commit (inGame, with one writer): the changes waiting for
	// the next transaction, and whether a goroutine is committing them.
	batchMu    sync.Mutex
	pending    []*pendingChange
	committing bool
}

// Writes returns how many write transactions the store has begun.
func (s *SQL) Writes() int64 { return s.writes.Load() }

// InTurn runs f in the turn of the write transactions (Dialect.OneWriter;
// at once without it): no transaction of this store writes meanwhile.
func (s *SQL) InTurn(ctx context.Context, f func() error) error {
	if s.writer != nil {
		select {
		case s.writer <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		defer func() { <-s.writer }()
	}
	return f()
}

// Open returns the store on db in dialect d, its schema brought up to
// date by d's migrations. It does not close db on failure.
func Open(ctx context.Context, db *sql.DB, d Dialect) (*SQL, error) {
	s := &SQL{db: db, d: d}
	if d.OneWriter {
		s.writer = make(chan struct{}, 1)
	}
	if err := s.migrate(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// begin starts a write transaction, in its turn where the dialect has
// one writer (a channel's waiting senders are served in order); end ends
// the turn: call it once the transaction is committed or rolled back.
func (s *SQL) begin(ctx context.Context) (tx *sql.Tx, end func(), err error) {
	s.writes.Add(1)
	end = func() {}
	if s.writer != nil {
		select {
		case s.writer <- struct{}{}:
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
		end = func() { <-s.writer }
	}
	if tx, err = s.d.Begin(ctx, s.db); err != nil {
		end()
		return nil, nil, err
	}
	return tx, end, nil
}

// q rewrites the "?" markers of a query for the dialect.
func (s *SQL) q(query string) string {
	if s.d.Placeholder == nil {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString(s.d.Placeholder(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// migrate brings the schema to the latest version, each migration in a
// transaction with its version number.
func (s *SQL) migrate(ctx context.Context) error {
	for {
		tx, err := s.d.Begin(ctx, s.db)
		if err != nil {
			return err
		}
		if s.d.LockMigrations != "" {
			if _, err := tx.ExecContext(ctx, s.d.LockMigrations); err != nil {
				tx.Rollback()
				return fmt.Errorf("store: locking the schema: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: schema version table: %w", err)
		}
		var v int
		err = tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
		if err != nil {
			tx.Rollback()
			return fmt.Errorf("store: reading the schema version: %w", err)
		}
		if v > len(s.d.Migrations) {
			tx.Rollback()
			return fmt.Errorf("store: the database's schema is version %d, newer than this program's %d", v, len(s.d.Migrations))
		}
		if v == len(s.d.Migrations) {
			return tx.Commit()
		}
		if _, err := tx.ExecContext(ctx, s.d.Migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_version (version) VALUES (?)`), v+1); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("store: migration %d: %w", v+1, err)
		}
	}
}

// schemaV1 is the first schema, in SQL both databases read.
const schemaV1 = `
CREATE TABLE games (
	id TEXT PRIMARY KEY,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL,
	rule TEXT NOT NULL,
	start TEXT NOT NULL,
	move_time_ms BIGINT NOT NULL,
	game_time_ms BIGINT NOT NULL,
	black_kind TEXT NOT NULL, black_name TEXT NOT NULL, black_spec TEXT NOT NULL, black_token TEXT NOT NULL,
	white_kind TEXT NOT NULL, white_name TEXT NOT NULL, white_spec TEXT NOT NULL, white_token TEXT NOT NULL,
	plies INTEGER NOT NULL,
	finished INTEGER NOT NULL,
	result_reason TEXT NOT NULL, result_winner TEXT NOT NULL, result_by TEXT NOT NULL,
	result_black INTEGER NOT NULL, result_white INTEGER NOT NULL, result_detail TEXT NOT NULL,
	owner TEXT NOT NULL,
	lease_until BIGINT NOT NULL
);
CREATE INDEX games_updated ON games (finished, updated_at);
CREATE TABLE moves (
	game_id TEXT NOT NULL REFERENCES games (id),
	ply INTEGER NOT NULL,
	color INTEGER NOT NULL,
	square TEXT NOT NULL,
	elapsed_us BIGINT NOT NULL,
	has_eval INTEGER NOT NULL,
	eval DOUBLE PRECISION NOT NULL,
	thinking TEXT NOT NULL,
	at BIGINT NOT NULL,
	PRIMARY KEY (game_id, ply)
);`

// schemaV2 adds the games' revisions and the submissions that server
// processes hand to the one refereeing a game.
const schemaV2 = `
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
CREATE TABLE submissions (
	id TEXT PRIMARY KEY,
	game_id TEXT NOT NULL REFERENCES games (id),
	token_hash TEXT NOT NULL,
	action TEXT NOT NULL,
	square TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	decided INTEGER NOT NULL,
	verdict TEXT NOT NULL
);
CREATE INDEX submissions_pending ON submissions (game_id, decided, created_at);`

// schemaV3 adds the games' clock increments (Fischer clocks); the games
// stored before have none.
const schemaV3 = `
ALTER TABLE games ADD COLUMN increment_ms BIGINT NOT NULL DEFAULT 0;`

// schemaV4 adds the rematches of finished games: the sides that asked
// (rematch_offers: 1 Black, 2 White) and the new game once made.
const schemaV4 = `
ALTER TABLE games ADD COLUMN rematch_offers INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rematch_game TEXT NOT NULL DEFAULT '';`

// schemaV5 marks the analysis games, in which the server helps both
// sides (see store.Game.Analysis); the games stored before are not.
const schemaV5 = `
ALTER TABLE games ADD COLUMN analysis INTEGER NOT NULL DEFAULT 0;`

// schemaV7 adds the switches of sides of each game (store.Game.Switches,
// its numbers of moves, each written ",N"); the games stored before
// have none.
const schemaV7 = `
ALTER TABLE games ADD COLUMN switches TEXT NOT NULL DEFAULT '';`

// schemaOpeningMoves keeps how many of each game's first moves were
// given when it was made (store.Game.OpeningMoves); the games stored
// before have 0.
const schemaOpeningMoves = `
ALTER TABLE games ADD COLUMN opening_moves INTEGER NOT NULL DEFAULT 0;`

// Migrations are the schema's versions, in order, for both databases.
var Migrations = []string{schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10, schemaStudies, schemaTournamentPlayers, schemaOpeningMoves}

// switchesOf reads the switches column (",10,14") as numbers of moves.
func switchesOf(text string) []int {
	var out []int
	for _, f := range strings.Split(text, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// switchesText writes switches as the switches column does.
func switchesText(switches []int) string {
	var b strings.Builder
	for _, n := range switches {
		fmt.Fprintf(&b, ",%d", n)
	}
	return b.String()
}

func ms(d time.Duration) int64 { return d.Milliseconds() }

// analysisFlag is Game.Analysis in its column.
func analysisFlag(on bool) int {
	if on {
		return 1
	}
	return 0
}
func unixMicro(t time.Time) int64 { return t.UnixMicro() }
func fromMicro(v int64) time.Time { return time.UnixMicro(v).UTC() }

// Create implements store.Store.
func (s *SQL) Create(ctx context.Context, g *store.Game) error {
	now := time.Now()
	tx, end, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer end()
	defer tx.Rollback()
	if err := s.insert(ctx, tx, g, now); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	g.Created, g.Updated = now.UTC().Truncate(time.Microsecond), now.UTC().Truncate(time.Microsecond)
	return nil
}

// insert stores a new game with its first moves (its result left out)
// in the transaction tx, made at now, and announces it.
func (s *SQL) insert(ctx context.Context, tx *sql.Tx, g *store.Game, now time.Time) error {
	for i, m := range g.Moves {
		if m.Ply != i {
			return fmt.Errorf("store: creating game %s: its move %d is numbered %d", g.ID, i, m.Ply)
		}
	}
	if g.OpeningMoves < 0 || g.OpeningMoves > len(g.Moves) {
		return fmt.Errorf("store: creating game %s: %d opening moves of its %d moves", g.ID, g.OpeningMoves, len(g.Moves))
	}
	b, w := g.Seats[0], g.Seats[1]
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, created_at, updated_at, rule, start, move_time_ms, game_time_ms, increment_ms,
		black_kind, black_name, black_spec, black_token, white_kind, white_name, white_spec, white_token,
		plies, finished, result_reason, result_winner, result_by, result_black, result_white, result_detail, owner, lease_until, revision, analysis, opening_moves)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '', '', '', 0, 0, '', '', 0, 1, ?, ?)`),
		g.ID, unixMicro(now), unixMicro(now), g.Rule, g.Start, ms(g.MoveTime), ms(g.GameTime), ms(g.Increment),
		string(b.Kind), b.Name, b.Spec, b.TokenHash, string(w.Kind), w.Name, w.Spec, w.TokenHash, len(g.Moves), analysisFlag(g.Analysis), g.OpeningMoves)
	if err != nil {
		return fmt.Errorf("store: creating game %s: %w", g.ID, err)
	}
	for _, m := range g.Moves {
		if err := s.insertMove(ctx, tx, g.ID, m, now); err != nil {
			return err
		}
	}
	if g.Link != nil {
		if err := s.insertLink(ctx, tx, g.ID, *g.Link); err != nil {
			return err
		}
	}
	return s.announce(ctx, tx, store.Note{Game: g.ID})
}

// inGame runs f in a write transaction that has locked the row of game
// id (f gets its move count and whether it is over, and the context for
// its statements), announces note and commits; an error of f rolls its
// change back. A change of the game itself counts in its revision in f's
// own statement.
//
// Where the dialect has one writer (SQLite), the changes that arrive
// while a transaction commits are committed together in the next one
// (group commit), each in a savepoint of its own: an error rolls back its
// own change only, and every change returns once the transaction holding
// it is committed (on the disk, with synchronous=FULL). One commit, one
// flush to the disk, for many games' moves: the store's rate is no longer
// that of the disk's flushes.
func (s *SQL) inGame(ctx context.Context, id string, note store.Note, f func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error) error {
	if s.writer == nil {
		tx, end, err := s.begin(ctx)
		if err != nil {
			return err
		}
		defer end()
		defer tx.Rollback()
		if err := s.change(ctx, tx, id, note, f); err != nil {
			return err
		}
		return tx.Commit()
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	c := &pendingChange{ctx: ctx, id: id, note: note, f: f, done: make(chan error, 1)}
	s.batchMu.Lock()
	s.pending = append(s.pending, c)
	lead := !s.committing
	s.committing = true
	s.batchMu.Unlock()
	if lead {
		s.commitPending()
	}
	return <-c.done
}

// pendingChange is a change of a game waiting for the next group commit.
type pendingChange struct {
	ctx  context.Context
	id   string
	note store.Note
	f    func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error
	done chan error // its outcome, once its transaction is committed
}

// Waiting returns how many changes of games wait for the next group
// commit (see inGame).
func (s *SQL) Waiting() int {
	s.batchMu.Lock()
	defer s.batchMu.Unlock()
	return len(s.pending)
}

// commitPending takes the writer's turn, then commits every change
// pending by then in one transaction. If more are pending after it, a
// new goroutine commits them, so that the caller returns with its own.
func (s *SQL) commitPending() {
	batch, err := s.commitBatch()
	for _, c := range batch {
		c.done <- err[c]
	}
	s.batchMu.Lock()
	defer s.batchMu.Unlock()
	if len(s.pending) == 0 {
		s.committing = false
		return
	}
	go s.commitPending()
}

// commitBatch commits the changes pending once it has the writer's turn
// and returns them with their outcomes.
func (s *SQL) commitBatch() ([]*pendingChange, map[*pendingChange]error) {
	// The changes' own contexts end nothing once they are in the batch: a
	// statement interrupted in SQLite may roll the whole transaction back,
	// and with it the others' changes. A change whose context ended before
	// the batch is left out.
	tx, end, err := s.begin(context.Background())
	s.batchMu.Lock()
	batch := s.pending
	s.pending = nil
	s.batchMu.Unlock()
	out := make(map[*pendingChange]error, len(batch))
	if err != nil {
		for _, c := range batch {
			out[c] = err
		}
		return batch, out
	}
	defer end()
	defer tx.Rollback()
	ok := 0
	for _, c := range batch {
		if err := c.ctx.Err(); err != nil {
			out[c] = err
			continue
		}
		ctx := context.WithoutCancel(c.ctx)
		if len(batch) == 1 {
			out[c] = s.change(ctx, tx, c.id, c.note, c.f)
		} else if _, err := tx.ExecContext(ctx, "SAVEPOINT change"); err != nil {
			out[c] = err
		} else if err := s.change(ctx, tx, c.id, c.note, c.f); err != nil {
			out[c] = err
			if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO change"); rerr != nil {
				return batch, failAll(batch, out, fmt.Errorf("store: rolling back a change: %w", rerr))
			}
			tx.ExecContext(ctx, "RELEASE change")
		} else if _, err := tx.ExecContext(ctx, "RELEASE change"); err != nil {
			return batch, failAll(batch, out, err)
		}
		if out[c] == nil {
			ok++
		}
	}
	if ok == 0 {
		return batch, out
	}
	if err := tx.Commit(); err != nil {
		return batch, failAll(batch, out, err)
	}
	return batch, out
}

// failAll gives err to every change of batch that had no error of its
// own: their transaction failed.
func failAll(batch []*pendingChange, out map[*pendingChange]error, err error) map[*pendingChange]error {
	for _, c := range batch {
		if out[c] == nil {
			out[c] = err
		}
	}
	return out
}

// change makes one change of game id in tx: its row locked, f, note
// announced.
func (s *SQL) change(ctx context.Context, tx *sql.Tx, id string, note store.Note, f func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error) error {
	plies, finished, err := s.lock(ctx, tx, id)
	if err != nil {
		return err
	}
	if err := f(ctx, tx, plies, finished); err != nil {
		return err
	}
	return s.announce(ctx, tx, note)
}

// announce tells the other processes of the note.
func (s *SQL) announce(ctx context.Context, tx *sql.Tx, note store.Note) error {
	if s.d.AfterChange == nil {
		return nil
	}
	return s.d.AfterChange(ctx, tx, note)
}

const gameColumns = `id, revision, created_at, updated_at, rule, start, move_time_ms, game_time_ms, increment_ms,
	black_kind, black_name, black_spec, black_token, white_kind, white_name, white_spec, white_token,
	plies, finished, result_reason, result_winner, result_by, result_black, result_white, result_detail, rematch_offers, rematch_game, analysis, switches, opening_moves`

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (*store.Game, int, bool, error) {
	var g store.Game
	var created, updated, moveMS, gameMS, incMS int64
	var bk, wk string
	var plies, finished, offers, analysis int
	var res store.Result
	var switches string
	err := r.Scan(&g.ID, &g.Revision, &created, &updated, &g.Rule, &g.Start, &moveMS, &gameMS, &incMS,
		&bk, &g.Seats[0].Name, &g.Seats[0].Spec, &g.Seats[0].TokenHash,
		&wk, &g.Seats[1].Name, &g.Seats[1].Spec, &g.Seats[1].TokenHash,
		&plies, &finished, &res.Reason, &res.Winner, &res.By, &res.Black, &res.White, &res.Detail, &offers, &g.Rematch.Game, &analysis, &switches, &g.OpeningMoves)
	if err != nil {
		return nil, 0, false, err
	}
	g.Rematch.Offered = [2]bool{offers&1 != 0, offers&2 != 0}
	g.Analysis = analysis != 0
	g.Switches = switchesOf(switches)
	g.Created, g.Updated = fromMicro(created), fromMicro(updated)
	g.MoveTime, g.GameTime = time.Duration(moveMS)*time.Millisecond, time.Duration(gameMS)*time.Millisecond
	g.Increment = time.Duration(incMS) * time.Millisecond
	g.Seats[0].Kind, g.Seats[1].Kind = store.SeatKind(bk), store.SeatKind(wk)
	if finished != 0 {
		g.Result = &res
	}
	return &g, plies, finished != 0, nil
}

// Get implements store.Store.
func (s *SQL) Get(ctx context.Context, id string) (*store.Game, error) {
	row := s.db.QueryRowContext(ctx, s.q(`SELECT `+gameColumns+` FROM games WHERE id = ?`), id)
	g, _, _, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: reading game %s: %w", id, err)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT ply, color, square, elapsed_us, has_eval, eval, thinking, at
		FROM moves WHERE game_id = ? ORDER BY ply`), id)
	if err != nil {
		return nil, fmt.Errorf("store: reading the moves of %s: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var m store.Move
		var elapsed, at int64
		var hasEval int
		if err := rows.Scan(&m.Ply, &m.Color, &m.Square, &elapsed, &hasEval, &m.Eval, &m.Thinking, &at); err != nil {
			return nil, err
		}
		m.Elapsed, m.HasEval, m.At = time.Duration(elapsed)*time.Microsecond, hasEval != 0, fromMicro(at)
		g.Moves = append(g.Moves, m)
	}
	return g, rows.Err()
}

// List implements store.Store.
func (s *SQL) List(ctx context.Context, opts store.ListOptions) ([]store.Summary, error) {
	limit := opts.Limit
	if limit <= 0 {
		limit = 100
	}
	where := ""
	switch {
	case opts.Live && !opts.Finished:
		where = "WHERE finished = 0"
	case opts.Finished && !opts.Live:
		where = "WHERE finished = 1"
	}
	args := []any{}
	if opts.Unclaimed {
		if where == "" {
			where = "WHERE lease_until < ?"
		} else {
			where += " AND lease_until < ?"
		}
		args = append(args, unixMicro(time.Now()))
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+gameColumns+` FROM games `+where+` ORDER BY updated_at DESC, id LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: listing games: %w", err)
	}
	defer rows.Close()
	var out []store.Summary
	for rows.Next() {
		g, plies, finished, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, summaryOf(g, plies, finished))
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if opts.FirstMoves {
		if err := s.firstMoves(ctx, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// summaryOf is a game in a list.
func summaryOf(g *store.Game, plies int, finished bool) store.Summary {
	return store.Summary{ID: g.ID, Created: g.Created, Updated: g.Updated, Black: g.Seats[0].Name, White: g.Seats[1].Name,
		Plies: plies, Finished: finished, Result: g.Result, Open: g.Seats[0].Kind == store.Open || g.Seats[1].Kind == store.Open,
		Rule: g.Rule, Start: g.Start}
}

// firstMovesBatch is how many games' first moves one query reads: far
// below the databases' bounds on a query's parameters (SQLite's 32,766,
// PostgreSQL's 65,535), which a list of every live game may pass.
const firstMovesBatch = 500

// firstMoves fills the listed games' FirstMoves, a query for every
// firstMovesBatch games.
func (s *SQL) firstMoves(ctx context.Context, list []store.Summary) error {
	for len(list) > 0 {
		n := min(len(list), firstMovesBatch)
		if err := s.firstMovesOf(ctx, list[:n]); err != nil {
			return err
		}
		list = list[n:]
	}
	return nil
}

// firstMovesOf fills the FirstMoves of a batch of games, in one query.
func (s *SQL) firstMovesOf(ctx context.Context, list []store.Summary) error {
	at := make(map[string]int, len(list))
	args := []any{store.SummaryMoves}
	marks := make([]string, len(list))
	for i, g := range list {
		at[g.ID] = i
		args = append(args, g.ID)
		marks[i] = "?"
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT game_id, ply, square FROM moves WHERE ply < ? AND game_id IN (`+strings.Join(marks, ", ")+`) ORDER BY game_id, ply`), args...)
	if err != nil {
		return fmt.Errorf("store: listing the games' first moves: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, square string
		var ply int
		if err := rows.Scan(&id, &ply, &square); err != nil {
			return fmt.Errorf("store: listing the games' first moves: %w", err)
		}
		g := &list[at[id]]
		if ply == len(g.FirstMoves) { // a gap (a damaged record) ends them
			g.FirstMoves = append(g.FirstMoves, square)
		}
	}
	return rows.Err()
}

// lock reads a game's move count and state in a write transaction,
// locking its row where the database locks rows.
func (s *SQL) lock(ctx context.Context, tx *sql.Tx, id string) (plies int, finished bool, err error) {
	var f int
	err = tx.QueryRowContext(ctx, s.q(`SELECT plies, finished FROM games WHERE id = ?`+s.d.ForUpdate), id).Scan(&plies, &f)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, store.ErrNotFound
	}
	return plies, f != 0, err
}

// TakeSeat implements store.Store.
func (s *SQL) TakeSeat(ctx context.Context, id string, color int, seat store.Seat) error {
	if color != 0 && color != 1 {
		return fmt.Errorf("store: no seat %d", color)
	}
	prefix := [2]string{"black", "white"}[color]
	return s.inGame(ctx, id, store.Note{Game: id}, func(ctx context.Context, tx *sql.Tx, _ int, finished bool) error {
		if finished {
			return store.ErrConflict
		}
		res, err := tx.ExecContext(ctx, s.q(`UPDATE games SET revision = revision + 1, `+prefix+`_kind = ?, `+prefix+`_name = ?, `+prefix+`_spec = ?, `+prefix+`_token = ?, updated_at = ?
			WHERE id = ? AND `+prefix+`_kind = 'open'`), string(seat.Kind), seat.Name, seat.Spec, seat.TokenHash, unixMicro(time.Now()), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return store.ErrConflict
		}
		return nil
	})
}

// SwapSeats implements store.Store.
func (s *SQL) SwapSeats(ctx context.Context, id string) error {
	return s.inGame(ctx, id, store.Note{Game: id}, func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error {
		if finished {
			return store.ErrConflict
		}
		return s.swapSeats(ctx, tx, id, plies)
	})
}

// swapSeats swaps the seats of game id, which has plies moves, in tx,
// and notes the switch after them (Game.Switches). Every assignment of
// an UPDATE reads the row as it was, in SQLite and PostgreSQL alike: the
// pairs swap.
func (s *SQL) swapSeats(ctx context.Context, tx *sql.Tx, id string, plies int) error {
	_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET revision = revision + 1,
		black_kind = white_kind, black_name = white_name, black_spec = white_spec, black_token = white_token,
		white_kind = black_kind, white_name = black_name, white_spec = black_spec, white_token = black_token,
		switches = switches || ?, updated_at = ? WHERE id = ?`), switchesText([]int{plies}), unixMicro(time.Now()), id)
	if err != nil {
		return err
	}
	// The accounts stay with their seats.
	_, err = tx.ExecContext(ctx, s.q(`UPDATE game_accounts SET black_account = white_account, white_account = black_account WHERE game_id = ?`), id)
	return err
}

// SwapSeatsFor implements store.Cluster. The game's row is locked
// first, then the submission's.
func (s *SQL) SwapSeatsFor(ctx context.Context, id, submission string) error {
	return s.inGame(ctx, id, store.Note{Game: id}, func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error {
		var game string
		var decided int
		err := tx.QueryRowContext(ctx, s.q(`SELECT game_id, decided FROM submissions WHERE id = ?`+s.d.ForUpdate), submission).Scan(&game, &decided)
		switch {
		case errors.Is(err, sql.ErrNoRows) || err == nil && game != id:
			return store.ErrNotFound
		case err != nil:
			return err
		case finished || decided != 0:
			return store.ErrConflict
		}
		if err := s.swapSeats(ctx, tx, id, plies); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE submissions SET decided = 1, verdict = '' WHERE id = ?`), submission); err != nil {
			return err
		}
		// Both news: the verdict (for the process waiting on it) here, the
		// game's change by inGame.
		return s.announce(ctx, tx, store.Note{Game: id, Submission: true})
	})
}

// AppendMove implements store.Store.
func (s *SQL) AppendMove(ctx context.Context, id string, m store.Move) error {
	return s.inGame(ctx, id, store.Note{Game: id}, func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error {
		if finished || plies != m.Ply {
			return store.ErrConflict
		}
		if err := s.insertMove(ctx, tx, id, m, time.Now()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET revision = revision + 1, plies = plies + 1, updated_at = ? WHERE id = ?`), unixMicro(time.Now()), id)
		return err
	})
}

// insertMove writes move m of game id in tx (made at now if m says not
// when).
func (s *SQL) insertMove(ctx context.Context, tx *sql.Tx, id string, m store.Move, now time.Time) error {
	at := m.At
	if at.IsZero() {
		at = now
	}
	hasEval := 0
	if m.HasEval {
		hasEval = 1
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO moves (game_id, ply, color, square, elapsed_us, has_eval, eval, thinking, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), id, m.Ply, m.Color, m.Square, m.Elapsed.Microseconds(), hasEval, m.Eval, m.Thinking, unixMicro(at)); err != nil {
		return fmt.Errorf("store: move %d of %s: %w", m.Ply, id, err)
	}
	return nil
}

// Truncate implements store.Store.
func (s *SQL) Truncate(ctx context.Context, id string, ply int) error {
	return s.inGame(ctx, id, store.Note{Game: id}, func(ctx context.Context, tx *sql.Tx, plies int, finished bool) error {
		if finished || ply < 0 || ply >= plies {
			return store.ErrConflict
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM moves WHERE game_id = ? AND ply >= ?`), id, ply); err != nil {
			return err
		}
		// The moves from ply on are to be made by the seats as they are
		// now: a switch after ply is brought back to it.
		var text string
		if err := tx.QueryRowContext(ctx, s.q(`SELECT switches FROM games WHERE id = ?`), id).Scan(&text); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET revision = revision + 1, plies = ?, switches = ?, updated_at = ? WHERE id = ?`),
			ply, switchesText(store.SwitchesUpTo(switchesOf(text), ply)), unixMicro(time.Now()), id)
		return err
	})
}

// Finish implements store.Store.
func (s *SQL) Finish(ctx context.Context, id string, r store.Result) error {
	return s.inGame(ctx, id, store.Note{Game: id}, func(ctx context.Context, tx *sql.Tx, _ int, finished bool) error {
		if finished {
			return store.ErrConflict
		}
		link, err := s.gameLink(ctx, tx, id)
		if err != nil {
			return err
		}
		if link.Rated {
			return store.ErrRated
		}
		return s.finish(ctx, tx, id, r)
	})
}

// finish records the result of game id in tx.
func (s *SQL) finish(ctx context.Context, tx *sql.Tx, id string, r store.Result) error {
	_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET revision = revision + 1, finished = 1, result_reason = ?, result_winner = ?, result_by = ?,
		result_black = ?, result_white = ?, result_detail = ?, updated_at = ? WHERE id = ?`),
		r.Reason, r.Winner, r.By, r.Black, r.White, r.Detail, unixMicro(time.Now()), id)
	return err
}

// Rematch implements store.Store.
func (s *SQL) Rematch(ctx context.Context, id string, color int, next *store.Game) (store.Rematch, error) {
	if color != 0 && color != 1 {
		return store.Rematch{}, fmt.Errorf("store: no seat %d", color)
	}
	now := time.Now()
	tx, end, err := s.begin(ctx)
	if err != nil {
		return store.Rematch{}, err
	}
	defer end()
	defer tx.Rollback()
	var finished, offers int
	var made string
	err = tx.QueryRowContext(ctx, s.q(`SELECT finished, rematch_offers, rematch_game FROM games WHERE id = ?`+s.d.ForUpdate), id).Scan(&finished, &offers, &made)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Rematch{}, store.ErrNotFound
	}
	if err != nil {
		return store.Rematch{}, fmt.Errorf("store: the rematch of %s: %w", id, err)
	}
	if finished == 0 {
		return store.Rematch{}, store.ErrConflict
	}
	was, wasMade := offers, made
	offers |= 1 << color
	if offers == 3 && made == "" && next != nil {
		if err := s.insert(ctx, tx, next, now); err != nil {
			return store.Rematch{}, err
		}
		made = next.ID
	}
	r := store.Rematch{Offered: [2]bool{offers&1 != 0, offers&2 != 0}, Game: made}
	if offers == was && made == wasMade {
		return r, nil // asked before: nothing changes
	}
	// Not a move of the game: its time stays the time it ended.
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET revision = revision + 1, rematch_offers = ?, rematch_game = ? WHERE id = ?`),
		offers, made, id); err != nil {
		return store.Rematch{}, fmt.Errorf("store: the rematch of %s: %w", id, err)
	}
	if err := s.announce(ctx, tx, store.Note{Game: id}); err != nil {
		return store.Rematch{}, err
	}
	if err := tx.Commit(); err != nil {
		return store.Rematch{}, fmt.Errorf("store: the rematch of %s: %w", id, err)
	}
	if made != wasMade {
		next.Created, next.Updated = now.UTC().Truncate(time.Microsecond), now.UTC().Truncate(time.Microsecond)
	}
	return r, nil
}

// Claim implements store.Cluster.
func (s *SQL) Claim(ctx context.Context, id, owner string, until time.Time) (bool, error) {
	tx, end, err := s.begin(ctx)
	if err != nil {
		return false, err
	}
	defer end()
	defer tx.Rollback()
	var cur string
	var lease int64
	err = tx.QueryRowContext(ctx, s.q(`SELECT owner, lease_until FROM games WHERE id = ?`+s.d.ForUpdate), id).Scan(&cur, &lease)
	if errors.Is(err, sql.ErrNoRows) {
		return false, store.ErrNotFound
	}
	if err != nil {
		return false, err
	}
	if cur != owner && cur != "" && lease > unixMicro(time.Now()) {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET owner = ?, lease_until = ? WHERE id = ?`), owner, unixMicro(until), id); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// Renew implements store.Cluster.
func (s *SQL) Renew(ctx context.Context, owner string, ids []string, until time.Time) (map[string]int64, error) {
	kept := map[string]int64{}
	for len(ids) > 0 {
		batch := ids[:min(len(ids), 500)]
		ids = ids[len(batch):]
		args := []any{unixMicro(until), owner}
		marks := make([]string, len(batch))
		for i, id := range batch {
			marks[i] = "?"
			args = append(args, id)
		}
		rows, err := s.db.QueryContext(ctx, s.q(`UPDATE games SET lease_until = ? WHERE owner = ? AND id IN (`+strings.Join(marks, ", ")+`) RETURNING id, revision`), args...)
		if err != nil {
			return nil, fmt.Errorf("store: renewing claims: %w", err)
		}
		for rows.Next() {
			var id string
			var rev int64
			if err := rows.Scan(&id, &rev); err != nil {
				rows.Close()
				return nil, err
			}
			kept[id] = rev
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return kept, nil
}

// Submit implements store.Cluster.
func (s *SQL) Submit(ctx context.Context, sub store.Submission) error {
	return s.inGame(ctx, sub.Game, store.Note{Game: sub.Game, Submission: true}, func(ctx context.Context, tx *sql.Tx, _ int, _ bool) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO submissions (id, game_id, token_hash, action, square, created_at, decided, verdict)
			VALUES (?, ?, ?, ?, ?, ?, 0, '')`), sub.ID, sub.Game, sub.TokenHash, sub.Action, sub.Square, unixMicro(time.Now())); err != nil {
			return fmt.Errorf("store: submission %s: %w", sub.ID, err)
		}
		return nil
	})
}

const submissionColumns = `id, game_id, token_hash, action, square, created_at, decided, verdict`

func scanSubmission(r scanner) (*store.Submission, error) {
	var sub store.Submission
	var created int64
	var decided int
	if err := r.Scan(&sub.ID, &sub.Game, &sub.TokenHash, &sub.Action, &sub.Square, &created, &decided, &sub.Verdict); err != nil {
		return nil, err
	}
	sub.Created, sub.Decided = fromMicro(created), decided != 0
	return &sub, nil
}

// Pending implements store.Cluster.
func (s *SQL) Pending(ctx context.Context, game string) ([]store.Submission, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+submissionColumns+` FROM submissions
		WHERE game_id = ? AND decided = 0 ORDER BY created_at, id`), game)
	if err != nil {
		return nil, fmt.Errorf("store: pending submissions of %s: %w", game, err)
	}
	defer rows.Close()
	var out []store.Submission
	for rows.Next() {
		sub, err := scanSubmission(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *sub)
	}
	return out, rows.Err()
}

// Decide implements store.Cluster.
func (s *SQL) Decide(ctx context.Context, id, verdict string) error {
	tx, end, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer end()
	defer tx.Rollback()
	var game string
	var decided int
	err = tx.QueryRowContext(ctx, s.q(`SELECT game_id, decided FROM submissions WHERE id = ?`+s.d.ForUpdate), id).Scan(&game, &decided)
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	if err != nil {
		return err
	}
	if decided != 0 {
		return store.ErrConflict
	}
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE submissions SET decided = 1, verdict = ? WHERE id = ?`), verdict, id); err != nil {
		return err
	}
	if err := s.announce(ctx, tx, store.Note{Game: game, Submission: true}); err != nil {
		return err
	}
	return tx.Commit()
}

// Submission implements store.Cluster.
func (s *SQL) Submission(ctx context.Context, id string) (*store.Submission, error) {
	sub, err := scanSubmission(s.db.QueryRowContext(ctx, s.q(`SELECT `+submissionColumns+` FROM submissions WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: submission %s: %w", id, err)
	}
	return sub, nil
}

// Close implements store.Store.
func (s *SQL) Close() error { return s.db.Close() }
