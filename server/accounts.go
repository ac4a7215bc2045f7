// The accounts' endpoints: register, log in and out, who am I, change
// of password, a person's bots and their API keys (package account over
// store.Accounts).

package server

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
)

// RegisterRequest is the body of POST /api/account/register.
type RegisterRequest struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	// Invitation is the code of an invitation, needed on an
	// invitation-only server (Config.InviteOnly), ignored elsewhere.
	Invitation string `json:"invitation,omitempty"`
}

// LoginRequest is the body of POST /api/account/login.
type LoginRequest struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// PasswordRequest is the body of POST /api/account/password.
type PasswordRequest struct {
	Old string `json:"old_password"`
	New string `json:"new_password"`
}

// BotRequest is the body of POST /api/account/bots.
type BotRequest struct {
	Name string `json:"name"`
}

// AccountView is an account as the API shows it (never its password
// hash).
type AccountView struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	// Owner is the id of a bot's person.
	Owner   string    `json:"owner,omitempty"`
	Created time.Time `json:"created"`
}

// KeyView is an API key as the API shows it: Key only in the answer that
// made it, then only its Prefix.
type KeyView struct {
	ID      string     `json:"id"`
	Prefix  string     `json:"prefix"`
	Key     string     `json:"key,omitempty"`
	Created time.Time  `json:"created"`
	Revoked *time.Time `json:"revoked,omitempty"`
}

func viewAccount(a *store.Account) AccountView {
	return AccountView{ID: a.ID, Kind: string(a.Kind), Name: a.Name, Owner: a.Owner, Created: a.Created.UTC()}
}

func viewKey(k store.APIKey) KeyView {
	v := KeyView{ID: k.ID, Prefix: k.Prefix, Created: k.Created.UTC()}
	if !k.Revoked.IsZero() {
		t := k.Revoked.UTC()
		v.Revoked = &t
	}
	return v
}

// accountRoutes adds the accounts' endpoints through api (see routes).
func (s *Server) accountRoutes(api func(pattern, route string, h http.HandlerFunc)) {
	api("POST /api/account/register", "register", s.handleRegister)
	api("POST /api/account/login", "login", s.handleLogin)
	api("POST /api/account/logout", "logout", s.handleLogout)
	api("GET /api/account", "whoami", s.handleWhoAmI)
	api("POST /api/account/password", "password", s.handlePassword)
	api("GET /api/account/bots", "bots", s.handleBots)
	api("POST /api/account/bots", "new_bot", s.handleNewBot)
	api("GET /api/account/bots/{bot}/keys", "keys", s.handleKeys)
	api("POST /api/account/bots/{bot}/keys", "new_key", s.handleNewKey)
	api("POST /api/account/bots/{bot}/keys/{key}/revoke", "revoke_key", s.handleRevokeKey)
}

// accountError answers an error of the accounts' endpoints: every one
// goes through it.
func accountError(w http.ResponseWriter, status int, code Code, msg string) {
	writeError(w, status, code, msg)
}

// accountsFailed answers a failure of the store (logged, not shown).
func (s *Server) accountsFailed(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Error("accounts: the store failed", "route", routeOf(r), "err", err)
	accountError(w, http.StatusServiceUnavailable, CodeStoreFailed, "the server could not reach its database: try again")
}

// readBody decodes a request's JSON body into v as decode does; an empty
// body is an empty object (the endpoints whose fields are all optional).
// The error answer is written, and false returned, if it cannot be read.
func readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := decodeBody(r.Body, v); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadBody)
		return false
	}
	return true
}

// decodeBody reads one JSON object of v's shape, with no unknown field
// and nothing after it; nothing at all leaves v as it is.
func decodeBody(body io.Reader, v any) error { return decodeJSON(body, v, true) }

// clientMessage is an account package error's message for a client,
// without the package's prefix.
func clientMessage(err error) string {
	return strings.TrimPrefix(err.Error(), "account: ")
}

// accounts returns the store's accounts, or answers 501.
func (s *Server) accounts(w http.ResponseWriter) store.Accounts {
	a := s.accountsStore()
	if a == nil {
		accountError(w, http.StatusNotImplemented, CodeNoAccounts, errNoAccounts.Error())
	}
	return a
}

// loggedIn returns the account of r (a person by the session cookie, a
// bot by its key), or answers 401 (none, or the session ended), 403 (a
// disabled account) and nil.
func (s *Server) loggedIn(w http.ResponseWriter, r *http.Request) *caller {
	c, ok := s.callerOrNone(w, r)
	if ok && c == nil {
		accountError(w, http.StatusUnauthorized, CodeNotLoggedIn, "not logged in (or the session ended): log in first")
	}
	return c
}

// person returns the person logged in by r's session cookie, or answers
// 401 (no session, or it ended), 403 (a bot's key, or a disabled
// account) and nil.
func (s *Server) person(w http.ResponseWriter, r *http.Request) *caller {
	c := s.loggedIn(w, r)
	switch {
	case c == nil:
		return nil
	case c.Account.Kind != store.Person:
		accountError(w, http.StatusForbidden, CodePersonOnly, "only a person logged in may do this, not a bot")
		return nil
	}
	return c
}

// personAccounts returns the store's accounts and the person logged in
// by r's session cookie, or answers (501, 401, 403) and a nil caller.
func (s *Server) personAccounts(w http.ResponseWriter, r *http.Request) (store.Accounts, *caller) {
	accounts := s.accounts(w)
	if accounts == nil {
		return nil, nil
	}
	return accounts, s.person(w, r)
}

// startSession makes a session for a person and sets its cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, accounts store.Accounts, a *store.Account) bool {
	token, hash := account.NewSessionToken()
	sess := &store.Session{Hash: hash, Account: a.ID, Expires: time.Now().Add(account.SessionLifetime)}
	if err := accounts.CreateSession(r.Context(), sess); err != nil {
		s.accountsFailed(w, r, err)
		return false
	}
	s.setSession(w, r, token, sess.Expires)
	return true
}

func (s *Server) handleRegister(w http.ResponseWriter, r *http.Request) {
	accounts := s.accounts(w)
	if accounts == nil {
		return
	}
	var req RegisterRequest
	if !readBody(w, r, &req) {
		return
	}
	if err := account.ValidateName(req.Name); err != nil {
		accountError(w, http.StatusBadRequest, CodeBadName, clientMessage(err))
		return
	}
	if err := account.ValidatePassword(req.Password); err != nil {
		accountError(w, http.StatusBadRequest, CodeBadPassword, clientMessage(err))
		return
	}
	invitation := ""
	if s.cfg.InviteOnly {
		if strings.TrimSpace(req.Invitation) == "" {
			accountError(w, http.StatusForbidden, CodeInvitationRequired, "this server registers only with an invitation: give its code as \"invitation\"")
			return
		}
		invitation = account.InvitationHash(req.Invitation)
	}
	// Each registration hashes a password: it counts as an attempt of
	// the client's.
	if !s.attempt(w, r, "") {
		return
	}
	var a *store.Account
	var err error
	if !s.hashing(w, r, func() { a, err = account.NewPerson(req.Name, req.Password) }) {
		return
	}
	if err != nil { // checked above: not the client's
		s.accountsFailed(w, r, err)
		return
	}
	err = accounts.CreateAccount(r.Context(), a, invitation)
	switch {
	case errors.Is(err, store.ErrNameTaken):
		accountError(w, http.StatusConflict, CodeNameTaken, "the name "+a.Name+" is taken (names are compared regardless of case)")
		return
	case errors.Is(err, store.ErrInvitation):
		accountError(w, http.StatusForbidden, CodeBadInvitation, "no such invitation, or it was used or has expired")
		return
	case err != nil:
		s.accountsFailed(w, r, err)
		return
	}
	s.log.Info("account registered", "account", a.ID, "name", a.Name, "client", s.addressOf(r))
	if !s.startSession(w, r, accounts, a) {
		return
	}
	writeJSON(w, http.StatusCreated, viewAccount(a))
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	accounts := s.accounts(w)
	if accounts == nil {
		return
	}
	var req LoginRequest
	if !readBody(w, r, &req) {
		return
	}
	if req.Name == "" || req.Password == "" {
		accountError(w, http.StatusBadRequest, CodeBadRequest, "give \"name\" and \"password\"")
		return
	}
	if len(req.Password) > account.MaxPassword || len(req.Name) > 2*account.MaxName {
		accountError(w, http.StatusUnauthorized, CodeBadCredentials, "wrong name or password")
		return
	}
	if !s.attempt(w, r, req.Name) {
		return
	}
	a, err := accounts.AccountByName(r.Context(), req.Name)
	if errors.Is(err, store.ErrNoAccount) {
		a, err = nil, nil
	}
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	var ok, rehash bool
	// Login of nil does the work of a wrong password: the time does not
	// tell which names exist.
	if !s.hashing(w, r, func() { ok, rehash, err = account.Login(a, req.Password) }) {
		return
	}
	if errors.Is(err, store.ErrDisabled) {
		accountError(w, http.StatusForbidden, CodeAccountDisabled, "this account is disabled")
		return
	}
	if err != nil {
		s.log.Error("login: a stored hash cannot be read", "err", err)
	}
	if !ok {
		s.log.Info("login failed", "name", clipLog(req.Name), "client", s.addressOf(r))
		accountError(w, http.StatusUnauthorized, CodeBadCredentials, "wrong name or password")
		return
	}
	if rehash {
		var hash string
		if s.hashing(w, r, func() { hash = account.HashPassword(req.Password) }) {
			if err := accounts.SetPassword(r.Context(), a.ID, hash); err != nil {
				s.log.Warn("login: the password's new hash could not be stored", "account", a.ID, "err", err)
			}
		} else {
			return
		}
	}
	if !s.startSession(w, r, accounts, a) {
		return
	}
	s.log.Info("logged in", "account", a.ID, "client", s.addressOf(r))
	writeJSON(w, http.StatusOK, viewAccount(a))
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	accounts := s.accounts(w)
	if accounts == nil {
		return
	}
	var req struct{}
	if !readBody(w, r, &req) {
		return
	}
	if token := sessionOf(r); token != "" {
		if err := accounts.RevokeSession(r.Context(), account.HashToken(token)); err != nil {
			s.accountsFailed(w, r, err)
			return
		}
	}
	s.setSession(w, r, "", time.Time{})
	writeJSON(w, http.StatusOK, struct{}{})
}

func (s *Server) handleWhoAmI(w http.ResponseWriter, r *http.Request) {
	if s.accounts(w) == nil {
		return
	}
	c, err := s.callerOf(r)
	switch {
	case errors.Is(err, store.ErrDisabled):
		accountError(w, http.StatusForbidden, CodeAccountDisabled, "this account is disabled")
	case err != nil:
		s.accountsFailed(w, r, err)
	case c == nil:
		accountError(w, http.StatusUnauthorized, CodeNotLoggedIn, "not logged in (or the session ended)")
	default:
		writeJSON(w, http.StatusOK, viewAccount(c.Account))
	}
}

func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request) {
	accounts, c := s.personAccounts(w, r)
	if c == nil {
		return
	}
	var req PasswordRequest
	if !readBody(w, r, &req) {
		return
	}
	if err := account.ValidatePassword(req.New); err != nil {
		accountError(w, http.StatusBadRequest, CodeBadPassword, "new_password: "+strings.TrimPrefix(clientMessage(err), "bad password: "))
		return
	}
	if len(req.Old) > account.MaxPassword {
		accountError(w, http.StatusUnauthorized, CodeBadCredentials, "old_password is wrong")
		return
	}
	if !s.attempt(w, r, c.Account.Name) {
		return
	}
	var ok bool
	var err error
	var hash string
	if !s.hashing(w, r, func() {
		if ok, _, err = account.Login(c.Account, req.Old); ok {
			hash = account.HashPassword(req.New)
		}
	}) {
		return
	}
	if err != nil && !errors.Is(err, store.ErrDisabled) {
		s.log.Error("password: a stored hash cannot be read", "err", err)
	}
	if !ok {
		accountError(w, http.StatusUnauthorized, CodeBadCredentials, "old_password is wrong")
		return
	}
	if err := accounts.SetPassword(r.Context(), c.Account.ID, hash); err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	n, err := accounts.RevokeSessions(r.Context(), c.Account.ID, c.Session)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	s.log.Info("password changed", "account", c.Account.ID, "sessions_ended", n)
	writeJSON(w, http.StatusOK, map[string]int{"sessions_ended": n})
}

func (s *Server) handleBots(w http.ResponseWriter, r *http.Request) {
	accounts, c := s.personAccounts(w, r)
	if c == nil {
		return
	}
	bots, err := accounts.Bots(r.Context(), c.Account.ID)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	out := []AccountView{}
	for i := range bots {
		out = append(out, viewAccount(&bots[i]))
	}
	writeJSON(w, http.StatusOK, map[string][]AccountView{"bots": out})
}

func (s *Server) handleNewBot(w http.ResponseWriter, r *http.Request) {
	accounts, c := s.personAccounts(w, r)
	if c == nil {
		return
	}
	var req BotRequest
	if !readBody(w, r, &req) {
		return
	}
	bot, err := account.NewBot(req.Name, c.Account)
	if err != nil {
		accountError(w, http.StatusBadRequest, CodeBadName, clientMessage(err))
		return
	}
	err = accounts.CreateAccount(r.Context(), bot, "")
	switch {
	case errors.Is(err, store.ErrNameTaken):
		accountError(w, http.StatusConflict, CodeNameTaken, "the name "+bot.Name+" is taken (names are compared regardless of case)")
		return
	case err != nil:
		s.accountsFailed(w, r, err)
		return
	}
	s.log.Info("bot created", "bot", bot.ID, "name", bot.Name, "owner", c.Account.ID)
	writeJSON(w, http.StatusCreated, viewAccount(bot))
}

// ownBot returns the store's accounts and the bot named by the path's
// {bot} that the person logged in owns, or answers and returns a nil
// bot.
func (s *Server) ownBot(w http.ResponseWriter, r *http.Request) (store.Accounts, *store.Account) {
	accounts, c := s.personAccounts(w, r)
	if c == nil {
		return nil, nil
	}
	name := r.PathValue("bot")
	bot, err := accounts.AccountByName(r.Context(), name)
	if errors.Is(err, store.ErrNoAccount) || err == nil && (bot.Kind != store.BotAccount || bot.Owner != c.Account.ID) {
		accountError(w, http.StatusNotFound, CodeNoBot, "you have no bot of that name")
		return nil, nil
	}
	if err != nil {
		s.accountsFailed(w, r, err)
		return nil, nil
	}
	return accounts, bot
}

func (s *Server) handleKeys(w http.ResponseWriter, r *http.Request) {
	accounts, bot := s.ownBot(w, r)
	if bot == nil {
		return
	}
	keys, err := accounts.APIKeys(r.Context(), bot.ID)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	out := []KeyView{}
	for _, k := range keys {
		out = append(out, viewKey(k))
	}
	writeJSON(w, http.StatusOK, map[string][]KeyView{"keys": out})
}

func (s *Server) handleNewKey(w http.ResponseWriter, r *http.Request) {
	accounts, bot := s.ownBot(w, r)
	if bot == nil {
		return
	}
	var req struct{}
	if !readBody(w, r, &req) {
		return
	}
	nk := account.NewAPIKey()
	k := &store.APIKey{ID: account.NewID(), Hash: nk.Hash, Prefix: nk.Prefix, Bot: bot.ID}
	if err := accounts.CreateAPIKey(r.Context(), k); err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	s.log.Info("API key created", "bot", bot.ID, "key", k.ID, "prefix", k.Prefix)
	v := viewKey(*k)
	v.Key = nk.Key
	writeJSON(w, http.StatusCreated, v)
}

func (s *Server) handleRevokeKey(w http.ResponseWriter, r *http.Request) {
	accounts, bot := s.ownBot(w, r)
	if bot == nil {
		return
	}
	var req struct{}
	if !readBody(w, r, &req) {
		return
	}
	err := accounts.RevokeAPIKey(r.Context(), bot.ID, r.PathValue("key"))
	switch {
	case errors.Is(err, store.ErrNoCredential):
		accountError(w, http.StatusNotFound, CodeNoKey, "the bot has no key of that id")
		return
	case err != nil:
		s.accountsFailed(w, r, err)
		return
	}
	s.log.Info("API key revoked", "bot", bot.ID, "key", r.PathValue("key"))
	writeJSON(w, http.StatusOK, struct{}{})
}
