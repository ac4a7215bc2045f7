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

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/server/live"
)

// refusal is the HTTP status and the code of a refusal of the live
// side, or otherwise's if err is none of them (a referee's refusal of a
// move, or the handler's own).
func refusal(err error, otherwise int, otherCode Code) (int, Code) {
	var ce *live.CapError
	switch {
	case errors.As(err, &ce):
		if ce.Full {
			return http.StatusServiceUnavailable, CodeServerFull
		}
		return http.StatusTooManyRequests, CodeClientCap
	case errors.Is(err, live.ErrStoreFailed):
		return http.StatusServiceUnavailable, CodeStoreFailed
	case errors.Is(err, live.ErrStoreUnreadable):
		return http.StatusServiceUnavailable, CodeStoreUnreadable
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return http.StatusServiceUnavailable, CodeTooSlow
	}
	for _, r := range refusals {
		if errors.Is(err, r.err) {
			return r.status, r.code
		}
	}
	var rejected *live.RejectedError
	if errors.As(err, &rejected) {
		if rejected.Move == board.NoSquare {
			return http.StatusUnprocessableEntity, CodeRefused
		}
		return http.StatusUnprocessableEntity, CodeIllegalMove
	}
	return otherwise, otherCode
}

// refusals are the live side's refusals of a client's request, with
// their statuses and codes.
var refusals = []struct {
	err    error
	status int
	code   Code
}{
	{live.ErrBadToken, http.StatusForbidden, CodeBadToken},
	{live.ErrBadInvite, http.StatusForbidden, CodeBadInvite},
	{live.ErrNotYourTurn, http.StatusConflict, CodeNotYourTurn},
	{live.ErrGameOver, http.StatusConflict, CodeGameOver},
	{live.ErrNotRemote, http.StatusConflict, CodeNotRemote},
	{live.ErrCannotSwitch, http.StatusConflict, CodeCannotSwitch},
	{live.ErrNoRematch, http.StatusConflict, CodeNoRematch},
	{live.ErrNoOpenSeat, http.StatusConflict, CodeNoOpenSeat},
	{live.ErrSeatTaken, http.StatusConflict, CodeSeatTaken},
}

// refuse answers a refusal of the live side with its status and code
// (otherwise's, if err is none of them). A failure of the server's own
// is answered as unavailable says; a refusal by the caps on games says
// its reason, and when to try again if it knows.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error, otherwise int, otherCode Code) {
	status, code := refusal(err, otherwise, otherCode)
	var ce *live.CapError
	isCap := errors.As(err, &ce)
	if status == http.StatusServiceUnavailable && !isCap {
		s.unavailable(w, r, err)
		return
	}
	if isCap && ce.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(max(time.Second, ce.RetryAfter).Seconds())))
	}
	writeError(w, status, code, err.Error())
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
	pub, code := publicFailure(err), CodeStoreUnreadable
	switch pub {
	case live.ErrStoreFailed:
		code = CodeStoreFailed
	case errTooSlow:
		code = CodeTooSlow
	}
	writeError(w, http.StatusServiceUnavailable, code, pub.Error())
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

// classicStatus is the status of a refusal on the course's endpoints,
// which answer plain text without codes.
func classicStatus(err error) int {
	status, _ := refusal(err, http.StatusUnprocessableEntity, CodeRefused)
	return status
}
