// Rate limiting per client and the other guards of the API.

package server

import (
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// limiter is a token bucket per client address.
type limiter struct {
	rate, burst float64
	// now is the limiter's clock: time.Now, or a test's (set before the
	// limiter is used).
	now       func() time.Time
	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(rate, burst float64) *limiter {
	return &limiter{rate: rate, burst: burst, now: time.Now, buckets: map[string]*bucket{}, lastSweep: time.Now()}
}

// allow takes a token from the client's bucket.
func (l *limiter) allow(client string) bool {
	ok, _ := l.take(client)
	return ok
}

// take takes a token from the client's bucket, or says how long until
// there is one.
func (l *limiter) take(client string) (bool, time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	// Forget the clients whose buckets are full again (idle for a minute
	// at least).
	full := max(time.Minute, time.Duration(l.burst/l.rate*float64(time.Second)))
	if now.Sub(l.lastSweep) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.last) > full {
				delete(l.buckets, k)
			}
		}
		l.lastSweep = now
	}
	b := l.buckets[client]
	if b == nil {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

// trusted reports whether a peer is one of the trusted proxies.
func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// guard applies the rate limit, the body limit (MaxBody, or a larger
// one for a route of largeBodies) and, to a POST or a PUT, the JSON
// content type, checks a bot's API key (authenticateBot), and recovers from a panic (a bug) with a 500 instead of a
// dropped connection.
func (s *Server) guard(h http.HandlerFunc) http.HandlerFunc {
	return s.limit(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost || r.Method == http.MethodPut {
			// A form or text/plain body is what a cross-site page can send
			// without asking: the API takes only JSON.
			if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
				s.metrics.refused.WithLabelValues("content_type").Inc()
				writeError(w, http.StatusUnsupportedMediaType, CodeBadMediaType, "the body must be JSON, sent with Content-Type: application/json")
				return
			}
		}
		r.Body = http.MaxBytesReader(w, r.Body, max(s.cfg.MaxBody, largeBodies[r.Pattern]))
		r, ok := s.authenticateBot(w, r)
		if !ok {
			return
		}
		h(w, r)
	})
}

// limit applies the rate limit alone (for answers that read no body,
// such as a method an endpoint does not take), and recovers from a panic
// as guard does.
func (s *Server) limit(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("panic in a handler", "path", r.URL.Path, "panic", p)
				writeError(w, http.StatusInternalServerError, CodeInternal, "internal error")
			}
		}()
		if !s.limiter.allow(s.clientOf(r)) {
			s.metrics.limited.Inc()
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusTooManyRequests, CodeRateLimited, "too many requests: slow down")
			return
		}
		h(w, r)
	}
}

// front is the server's outermost handler: it sets the security headers
// (securityHeaders), refuses requests for other hosts (DNS rebinding) and
// cross-site requests that change something, and writes the access log.
func (s *Server) front(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		securityHeaders(sw, r)
		defer func() {
			s.log.Info("request", "method", r.Method, "route", routeOf(r), "status", sw.status,
				"ms", float64(time.Since(start).Microseconds())/1000, "client", s.addressOf(r))
		}()
		if !s.hostAllowed(r.Host) {
			s.metrics.refused.WithLabelValues("host").Inc()
			writeError(sw, http.StatusMisdirectedRequest, CodeWrongHost, fmt.Sprintf("this server does not answer for host %q: "+
				"reach it by its address, or start it with --public-host naming that host", hostOnly(r.Host)))
			return
		}
		err := cop.Check(r)
		if err == nil && strings.HasPrefix(r.URL.Path, "/classic/") && r.Header.Get("Sec-Fetch-Site") == "cross-site" {
			// The course's endpoints change games with GET requests.
			err = errors.New("cross-site request")
		}
		if err != nil {
			s.metrics.refused.WithLabelValues("origin").Inc()
			s.log.Warn("cross-origin request refused", "path", r.URL.Path, "origin", r.Header.Get("Origin"), "client", s.addressOf(r))
			writeError(sw, http.StatusForbidden, CodeCrossOrigin, "cross-origin request refused: "+err.Error())
			return
		}
		h.ServeHTTP(sw, r)
	})
}

// routeOf names a request's route for the log: its pattern, or its path
// when no route matched (a 404).
func routeOf(r *http.Request) string {
	if r.Pattern != "" {
		return r.Pattern
	}
	if len(r.URL.Path) > 100 {
		return r.URL.Path[:100] + "..."
	}
	return r.URL.Path
}

// hostOnly returns the host of a Host header, without the port.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

// hostAllowed reports whether a request's Host names this server: an IP
// address, localhost, or one of the public hosts. A page of another site
// that rebinds its own name to this server's address sends its own name,
// and is refused.
func (s *Server) hostAllowed(hostport string) bool {
	host := strings.ToLower(strings.TrimSuffix(hostOnly(hostport), "."))
	if host == "" || net.ParseIP(host) != nil || host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true // HTTP/1.0 sends no Host; an address or loopback names no other site
	}
	for _, h := range s.cfg.PublicHosts {
		if strings.EqualFold(strings.TrimSuffix(h, "."), host) {
			return true
		}
	}
	return false
}
