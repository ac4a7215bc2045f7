// The check of a Config's settings as an operator gives them, and what
// follows from them (the memory limit).

package server

import (
	"fmt"
	"math"
	"net/netip"
	"time"
)

// SettingError is a setting of a Config out of its range: the field
// (Limits' as "Limits.HashMB"), its value and what it takes.
type SettingError struct {
	// Field is the Config field, e.g. "MaxGames" or "Limits.Depth".
	Field string
	// Value is the field's value.
	Value any
	// Want says what the field takes, e.g. "1 to 1048576".
	Want string
}

func (e *SettingError) Error() string {
	return fmt.Sprintf("server: %s %v: want %s", e.Field, e.Value, e.Want)
}

// maxDuration is the longest duration a setting takes: a week.
const maxDuration = 7 * 24 * time.Hour

// Validate checks the numeric settings of c as an operator gives them,
// all of them (as a command does from flags that each have a default):
// each must lie within its range, and zero, which New would replace by a
// default, is refused. A negative IdleTimeout (never) is valid. It returns the
// first setting out of range as a *SettingError, nil if none is; New does
// not call it.
func (c Config) Validate() error {
	if r := c.RatePerSecond; math.IsNaN(r) || math.IsInf(r, 0) || r <= 0 || r > 1e6 {
		return &SettingError{"RatePerSecond", r, "a number of requests a second above 0 (at most 1000000)"}
	}
	for _, d := range []struct {
		field    string
		v, least time.Duration
	}{
		{"Lease", c.Lease, time.Second}, {"MaxThink", c.MaxThink, 100 * time.Millisecond}, {"IdleTimeout", c.IdleTimeout, time.Second},
		{"NewGamesPeriod", c.NewGamesPeriod, time.Second},
	} {
		if d.field == "IdleTimeout" && d.v < 0 {
			continue // never
		}
		if d.v < d.least || d.v > maxDuration {
			return &SettingError{d.field, d.v, fmt.Sprintf("a duration from %v to 168h", d.least)}
		}
	}
	for _, i := range []struct {
		field     string
		v, lo, hi int
	}{
		{"MaxGames", c.MaxGames, 1, 1 << 20}, {"MaxGamesPerClient", c.MaxGamesPerClient, 1, 1 << 20},
		{"MaxStudies", c.MaxStudies, 1, 1 << 24},
		{"NewGamesPerClient", c.NewGamesPerClient, 1, 1 << 20},
		{"MaxSearches", c.MaxSearches, 1, 1024}, {"MaxAnalyses", c.MaxAnalyses, 1, 1024},
		{"Limits.HashMB", c.Limits.HashMB, 1, 1 << 16}, {"Limits.MemoryMB", c.Limits.MemoryMB, 1, 1 << 16},
		{"Limits.Threads", c.Limits.Threads, 1, 256}, {"Limits.Depth", c.Limits.Depth, 1, 60},
		{"MaxSocketsPerClient", c.MaxSocketsPerClient, 1, 1 << 20},
		{"MaxConns", c.MaxConns, 1, 1 << 20}, {"MaxConnsPerClient", c.MaxConnsPerClient, 1, 1 << 20},
		{"IPv6Prefix", c.IPv6Prefix, 1, 128},
	} {
		if i.v < i.lo || i.v > i.hi {
			return &SettingError{i.field, i.v, fmt.Sprintf("%d to %d", i.lo, i.hi)}
		}
	}
	if c.MaxSearchesPerClient < 1 || c.MaxSearchesPerClient > c.MaxSearches {
		return &SettingError{"MaxSearchesPerClient", c.MaxSearchesPerClient, fmt.Sprintf("1 to %d, the searches in all", c.MaxSearches)}
	}
	if c.MaxConnsPerClient > c.MaxConns {
		return &SettingError{"MaxConnsPerClient", c.MaxConnsPerClient, fmt.Sprintf("1 to %d, the connections in all", c.MaxConns)}
	}
	return nil
}

// MemoryLimit returns a soft memory limit (bytes) that suits the server
// of c: 256 MB for the process and, for each of MaxSearches, three times
// the largest computer its Limits allow (the one thinking, and twice that
// kept in the pool of computers); the largest is its table (HashMB) or
// its Monte Carlo trees (MemoryMB a thread), whichever is larger.
// Computers are built at their move and dropped from the pool when it is
// full: without a limit, the garbage of their tables lets the heap grow
// to twice what is live before a collection.
func (c Config) MemoryLimit() int64 {
	largest := max(c.Limits.HashMB, c.Limits.MemoryMB*c.Limits.Threads)
	return int64(256+3*c.MaxSearches*largest) << 20
}

// ParseTrustedProxies reads the addresses of reverse proxies, for
// TrustedProxies: each an IP address or a CIDR prefix (masked); an error
// names the first value that is neither.
func ParseTrustedProxies(values []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range values {
		if p, err := netip.ParsePrefix(v); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, fmt.Errorf("%q: want an IP address or a CIDR prefix such as 10.0.0.0/8", v)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
