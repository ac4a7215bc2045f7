// Remote seats: the adapter that lets a player who plays through the API
// (a person in a browser, a bot) sit at a table as a player.Player for
// the referee, and the submissions it waits for.

package server

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
	mu     sync.Mutex
	asking bool        // the referee waits for this seat's move
	last   *submission // the submission the referee is judging
}

func newRemote(name string) *remote {
	return &remote{name: name, inbox: make(chan *submission)}
}

func (r *remote) Name() string { return r.name }

// Move waits for the next submission, until the referee's deadline.
func (r *remote) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	r.mu.Lock()
	r.asking = true
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.asking = false
		r.mu.Unlock()
	}()
	var idle <-chan time.Time
	if r.idle > 0 {
		timer := time.NewTimer(r.idle)
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
