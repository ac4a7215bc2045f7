// Tables: the live games, each refereed by a goroutine, with their remote
// seats (remote.go), their watchers and their persistence: a table
// stores and shows what the referee decides.

package live

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
	"github.com/reversi-engine/reversi/store"
)

// Table is a live game: its referee (while this process referees it),
// its seats, its clocks and its watchers. A Table comes from its Hall
// (Hall.Open); the HTTP side reads it through State and changes it
// through its methods and the Hall's.
type Table struct {
	id     string
	h      *Hall
	cancel context.CancelFunc
	done   chan struct{}
	// match is the game's referee, once it runs (set under mu).
	match *referee.Match

	// syncMu serialises the syncs with the store; syncWanted: one is
	// scheduled (see poke).
	syncMu     sync.Mutex
	syncWanted atomic.Bool
	// writeMu is held while this process changes the game in the store
	// and counts the change, so that a sync sees both or neither.
	writeMu sync.Mutex
	// dropped is closed when the table is given up (its game changed
	// under it: another process referees it now); watchers reconnect.
	dropped  chan struct{}
	dropOnce sync.Once

	mu       sync.Mutex
	rec      *store.Game // the stored game (seats with token hashes)
	g        *game.Game  // the game as the referee last reported it
	version  int         // changes so far, for watchers (this process's count)
	revision int64       // the store's revision of the game (the same in every process)
	mirror   bool        // another process referees the game
	running  bool        // this process's referee plays the game
	used     [2]time.Duration
	turnAt   time.Time // when the side to move's clock started
	thinking [2]*player.Thinking
	// live is what the built-in player to move has found so far, liveOf
	// the ply it is thinking about (-1: nothing); liveAt when it was last
	// shown.
	live     *player.Thinking
	liveOf   int
	liveAt   time.Time
	remotes  [2]*remote
	watchers map[chan struct{}]struct{}
	// message is the encoded state of change messageOf (see encoded).
	message   []byte
	messageOf int
	failed    error // the store failed: the table stopped
	// creator is the client address that created the game ("" if
	// unknown: a game resumed from the store), for the cap per client.
	creator string
	// since is when this process opened the table, for the abandonment
	// of games that wait for a player.
	since time.Time
	// lastUse is when the game ended here or its last watcher left, for
	// forgetting finished tables nobody watches (forgetFinished).
	lastUse time.Time
}

// ID returns the game's id.
func (t *Table) ID() string { return t.id }

// Dropped is closed when this process gives the table up (another process
// referees the game now, or its sides were switched): its watchers
// reconnect, and the next Hall.Open opens the game again.
func (t *Table) Dropped() <-chan struct{} { return t.dropped }

// setCreator records the client that created the game, unless it is
// known already or client is "" (unknown).
func (t *Table) setCreator(client string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.creator == "" {
		t.creator = client
	}
}

// client names the game's client for the shares of the search slots: its
// creator, or, for a game whose creator is unknown (resumed after a
// restart), the game itself.
func (t *Table) client() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.creator == "" {
		return "game " + t.id
	}
	return t.creator
}

// Submit sends a remote seat's decision to the referee and waits for the
// verdict (which comes after the move is stored): nil, a refusal of
// this package (ErrBadToken, ErrGameOver, ErrNotRemote, ErrNotYourTurn),
// the referee's (an illegal move, an undo refused), or a failure
// (ErrStoreFailed, the context's error).
func (t *Table) Submit(ctx context.Context, token string, reply player.Reply) error {
	return t.SubmitHash(ctx, HashToken(token), reply)
}

// SubmitHash is Submit with the token's hash; a mirror table forwards it
// to the game's referee.
func (t *Table) SubmitHash(ctx context.Context, tokenHash string, reply player.Reply) error {
	t.mu.Lock()
	if t.mirror {
		// The referee's process judges everything: this copy of the game
		// may be some milliseconds behind.
		t.mu.Unlock()
		return t.forward(ctx, tokenHash, reply)
	}
	color := SeatOf(t.rec.Seats, tokenHash)
	over := t.g.Finished()
	turn := int(t.g.Turn())
	r := (*remote)(nil)
	if color >= 0 {
		r = t.remotes[color]
	}
	match := t.match
	t.mu.Unlock()
	switch {
	case color < 0:
		return ErrBadToken
	case over:
		return ErrGameOver
	case r == nil:
		return ErrNotRemote
	case turn != color && !reply.Resign:
		return ErrNotYourTurn
	}
	if reply.Resign && turn != color {
		return t.resignOutOfTurn(ctx, match, board.Color(color))
	}
	r.sees() // a decision is sent from the board: its clock may start
	s := &submission{reply: reply, result: make(chan error, 1)}
	select {
	case r.inbox <- s:
	case <-ctx.Done():
		return ctx.Err()
	case <-t.done:
		return ErrGameOver
	}
	select {
	case err := <-s.result:
		return err
	case <-ctx.Done():
		return ctx.Err()
	case <-t.done:
		// The game ended while judging (a resignation ends it).
		select {
		case err := <-s.result:
			return err
		default:
			return nil
		}
	}
}

// Seen records that the player of the seat whose token hashes to
// tokenHash sees the board (its page has subscribed to the game with the
// token): a person's clock starts then (remote.ready). A mirror hands it
// to the game's referee. A hash of no seat changes nothing.
func (t *Table) Seen(ctx context.Context, tokenHash string) {
	t.mu.Lock()
	if t.mirror {
		t.mu.Unlock()
		if err := t.forwardSub(ctx, store.Submission{ID: NewID(12), Game: t.id, TokenHash: tokenHash, Action: "seen"}); err != nil && ctx.Err() == nil {
			t.h.log.Warn("handing a seat's first look to the game's server", "game", t.id, "err", err)
		}
		return
	}
	color := SeatOf(t.rec.Seats, tokenHash)
	if color < 0 || t.remotes[color] == nil {
		t.mu.Unlock()
		return
	}
	r := t.remotes[color]
	t.mu.Unlock()
	if _, ok := r.seenSince(); ok {
		return
	}
	r.sees()
	t.mu.Lock()
	t.changedLocked() // the clock of the side to move may show now
	t.mu.Unlock()
}

// State is what a table shows at one moment: a snapshot, to read
// outside the table's lock (a table replaces its game, never changes it
// in place, and the record is the snapshot's own copy).
type State struct {
	// ID is the game's.
	ID string
	// Record is a copy of the stored game (its seats with their tokens'
	// hashes).
	Record store.Game
	// Game is the game as its referee last reported it.
	Game *game.Game
	// Revision is the store's revision of the game (the same in every
	// process); Version counts this process's changes of the table,
	// the thinking shown included.
	Revision int64
	Version  int
	// Used is the game clock each side has used, less the increments
	// its moves earned.
	Used [2]time.Duration
	// ClockWaits: the side to move is a person whose clock waits for its
	// player to see the board; else TurnSince is since when it runs.
	ClockWaits bool
	TurnSince  time.Time
	// Thinking is what each side thought for its last move; Live what
	// the built-in player to move has found so far, if LiveOf is the
	// game's ply.
	Thinking [2]*player.Thinking
	Live     *player.Thinking
	LiveOf   int
}

// State returns what the table shows now.
func (t *Table) State() State {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stateLocked()
}

// stateLocked is state (t.mu held).
func (t *Table) stateLocked() State {
	waits, at := t.clockWaitsLocked()
	return State{ID: t.id, Record: *t.rec, Game: t.g, Revision: t.revision, Version: t.version, Used: t.used,
		ClockWaits: waits, TurnSince: at, Thinking: t.thinking, Live: t.live, LiveOf: t.liveOf}
}

// Encoded returns the encoding of the table's state by encode, made once
// per change for all who ask (a game's sockets), and the change count it
// is of.
func (t *Table) Encoded(encode func(State) []byte) ([]byte, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.message == nil || t.messageOf != t.version {
		t.message, t.messageOf = encode(t.stateLocked()), t.version
	}
	return t.message, t.version
}

// clockWaitsLocked says whether the side to move is a person whose clock
// has not started, its player not having seen the board yet, and else
// since when its clock runs (t.mu held).
func (t *Table) clockWaitsLocked() (bool, time.Time) {
	at := t.turnAt
	c := t.g.Turn()
	if t.mirror || c == board.NoColor || t.rec.Seats[c].Kind != store.Human || t.remotes[c] == nil {
		return false, at
	}
	since, ok := t.remotes[c].seenSince()
	if !ok {
		return true, at
	}
	if since.After(at) {
		at = since
	}
	return false, at
}

// resignOutOfTurn hands the referee the resignation of the side not to
// move; the referee ends the game, and observe stores the end before
// Resign returns.
func (t *Table) resignOutOfTurn(ctx context.Context, m *referee.Match, c board.Color) error {
	if m != nil {
		err := m.Resign(ctx, c)
		if errors.Is(err, referee.ErrGameOver) {
			return ErrGameOver
		}
		t.mu.Lock()
		failed := t.failed
		t.mu.Unlock()
		if err == nil && failed != nil {
			return failed // the store failed storing the end: ErrStoreFailed, to retry
		}
		return err
	}
	// No referee runs yet (a seat is open): there is nobody to decide
	// but the table, as for an abandoned game (see abandonWaiting).
	if _, err := t.endWithoutReferee(game.Resignation, c, ""); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return ErrGameOver
		}
		return fmt.Errorf("storing the result: %w", err)
	}
	t.cancel()
	return nil
}

// endWithoutReferee ends a game that no referee plays (a seat is still
// open) for reason, by the side by: it stores the result, then shows it
// to the watchers. The error is the store's (ErrStoreFailed, or
// store.ErrConflict if the game ended meanwhile).
func (t *Table) endWithoutReferee(reason game.Reason, by board.Color, detail string) (game.Result, error) {
	t.mu.Lock()
	g := t.g.Clone()
	t.mu.Unlock()
	g.Result = game.NewResult(g.Position(), reason, by)
	g.Result.Detail = detail
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	if err := t.h.stored(t.h.finish(context.Background(), t.id, storedResult(g.Result))); err != nil {
		return g.Result, err
	}
	t.mu.Lock()
	t.g = g
	t.revision++
	t.changedLocked()
	t.mu.Unlock()
	return g.Result, nil
}

// observe handles an event of the referee: it stores it, then updates
// the table and its watchers, and gives the remote seat its verdict.
func (t *Table) observe(ev referee.Event) {
	ctx := context.Background()
	st := t.h.cfg.Store
	var err error
	changes := 0 // of the game in the store, each counted by its revision
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	switch ev.Kind {
	case referee.Moved, referee.Passed:
		changes = 1
		m := ev.Move
		sm := store.Move{Ply: ev.Game.Ply() - 1, Color: int(ev.Color), Square: m.Square.String(), Elapsed: m.Time, Eval: m.Eval, HasEval: m.HasEval, At: time.Now()}
		if ev.Thinking != nil && t.h.cfg.EncodeThinking != nil {
			sm.Thinking = t.h.cfg.EncodeThinking(ev.Thinking, ev.Color)
		}
		err = st.AppendMove(ctx, t.id, sm)
		if err == nil && ev.Game.Result.Reason != game.InProgress {
			// The move ended the game on the board, and the referee says
			// so with it: the store has both before the move's answer.
			if err = t.h.finish(ctx, t.id, storedResult(ev.Game.Result)); err == nil {
				changes++
			}
		}
	case referee.Undone:
		changes = 1
		err = st.Truncate(ctx, t.id, ev.Game.Ply())
	case referee.Ended:
		t.mu.Lock()
		stored := t.g.Result.Reason != game.InProgress // with the move that ended it
		t.mu.Unlock()
		if !stored {
			changes = 1
			err = t.h.finish(ctx, t.id, storedResult(ev.Game.Result))
			if errors.Is(err, store.ErrConflict) {
				err, changes = nil, 0 // finished meanwhile by another process
			}
		}
	}
	err = t.h.stored(err)
	t.mu.Lock()
	if err != nil {
		t.failed = err
		t.mu.Unlock()
		t.h.log.Error("store failed: stopping the table", "game", t.id, "err", err)
		for _, r := range t.remotes {
			if r != nil {
				r.verdict(err) // ErrStoreFailed: to retry
			}
		}
		t.cancel()
		return
	}
	t.g = ev.Game
	t.revision += int64(changes)
	t.used = ev.Used
	t.turnAt = time.Now()
	if ev.Kind == referee.Moved && ev.Thinking != nil {
		t.thinking[ev.Color] = ev.Thinking
	}
	t.changedLocked()
	t.mu.Unlock()
	if r := t.remotes[ev.Color]; r != nil {
		switch ev.Kind {
		case referee.Moved, referee.Undone:
			r.verdict(nil)
		case referee.Rejected:
			r.verdict(&RejectedError{Move: ev.Move.Square, Reason: ev.Reason})
		case referee.Ended:
			r.verdict(nil) // a resignation, or the move that ended the game
		}
	}
	if ev.Kind == referee.Ended {
		for _, r := range t.remotes {
			if r != nil {
				r.verdict(nil)
			}
		}
	}
}

// liveEvery bounds how often the thinking of a built-in player is shown.
const liveEvery = 100 * time.Millisecond

// progress shows what the built-in player to move has found so far.
func (t *Table) progress(c board.Color, th player.Thinking) {
	if t.showLive(c, th) {
		if shown := t.h.shown; shown != nil {
			shown(t.id) // a test's seam (see Hall.shown), outside the lock
		}
	}
}

// showLive records th as the live thinking of c, the player to move,
// unless the game has moved on or the last was shown under liveEvery ago;
// it says whether it did.
func (t *Table) showLive(c board.Color, th player.Thinking) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Now()
	if t.g.Finished() || t.g.Turn() != c || now.Sub(t.liveAt) < liveEvery {
		return false
	}
	t.live, t.liveOf, t.liveAt = &th, t.g.Ply(), now
	t.version++ // not a change of the stored game: no revision
	t.wakeLocked()
	return true
}

// changedLocked counts a change and wakes the watchers (t.mu held).
func (t *Table) changedLocked() {
	t.version++
	t.wakeLocked()
}

// wakeLocked wakes the watchers (t.mu held).
func (t *Table) wakeLocked() {
	for w := range t.watchers {
		select {
		case w <- struct{}{}:
		default: // a wake-up is pending already
		}
	}
}

// Watch registers a watcher: a channel woken at every change (a send on
// it wakes the watcher too), and the function that unregisters it.
func (t *Table) Watch() (chan struct{}, func()) {
	w := make(chan struct{}, 1)
	t.mu.Lock()
	if t.watchers == nil {
		t.watchers = map[chan struct{}]struct{}{}
	}
	t.watchers[w] = struct{}{}
	t.mu.Unlock()
	return w, func() {
		t.mu.Lock()
		delete(t.watchers, w)
		if len(t.watchers) == 0 {
			t.lastUse = time.Now()
		}
		t.mu.Unlock()
	}
}
