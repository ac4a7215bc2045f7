// The refusals of the live side (package live's errors) as HTTP
// statuses: the one place that maps them, where the API's error codes
// are to be added.

package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/reversi-engine/reversi/server/live"
)

// refusalStatus is the HTTP status of a refusal of the live side, or
// otherwise if err is none of them (a referee's refusal of a move, or
// the handler's own).
func refusalStatus(err error, otherwise int) int {
	var ce *live.CapError
	switch {
	case errors.As(err, &ce):
		if ce.Full {
			return http.StatusServiceUnavailable
		}
		return http.StatusTooManyRequests
	case errors.Is(err, live.ErrStoreFailed), errors.Is(err, live.ErrStoreUnreadable):
		return http.StatusServiceUnavailable
	case errors.Is(err, live.ErrBadToken), errors.Is(err, live.ErrBadInvite):
		return http.StatusForbidden
	case errors.Is(err, live.ErrNotYourTurn), errors.Is(err, live.ErrGameOver), errors.Is(err, live.ErrNotRemote),
		errors.Is(err, live.ErrCannotSwitch), errors.Is(err, live.ErrNoOpenSeat), errors.Is(err, live.ErrSeatTaken):
		return http.StatusConflict
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return http.StatusServiceUnavailable
	}
	return otherwise
}

// refuse answers a refusal of the live side with its status (otherwise,
// if err is none of them). A failure of the server's own is answered as
// unavailable says; a refusal by the caps on games says its reason, and
// when to try again if it knows.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error, otherwise int) {
	status := refusalStatus(err, otherwise)
	var ce *live.CapError
	isCap := errors.As(err, &ce)
	if status == http.StatusServiceUnavailable && !isCap {
		s.unavailable(w, r, err)
		return
	}
	if isCap && ce.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(max(time.Second, ce.RetryAfter).Seconds())))
	}
	writeError(w, status, err.Error())
}
