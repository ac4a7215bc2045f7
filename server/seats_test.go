// Tests of the accounts at a game's seats and of rated games finished
// through the server, on SQLite and (with REVERSI_TEST_POSTGRES) on
// PostgreSQL.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

func TestAccountSeats(t *testing.T) {
	accountSeats(t, newTestServer(t, "", Config{}))
}

func TestAccountSeatsPostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	accountSeats(t, newTestServerOn(t, st, "", Config{}))
}

// accountSeats: a person logged in creates a game and a bot joins it with
// its key: both play under their accounts' names and the game is linked
// to both, casual, also once over; an anonymous game stays unlinked. A
// game linked rated and played to its end through the server is rated
// once, in the class of its clock.
func accountSeats(t *testing.T, ts *testServer) {
	ctx := context.Background()
	accounts := ts.st.(store.Accounts)
	ann := ts.client()
	annID := ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).account(t).ID
	eve := ts.client()
	eveID := eve.do("POST", "/api/account/register", RegisterRequest{Name: "eve", Password: "long enough"}, nil).account(t).ID
	botID := eve.do("POST", "/api/account/bots", BotRequest{Name: "evebot"}, nil).account(t).ID
	var key KeyView
	json.Unmarshal(eve.do("POST", "/api/account/bots/evebot/keys", nil, nil).body, &key)
	evebot := map[string]string{"Authorization": "Bearer " + key.Key}

	var g CreateResponse
	a := ann.do("POST", "/api/games", CreateRequest{Black: SeatRequest{Kind: "human", Name: "someone"}, White: SeatRequest{Kind: "open"}, GameTime: "5m"}, nil)
	a.want(t, "create, logged in", 201, "")
	json.Unmarshal(a.body, &g)
	casual := g.ID
	if l, err := accounts.GameLink(ctx, g.ID); err != nil || l.Accounts != [2]string{annID, ""} || l.Rated {
		t.Fatalf("the link after creating: %+v %v", l, err)
	}
	var j map[string]string
	a = ts.client().do("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "bot", Name: "other", Invite: g.Invite}, evebot)
	a.want(t, "join with the key", 200, "")
	json.Unmarshal(a.body, &j)
	if l, err := accounts.GameLink(ctx, g.ID); err != nil || l.Accounts != [2]string{annID, botID} || l.Rated {
		t.Fatalf("the link after joining: %+v %v", l, err)
	}
	v := ts.state(g.ID)
	if v.Black.Name != "ann" || v.White.Name != "evebot" {
		t.Fatalf("the seats are %q and %q, want the accounts' names", v.Black.Name, v.White.Name)
	}
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", map[string]string{"token": j["token"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ts.waitFor(g.ID, "over", func(v GameView) bool { return v.Status == "finished" })
	games, err := accounts.AccountGames(ctx, annID, store.ListOptions{})
	if err != nil || len(games) != 1 || games[0].ID != g.ID || games[0].Link.Rated {
		t.Fatalf("ann's games: %+v %v", games, err)
	}
	if r, err := accounts.Ratings(ctx, annID); err != nil || len(r) != 0 {
		t.Fatalf("a casual game rated ann: %+v %v", r, err)
	}

	// Anonymous: no link. A person creating a game between two humans
	// holds both seats and plays neither as the account.
	anon := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	if l, err := accounts.GameLink(ctx, anon.ID); err != nil || l != (store.GameLink{}) {
		t.Fatalf("an anonymous game's link: %+v %v", l, err)
	}
	json.Unmarshal(ann.do("POST", "/api/games", CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "human"}}, nil).body, &g)
	if l, err := accounts.GameLink(ctx, g.ID); err != nil || l != (store.GameLink{}) {
		t.Fatalf("a game between two humans of one creator: %+v %v", l, err)
	}

	// A game linked rated (as the lobby will link it) and played to its
	// end through the server is rated once.
	rated := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}, GameTime: "3m"})
	if err := accounts.LinkGame(ctx, rated.ID, store.GameLink{Accounts: [2]string{eveID, annID}, Rated: true, Class: "blitz"}); err != nil {
		t.Fatal(err)
	}
	for _, color := range []string{"black", "white"} {
		v := ts.waitTurn(rated.ID, color)
		if code, msg := ts.move(rated.ID, rated.Tokens[color], v.Legal[0]); code != 200 {
			t.Fatalf("move: %d %s", code, msg)
		}
	}
	if code := ts.call("POST", "/api/games/"+rated.ID+"/resign", map[string]string{"token": rated.Tokens["white"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ts.waitFor(rated.ID, "over", func(v GameView) bool { return v.Status == "finished" })
	for id, up := range map[string]bool{eveID: true, annID: false} {
		r, err := accounts.Ratings(ctx, id)
		if err != nil || len(r) != 1 || r[0].Class != "blitz" || r[0].Games != 1 || (r[0].Rating > 1500) != up {
			t.Fatalf("the ratings of %s after the rated game: %+v %v", id, r, err)
		}
	}
	if l, _ := accounts.GameLink(ctx, rated.ID); l.RatedAt.IsZero() {
		t.Fatalf("the rated game's link: %+v", l)
	}
	playerPages(t, ts, casual, rated.ID)
}

// playerPages: after accountSeats, the players' pages show what the
// store holds: profiles with bots and owners, ratings (provisional after
// one game), games with colours and rated marks, the rating history and
// the leaderboard; unknown names and classes are refused.
func playerPages(t *testing.T, ts *testServer, casual, rated string) {
	t.Helper()
	var eve ProfileView
	if code := ts.call("GET", "/api/accounts/EVE", nil, &eve); code != 200 || eve.Account.Name != "eve" || fmt.Sprint(eve.Bots) != "[evebot]" ||
		len(eve.Ratings) != 1 || eve.Ratings[0].Class != "blitz" || eve.Ratings[0].Games != 1 || !eve.Ratings[0].Provisional || eve.Ratings[0].Rating <= 1500 {
		t.Fatalf("eve's profile (asked in upper case): %d %+v", code, eve)
	}
	var bot ProfileView
	if code := ts.call("GET", "/api/accounts/evebot", nil, &bot); code != 200 || bot.OwnerName != "eve" || bot.Account.Kind != "bot" || len(bot.Ratings) != 0 {
		t.Fatalf("evebot's profile: %d %+v", code, bot)
	}
	var games struct{ Games []AccountGameItem }
	if code := ts.call("GET", "/api/accounts/ann/games", nil, &games); code != 200 || len(games.Games) != 2 {
		t.Fatalf("ann's games: %d %+v", code, games)
	}
	colors := map[string]string{}
	for _, g := range games.Games {
		colors[g.ID] = g.Color
		if g.Rated != (g.ID == rated) || g.Status != "finished" {
			t.Errorf("ann's game %+v", g)
		}
	}
	if colors[casual] != "black" || colors[rated] != "white" {
		t.Errorf("ann's colours: %v", colors)
	}
	var history struct {
		Class  string
		Points []HistoryPoint
	}
	if code := ts.call("GET", "/api/accounts/eve/history?class=blitz", nil, &history); code != 200 || len(history.Points) != 1 || history.Points[0].Game != rated || history.Points[0].Rating != eve.Ratings[0].Rating {
		t.Fatalf("eve's blitz history: %d %+v", code, history)
	}
	var board struct{ Ratings []LeaderboardEntry }
	if code := ts.call("GET", "/api/leaderboard?class=blitz", nil, &board); code != 200 || len(board.Ratings) != 2 || board.Ratings[0].Name != "eve" || board.Ratings[1].Name != "ann" || board.Ratings[1].Rank != 2 {
		t.Fatalf("the blitz leaderboard: %d %+v", code, board)
	}
	for _, c := range []struct {
		path   string
		status int
		code   Code
	}{
		{"/api/accounts/nobody", 404, CodeNoSuchAccount},
		{"/api/accounts/nobody/games", 404, CodeNoSuchAccount},
		{"/api/accounts/eve/history?class=chess", 400, CodeBadRequest},
		{"/api/leaderboard", 400, CodeBadRequest},
		{"/api/leaderboard?class=blitz&limit=1000", 400, CodeBadRequest},
		{"/api/accounts/ann/games?status=maybe", 400, CodeBadRequest},
	} {
		if status, e := ts.askCode("GET", c.path, "", nil); status != c.status || e.Code != c.code {
			t.Errorf("%s: %d %+v, want %d %s", c.path, status, e, c.status, c.code)
		}
	}
}

// TestRematchLinked: the rematch of a game between two accounts is linked
// to them with the colours swapped, and each player's page lists both
// games.
func TestRematchLinked(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ctx := context.Background()
	accounts := ts.st.(store.Accounts)
	ann, bob := ts.client(), ts.client()
	annID := ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).account(t).ID
	bobID := bob.do("POST", "/api/account/register", RegisterRequest{Name: "bob", Password: "long enough"}, nil).account(t).ID
	var g CreateResponse
	json.Unmarshal(ann.do("POST", "/api/games", CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "open"}, GameTime: "5m"}, nil).body, &g)
	var j map[string]string
	a := bob.do("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Invite: g.Invite}, nil)
	a.want(t, "bob joins", 200, "")
	json.Unmarshal(a.body, &j)
	ann.do("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: g.Tokens["black"]}, nil).want(t, "ann resigns", 200, "")
	ts.waitFor(g.ID, "over", func(v GameView) bool { return v.Status == "finished" })
	ann.do("POST", "/api/games/"+g.ID+"/rematch", TokenRequest{Token: g.Tokens["black"]}, nil).want(t, "ann asks", 202, "")
	var rm map[string]string
	a = bob.do("POST", "/api/games/"+g.ID+"/rematch", TokenRequest{Token: j["token"]}, nil)
	a.want(t, "bob asks", 200, "")
	json.Unmarshal(a.body, &rm)
	if l, err := accounts.GameLink(ctx, rm["id"]); err != nil || l.Accounts != [2]string{bobID, annID} || l.Rated {
		t.Fatalf("the rematch's link: %+v %v (ann %s, bob %s)", l, err, annID, bobID)
	}
	var games struct{ Games []AccountGameItem }
	if code := ts.call("GET", "/api/accounts/ann/games", nil, &games); code != 200 || len(games.Games) != 2 {
		t.Fatalf("ann's games: %d %+v", code, games)
	}
}

// TestAccountPlaysItsSeat: an account plays the seats linked to it
// without their tokens: a person by the session cookie, a bot by its API
// key, over HTTP (moves, resign, rematch) and over the WebSocket (the
// hello that starts a person's clock). Anyone else without a token is
// refused: an account that holds no seat 403 not_your_seat, an
// anonymous caller 400, a key that does not work 401.
func TestAccountPlaysItsSeat(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann, eve, bob := ts.client(), ts.client(), ts.client()
	ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "ann registers", 201, "")
	eve.do("POST", "/api/account/register", RegisterRequest{Name: "eve", Password: "long enough"}, nil).want(t, "eve registers", 201, "")
	bob.do("POST", "/api/account/register", RegisterRequest{Name: "bob", Password: "long enough"}, nil).want(t, "bob registers", 201, "")
	eve.do("POST", "/api/account/bots", BotRequest{Name: "evebot"}, nil).want(t, "a bot", 201, "")
	var key KeyView
	json.Unmarshal(eve.do("POST", "/api/account/bots/evebot/keys", nil, nil).body, &key)
	evebot := map[string]string{"Authorization": "Bearer " + key.Key}

	var g CreateResponse
	a := ann.do("POST", "/api/games", CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "open"}, GameTime: "5m"}, nil)
	a.want(t, "ann creates", 201, "")
	json.Unmarshal(a.body, &g)
	ts.client().do("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "bot", Invite: g.Invite}, evebot).want(t, "evebot joins", 200, "")

	// Ann's clock waits for her to see the board: her hello without a
	// token, by her session's cookie, starts it.
	if v := ts.state(g.ID); !v.ClockWaits {
		t.Fatalf("before ann's page came: clock_waits %v", v.ClockWaits)
	}
	u, _ := url.Parse(ts.http.URL)
	cookies := http.Header{}
	for _, c := range ann.client.Jar.Cookies(u) {
		cookies.Add("Cookie", c.String())
	}
	helloWith(t, ts, g.ID, "", cookies)
	ts.waitFor(g.ID, "ann's clock started", func(v GameView) bool { return !v.ClockWaits })

	v := ts.waitTurn(g.ID, "black")
	ann.do("POST", "/api/games/"+g.ID+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "ann moves without a token", 200, "")
	v = ts.waitTurn(g.ID, "white")
	bob.do("POST", "/api/games/"+g.ID+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "bob, who holds no seat", 403, CodeNotYourSeat)
	ts.client().do("POST", "/api/games/"+g.ID+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "anonymous, no token", 400, CodeBadRequest)
	ts.client().do("POST", "/api/games/"+g.ID+"/move", MoveRequest{Move: v.Legal[0]}, map[string]string{"Authorization": "Bearer rvk_" + strings.Repeat("x", 40)}).want(t, "a key that does not work", 401, CodeBadAPIKey)
	ann.do("POST", "/api/games/"+g.ID+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "ann out of turn", 409, CodeNotYourTurn)
	if w := ts.state(g.ID); len(w.Moves) != 1 {
		t.Fatalf("after the refusals: %d moves, want 1", len(w.Moves))
	}
	ts.client().do("POST", "/api/games/"+g.ID+"/move", MoveRequest{Move: v.Legal[0]}, evebot).want(t, "evebot moves by its key", 200, "")
	ts.waitTurn(g.ID, "black")
	ts.client().do("POST", "/api/games/"+g.ID+"/resign", TokenRequest{}, evebot).want(t, "evebot resigns out of turn", 200, "")
	v = ts.waitFor(g.ID, "over", func(v GameView) bool { return v.Status == "finished" })
	if v.Result.Winner != "black" || v.Result.Reason != "resignation" {
		t.Fatalf("the result: %+v, want white's resignation", *v.Result)
	}

	// A game between two people, resigned and rematched by both accounts
	// without tokens: the rematch is linked, colours swapped, and played
	// the same way; its answer carries no token.
	a = ann.do("POST", "/api/games", CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "open"}, GameTime: "5m"}, nil)
	json.Unmarshal(a.body, &g)
	bob.do("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Invite: g.Invite}, nil).want(t, "bob joins", 200, "")
	bob.do("POST", "/api/games/"+g.ID+"/resign", TokenRequest{}, nil).want(t, "bob resigns", 200, "")
	ts.waitFor(g.ID, "over", func(v GameView) bool { return v.Status == "finished" })
	ann.do("POST", "/api/games/"+g.ID+"/rematch", TokenRequest{}, nil).want(t, "ann asks for a rematch", 202, "")
	a = bob.do("POST", "/api/games/"+g.ID+"/rematch", TokenRequest{}, nil)
	a.want(t, "bob asks too", 200, "")
	var rm map[string]string
	json.Unmarshal(a.body, &rm)
	if rm["color"] != "black" || rm["token"] != "" || rm["id"] == "" {
		t.Fatalf("the rematch's answer to bob: %s", a.body)
	}
	v = ts.waitTurn(rm["id"], "black")
	bob.do("POST", "/api/games/"+rm["id"]+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "bob moves first in the rematch", 200, "")
	if w := ts.waitTurn(rm["id"], "white"); len(w.Moves) != 1 || w.Black.Name != "bob" || w.White.Name != "ann" {
		t.Fatalf("the rematch: %d moves, %s against %s", len(w.Moves), w.Black.Name, w.White.Name)
	}
}

// TestPairing: a game the server makes between two accounts (as the
// lobby and tournaments do) seats each at the seat of its kind under its
// name, is linked to both (rated in its clock's class), shows up in
// each account's own list of games in play (its turn first), is played
// by the accounts' credentials to its end (two moves: a game is rated
// from two, account.DefaultRater), and is then rated.
func TestPairing(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ctx := context.Background()
	accounts := ts.st.(store.Accounts)
	ann, eve := ts.client(), ts.client()
	ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "ann registers", 201, "")
	eve.do("POST", "/api/account/register", RegisterRequest{Name: "eve", Password: "long enough"}, nil).want(t, "eve registers", 201, "")
	eve.do("POST", "/api/account/bots", BotRequest{Name: "evebot"}, nil).want(t, "a bot", 201, "")
	var key KeyView
	json.Unmarshal(eve.do("POST", "/api/account/bots/evebot/keys", nil, nil).body, &key)
	evebot := map[string]string{"Authorization": "Bearer " + key.Key}
	annAcct, _ := accounts.AccountByName(ctx, "ann")
	botAcct, _ := accounts.AccountByName(ctx, "evebot")

	if _, err := ts.srv.createPairing(ctx, Pairing{Accounts: [2]*store.Account{annAcct, annAcct}, Client: "test"}); err == nil {
		t.Fatal("a pairing of an account with itself was made")
	}
	id, err := ts.srv.createPairing(ctx, Pairing{Accounts: [2]*store.Account{botAcct, annAcct}, Game: CreateRequest{GameTime: "4m"}, Rated: true, Client: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if l, err := accounts.GameLink(ctx, id); err != nil || l.Accounts != [2]string{botAcct.ID, annAcct.ID} || !l.Rated || l.Class != "blitz" {
		t.Fatalf("the pairing's link: %+v %v", l, err)
	}
	v := ts.state(id)
	if v.Black.Name != "evebot" || v.White.Name != "ann" || v.Black.Kind != "bot" || v.White.Kind != "human" {
		t.Fatalf("the seats: %+v and %+v", v.Black, v.White)
	}
	var mine struct {
		Account string
		Games   []MyGameItem
	}
	a := ts.client().do("GET", "/api/account/games", nil, evebot)
	a.want(t, "evebot's games", 200, "")
	json.Unmarshal(a.body, &mine)
	if mine.Account != "evebot" || len(mine.Games) != 1 || mine.Games[0].ID != id || mine.Games[0].Color != "black" || !mine.Games[0].ToMove || !mine.Games[0].Rated {
		t.Fatalf("evebot's games: %s", a.body)
	}
	a = ann.do("GET", "/api/account/games", nil, nil)
	json.Unmarshal(a.body, &mine)
	if len(mine.Games) != 1 || mine.Games[0].Color != "white" || mine.Games[0].ToMove {
		t.Fatalf("ann's games: %s", a.body)
	}
	ts.client().do("GET", "/api/account/games", nil, nil).want(t, "anonymous", 401, CodeNotLoggedIn)

	ts.client().do("POST", "/api/games/"+id+"/move", MoveRequest{Move: v.Legal[0]}, evebot).want(t, "evebot moves", 200, "")
	v = ts.waitTurn(id, "white")
	ann.do("POST", "/api/games/"+id+"/move", MoveRequest{Move: v.Legal[0]}, nil).want(t, "ann moves", 200, "")
	ts.waitTurn(id, "black")
	ann.do("POST", "/api/games/"+id+"/resign", TokenRequest{}, nil).want(t, "ann resigns", 200, "")
	ts.waitFor(id, "over", func(v GameView) bool { return v.Status == "finished" })
	r, err := accounts.Ratings(ctx, botAcct.ID)
	if err != nil || len(r) != 1 || r[0].Class != "blitz" || r[0].Games != 1 || r[0].Rating <= 1500 {
		t.Fatalf("evebot's ratings after winning the rated pairing: %+v %v", r, err)
	}
	json.Unmarshal(ts.client().do("GET", "/api/account/games", nil, evebot).body, &mine)
	if len(mine.Games) != 0 {
		t.Fatalf("evebot's games in play after the end: %+v", mine.Games)
	}
}
