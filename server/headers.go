// The security headers of every answer: a strict Content-Security-Policy
// (the GUI has no inline script or style), no framing, no content-type
// sniffing, no referrer to other sites.

package server

import (
	"net"
	"net/http"
	"strings"
)

// contentPolicy is the Content-Security-Policy of every answer but its
// connect-src (see securityHeaders): the page's scripts, styles, fonts
// and fetches from this server only, no inline script or style, no eval;
// images from it, data: URLs (the icon) and blob: URLs (the board's
// picture drawn for a PNG); no plugins, no <base>, forms sent here only;
// framed by nobody (clickjacking).
const contentPolicy = "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the security headers of an answer to r. The
// WebSocket of a game is named by its host in connect-src as well as by
// 'self', which browsers that predate CSP 3 do not take to mean ws: and
// wss:; a Host that is not a host and a number of port (refused later,
// or a client's own doing) gets 'self' alone.
func securityHeaders(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	connect := "connect-src 'self'"
	if hostport := socketHost(r.Host); hostport != "" {
		connect += " ws://" + hostport + " wss://" + hostport
	}
	h.Set("Content-Security-Policy", contentPolicy+"; "+connect)
	h.Set("X-Frame-Options", "DENY") // frame-ancestors for browsers without CSP
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
}

// socketHost returns a Host header as a CSP host source (host and port),
// or "" if it is not a host name or an IPv4 address with an optional
// number of port.
func socketHost(hostport string) string {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = hostport, ""
	}
	if port != "" && strings.Trim(port, "0123456789") != "" {
		return ""
	}
	if ip := net.ParseIP(host); ip != nil {
		if ip.To4() == nil {
			return "" // CSP's host sources have no IPv6 literal
		}
	} else if host == "" || strings.Trim(strings.ToLower(host), "abcdefghijklmnopqrstuvwxyz0123456789.-") != "" {
		return ""
	}
	if port != "" {
		return host + ":" + port
	}
	return host
}
