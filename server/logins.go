// Who a request is (a person by the session cookie, a bot by its API
// key) and the guards of the password endpoints: the rate of login
// attempts per account name and per client, and the cap on the
// password hashes computed at once.

package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
)

// SessionCookie is the name of the cookie that holds a person's session
// token.
const SessionCookie = "reversi_session"

// hashWait is how long a request that must hash a password waits for a
// free slot (Config.MaxPasswordHashes) before it is answered 503.
const hashWait = 2 * time.Second

// logins are the guards of the endpoints that check or hash a password.
type logins struct {
	// byName limits the attempts on one account name, byClient those of
	// one client (clientOf), each a token bucket.
	byName, byClient *limiter
	// hashes holds a token for each password hash being computed.
	hashes chan struct{}
}

func newLogins(cfg Config) *logins {
	per := cfg.LoginPeriod.Seconds()
	return &logins{
		byName:   newLimiter(float64(cfg.LoginsPerName)/per, float64(cfg.LoginsPerName)),
		byClient: newLimiter(float64(cfg.LoginsPerClient)/per, float64(cfg.LoginsPerClient)),
		hashes:   make(chan struct{}, cfg.MaxPasswordHashes),
	}
}

// attempt takes an attempt of the client's and, if name is not "", of
// the name's (in any case); if either has none left, it answers 429 with
// Retry-After and returns false.
func (s *Server) attempt(w http.ResponseWriter, r *http.Request, name string) bool {
	ok, wait := s.logins.byClient.take(s.clientOf(r))
	if ok && name != "" {
		ok, wait = s.logins.byName.take(account.NameKey(name))
	}
	if ok {
		return true
	}
	s.metrics.refused.WithLabelValues("logins").Inc()
	s.log.Warn("login attempts limited", "client", s.addressOf(r), "name", clipLog(name))
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int(wait.Seconds()+0.999))))
	accountError(w, http.StatusTooManyRequests, CodeLoginRateLimited, "too many attempts to log in: try again later")
	return false
}

// hashing runs f, which computes a password hash, in a slot of
// Config.MaxPasswordHashes, waiting for one at most hashWait; it answers
// 503 and returns false if none came free.
func (s *Server) hashing(w http.ResponseWriter, r *http.Request, f func()) bool {
	t := time.NewTimer(s.hashWait)
	defer t.Stop()
	select {
	case s.logins.hashes <- struct{}{}:
	case <-t.C:
		s.metrics.refused.WithLabelValues("hashes").Inc()
		w.Header().Set("Retry-After", "1")
		accountError(w, http.StatusServiceUnavailable, CodeLoginBusy, "the server is checking too many passwords at once: try again in a moment")
		return false
	case <-r.Context().Done():
		return false
	}
	defer func() { <-s.logins.hashes }()
	f()
	return true
}

// clipLog bounds a text a client gave for the log.
func clipLog(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// accountsStore returns the server's store as store.Accounts, or nil if
// it keeps no accounts.
func (s *Server) accountsStore() store.Accounts {
	a, _ := s.cfg.Store.(store.Accounts)
	return a
}

// secure reports whether a session cookie set in answer to r is marked
// Secure: the request came over TLS, or through a trusted proxy that
// says it did (X-Forwarded-Proto: https), or the operator says every
// client comes over HTTPS (Config.SecureCookies). A browser does not send
// a Secure cookie over plain HTTP (but for localhost), so a server
// reached over plain HTTP, as on a course's local network, sets it
// without.
func (s *Server) secure(r *http.Request) bool {
	if r.TLS != nil || s.cfg.SecureCookies {
		return true
	}
	if len(s.cfg.TrustedProxies) == 0 {
		return false
	}
	if !s.fromTrustedProxy(r) {
		return false
	}
	return strings.EqualFold(strings.TrimSpace(r.Header.Get("X-Forwarded-Proto")), "https")
}

// fromTrustedProxy reports whether r's peer is a trusted proxy.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	return err == nil && s.trusted(a.Unmap())
}

// setSession sets the session cookie (token "" ends it).
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, token string, expires time.Time) {
	c := &http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true, Secure: s.secure(r), SameSite: http.SameSiteLaxMode}
	if token == "" {
		c.MaxAge = -1
	} else {
		c.Expires = expires
		c.MaxAge = int(time.Until(expires).Seconds())
	}
	http.SetCookie(w, c)
}

// sessionOf returns the session token of r's cookie, "" if none.
func sessionOf(r *http.Request) string {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return ""
	}
	return c.Value
}

// errNoAccounts: the store keeps no accounts.
var errNoAccounts = errors.New("this server's store keeps no accounts")

// caller is who made a request: a person by the session of its cookie,
// or a bot by its API key.
type caller struct {
	Account *store.Account
	// Session is the hash of the person's session ("" for a bot).
	Session string
}

// callerKey is the context key of the caller that guard found by an API
// key.
type callerKey struct{}

// bearer returns the API key of r's Authorization header ("Bearer
// rvk_..."), and whether it has one that says Bearer.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return "", false
	}
	scheme, key, _ := strings.Cut(h, " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(key), true
}

// authenticateBot checks the API key of a request that carries one
// (Authorization: Bearer rvk_...): a key that does not work is answered
// 401 (403 for a disabled bot) and false; a working one puts its bot in
// the request's context (callerOf finds it). A request without a key
// passes as it is.
func (s *Server) authenticateBot(w http.ResponseWriter, r *http.Request) (*http.Request, bool) {
	key, ok := bearer(r)
	if !ok {
		return r, true
	}
	accounts := s.accountsStore()
	if accounts == nil {
		accountError(w, http.StatusNotImplemented, CodeNoAccounts, errNoAccounts.Error())
		return r, false
	}
	if !account.LooksLikeAPIKey(key) {
		accountError(w, http.StatusUnauthorized, CodeBadAPIKey, "the Authorization header's key is not an API key (Bearer rvk_...)")
		return r, false
	}
	_, bot, err := accounts.APIKeyAccount(r.Context(), account.HashToken(key))
	switch {
	case errors.Is(err, store.ErrNoCredential):
		accountError(w, http.StatusUnauthorized, CodeBadAPIKey, "no such API key, or it was revoked")
		return r, false
	case errors.Is(err, store.ErrDisabled):
		accountError(w, http.StatusForbidden, CodeAccountDisabled, "the bot, or the person who owns it, is disabled")
		return r, false
	case err != nil:
		s.accountsFailed(w, r, err)
		return r, false
	}
	return r.WithContext(context.WithValue(r.Context(), callerKey{}, &caller{Account: bot})), true
}

// callerOf returns who made r: the bot of its API key (authenticateBot
// checked it), else the person of its session cookie; nil and no error
// for an anonymous request. An expired or revoked session is anonymous;
// a disabled account is ErrDisabled.
func (s *Server) callerOf(r *http.Request) (*caller, error) {
	if c, ok := r.Context().Value(callerKey{}).(*caller); ok {
		return c, nil
	}
	token := sessionOf(r)
	if token == "" {
		return nil, nil
	}
	accounts := s.accountsStore()
	if accounts == nil {
		return nil, nil
	}
	hash := account.HashToken(token)
	_, a, err := accounts.SessionAccount(r.Context(), hash, time.Now())
	if errors.Is(err, store.ErrNoCredential) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &caller{Account: a, Session: hash}, nil
}

// pruneEvery is how often the server deletes the sessions and the
// lobby's offers that ended; offerHistory is how long an offer that
// ended is kept (its offerer may still ask what became of it).
const (
	pruneEvery   = time.Hour
	offerHistory = 24 * time.Hour
)

// pruneSessions deletes, every pruneEvery until the server closes, the
// sessions that expired or were revoked (pruneOnce) and the lobby's
// offers that ended more than offerHistory before (pruneOffers).
func (s *Server) pruneSessions() {
	tick := time.NewTicker(pruneEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
			s.pruneOnce(time.Now())
			s.pruneOffers(time.Now())
		}
	}
}

// pruneOffers deletes the lobby's offers that ended more than
// offerHistory before now, and returns how many (a failure is logged).
func (s *Server) pruneOffers(now time.Time) int {
	lobby := s.lobbyStore()
	if lobby == nil {
		return 0
	}
	return s.prune("the lobby's ended offers", func(ctx context.Context) (int, error) { return lobby.PruneOffers(ctx, now.Add(-offerHistory)) })
}

// pruneOnce deletes the sessions that expired before now or were
// revoked, and returns how many (a failure is logged: the next time
// tries again).
func (s *Server) pruneOnce(now time.Time) int {
	accounts := s.accountsStore()
	if accounts == nil {
		return 0
	}
	return s.prune("the ended sessions", func(ctx context.Context) (int, error) { return accounts.PruneSessions(ctx, now) })
}

// prune runs a deletion of what, within a minute, logs what it did (a
// failure as a warning) and returns how many it deleted.
func (s *Server) prune(what string, del func(ctx context.Context) (int, error)) int {
	ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
	defer cancel()
	n, err := del(ctx)
	if err != nil {
		s.log.Warn("could not delete "+what, "err", err)
		return 0
	}
	if n > 0 {
		s.log.Info("deleted "+what, "count", n)
	}
	return n
}
