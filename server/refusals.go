// The refusals of the live side (the hall and its tables), which the
// HTTP side turns into statuses (verdictStatus, refuse, unavailable);
// they move to package live with the hall, exported, and carry the API's
// error codes.

package server

import (
	"errors"
	"time"
)

// The refusals of a submission.
var (
	errBadToken    = errors.New("this token does not hold that seat")
	errNotYourTurn = errors.New("it is not your turn")
	errGameOver    = errors.New("the game is over")
	errNotRemote   = errors.New("that seat is not played through the API")
)

var (
	// errStoreFailed wraps a failed write to the store: 503, retryable.
	errStoreFailed = errors.New("the server could not store the change (try again later)")
	// errBadInvite: a join without the invitation's secret.
	errBadInvite = errors.New("this open seat is taken only with the invitation's link")
	// errCannotSwitch refuses a switch of sides where it has no meaning.
	errCannotSwitch = errors.New("only a person playing the computer, in a game without a game clock, can switch sides")
)

// capError is a refusal of a new game by the caps on live games: the
// server's cap in all (full: 503), or a client's (429); after, if not
// zero, says when the client may try again (Retry-After).
type capError struct {
	error
	full  bool
	after time.Duration
}
