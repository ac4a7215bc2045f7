// Tests of the lobby's stream.

package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// lobbyStream is a client's lobby stream.
type lobbyStream struct {
	t *testing.T
	c *websocket.Conn
}

// openLobby opens the lobby's stream of ts as c (with header, a bot's
// key, if not nil) and reads up to its "ready", returning the events
// before it.
func openLobby(t *testing.T, ts *testServer, c *accountClient, header map[string]string) (*lobbyStream, []LobbyEvent) {
	t.Helper()
	h := http.Header{}
	for k, v := range header {
		h.Set(k, v)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/lobby/ws", &websocket.DialOptions{HTTPClient: c.client, HTTPHeader: h})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	s := &lobbyStream{t: t, c: ws}
	var before []LobbyEvent
	for e := s.next(); e.Type != "ready"; e = s.next() {
		before = append(before, e)
	}
	return s, before
}

// next reads the stream's next event (a minute bounds a wait that would
// never end).
func (s *lobbyStream) next() LobbyEvent {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var e LobbyEvent
	if err := wsjson.Read(ctx, s.c, &e); err != nil {
		s.t.Fatal(err)
	}
	return e
}

// until reads events up to one of type typ, which it returns.
func (s *lobbyStream) until(typ string) LobbyEvent {
	s.t.Helper()
	for {
		if e := s.next(); e.Type == typ {
			return e
		}
	}
}

// TestLobbyStream: anyone watching sees the seeks open and go; a person
// sees the challenges to her and the game started for her when a seek of
// hers is accepted, with her colour; a bot holding the stream is online
// and learns the game made for it.
func TestLobbyStream(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann, bob := register(t, ts, "ann"), register(t, ts, "bob")
	var old OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m"}, nil).body, &old)

	watcher, before := openLobby(t, ts, ts.client(), nil)
	if len(before) != 1 || before[0].Type != "seek" || before[0].Offer.ID != old.ID {
		t.Fatalf("the stream's first state: %+v", before)
	}
	annStream, _ := openLobby(t, ts, ann, nil)
	var seek OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{Time: "30s", Color: "black"}, nil).body, &seek)
	if e := watcher.next(); e.Type != "seek" || e.Offer.ID != seek.ID || e.Offer.From != "ann" || e.Offer.Class != seek.Class {
		t.Fatalf("a seek opened: %+v", e)
	}
	ann.do("POST", "/api/lobby/offers/"+old.ID+"/cancel", nil, nil).want(t, "ann cancels", 200, "")
	if e := watcher.next(); e.Type != "seek_gone" || e.ID != old.ID {
		t.Fatalf("a seek cancelled: %+v", e)
	}
	var got map[string]string
	json.Unmarshal(bob.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, nil).body, &got)
	if e := annStream.until("game"); e.Game != got["game"] || e.Color != "black" {
		t.Fatalf("ann's game started: %+v, the acceptance %v", e, got)
	}
	if e := watcher.next(); e.Type != "seek_gone" || e.ID != seek.ID {
		t.Fatalf("a seek accepted: %+v", e)
	}
	var ch OfferView
	json.Unmarshal(bob.do("POST", "/api/lobby/challenges", OfferRequest{To: "ann"}, nil).body, &ch)
	if e := annStream.until("challenge"); e.Offer.ID != ch.ID || e.Offer.From != "bob" || e.Offer.To != "ann" {
		t.Fatalf("a challenge to ann: %+v", e)
	}
	ann.do("POST", "/api/lobby/offers/"+ch.ID+"/decline", nil, nil).want(t, "ann declines", 200, "")
	if e := annStream.until("challenge_gone"); e.ID != ch.ID {
		t.Fatalf("the challenge declined: %+v", e)
	}

	// A bot that holds the stream is online: a seek its rule takes is
	// accepted for it, and its stream says so.
	_, bots := arenaBots(t, ts, "eve", 1)
	key := bots["evebot1"]
	ts.client().do("PUT", "/api/account/accepts", AcceptsRequest{Classes: []string{"blitz"}, Casual: true, MaxGames: 1}, key).want(t, "the bot's rule", 200, "")
	botStream, _ := openLobby(t, ts, ts.client(), key)
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m", Color: "black"}, nil).body, &seek)
	if e := botStream.until("game"); e.Color != "white" {
		t.Fatalf("the bot's game: %+v", e)
	}
	var o OfferView
	json.Unmarshal(ann.do("GET", "/api/lobby/offers/"+seek.ID, nil, nil).body, &o)
	if o.State != "accepted" || o.By != "evebot1" {
		t.Fatalf("the seek the bot took: %+v", o)
	}
}

// TestLobbyStreamTwoServers: two servers on one PostgreSQL database: a
// stream through one learns the seeks made and accepted through the
// other, and its person the game started for her there.
func TestLobbyStreamTwoServers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")
	ann := register(t, a, "ann")
	bob := register(t, b, "bob")
	annStream, _ := openLobby(t, a, ann, nil)
	var seek OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m", Color: "white"}, nil).body, &seek)
	bobStream, before := openLobby(t, b, bob, nil)
	if len(before) != 1 || before[0].Offer.ID != seek.ID {
		t.Fatalf("server b's stream's first state: %+v", before)
	}
	var seek2 OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{Time: "30s"}, nil).body, &seek2)
	if e := bobStream.next(); e.Type != "seek" || e.Offer.ID != seek2.ID {
		t.Fatalf("server b learns a seek made through a: %+v", e)
	}
	var got map[string]string
	json.Unmarshal(bob.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, nil).body, &got)
	if e := annStream.until("game"); e.Game != got["game"] || e.Color != "white" || got["color"] != "black" {
		t.Fatalf("server a learns ann's game made through b: %+v, the acceptance %v", e, got)
	}
	if e := bobStream.next(); e.Type != "seek_gone" || e.ID != seek.ID {
		t.Fatalf("the seek accepted: %+v", e)
	}
}
