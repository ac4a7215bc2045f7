// The refusals of the live side: what a hall or a table answers when it
// will not do what it is asked, as errors that the HTTP side maps to
// statuses (and, later, to the API's error codes). Each is compared with
// errors.Is (or errors.As, for a *CapError); the texts are English, for
// the log and for clients that read them.

package live

import (
	"errors"
	"time"

	"github.com/reversi-engine/reversi/board"
)

// The refusals of a submission (a move, a resignation, a count, an undo)
// and of the other requests of a seat.
var (
	// ErrBadToken: the token holds no seat of the game.
	ErrBadToken = errors.New("this token does not hold that seat")
	// ErrNotYourTurn: the seat is not to move (only a resignation is
	// taken out of turn).
	ErrNotYourTurn = errors.New("it is not your turn")
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("the game is over")
	// ErrNotRemote: the seat is a built-in player, not played through
	// the API.
	ErrNotRemote = errors.New("that seat is not played through the API")
	// ErrNoRematch refuses a rematch by agreement of a game that is not
	// between two people.
	ErrNoRematch = errors.New("a rematch by agreement is for games between two people (against a computer, start one)")
	// ErrCannotSwitch refuses a switch of sides where it has no meaning.
	ErrCannotSwitch = errors.New("only a person playing the computer, in a game without a game clock, can switch sides")
)

// The refusals of a join (Hall.Join).
var (
	// ErrBadInvite: a join without the invitation's secret.
	ErrBadInvite = errors.New("this open seat is taken only with the invitation's link")
	// ErrNoOpenSeat: the game has no open seat of the colour asked.
	ErrNoOpenSeat = errors.New("no open seat of that colour")
	// ErrSeatTaken: another join took the seat first.
	ErrSeatTaken = errors.New("the seat was taken meanwhile")
)

// The failures of the store, for which a client is not to blame: it may
// try again later.
var (
	// ErrStoreFailed wraps a failed write to the store.
	ErrStoreFailed = errors.New("the server could not store the change (try again later)")
	// ErrStoreUnreadable wraps a failed read of the store.
	ErrStoreUnreadable = errors.New("the server could not read its database (try again later)")
)

// CapError is the refusal of a new game by the caps on live games.
type CapError struct {
	// Reason says which cap, and what to do.
	Reason string
	// Full: the cap of the process in all (the server is busy); else a
	// client's own cap.
	Full bool
	// RetryAfter, if not zero, is when the client may try again.
	RetryAfter time.Duration
}

// Error returns the reason.
func (e *CapError) Error() string { return e.Reason }

// RejectedError is the referee's refusal of a seat's decision: a move the
// rules forbid (Move is its square), or an undo it does not allow (Move
// is board.NoSquare). Reason says why (an illegal move's lists the legal
// ones).
type RejectedError struct {
	Move   board.Square
	Reason string
}

func (e *RejectedError) Error() string { return e.Reason }
