package server

import (
	"errors"
	"math"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/catalog"
)

// operatorConfig is a Config with every numeric setting given, as the
// serve command builds it from its defaults.
func operatorConfig() Config {
	return Config{RatePerSecond: 50, Burst: 100, Lease: 10 * time.Second, MaxThink: time.Minute, IdleTimeout: time.Hour,
		Limits:   catalog.Limits{HashMB: 64, MemoryMB: 64, Threads: 1, MoveTime: time.Minute, Depth: 24},
		MaxGames: 1000, MaxGamesPerClient: 20, MaxStudies: 100000, MaxSearches: 2, MaxSearchesPerClient: 1, MaxAnalyses: 2, MaxSocketsPerClient: 32,
		MaxConns: 1000, MaxConnsPerClient: 64, IPv6Prefix: 64, NewGamesPerClient: 300, NewGamesPeriod: time.Hour}
}

func TestConfigValidate(t *testing.T) {
	if err := operatorConfig().Validate(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, tt := range []struct {
		name  string
		set   func(*Config)
		field string // "" for valid
		want  string
	}{
		{"never idle", func(c *Config) { c.IdleTimeout = -1 }, "", ""},
		{"largest", func(c *Config) {
			c.RatePerSecond, c.Lease, c.MaxThink, c.IdleTimeout = 1e6, maxDuration, maxDuration, maxDuration
			c.MaxGames, c.MaxSearches, c.Limits.Threads, c.Limits.Depth = 1<<20, 1024, 256, 60
			c.MaxConns, c.MaxConnsPerClient = 1<<20, 1<<20
		}, "", ""},
		{"one connection", func(c *Config) { c.MaxConns, c.MaxConnsPerClient = 1, 1 }, "", ""},
		{"rate 0", func(c *Config) { c.RatePerSecond = 0 }, "RatePerSecond", "RatePerSecond 0: want a number of requests a second above 0"},
		{"rate NaN", func(c *Config) { c.RatePerSecond = math.NaN() }, "RatePerSecond", "NaN"},
		{"rate +Inf", func(c *Config) { c.RatePerSecond = math.Inf(1) }, "RatePerSecond", "+Inf"},
		{"short lease", func(c *Config) { c.Lease = time.Millisecond }, "Lease", "Lease 1ms: want a duration from 1s to 168h"},
		{"no think", func(c *Config) { c.MaxThink = 0 }, "MaxThink", "MaxThink 0s: want a duration from 100ms to 168h"},
		{"idle 0", func(c *Config) { c.IdleTimeout = 0 }, "IdleTimeout", "IdleTimeout 0s"},
		{"idle too long", func(c *Config) { c.IdleTimeout = maxDuration + 1 }, "IdleTimeout", "to 168h"},
		{"no games", func(c *Config) { c.MaxGames = 0 }, "MaxGames", "MaxGames 0: want 1 to 1048576"},
		{"per client", func(c *Config) { c.MaxGamesPerClient = -1 }, "MaxGamesPerClient", "-1: want 1 to 1048576"},
		{"no studies", func(c *Config) { c.MaxStudies = 0 }, "MaxStudies", "MaxStudies 0: want 1 to 16777216"},
		{"searches", func(c *Config) { c.MaxSearches = 1025 }, "MaxSearches", "1025: want 1 to 1024"},
		{"all the searches to a client", func(c *Config) { c.MaxSearchesPerClient = 2 }, "", ""},
		{"searches per client", func(c *Config) { c.MaxSearchesPerClient = 0 }, "MaxSearchesPerClient", "MaxSearchesPerClient 0: want 1 to 2, the searches in all"},
		{"more searches per client than in all", func(c *Config) { c.MaxSearchesPerClient = 3 }, "MaxSearchesPerClient", "3: want 1 to 2"},
		{"analyses", func(c *Config) { c.MaxAnalyses = 0 }, "MaxAnalyses", ""},
		{"hash", func(c *Config) { c.Limits.HashMB = 1<<16 + 1 }, "Limits.HashMB", "65537: want 1 to 65536"},
		{"memory", func(c *Config) { c.Limits.MemoryMB = 0 }, "Limits.MemoryMB", ""},
		{"threads", func(c *Config) { c.Limits.Threads = 257 }, "Limits.Threads", "257: want 1 to 256"},
		{"depth", func(c *Config) { c.Limits.Depth = 61 }, "Limits.Depth", "61: want 1 to 60"},
		{"sockets", func(c *Config) { c.MaxSocketsPerClient = 0 }, "MaxSocketsPerClient", ""},
		{"connections", func(c *Config) { c.MaxConns = 0 }, "MaxConns", "MaxConns 0: want 1 to 1048576"},
		{"no new games", func(c *Config) { c.NewGamesPerClient = 0 }, "NewGamesPerClient", "NewGamesPerClient 0: want 1 to 1048576"},
		{"new games period", func(c *Config) { c.NewGamesPeriod = time.Millisecond }, "NewGamesPeriod", "NewGamesPeriod 1ms: want a duration from 1s to 168h"},
		{"connections per client", func(c *Config) { c.MaxConnsPerClient = -1 }, "MaxConnsPerClient", "-1: want 1 to 1048576"},
		{"each IPv6 address", func(c *Config) { c.IPv6Prefix = 128 }, "", ""},
		{"IPv6 prefix", func(c *Config) { c.IPv6Prefix = 129 }, "IPv6Prefix", "IPv6Prefix 129: want 1 to 128"},
		{"more per client than in all", func(c *Config) { c.MaxConns = 10 }, "MaxConnsPerClient", "MaxConnsPerClient 64: want 1 to 10, the connections in all"},
		{"the first of two", func(c *Config) { c.Lease, c.MaxGames = 0, 0 }, "Lease", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := operatorConfig()
			tt.set(&c)
			err := c.Validate()
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Validate: %v, want nil", err)
				}
				return
			}
			var se *SettingError
			if !errors.As(err, &se) {
				t.Fatalf("Validate: %v, want a *SettingError", err)
			}
			if se.Field != tt.field || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Validate: field %s, %q; want field %s and %q", se.Field, err, tt.field, tt.want)
			}
		})
	}
}

func TestConfigMemoryLimit(t *testing.T) {
	for _, tt := range []struct {
		searches, hash, memory, threads int
		wantMB                          int64
	}{
		{2, 64, 64, 1, 256 + 3*2*64},
		{4, 512, 64, 1, 256 + 3*4*512},
		{1, 64, 100, 4, 256 + 3*400}, // a Monte Carlo tree per thread
	} {
		c := Config{MaxSearches: tt.searches, Limits: catalog.Limits{HashMB: tt.hash, MemoryMB: tt.memory, Threads: tt.threads}}
		if got := c.MemoryLimit(); got != tt.wantMB<<20 {
			t.Errorf("%+v: MemoryLimit %d MB, want %d MB", tt, got>>20, tt.wantMB)
		}
	}
}

func TestParseTrustedProxies(t *testing.T) {
	got, err := ParseTrustedProxies([]string{"10.1.2.3/8", "192.168.0.7", "::ffff:127.0.0.1", "fd00::1/64"})
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.0.7/32"),
		netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("fd00::/64")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseTrustedProxies = %v, want %v", got, want)
	}
	if got, err := ParseTrustedProxies(nil); got != nil || err != nil {
		t.Errorf("no proxies: %v, %v", got, err)
	}
	if _, err := ParseTrustedProxies([]string{"10.0.0.1", "proxy.example"}); err == nil || !strings.HasPrefix(err.Error(), `"proxy.example": want an IP address`) {
		t.Errorf("a host name: %v, want a refusal naming it", err)
	}
}
