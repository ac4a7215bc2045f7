// The API's error codes: every error answer carries one, stable, for
// clients (the web page translates by it) where the English message may
// be reworded.

package server

import (
	"errors"
	"net/http"
	"strings"

	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

// Code is the stable name of a kind of error answer, the "code" of its
// JSON body: a client tells errors apart by it, never by the message,
// which is English for people and may be reworded. docs/API.md lists
// them; a code, once published, keeps its meaning.
type Code string

// The codes, with the status each comes with (Codes lists them all).
const (
	// The request itself.
	CodeNoEndpoint       Code = "no_endpoint"        // 404: the API has no such path
	CodeMethodNotAllowed Code = "method_not_allowed" // 405: the path does not take this method (Allow lists those it takes)
	CodeBadMediaType     Code = "bad_media_type"     // 415: a body that is not sent as application/json
	CodeBadBody          Code = "bad_body"           // 400: a body that is not JSON of the request's shape (or is too large)
	CodeBadRequest       Code = "bad_request"        // 400: a field or parameter that is missing or out of range; the message names it
	CodeWrongHost        Code = "wrong_host"         // 421: a host name the server does not answer for
	CodeCrossOrigin      Code = "cross_origin"       // 403: a change asked by a page of another site

	// Positions, records and players.
	CodeBadPosition       Code = "bad_position"        // 400: no start given, more than one, or a finished start
	CodeBadBoard          Code = "bad_board"           // 400: a board text that cannot be read
	CodeBadTranscript     Code = "bad_transcript"      // 400: a transcript that cannot be read
	CodeBadTranscriptMove Code = "bad_transcript_move" // 400: a transcript's move that cannot be played ("move", "move_text")
	CodeBadGGF            Code = "bad_ggf"             // 400: a GGF text that cannot be read
	CodeBadGGFMove        Code = "bad_ggf_move"        // 400: a GGF game's move that cannot be read or played ("move", "move_text")
	CodeBadRule           Code = "bad_rule"            // 400: a rule the server does not know
	CodeBadSquare         Code = "bad_square"          // 400: a move that is not a square
	CodeBadPlayer         Code = "bad_player"          // 400: a player the server does not offer, or its options out of range
	CodeEngineNotOffered  Code = "engine_not_offered"  // 400: an analysis asked of the engine where it is not offered

	// Games and seats.
	CodeNoGame       Code = "no_game"       // 404: no such game
	CodeBadToken     Code = "bad_token"     // 403: a token that does not hold a seat of the game
	CodeNotYourSeat  Code = "not_your_seat" // 403: a request without a token whose account holds no seat of the game
	CodeBadInvite    Code = "bad_invite"    // 403: an invitation that does not hold the open seat
	CodeNotYourTurn  Code = "not_your_turn" // 409: the other side is to move
	CodeGameOver     Code = "game_over"     // 409: the game is over
	CodeNotOver      Code = "not_over"      // 409: a rematch asked before the game is over
	CodeNotRemote    Code = "not_remote"    // 409: the seat is not played through the API
	CodeCannotSwitch Code = "cannot_switch" // 409: only a person playing the computer without a game clock switches sides
	CodeNoRematch    Code = "no_rematch"    // 409: no rematch for this game (not two people, or one was made)
	CodeNoOpenSeat   Code = "no_open_seat"  // 409: the game has no open seat to join
	CodeSeatTaken    Code = "seat_taken"    // 409: another client took the seat
	CodeIllegalMove  Code = "illegal_move"  // 422: a move the rules forbid (the message lists the legal ones)
	CodeRefused      Code = "refused"       // 422: another decision the referee refuses
	CodeNoHelp       Code = "no_help"       // 403: an analysis of a game in progress between players

	// Accounts.
	CodeNoAccounts         Code = "no_accounts"          // 501: the server's store keeps no accounts
	CodeNoSuchAccount      Code = "no_such_account"      // 404: no account of that name
	CodeNoTournament       Code = "no_tournament"        // 404: no such tournament
	CodeBadTournament      Code = "bad_tournament"       // 400: a tournament's settings or entrants refused
	CodeTournamentState    Code = "tournament_state"     // 409: not now: the tournament has started (or ended, or not started)
	CodeTooManyTournaments Code = "too_many_tournaments" // 409: the caller's (or the instance's) tournaments at once are at their limit
	CodeNotYours           Code = "not_yours"            // 403: an account or tournament the caller may not act for
	CodeNoOffer            Code = "no_offer"             // 404: no such offer in the lobby
	CodeBadOffer           Code = "bad_offer"            // 400: an offer's clock, colour, range or expiry refused
	CodeOfferClosed        Code = "offer_closed"         // 409: the offer is not open any more: accepted, declined, cancelled or expired
	CodeOutOfRange         Code = "out_of_range"         // 403: a rating outside the seek's range
	CodeTooManyOffers      Code = "too_many_offers"      // 429: too many open offers: cancel one
	CodeBadName            Code = "bad_name"             // 400: a name an account cannot have (the message says why)
	CodeBadPassword        Code = "bad_password"         // 400: a password the server does not take (the message says why)
	CodeNameTaken          Code = "name_taken"           // 409: another account has the name, in any case
	CodeInvitationRequired Code = "invitation_required"  // 403: the server registers only with an invitation, and none was given
	CodeBadInvitation      Code = "bad_invitation"       // 403: no such invitation, or it was used or has expired
	CodeBadCredentials     Code = "bad_credentials"      // 401: a wrong name or password
	CodeAccountDisabled    Code = "account_disabled"     // 403: the account (or the person owning the bot) is disabled
	CodeNotLoggedIn        Code = "not_logged_in"        // 401: no session, or it ended: log in
	CodePersonOnly         Code = "person_only"          // 403: only a person logged in may do this, not a bot
	CodeBadAPIKey          Code = "bad_api_key"          // 401: an Authorization key that is no API key, or was revoked
	CodeNoBot              Code = "no_bot"               // 404: the person has no bot of that name
	CodeNoKey              Code = "no_key"               // 404: the bot has no API key of that id
	CodeLoginRateLimited   Code = "login_rate_limited"   // 429: too many attempts to log in, for the name or from the client
	CodeLoginBusy          Code = "login_busy"           // 503: the server is checking too many passwords at once

	// Studies.
	CodeNoStudies    Code = "no_studies"     // 501: the server's store keeps no studies
	CodeNoStudy      Code = "no_study"       // 404: no such study
	CodeBadStudy     Code = "bad_study"      // 400: a study (its JSON, SGF or title) that cannot be read or is beyond the limits; the message names the node
	CodeBadStudyMove Code = "bad_study_move" // 400: a study's move that cannot be played ("move": its number in its line, "move_text")
	CodeNotYourStudy Code = "not_your_study" // 403: a change without the study's edit token, by someone other than its owner
	CodeStudyChanged Code = "study_changed"  // 409: the study was saved meanwhile (the revision given is not the last): read it again
	CodeStudiesFull  Code = "studies_full"   // 503: the server keeps as many studies as it may (Config.MaxStudies)

	// Limits.
	CodeRateLimited    Code = "rate_limited"     // 429: too many requests from one client
	CodeTooManySockets Code = "too_many_sockets" // 429: too many live connections of one client
	CodeClientCap      Code = "client_cap"       // 429: a client's cap (its live games, its finished games a day); the message says which
	CodeServerFull     Code = "server_full"      // 503: the server is at its cap of live games
	CodeBusy           Code = "busy"             // 503: every analysis slot is taken: try again in a moment
	CodeAnalysisCut    Code = "analysis_cut"     // 503: the analysis found nothing within its limit
	CodeAnalysisFailed Code = "analysis_failed"  // 503: the analysis failed (the server's log says why)

	// The server's own failures.
	CodeStoreFailed     Code = "store_failed"     // 503: the server could not store the change
	CodeStoreUnreadable Code = "store_unreadable" // 503: the server could not read its database
	CodeTooSlow         Code = "too_slow"         // 503: the request ran out of time inside the server
	CodeUnhealthy       Code = "unhealthy"        // 503: the health check failed (its message says which part)
	CodeWTHORMissing    Code = "wthor_missing"    // 503: the WTHOR database is not available here
	CodeInternal        Code = "internal"         // 500: a fault of the server (logged)

	// The WTHOR search's query.
	CodeWTHORShort Code = "wthor_short" // 400: a name of fewer than 2 characters
	CodeWTHORLong  Code = "wthor_long"  // 400: a name too long to search for
	CodeWTHORYear  Code = "wthor_year"  // 400: a year that is not one
	CodeWTHOREmpty Code = "wthor_empty" // 400: no player, tournament or year given

	// A game's WebSocket.
	CodeBadMessage Code = "bad_message" // a message of the client that cannot be read (in an error message, not an HTTP answer)
)

// CodeInfo describes a code: the HTTP status it comes with (0 for a
// WebSocket's error message) and what it means.
type CodeInfo struct {
	Code   Code
	Status int
}

// Codes lists every code the API answers, with its status, in the
// order docs/API.md lists them.
var Codes = []CodeInfo{
	{CodeNoEndpoint, http.StatusNotFound},
	{CodeMethodNotAllowed, http.StatusMethodNotAllowed},
	{CodeBadMediaType, http.StatusUnsupportedMediaType},
	{CodeBadBody, http.StatusBadRequest},
	{CodeBadRequest, http.StatusBadRequest},
	{CodeWrongHost, http.StatusMisdirectedRequest},
	{CodeCrossOrigin, http.StatusForbidden},
	{CodeBadPosition, http.StatusBadRequest},
	{CodeBadBoard, http.StatusBadRequest},
	{CodeBadTranscript, http.StatusBadRequest},
	{CodeBadTranscriptMove, http.StatusBadRequest},
	{CodeBadGGF, http.StatusBadRequest},
	{CodeBadGGFMove, http.StatusBadRequest},
	{CodeBadRule, http.StatusBadRequest},
	{CodeBadSquare, http.StatusBadRequest},
	{CodeBadPlayer, http.StatusBadRequest},
	{CodeEngineNotOffered, http.StatusBadRequest},
	{CodeNoGame, http.StatusNotFound},
	{CodeBadToken, http.StatusForbidden},
	{CodeNotYourSeat, http.StatusForbidden},
	{CodeBadInvite, http.StatusForbidden},
	{CodeNotYourTurn, http.StatusConflict},
	{CodeGameOver, http.StatusConflict},
	{CodeNotOver, http.StatusConflict},
	{CodeNotRemote, http.StatusConflict},
	{CodeCannotSwitch, http.StatusConflict},
	{CodeNoRematch, http.StatusConflict},
	{CodeNoOpenSeat, http.StatusConflict},
	{CodeSeatTaken, http.StatusConflict},
	{CodeIllegalMove, http.StatusUnprocessableEntity},
	{CodeRefused, http.StatusUnprocessableEntity},
	{CodeNoHelp, http.StatusForbidden},
	{CodeNoAccounts, http.StatusNotImplemented},
	{CodeNoSuchAccount, http.StatusNotFound},
	{CodeNoTournament, http.StatusNotFound},
	{CodeBadTournament, http.StatusBadRequest},
	{CodeTournamentState, http.StatusConflict},
	{CodeTooManyTournaments, http.StatusConflict},
	{CodeNotYours, http.StatusForbidden},
	{CodeNoOffer, http.StatusNotFound},
	{CodeBadOffer, http.StatusBadRequest},
	{CodeOfferClosed, http.StatusConflict},
	{CodeOutOfRange, http.StatusForbidden},
	{CodeTooManyOffers, http.StatusTooManyRequests},
	{CodeBadName, http.StatusBadRequest},
	{CodeBadPassword, http.StatusBadRequest},
	{CodeNameTaken, http.StatusConflict},
	{CodeInvitationRequired, http.StatusForbidden},
	{CodeBadInvitation, http.StatusForbidden},
	{CodeBadCredentials, http.StatusUnauthorized},
	{CodeAccountDisabled, http.StatusForbidden},
	{CodeNotLoggedIn, http.StatusUnauthorized},
	{CodePersonOnly, http.StatusForbidden},
	{CodeBadAPIKey, http.StatusUnauthorized},
	{CodeNoBot, http.StatusNotFound},
	{CodeNoKey, http.StatusNotFound},
	{CodeLoginRateLimited, http.StatusTooManyRequests},
	{CodeLoginBusy, http.StatusServiceUnavailable},
	{CodeNoStudies, http.StatusNotImplemented},
	{CodeNoStudy, http.StatusNotFound},
	{CodeBadStudy, http.StatusBadRequest},
	{CodeBadStudyMove, http.StatusBadRequest},
	{CodeNotYourStudy, http.StatusForbidden},
	{CodeStudyChanged, http.StatusConflict},
	{CodeStudiesFull, http.StatusServiceUnavailable},
	{CodeRateLimited, http.StatusTooManyRequests},
	{CodeTooManySockets, http.StatusTooManyRequests},
	{CodeClientCap, http.StatusTooManyRequests},
	{CodeServerFull, http.StatusServiceUnavailable},
	{CodeBusy, http.StatusServiceUnavailable},
	{CodeAnalysisCut, http.StatusServiceUnavailable},
	{CodeAnalysisFailed, http.StatusServiceUnavailable},
	{CodeStoreFailed, http.StatusServiceUnavailable},
	{CodeStoreUnreadable, http.StatusServiceUnavailable},
	{CodeTooSlow, http.StatusServiceUnavailable},
	{CodeUnhealthy, http.StatusServiceUnavailable},
	{CodeWTHORMissing, http.StatusServiceUnavailable},
	{CodeInternal, http.StatusInternalServerError},
	{CodeWTHORShort, http.StatusBadRequest},
	{CodeWTHORLong, http.StatusBadRequest},
	{CodeWTHORYear, http.StatusBadRequest},
	{CodeWTHOREmpty, http.StatusBadRequest},
	{CodeBadMessage, 0},
}

// apiError is the body of every error answer: the message, its code,
// and for a move of a transcript or a GGF game that cannot be played,
// which (its 1-based number and the move as written).
type apiError struct {
	Error    string `json:"error"`
	Code     Code   `json:"code"`
	Move     int    `json:"move,omitempty"`
	MoveText string `json:"move_text,omitempty"`
}

// codedError is an error marked with the code of its answer (and the
// move at fault, if it names one).
type codedError struct {
	code     Code
	move     int
	moveText string
	err      error
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

// withCode marks err with code; nil stays nil.
func withCode(code Code, err error) error {
	if err == nil {
		return nil
	}
	return &codedError{code: code, err: err}
}

// positionError marks an error of reading a start position's text (its
// message already says which field): a transcript's or a GGF game's
// move at fault is named apart.
func positionError(code Code, err error) error {
	ce := &codedError{code: code, err: err}
	var te *game.TranscriptError
	var pe *ggf.ParseError
	switch {
	case errors.As(err, &te):
		ce.code, ce.move, ce.moveText = CodeBadTranscriptMove, te.Index, te.Text
	case errors.As(err, &pe) && pe.Move > 0:
		ce.code, ce.move, ce.moveText = CodeBadGGFMove, pe.Move, pe.Value
	}
	return ce
}

// answerOf is the body of the answer to err: its mark's code, else
// otherwise.
func answerOf(err error, otherwise Code) apiError {
	a := apiError{Error: err.Error(), Code: otherwise}
	var ce *codedError
	if errors.As(err, &ce) {
		a.Code, a.Move, a.MoveText = ce.code, ce.move, ce.moveText
	}
	return a
}

// unprefixed is an error whose message is shown without a prefix it
// starts with (a parser's "ggf: " where the caller says it itself); it
// unwraps to the error, so that its type is still found.
type unprefixed struct {
	err    error
	prefix string
}

func (e unprefixed) Error() string { return strings.TrimPrefix(e.err.Error(), e.prefix) }
func (e unprefixed) Unwrap() error { return e.err }
