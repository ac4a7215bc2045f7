// The refusals of the live side (package live's errors) as HTTP
// statuses: the one place that maps them, where the API's error codes
// are to be added; and what a client reads of a failure of the server's
// own.

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
		errors.Is(err, live.ErrCannotSwitch), errors.Is(err, live.ErrNoRematch), errors.Is(err, live.ErrNoOpenSeat), errors.Is(err, live.ErrSeatTaken):
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

// errTooSlow is what a client reads of a request that ran out of time
// inside the server: 503, retryable (see publicFailure).
var errTooSlow = errors.New("the server did not answer in time (try again later)")

// unavailable answers 503 (with Retry-After) to a request that a failure
// of the server's own stopped, mostly its store's: the error, which may
// name the database, its user, its address or its files, goes to the log
// with the request, and the client reads a generic text of what happened
// and what to do (live.ErrStoreFailed, live.ErrStoreUnreadable or
// errTooSlow).
// A refusal of the client's request is not for it: that is a 4xx with
// its reason.
func (s *Server) unavailable(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Error("request failed", "route", routeOf(r), "client", s.addressOf(r), "err", err)
	writeError(w, http.StatusServiceUnavailable, publicFailure(err).Error())
}

// publicFailure is what a client is told of a failure of the server's
// own: one of the generic errors, never the store's or a player's text.
func publicFailure(err error) error {
	switch {
	case errors.Is(err, live.ErrStoreFailed):
		return live.ErrStoreFailed
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return errTooSlow
	}
	return live.ErrStoreUnreadable
}
