// The accounts at a game's seats: a person logged in (by the session
// cookie) who creates or joins a game as a human seat, or a bot (by its
// API key) as a bot seat, plays under its account's name, and the game
// is linked to the account (store.Accounts.LinkGame), casual. Rated
// games come with the lobby, where both accounts are known when the
// game is made. An account plays the seats it is linked to without
// their tokens (seatHash): by its session cookie or its API key.

package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// seatAccount returns the account of the request's caller for a seat
// (nil for an anonymous request), or answers an error and returns false
// (a disabled account, a store that fails).
func (s *Server) seatAccount(w http.ResponseWriter, r *http.Request) (*store.Account, bool) {
	c, ok := s.callerOrNone(w, r)
	if c == nil {
		return nil, ok
	}
	return c.Account, true
}

// callerOrNone returns the caller of r (nil for an anonymous request),
// or answers 403 (a disabled account) or the store's failure and
// returns false.
func (s *Server) callerOrNone(w http.ResponseWriter, r *http.Request) (*caller, bool) {
	c, err := s.callerOf(r)
	switch {
	case errors.Is(err, store.ErrDisabled):
		accountError(w, http.StatusForbidden, CodeAccountDisabled, "this account is disabled")
		return nil, false
	case err != nil:
		s.accountsFailed(w, r, err)
		return nil, false
	}
	return c, true
}

// seatKindOf is the kind of seat an account plays: a person a human
// seat, a bot a bot seat.
func seatKindOf(a *store.Account) store.SeatKind {
	if a.Kind == store.BotAccount {
		return store.Bot
	}
	return store.Human
}

// creatorSeat returns the seat of a new game that its creator's account
// a plays, named after it: the one seat of a's kind among the game's
// (the other being open or the server's player), or -1 if there is none
// or two (a person who makes a game between two humans holds both
// tokens, and plays neither as the account).
func creatorSeat(g *store.Game, a *store.Account) int {
	if a == nil {
		return -1
	}
	seat := -1
	for i, st := range g.Seats {
		if st.Kind == seatKindOf(a) {
			if seat >= 0 {
				return -1
			}
			seat = i
		}
	}
	if seat >= 0 {
		g.Seats[seat].Name = a.Name
	}
	return seat
}

// linkSeat links the seat of colour seat of a game to the account a,
// keeping the other seat's link. A failure is logged: the game goes on,
// unlinked.
func (s *Server) linkSeat(ctx context.Context, game string, seat int, a *store.Account) {
	accounts := s.accountsStore()
	if accounts == nil || a == nil || seat < 0 {
		return
	}
	link, err := accounts.GameLink(ctx, game)
	if err == nil {
		link.Accounts[seat] = a.ID
		err = accounts.LinkGame(ctx, game, link)
	}
	if err != nil {
		s.log.Error("the game could not be linked to the account", "game", game, "account", a.ID, "err", err)
	}
}

// seatHash returns the hash that names the seat a request acts for: its
// token's, or, when it carries none, the hash of the seat the caller's
// account is linked to (a person by the session cookie, a bot by its API
// key: an account plays its games without their tokens). A caller whose
// account holds both seats acts for the side to move. It answers the
// error itself and returns false: no token and no caller (400), a
// caller that holds no seat of the game (403 not_your_seat), a disabled
// account (403), a store that fails (503).
func (s *Server) seatHash(w http.ResponseWriter, r *http.Request, t *live.Table, token string) (string, bool) {
	if token != "" {
		return live.HashToken(token), true
	}
	a, ok := s.seatAccount(w, r)
	if !ok {
		return "", false
	}
	if a == nil {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "token: missing (or act as the account at a seat: log in, or send the bot's API key)")
		return "", false
	}
	hash, err := s.accountSeat(r.Context(), t, a)
	if err != nil {
		s.accountsFailed(w, r, err)
		return "", false
	}
	if hash == "" {
		s.metrics.refused.WithLabelValues("token").Inc()
		writeError(w, http.StatusForbidden, CodeNotYourSeat, fmt.Sprintf("%s plays no seat of this game: give the seat's token", a.Name))
		return "", false
	}
	return hash, true
}

// accountSeat returns the token hash of the seat of t's game linked to
// the account a (of the side to move if a holds both), or "" if a holds
// none.
func (s *Server) accountSeat(ctx context.Context, t *live.Table, a *store.Account) (string, error) {
	accounts := s.accountsStore()
	if accounts == nil || a == nil {
		return "", nil
	}
	link, err := accounts.GameLink(ctx, t.ID())
	if err != nil {
		return "", err
	}
	st := t.State()
	seat := -1
	for c, id := range link.Accounts {
		if id == a.ID && (seat < 0 || c == int(st.Game.Turn())) {
			seat = c
		}
	}
	if seat < 0 {
		return "", nil
	}
	return st.Record.Seats[seat].TokenHash, nil
}
