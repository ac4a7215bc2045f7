// Serving on a listener until the end of a context, then shutting down
// gracefully.

package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Serve serves s's handler on ln, with the HTTP timeouts of a server
// open to the Internet (headers in 10 s, a request in a minute, a
// response in two, at most 64 KB of headers; the HTTP server's own errors
// go to Config.Log as warnings) and its caps on connections
// (Config.MaxConns, MaxConnsPerClient: idle keep-alive connections are
// closed first to make room), until ctx ends or serving fails. Call it
// once: the cap counts the connections of one listener. When ctx
// ends it shuts down gracefully: no new connections; the tables stop (the
// games stay in the store, resumed at the next start) and WebSockets are
// closed with "going away"; requests under way get grace to finish, then
// their connections are closed. s is closed when Serve returns; the store
// is the caller's to close. The error is serving's, nil after a shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	ln, connState := s.limitListener(ln)
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10,
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn), ConnState: connState}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "timeout", grace)
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	s.Close()
	// The WebSockets are hijacked connections, which Shutdown does not
	// wait for: wait for their "going away" here, or the process may end
	// before it is sent.
	s.waitClosing(sctx)
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		s.log.Warn("requests still under way at the end of the shutdown timeout", "err", err)
		hs.Close()
	}
	s.log.Info("stopped")
	return nil
}
