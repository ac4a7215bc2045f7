// Metrics for Prometheus.

package server

import (
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	moves    prometheus.Counter
	limited  prometheus.Counter
	live     prometheus.Gauge
	sockets  prometheus.Gauge
	latency  prometheus.Histogram
	// searchesRunning and searchesWaiting count the computer moves being
	// thought and waiting for a slot; storeFailures the failed writes.
	searchesRunning, searchesWaiting prometheus.Gauge
	// analysesRunning and analysesWaiting count the analyses running and
	// waiting for a slot.
	analysesRunning, analysesWaiting prometheus.Gauge
	storeFailures                    prometheus.Counter
	// analysesCut counts the analyses answered at their limit without
	// their player's answer.
	analysesCut prometheus.Counter
	refused     *prometheus.CounterVec
	// connectionsShed counts the idle connections closed to make room,
	// by the cap that was reached ("total" or "client").
	connectionsShed *prometheus.CounterVec
	caps            *prometheus.GaugeVec
	// pingsAnswered counts the WebSocket pings answered within the
	// server's ping timeout, pingsUnanswered the sockets closed for want
	// of an answer (counted as the close starts); /metrics shows them as
	// reversi_websocket_pings_total{answer}, and tests wait on them.
	pingsAnswered, pingsUnanswered atomic.Int64
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "reversi_http_requests_total", Help: "API requests by route and status.",
		}, []string{"route", "status"}),
		moves:   prometheus.NewCounter(prometheus.CounterOpts{Name: "reversi_moves_total", Help: "Moves accepted and stored."}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{Name: "reversi_rate_limited_total", Help: "Requests refused by the rate limit."}),
		live:    prometheus.NewGauge(prometheus.GaugeOpts{Name: "reversi_live_games", Help: "Games refereed by this process."}),
		sockets: prometheus.NewGauge(prometheus.GaugeOpts{Name: "reversi_websockets", Help: "Open WebSocket connections."}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "reversi_move_seconds", Help: "Time from a move's submission to its acknowledgement (stored).",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}),
	}
	m.searchesRunning = prometheus.NewGauge(prometheus.GaugeOpts{Name: "reversi_searches_running", Help: "Computer moves being thought."})
	m.searchesWaiting = prometheus.NewGauge(prometheus.GaugeOpts{Name: "reversi_searches_waiting", Help: "Computer moves waiting for a free search slot (their clocks stopped)."})
	m.analysesRunning = prometheus.NewGauge(prometheus.GaugeOpts{Name: "reversi_analyses_running", Help: "Analyses running."})
	m.analysesWaiting = prometheus.NewGauge(prometheus.GaugeOpts{Name: "reversi_analyses_waiting", Help: "Analyses waiting for a free slot."})
	m.analysesCut = prometheus.NewCounter(prometheus.CounterOpts{Name: "reversi_analyses_cut_total", Help: "Analyses answered at their limit (8 s) without their player's answer: the player went on alone, holding no slot."})
	m.storeFailures = prometheus.NewCounter(prometheus.CounterOpts{Name: "reversi_store_failures_total", Help: "Writes to the store that failed."})
	m.refused = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "reversi_refused_total", Help: "Requests refused by a guard, by reason (games, host, origin, content_type, token, sockets, socket_messages, connections, help, logins, hashes).",
	}, []string{"reason"})
	m.connectionsShed = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "reversi_connections_shed_total", Help: "Idle keep-alive connections closed to make room, by the cap reached (total, client).",
	}, []string{"cap"})
	m.caps = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "reversi_limit", Help: "The server's limits (see docs/API.md, Security and limits), by name.",
	}, []string{"name"})
	pings := func(answer string, n *atomic.Int64) prometheus.CounterFunc {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "reversi_websocket_pings_total", Help: "WebSocket pings answered in time, and sockets closed for want of an answer (unanswered).",
			ConstLabels: prometheus.Labels{"answer": answer},
		}, func() float64 { return float64(n.Load()) })
	}
	m.reg.MustRegister(pings("answered", &m.pingsAnswered), pings("unanswered", &m.pingsUnanswered))
	m.reg.MustRegister(m.searchesRunning, m.searchesWaiting, m.analysesRunning, m.analysesWaiting, m.analysesCut, m.storeFailures, m.refused, m.caps, m.connectionsShed)
	m.reg.MustRegister(m.requests, m.moves, m.limited, m.live, m.sockets, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// limits shows the server's limits as gauges.
func (m *metrics) limits(cfg Config) {
	for name, v := range map[string]float64{
		"live_games":               float64(cfg.MaxGames),
		"live_games_per_client":    float64(cfg.MaxGamesPerClient),
		"new_games_per_client":     float64(cfg.NewGamesPerClient),
		"new_games_period_seconds": cfg.NewGamesPeriod.Seconds(),
		"searches":                 float64(cfg.MaxSearches),
		"searches_per_client":      float64(cfg.MaxSearchesPerClient),
		"analyses_per_client":      float64((cfg.MaxAnalyses + 1) / 2),
		"analyses":                 float64(cfg.MaxAnalyses),
		"think_seconds":            cfg.MaxThink.Seconds(),
		"idle_seconds":             cfg.IdleTimeout.Seconds(),
		"hash_mb":                  float64(cfg.Limits.HashMB),
		"mcts_memory_mb":           float64(cfg.Limits.MemoryMB),
		"threads":                  float64(cfg.Limits.Threads),
		"depth":                    float64(cfg.Limits.Depth),
		"requests_per_second":      cfg.RatePerSecond,
		"request_burst":            cfg.Burst,
		"body_bytes":               float64(cfg.MaxBody),
		"computer_players_pooled":  float64(poolSize(cfg)),
		"websockets_per_client":    float64(cfg.MaxSocketsPerClient),
		"connections":              float64(cfg.MaxConns),
		"connections_per_client":   float64(cfg.MaxConnsPerClient),
		"ipv6_client_prefix_bits":  float64(cfg.IPv6Prefix),
	} {
		m.caps.WithLabelValues(name).Set(v)
	}
}

// synchronous shows the synchronous setting that the store's connections
// run with (an SQLite store's: "full" or "normal"), as
// reversi_store_synchronous{setting} 1.
func (m *metrics) synchronous(setting string) {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "reversi_store_synchronous", Help: "The SQLite store's synchronous setting, read from its connection (full: every acknowledged change is on the disk; normal: a power cut may lose the last ones).",
	}, []string{"setting"})
	g.WithLabelValues(setting).Set(1)
	m.reg.MustRegister(g)
}

// pooled shows the number of computer players kept between their moves.
func (m *metrics) pooled(n func() int) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "reversi_computers_pooled", Help: "Computer players kept between their moves (see the limit computer_players_pooled).",
	}, func() float64 { return float64(n()) }))
}

// tables shows the number of games held in memory: live, and finished
// ones kept for their players' rematch.
func (m *metrics) tables(n func() int) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "reversi_games_in_memory", Help: "Games held in memory: live ones, and finished games between two people kept for their rematch.",
	}, func() float64 { return float64(n()) }))
}

// connections shows the number of open connections (those of the
// listener that Server.Serve serves on).
func (m *metrics) connections(n func() int) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "reversi_connections", Help: "Open connections, WebSockets included (see the limits connections and connections_per_client).",
	}, func() float64 { return float64(n()) }))
}
