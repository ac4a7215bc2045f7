// The WebSocket of a game: a snapshot of the state at every change, with
// its version; pings for the lag.

package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// Envelope is every message on a game's WebSocket.
//
// Server to client: {"type": "state", "version": N, "game": {...}} at
// connection and at every change (the whole state: a client that missed
// messages is in sync again with the next one); {"type": "pong", "id":
// ...} answering a ping; {"type": "error", "error": "...", "code":
// "bad_message"} for a message it cannot read.
//
// Client to server: {"type": "ping", "id": ...}; {"type": "hello",
// "version": N, "token": "..."} (a reconnecting client: the server sends
// the state if it is newer than N; a seat's token says its player sees
// the board, which starts a person's clock; without a token, the seat
// of the caller's account does: a bot's API key in the Authorization
// header of the WebSocket's request, a person's session cookie).
type Envelope struct {
	Type    string          `json:"type"`
	Version int64           `json:"version,omitempty"`
	Game    *GameView       `json:"game,omitempty"`
	ID      json.RawMessage `json:"id,omitempty"`
	Error   string          `json:"error,omitempty"`
	// Code is an error's code (CodeBadMessage).
	Code Code `json:"code,omitempty"`
	// Token, in a hello, is the token of the seat the client plays: its
	// player sees the board, and a person's clock starts (a hello
	// without one is a spectator's).
	Token string `json:"token,omitempty"`
}

// maxMessage bounds a client's message.
const maxMessage = 4 << 10

// The server pings every WebSocket every pingEvery, and closes it if the
// answer does not come within pingTimeout (Server.pingEvery and
// pingTimeout, which tests shorten; metrics.pingsAnswered and
// pingsUnanswered count the outcomes).
const (
	pingEvery   = 30 * time.Second
	pingTimeout = 20 * time.Second
)

// A client may send socketRate messages a second on a WebSocket, in
// bursts of socketBurst (the GUI sends one hello a connection; a bot that
// measures its lag, a ping a second); one that sends more has its
// WebSocket closed with StatusPolicyViolation and tooManyMessages.
const (
	socketRate  = 10
	socketBurst = 20
)

// tooManyMessages is the reason of the close of a WebSocket whose client
// sent more than socketRate messages a second.
var tooManyMessages = fmt.Sprintf("too many messages: at most %d a second (bursts of %d)", socketRate, socketBurst)

// parseEnvelope reads a client's message; the error says what is wrong.
func parseEnvelope(data []byte) (Envelope, error) {
	var e Envelope
	if len(data) > maxMessage {
		return e, errors.New("message too large")
	}
	if err := json.Unmarshal(data, &e); err != nil {
		return e, errors.New("not a JSON object")
	}
	switch e.Type {
	case "ping", "hello":
		if e.Version < 0 {
			return e, errors.New("negative version")
		}
		if len(e.ID) > 256 {
			return e, errors.New("id too long")
		}
		if len(e.Token) > 256 {
			return e, errors.New("token too long")
		}
		return e, nil
	}
	return e, errors.New("unknown type: want ping or hello")
}

func (s *Server) handleSocket(w http.ResponseWriter, r *http.Request) {
	client := s.clientOf(r)
	if !s.limiter.allow(client) {
		s.metrics.limited.Inc()
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, CodeRateLimited, "too many requests: slow down")
		return
	}
	t := s.lookup(w, r)
	if t == nil {
		return
	}
	r, ok := s.authenticateBot(w, r) // a bot's key: 401 if it does not work
	if !ok {
		return
	}
	// The account of the caller (a bot by its key, a person by the
	// session cookie), whose hello without a token is its seat's.
	var who *store.Account
	if c, err := s.callerOf(r); err == nil && c != nil {
		who = c.Account
	}
	c, ctx, cancel, closed, ok := s.openSocket(w, r, client)
	if !ok {
		return
	}
	defer closed()
	wake, unwatch := t.Watch()
	defer unwatch()
	out := make(chan Envelope, 8)
	// Reader: pings and hellos, at most socketRate a second.
	rate := newLimiter(socketRate, socketBurst)
	go func() {
		defer cancel()
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			if !rate.allow("") {
				s.metrics.refused.WithLabelValues("socket_messages").Inc()
				s.log.Warn("websocket closed: too many messages", "game", t.ID(), "client", client)
				c.Close(websocket.StatusPolicyViolation, tooManyMessages)
				return
			}
			e, err := parseEnvelope(data)
			if err != nil {
				select {
				case out <- Envelope{Type: "error", Error: err.Error(), Code: CodeBadMessage}:
				default:
				}
				continue
			}
			switch e.Type {
			case "ping":
				select {
				case out <- Envelope{Type: "pong", ID: e.ID}:
				default:
				}
			case "hello":
				switch {
				case e.Token != "":
					go t.Seen(ctx, live.HashToken(e.Token)) // a mirror hands it on, and waits
				case who != nil:
					go func() {
						if hash, err := s.accountSeat(ctx, t, who); err == nil && hash != "" {
							t.Seen(ctx, hash)
						}
					}()
				}
				select {
				case wake <- struct{}{}: // resend the state if newer
				default:
				}
			}
		}
	}()
	// Pings: a peer that does not answer within pingTimeout is gone.
	go func() {
		tick := time.NewTicker(s.pingEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				pctx, pcancel := context.WithTimeout(ctx, s.pingTimeout)
				err := c.Ping(pctx)
				pcancel()
				if err != nil {
					if ctx.Err() == nil { // not the socket ending anyway
						s.metrics.pingsUnanswered.Add(1)
					}
					c.Close(websocket.StatusPolicyViolation, "no answer to a ping")
					cancel()
					return
				}
				s.metrics.pingsAnswered.Add(1)
			}
		}
	}()
	sent := -1 // the table's change count last sent
	send := func() error {
		data, changes := stateMessage(t)
		if changes == sent {
			return nil
		}
		sent = changes
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, data)
	}
	if err := send(); err != nil {
		return
	}
	for {
		select {
		case <-ctx.Done():
			c.Close(websocket.StatusNormalClosure, "")
			return
		case <-t.Dropped():
			c.Close(websocket.StatusServiceRestart, "the game moved to another server: reconnect")
			return
		case <-wake:
			if err := send(); err != nil {
				return
			}
		case e := <-out:
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := wsjson.Write(wctx, c, e)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// stateMessage returns a table's state as a WebSocket message, and the
// change count it is of; it is encoded once per change for all watchers.
func stateMessage(t *live.Table) ([]byte, int) {
	return t.Encoded(func(st live.State) []byte {
		v := viewOf(st)
		data, err := json.Marshal(Envelope{Type: "state", Version: v.Version, Game: &v})
		if err != nil {
			panic(err) // a GameView always encodes
		}
		return data
	})
}

// socketOpened counts a WebSocket of a client, unless it has as many as
// it may.
func (s *Server) socketOpened(client string) bool {
	s.socketsMu.Lock()
	defer s.socketsMu.Unlock()
	if s.socketsBy[client] >= s.cfg.MaxSocketsPerClient {
		return false
	}
	s.socketsBy[client]++
	return true
}

// closingStarts counts a WebSocket's goroutine that closes it at
// shutdown (Server.closing), unless the server is shutting down already:
// then it returns false.
func (s *Server) closingStarts() bool {
	s.socketsMu.Lock()
	defer s.socketsMu.Unlock()
	if s.shutDown || s.ctx.Err() != nil {
		return false
	}
	s.closing.Add(1)
	return true
}

// waitClosing waits until every WebSocket open at shutdown has been
// closed with "going away" (its close handshake done or given up), or
// until ctx ends. Call it after s.ctx is cancelled.
func (s *Server) waitClosing(ctx context.Context) {
	s.socketsMu.Lock()
	s.shutDown = true // from here closingStarts adds nothing
	s.socketsMu.Unlock()
	done := make(chan struct{})
	go func() {
		s.closing.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// socketClosed uncounts a WebSocket of a client.
func (s *Server) socketClosed(client string) {
	s.socketsMu.Lock()
	defer s.socketsMu.Unlock()
	if s.socketsBy[client]--; s.socketsBy[client] <= 0 {
		delete(s.socketsBy, client)
	}
}

// openSocket opens a WebSocket for client within its cap on live
// connections (429 too_many_sockets beyond it), closed at the server's
// shutdown; it returns the connection, its context (done when the
// connection ends or the server shuts down) and the function to call at
// its end, and cancel, which ends the context, or false (the answer
// given).
func (s *Server) openSocket(w http.ResponseWriter, r *http.Request, client string) (c *websocket.Conn, ctx context.Context, cancel, closed func(), ok bool) {
	if !s.socketOpened(client) {
		s.metrics.refused.WithLabelValues("sockets").Inc()
		writeError(w, http.StatusTooManyRequests, CodeTooManySockets, fmt.Sprintf("you have %d live connections open, the limit of a client here: close some", s.cfg.MaxSocketsPerClient))
		return nil, nil, nil, nil, false
	}
	// The connection outlives the HTTP server's read and write timeouts,
	// which are for plain requests: pings find dead peers.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{})
	if err != nil {
		s.socketClosed(client)
		return nil, nil, nil, nil, false // Accept has answered
	}
	s.metrics.sockets.Inc()
	c.SetReadLimit(maxMessage)
	ctx, cancel = context.WithCancel(r.Context())
	closed = func() {
		cancel()
		s.metrics.sockets.Dec()
		s.socketClosed(client)
	}
	if !s.closingStarts() {
		c.Close(websocket.StatusGoingAway, "the server is shutting down")
		closed()
		return nil, nil, nil, nil, false
	}
	go func() { // stop at shutdown
		defer s.closing.Done()
		select {
		case <-s.ctx.Done():
			c.Close(websocket.StatusGoingAway, "the server is shutting down")
			cancel()
		case <-ctx.Done():
		}
	}()
	return c, ctx, cancel, closed, true
}
