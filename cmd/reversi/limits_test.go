package main

// The limits of the real "reversi serve" process on what one client
// does within a connection or a request: WebSocket messages, analyses.

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

// TestLimitsSocketMessages: a client that floods its WebSocket with
// pings has it closed with 1008 (policy violation) and a reason that
// says the limit, and the refusal is counted; another client's
// WebSocket on the same game goes on. Before, the server answered every
// ping (80,000 in 3.3 s).
func TestLimitsSocketMessages(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "flood.db"), "--rate", "1000")
	g := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"}}`, nil)
	ws := "ws" + strings.TrimPrefix(url, "http") + "/api/games/" + g["id"].(string) + "/ws"
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	dial := func() *websocket.Conn {
		c, _, err := websocket.Dial(ctx, ws, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		if _, _, err := c.Read(ctx); err != nil { // the state
			t.Fatal(err)
		}
		return c
	}
	calm, flood := dial(), dial()
	go func() { // as fast as it can, until the server closes it
		for range 100000 {
			if err := flood.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","id":1}`)); err != nil {
				return
			}
		}
	}()
	var err error
	for err == nil { // pongs, until the close (or patience)
		_, _, err = flood.Read(ctx)
	}
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "too many messages") {
		t.Fatalf("a WebSocket flooded with pings ended with %v, want a close 1008 saying too many messages", err)
	}
	if v := metric(t, url, `reversi_refused_total{reason="socket_messages"}`); v != 1 {
		t.Errorf("refusals for socket_messages: %v, want 1", v)
	}
	// The calm client's WebSocket still answers.
	if err := calm.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","id":7}`)); err != nil {
		t.Fatal(err)
	}
	if _, data, err := calm.Read(ctx); err != nil || !strings.Contains(string(data), `"pong"`) {
		t.Fatalf("the other WebSocket after the flood: %q %v, want a pong", data, err)
	}
}
