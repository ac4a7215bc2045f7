// Metrics for Prometheus.

package server

import (
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
	m.reg.MustRegister(m.requests, m.moves, m.limited, m.live, m.sockets, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
