// Connections: the cap on open connections in all and per client
// address, idle keep-alive connections shed first at the caps, and the
// short answer of a connection refused.

package server

import (
	"container/list"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// maxRefusing bounds the refused connections being answered at once
// (see refuse); beyond it they are closed without an answer.
const maxRefusing = 64

// refuseTime bounds the life of a refused connection: its answer is
// written and what the client sent read away within it.
const refuseTime = 2 * time.Second

// connLimiter counts the open connections of a listener, in all and by
// client address, and keeps the idle ones (keep-alive connections between
// two requests) in the order they became idle, to be shed first.
type connLimiter struct {
	srv            *Server
	max, perClient int

	mu       sync.Mutex
	room     *sync.Cond // signalled when a connection closes, or the listener
	open     int        // connections accepted and not closed, with those reserved
	byClient map[string]int
	idle     *list.List // of *limitedConn, longest idle first
	closed   bool
	refusing chan struct{} // a token per refused connection being answered
}

// limitedConn is a connection counted by a connLimiter.
type limitedConn struct {
	net.Conn
	l *connLimiter
	// client is the connection's client address, "" for a trusted
	// proxy's (capped in all only: it carries many clients).
	client string
	once   sync.Once
	// idleAt is the connection's place in l.idle, nil while it serves a
	// request (or is hijacked); done once it is closed (both under l.mu).
	idleAt *list.Element
	done   bool
}

// limitListener returns ln with the server's caps on connections (see
// Config.MaxConns), and the hook that an http.Server serving on it must
// call on every change of a connection's state (http.Server.ConnState).
func (s *Server) limitListener(ln net.Listener) (net.Listener, func(net.Conn, http.ConnState)) {
	l := &connLimiter{srv: s, max: s.cfg.MaxConns, perClient: s.cfg.MaxConnsPerClient, byClient: map[string]int{},
		idle: list.New(), refusing: make(chan struct{}, maxRefusing)}
	l.room = sync.NewCond(&l.mu)
	s.metrics.connections(l.count)
	return &limitedListener{Listener: ln, l: l}, l.state
}

// count returns the number of open connections.
func (l *connLimiter) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// reserve takes room for a connection about to be accepted: while all
// of it is taken, the connection idle for the longest is closed, or, if
// none is idle, reserve waits for one to close. It fails once the
// listener is closed.
func (l *connLimiter) reserve() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.open >= l.max {
		if l.closed {
			return net.ErrClosed
		}
		if e := l.idle.Front(); e != nil {
			l.shedLocked(e.Value.(*limitedConn), "total")
			continue
		}
		l.room.Wait()
	}
	if l.closed {
		return net.ErrClosed
	}
	l.open++
	return nil
}

// shedLocked closes an idle connection to make room (l.mu held; it is
// released and taken again around the close).
func (l *connLimiter) shedLocked(c *limitedConn, cap string) {
	l.idle.Remove(c.idleAt)
	c.idleAt = nil
	l.srv.metrics.connectionsShed.WithLabelValues(cap).Inc()
	l.mu.Unlock()
	c.Close()
	l.mu.Lock()
}

// admit counts an accepted connection (room reserved) against its
// client's cap: a client at its cap has its connection idle for the
// longest closed to make room; one with none idle is refused (nil).
func (l *connLimiter) admit(c net.Conn) *limitedConn {
	client := l.srv.peerClient(c.RemoteAddr())
	l.mu.Lock()
	defer l.mu.Unlock()
	for client != "" && l.byClient[client] >= l.perClient {
		var oldest *limitedConn
		for e := l.idle.Front(); e != nil; e = e.Next() {
			if lc := e.Value.(*limitedConn); lc.client == client {
				oldest = lc
				break
			}
		}
		if oldest == nil {
			l.open--
			l.room.Signal()
			return nil
		}
		l.shedLocked(oldest, "client")
	}
	if client != "" {
		l.byClient[client]++
	}
	return &limitedConn{Conn: c, l: l, client: client}
}

// release uncounts a closed connection.
func (l *connLimiter) release(c *limitedConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.idleAt != nil {
		l.idle.Remove(c.idleAt)
		c.idleAt = nil
	}
	c.done = true
	l.open--
	if c.client != "" {
		if l.byClient[c.client]--; l.byClient[c.client] <= 0 {
			delete(l.byClient, c.client)
		}
	}
	l.room.Signal()
}

// state follows the http.Server's view of a connection: idle between two
// requests (sheddable), or serving one, hijacked (a WebSocket) or closed.
func (l *connLimiter) state(nc net.Conn, st http.ConnState) {
	c, ok := nc.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.done {
		return
	}
	switch {
	case st == http.StateIdle && c.idleAt == nil:
		c.idleAt = l.idle.PushBack(c)
	case st != http.StateIdle && c.idleAt != nil:
		l.idle.Remove(c.idleAt)
		c.idleAt = nil
	}
}

// refuse answers a connection that its client's cap refused with a 429
// and closes it, in a goroutine and within refuseTime; when many are
// being answered already, it closes it at once.
func (l *connLimiter) refuse(c net.Conn) {
	l.srv.metrics.refused.WithLabelValues("connections").Inc()
	select {
	case l.refusing <- struct{}{}:
	default:
		c.Close()
		return
	}
	go func() {
		defer func() { <-l.refusing }()
		defer c.Close()
		c.SetDeadline(time.Now().Add(refuseTime))
		body := fmt.Sprintf(`{"error":"too many connections open from your address (%d, the limit of a client here): close some, or reuse them"}`+"\n", l.perClient)
		fmt.Fprintf(c, "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
		// The end of the answer, then what the client sent read away
		// until it closes: closing with unread data would reset the
		// connection, and the client might lose the answer.
		if tc, ok := c.(interface{ CloseWrite() error }); ok {
			tc.CloseWrite()
		}
		buf := make([]byte, 4096)
		for {
			if _, err := c.Read(buf); err != nil {
				return
			}
		}
	}()
}

// Close closes the connection and uncounts it, once.
func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c) })
	return err
}

// limitedListener accepts connections within a connLimiter's caps.
type limitedListener struct {
	net.Listener
	l *connLimiter
}

// Accept waits for room (see reserve), then for a connection; it answers
// a connection over its client's cap with a 429 and waits for another.
func (ln *limitedListener) Accept() (net.Conn, error) {
	for {
		if err := ln.l.reserve(); err != nil {
			return nil, err
		}
		c, err := ln.Listener.Accept()
		if err != nil {
			ln.l.mu.Lock()
			ln.l.open--
			ln.l.room.Signal()
			ln.l.mu.Unlock()
			return nil, err
		}
		if lc := ln.l.admit(c); lc != nil {
			return lc, nil
		}
		ln.l.refuse(c)
	}
}

// Close closes the listener and ends the wait of an Accept for room.
func (ln *limitedListener) Close() error {
	ln.l.mu.Lock()
	ln.l.closed = true
	ln.l.room.Broadcast()
	ln.l.mu.Unlock()
	return ln.Listener.Close()
}
