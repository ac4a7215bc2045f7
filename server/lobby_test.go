// Tests of the lobby (seeks and challenges) against a real server.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// register registers a person and returns its client.
func register(t *testing.T, ts *testServer, name string) *accountClient {
	t.Helper()
	c := ts.client()
	c.do("POST", "/api/account/register", RegisterRequest{Name: name, Password: "long enough"}, nil).want(t, name+" registers", 201, "")
	return c
}

// TestLobby: a person's rated seek is listed for all, refused to its
// maker, taken by another person (the game made between them, rated,
// linked, and played by their sessions), then closed to the next; a
// challenge to a bot is seen by the two accounts only, declined by the
// bot's key, and closed after; bad offers, strangers and a rating out of
// range are refused with their codes; an account has at most ten open
// offers.
func TestLobby(t *testing.T) {
	lobbyFlow(t, newTestServer(t, "", Config{}))
}

func TestLobbyPostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	lobbyFlow(t, newTestServerOn(t, st, "", Config{}))
}

// lobbyFlow is TestLobby on the server ts.
func lobbyFlow(t *testing.T, ts *testServer) {
	ctx := context.Background()
	accounts := ts.st.(store.Accounts)
	ann, bob := register(t, ts, "ann"), register(t, ts, "bob")
	_, bots := arenaBots(t, ts, "eve", 1)
	evebot := bots["evebot1"]

	ts.client().do("POST", "/api/lobby/seeks", OfferRequest{}, nil).want(t, "anonymous", 401, CodeNotLoggedIn)
	ann.do("POST", "/api/lobby/seeks", OfferRequest{Color: "green"}, nil).want(t, "a colour", 400, CodeBadOffer)
	ann.do("POST", "/api/lobby/seeks", OfferRequest{Time: "1 minute"}, nil).want(t, "a clock", 400, CodeBadOffer)
	ann.do("POST", "/api/lobby/seeks", OfferRequest{MinRating: 1600, MaxRating: 1400}, nil).want(t, "a range", 400, CodeBadOffer)
	ann.do("POST", "/api/lobby/seeks", OfferRequest{Expires: "2s"}, nil).want(t, "an expiry", 400, CodeBadOffer)
	a := ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m", Rated: true, Color: "white", MinRating: 1400, MaxRating: 1600}, nil)
	a.want(t, "ann seeks", 201, "")
	var seek OfferView
	json.Unmarshal(a.body, &seek)
	if seek.From != "ann" || seek.Class != "blitz" || !seek.Rated || seek.State != "open" || seek.Color != "white" || seek.GameTime != "5m0s" {
		t.Fatalf("the seek: %s", a.body)
	}
	var list struct{ Offers []OfferView }
	if code := ts.call("GET", "/api/lobby/seeks", nil, &list); code != 200 || len(list.Offers) != 1 || list.Offers[0].ID != seek.ID {
		t.Fatalf("the seeks: %d %+v", code, list)
	}
	ann.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, nil).want(t, "ann takes her own", 403, CodeNotYours)
	a = bob.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, nil)
	a.want(t, "bob accepts", 200, "")
	var got map[string]string
	json.Unmarshal(a.body, &got)
	if got["color"] != "black" || got["url"] != "/game/"+got["game"] {
		t.Fatalf("the acceptance: %s", a.body)
	}
	ts.client().do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, evebot).want(t, "a second accept", 409, CodeOfferClosed)
	annID, bobID := ann.do("GET", "/api/account", nil, nil).account(t).ID, bob.do("GET", "/api/account", nil, nil).account(t).ID
	if l, err := accounts.GameLink(ctx, got["game"]); err != nil || l.Accounts != [2]string{bobID, annID} || !l.Rated || l.Class != "blitz" {
		t.Fatalf("the game's link: %+v %v", l, err)
	}
	a = ann.do("GET", "/api/lobby/offers/"+seek.ID, nil, nil)
	json.Unmarshal(a.body, &seek)
	if seek.State != "accepted" || seek.By != "bob" || seek.Game != got["game"] {
		t.Fatalf("the seek after: %s", a.body)
	}
	v := ts.waitTurn(got["game"], "black")
	bob.do("POST", "/api/games/"+got["game"]+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "bob moves", 200, "")
	v = ts.waitTurn(got["game"], "white")
	ann.do("POST", "/api/games/"+got["game"]+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "ann moves", 200, "")

	// A seek whose range leaves bob out.
	a = ann.do("POST", "/api/lobby/seeks", OfferRequest{Time: "30s", MinRating: 1700}, nil)
	json.Unmarshal(a.body, &seek)
	bob.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, nil).want(t, "bob out of range", 403, CodeOutOfRange)
	ann.do("POST", "/api/lobby/offers/"+seek.ID+"/cancel", nil, nil).want(t, "ann cancels", 200, "")

	// A challenge to the bot.
	ann.do("POST", "/api/lobby/challenges", OfferRequest{To: "nobody"}, nil).want(t, "to nobody", 404, CodeNoSuchAccount)
	long := ann.do("POST", "/api/lobby/challenges", OfferRequest{To: strings.Repeat("棋", 60)}, nil)
	long.want(t, "to a long name nobody has", 404, CodeNoSuchAccount)
	if msg := long.error().Error; strings.ContainsRune(msg, utf8.RuneError) || !strings.Contains(msg, "棋...") {
		t.Errorf("a long name quoted: %q, want it cut between characters", msg)
	}
	ann.do("POST", "/api/lobby/challenges", OfferRequest{To: "ann"}, nil).want(t, "to herself", 400, CodeBadOffer)
	ann.do("POST", "/api/lobby/challenges", OfferRequest{To: "evebot1", MinRating: 1000}, nil).want(t, "a range", 400, CodeBadOffer)
	a = ann.do("POST", "/api/lobby/challenges", OfferRequest{To: "evebot1", Color: "black"}, nil)
	a.want(t, "ann challenges", 201, "")
	var ch OfferView
	json.Unmarshal(a.body, &ch)
	json.Unmarshal(ts.client().do("GET", "/api/lobby/challenges", nil, evebot).body, &list)
	if len(list.Offers) != 1 || list.Offers[0].ID != ch.ID || list.Offers[0].To != "evebot1" {
		t.Fatalf("evebot's challenges: %+v", list)
	}
	json.Unmarshal(bob.do("GET", "/api/lobby/challenges", nil, nil).body, &list)
	if len(list.Offers) != 0 {
		t.Fatalf("bob sees another's challenge: %+v", list)
	}
	bob.do("GET", "/api/lobby/offers/"+ch.ID, nil, nil).want(t, "bob reads it", 404, CodeNoOffer)
	bob.do("POST", "/api/lobby/offers/"+ch.ID+"/accept", nil, nil).want(t, "bob accepts it", 404, CodeNoOffer)
	ann.do("POST", "/api/lobby/offers/"+ch.ID+"/decline", nil, nil).want(t, "ann declines her own", 403, CodeNotYours)
	a = ts.client().do("POST", "/api/lobby/offers/"+ch.ID+"/decline", nil, evebot)
	a.want(t, "evebot declines", 200, "")
	json.Unmarshal(a.body, &ch)
	if ch.State != "declined" || ch.By != "evebot1" {
		t.Fatalf("declined: %s", a.body)
	}
	ts.client().do("POST", "/api/lobby/offers/"+ch.ID+"/accept", nil, evebot).want(t, "accepted after", 409, CodeOfferClosed)
	ts.client().do("GET", "/api/lobby/offers/nosuch", nil, nil).want(t, "no such offer", 404, CodeNoOffer)

	for i := range maxOpenOffers {
		bob.do("POST", "/api/lobby/seeks", OfferRequest{}, nil).want(t, fmt.Sprintf("bob's seek %d", i+1), 201, "")
	}
	bob.do("POST", "/api/lobby/seeks", OfferRequest{}, nil).want(t, "one too many", 429, CodeTooManyOffers)
}

// TestLobbyRace: eight accounts accept one seek at once: one game is
// made, the others are told the offer is closed.
func TestLobbyRace(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann := register(t, ts, "ann")
	var seek OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{}, nil).body, &seek)
	takers := make([]*accountClient, 8)
	for i := range takers {
		takers[i] = register(t, ts, fmt.Sprintf("taker%d", i))
	}
	statuses := make([]int, len(takers))
	var wg sync.WaitGroup
	for i, c := range takers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = c.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, nil).status
		}()
	}
	wg.Wait()
	won := 0
	for _, s := range statuses {
		switch s {
		case 200:
			won++
		case 409:
		default:
			t.Errorf("an accept answered %d", s)
		}
	}
	games, err := ts.st.(store.Accounts).AccountGames(context.Background(), ann.do("GET", "/api/account", nil, nil).account(t).ID, store.ListOptions{})
	if won != 1 || err != nil || len(games) != 1 {
		t.Fatalf("%d accepts won (%v), ann has %d games (%v); want one of each", won, statuses, len(games), err)
	}
}

// waitOffer waits until offer id says what want says, and returns it.
func waitOffer(t *testing.T, ts *testServer, c *accountClient, id string, what string, want func(OfferView) bool) OfferView {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		var o OfferView
		json.Unmarshal(c.do("GET", "/api/lobby/offers/"+id, nil, nil).body, &o)
		if want(o) {
			return o
		}
		if time.Now().After(deadline) {
			t.Fatalf("offer %s never %s: %+v", id, what, o)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLobbyBotAccepts: a bot that declares what it accepts (casual blitz
// games, one at a time) and is online has the server accept for it a
// person's casual seek, leaving a rated one alone, and, once its game is
// over, a challenge to it; bad declarations and a person's are refused.
func TestLobbyBotAccepts(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann := register(t, ts, "ann")
	_, bots := arenaBots(t, ts, "eve", 1)
	key := bots["evebot1"]
	ann.do("PUT", "/api/account/accepts", AcceptsRequest{Casual: true}, nil).want(t, "a person declares", 403, CodeNotYours)
	for _, bad := range []AcceptsRequest{{Casual: true, MaxGames: 9}, {Casual: true, Classes: []string{"fast"}}, {}, {Casual: true, MinRating: 1800, MaxRating: 1200}} {
		ts.client().do("PUT", "/api/account/accepts", bad, key).want(t, fmt.Sprintf("declaring %+v", bad), 400, CodeBadOffer)
	}
	ts.client().do("PUT", "/api/account/accepts", AcceptsRequest{Classes: []string{"blitz"}, Casual: true}, key).want(t, "the bot declares", 200, "")
	var d AcceptsRequest
	json.Unmarshal(ts.client().do("GET", "/api/account/accepts", nil, key).body, &d)
	if fmt.Sprint(d.Classes) != "[blitz]" || !d.Casual || d.Rated || d.MaxGames != 1 {
		t.Fatalf("the declaration read back: %+v", d)
	}

	var rated, casual OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m", Rated: true}, nil).body, &rated)
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m"}, nil).body, &casual)
	got := waitOffer(t, ts, ann, casual.ID, "accepted by the bot, its game made", func(o OfferView) bool { return o.State == "accepted" && o.Game != "" })
	if got.By != "evebot1" || got.Game == "" {
		t.Fatalf("the casual seek: %+v", got)
	}
	if o := waitOffer(t, ts, ann, rated.ID, "read", func(OfferView) bool { return true }); o.State != "open" {
		t.Errorf("the rated seek, which the bot does not take: %s", o.State)
	}
	var mine struct{ Games []MyGameItem }
	json.Unmarshal(ts.client().do("GET", "/api/account/games", nil, key).body, &mine)
	if len(mine.Games) != 1 || mine.Games[0].ID != got.Game {
		t.Fatalf("the bot's games: %+v", mine.Games)
	}
	ts.client().do("POST", "/api/games/"+got.Game+"/resign", TokenRequest{}, key).want(t, "the bot resigns", 200, "")
	ts.waitFor(got.Game, "over", func(v GameView) bool { return v.Status == "finished" })
	var ch OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/challenges", OfferRequest{To: "evebot1", GameTime: "3m"}, nil).body, &ch)
	if o := waitOffer(t, ts, ann, ch.ID, "accepted by the bot", func(o OfferView) bool { return o.State != "open" }); o.State != "accepted" || o.By != "evebot1" {
		t.Fatalf("the challenge to the bot: %+v", o)
	}
	ts.client().do("DELETE", "/api/account/accepts", nil, key).want(t, "the bot takes it back", 200, "")
}

// TestLobbyTwoServers: on two servers sharing one PostgreSQL database, a
// seek made through one is listed and accepted through the other, a
// second accept through the first is refused, and the game is played
// through either; a bot declared online through one is given a seek
// made through the other.
func TestLobbyTwoServers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")
	ann := register(t, a, "ann")
	bob := register(t, a, "bob")
	bobOnB := &accountClient{ts: b, client: bob.client} // the same cookies
	annOnB := &accountClient{ts: b, client: ann.client}
	var seek OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m", Color: "black"}, nil).body, &seek)
	var list struct{ Offers []OfferView }
	if code := b.call("GET", "/api/lobby/seeks", nil, &list); code != 200 || len(list.Offers) != 1 || list.Offers[0].ID != seek.ID {
		t.Fatalf("the seek through b: %d %+v", code, list)
	}
	a2 := bobOnB.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, nil)
	a2.want(t, "bob accepts through b", 200, "")
	var got map[string]string
	json.Unmarshal(a2.body, &got)
	_, bots := arenaBots(t, a, "eve", 1)
	ts := a.client()
	ts.do("POST", "/api/lobby/offers/"+seek.ID+"/accept", nil, bots["evebot1"]).want(t, "a second accept through a", 409, CodeOfferClosed)
	v := a.waitTurn(got["game"], "black")
	annOnB.do("POST", "/api/games/"+got["game"]+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "ann moves through b", 200, "")
	v = a.waitTurn(got["game"], "white")
	bob.do("POST", "/api/games/"+got["game"]+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "bob moves through a", 200, "")

	a.client().do("PUT", "/api/account/accepts", AcceptsRequest{Casual: true}, bots["evebot1"]).want(t, "the bot declares through a", 200, "")
	json.Unmarshal(annOnB.do("POST", "/api/lobby/seeks", OfferRequest{Time: "30s"}, nil).body, &seek)
	if o := waitOffer(t, b, annOnB, seek.ID, "accepted", func(o OfferView) bool { return o.State != "open" }); o.State != "accepted" || o.By != "evebot1" {
		t.Fatalf("the seek made through b for the bot online through a: %+v", o)
	}
}

// TestLobbyPrune: an offer that ended (here cancelled) is kept a day
// (its offerer may still ask what became of it), then deleted by the
// server's pruning; an open one is kept.
func TestLobbyPrune(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann := ts.client()
	ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "ann registers", 201, "")
	var ended, open OfferView
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m"}, nil).body, &ended)
	json.Unmarshal(ann.do("POST", "/api/lobby/seeks", OfferRequest{GameTime: "5m", Expires: "24h"}, nil).body, &open)
	ann.do("POST", "/api/lobby/offers/"+ended.ID+"/cancel", nil, nil).want(t, "ann cancels", 200, "")
	if n := ts.srv.pruneOffers(time.Now()); n != 0 {
		t.Fatalf("pruned %d offers at once, want none (a day's history)", n)
	}
	ann.do("GET", "/api/lobby/offers/"+ended.ID, nil, nil).want(t, "the cancelled offer within the day", 200, "")
	if n := ts.srv.pruneOffers(time.Now().Add(offerHistory + time.Hour)); n != 1 {
		t.Fatalf("pruned %d offers a day later, want the cancelled one", n)
	}
	ann.do("GET", "/api/lobby/offers/"+ended.ID, nil, nil).want(t, "the cancelled offer a day later", 404, CodeNoOffer)
	ann.do("GET", "/api/lobby/offers/"+open.ID, nil, nil).want(t, "the open offer", 200, "")
}
