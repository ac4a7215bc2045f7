// Remote seats: the adapter that lets a player who plays through the API
// (a person in a browser, a bot) sit at a table as a player.Player for
// the referee, and the submissions it waits for.

package live

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/player"
)

// submission is a move (or resignation, or undo) sent by a remote seat,
// waiting for the referee's verdict.
type submission struct {
	reply  player.Reply
	result chan error // nil: accepted; else why not
}

// remote is a seat played through the API: its Move waits for a
// submission.
type remote struct {
	name string
	// idle is how long Move waits before the seat loses by forfeit, as
	// an abandoned game (0 or less: for ever).
	idle   time.Duration
	inbox  chan *submission
	seen   chan struct{} // closed once the seat's player has seen the board
	seenAt time.Time     // when (under mu)
	once   sync.Once
	mu     sync.Mutex
	asking bool        // the referee waits for this seat's move
	last   *submission // the submission the referee is judging
	// waitFrom is when ready began to wait for this turn's player (zero:
	// it did not wait), for the idle limit, which counts the wait too.
	waitFrom time.Time
}

func newRemote(name string) *remote {
	return &remote{name: name, inbox: make(chan *submission), seen: make(chan struct{})}
}

// sees records that the seat's player sees the board (its page has
// subscribed with the seat's token, or it has sent a decision).
func (r *remote) sees() {
	r.once.Do(func() {
		r.mu.Lock()
		r.seenAt = time.Now()
		r.mu.Unlock()
		close(r.seen)
	})
}

// seenSince says whether the seat's player has seen the board, and since
// when.
func (r *remote) seenSince() (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seenAt, !r.seenAt.IsZero()
}

// ready waits, before the referee starts the clock of a person's seat,
// until its player has seen the board: the clock does not run while the
// page loads, nor after a restart until the page is back. (A bot's clock
// starts at once: its seat is not asked.) It stops waiting after the idle
// limit (the move then forfeits at once, see Move) or when ctx ends (the
// error).
func (r *remote) ready(ctx context.Context) error {
	select {
	case <-r.seen:
		return nil
	default:
	}
	r.mu.Lock()
	r.waitFrom = time.Now()
	r.mu.Unlock()
	var idle <-chan time.Time
	if r.idle > 0 {
		timer := time.NewTimer(r.idle)
		defer timer.Stop()
		idle = timer.C
	}
	select {
	case <-r.seen:
	case <-idle:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}

func (r *remote) Name() string { return r.name }

// Move waits for the next submission, until the referee's deadline.
func (r *remote) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	r.mu.Lock()
	r.asking = true
	from := r.waitFrom
	r.waitFrom = time.Time{}
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.asking = false
		r.mu.Unlock()
	}()
	var idle <-chan time.Time
	if r.idle > 0 {
		// The wait for the player to see the board counts (ready).
		wait := r.idle
		if !from.IsZero() {
			wait -= time.Since(from)
		}
		timer := time.NewTimer(max(wait, 0))
		defer timer.Stop()
		idle = timer.C
	}
	select {
	case s := <-r.inbox:
		r.mu.Lock()
		r.last = s
		r.mu.Unlock()
		return s.reply, nil
	case <-ctx.Done():
		return player.Reply{}, ctx.Err()
	case <-idle:
		return player.Reply{}, fmt.Errorf("abandoned: no move for %v", r.idle)
	}
}

// verdict resolves the submission being judged, if any.
func (r *remote) verdict(err error) {
	r.mu.Lock()
	s := r.last
	r.last = nil
	r.mu.Unlock()
	if s != nil {
		s.result <- err
	}
}
