// Clients: who a request or a connection comes from, for the caps and
// rates per client and for the logs.

package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// addressOf returns a request's client address; behind a trusted proxy
// (Config.TrustedProxies), the address the proxy appended last to
// X-Forwarded-For. The logs name clients by it.
func (s *Server) addressOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if len(s.cfg.TrustedProxies) == 0 {
		return host
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !s.trusted(peer.Unmap()) {
		return host
	}
	fwd := r.Header.Values("X-Forwarded-For")
	if len(fwd) == 0 {
		return host
	}
	parts := strings.Split(fwd[len(fwd)-1], ",")
	if a, err := netip.ParseAddr(strings.TrimSpace(parts[len(parts)-1])); err == nil {
		return a.Unmap().String()
	}
	return host
}

// clientOf names a request's client for the caps and rates per client:
// its address (addressOf), grouped as clientKey groups it.
func (s *Server) clientOf(r *http.Request) string { return s.clientKey(s.addressOf(r)) }

// clientKey names the client of an address: an IPv4 address itself, an
// IPv6 address by its network, the first Config.IPv6Prefix bits (a /64
// by default: one subscriber's or one host's addresses, which it may
// change at will, are one client); a text that is no address as it is.
func (s *Server) clientKey(address string) string {
	a, err := netip.ParseAddr(address)
	if err != nil {
		return address
	}
	a = a.Unmap().WithZone("")
	if a.Is4() || s.cfg.IPv6Prefix >= 128 {
		return a.String()
	}
	p, err := a.Prefix(s.cfg.IPv6Prefix)
	if err != nil {
		return a.String()
	}
	return p.String()
}

// peerClient names the client of a connection from its peer's address,
// as clientOf names a request's, or "" for a trusted proxy (whose
// connections carry many clients).
func (s *Server) peerClient(a net.Addr) string {
	var addr netip.Addr
	if ta, ok := a.(*net.TCPAddr); ok {
		addr = ta.AddrPort().Addr().Unmap()
	} else if ap, err := netip.ParseAddrPort(a.String()); err == nil {
		addr = ap.Addr().Unmap()
	} else {
		return a.String()
	}
	if s.trusted(addr) {
		return ""
	}
	return s.clientKey(addr.String())
}
