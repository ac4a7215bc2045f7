// Tests of what the players' pages read against the real server: GET
// /api/accounts/{name}/openings (the openings of an account's finished
// games, with its score by colour) and the accounts at a game's seats.

package server

import (
	"context"
	"reflect"
	"testing"

	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// playLinked plays a game between two accounts (black's and white's
// names and ids) to its end through the server: made from start (a
// transcript or a board), linked to both, rated in blitz if rated, a
// move each, then loser ("black" or "white") resigns. It answers the
// game's id.
func playLinked(t *testing.T, ts *testServer, names, ids [2]string, start CreateRequest, rated bool, loser string) string {
	t.Helper()
	start.Black = SeatRequest{Kind: "bot", Name: names[0]}
	start.White = SeatRequest{Kind: "bot", Name: names[1]}
	start.GameTime = "3m"
	g := ts.create(start)
	link := store.GameLink{Accounts: ids, Rated: rated}
	if rated {
		link.Class = "blitz"
	}
	if err := ts.st.(store.Accounts).LinkGame(context.Background(), g.ID, link); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		v := ts.state(g.ID)
		v = ts.waitTurn(g.ID, v.Turn)
		if code, msg := ts.move(g.ID, g.Tokens[v.Turn], v.Legal[0]); code != 200 {
			t.Fatalf("move: %d %s", code, msg)
		}
	}
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", map[string]string{"token": g.Tokens[loser]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ts.waitFor(g.ID, "over", func(v GameView) bool { return v.Status == "finished" })
	return g.ID
}

// TestAccountOpenings (on SQLite, and on PostgreSQL with
// REVERSI_TEST_POSTGRES): an account's openings are named from its finished
// games' first moves as the game lists name them, counted with its score
// by colour, the most played first; a game from another start counts as
// unnamed, a game in progress not at all; an unknown name or a bad limit
// is refused.
func TestAccountOpenings(t *testing.T) {
	accountOpenings(t, newTestServer(t, "", Config{}))
}

func TestAccountOpeningsPostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	accountOpenings(t, newTestServerOn(t, st, "", Config{}))
}

func accountOpenings(t *testing.T, ts *testServer) {
	ann, eve := ts.client(), ts.client()
	annID := ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).account(t).ID
	eveID := eve.do("POST", "/api/account/register", RegisterRequest{Name: "eve", Password: "long enough"}, nil).account(t).ID
	annEve, eveAnn := [2]string{"ann", "eve"}, [2]string{"eve", "ann"}
	annEveIDs, eveAnnIDs := [2]string{annID, eveID}, [2]string{eveID, annID}

	tiger := CreateRequest{Transcript: "f5d6c3d3c4"}
	won := playLinked(t, ts, annEve, annEveIDs, tiger, true, "white")                               // ann black, wins
	lost := playLinked(t, ts, eveAnn, eveAnnIDs, tiger, false, "white")                             // ann white, loses
	other := playLinked(t, ts, eveAnn, eveAnnIDs, CreateRequest{Transcript: "f5f6"}, true, "black") // ann white, wins
	board, turn := positionOf(t, ts, PositionRequest{Transcript: "f5d6c3d3c4f4"})
	playLinked(t, ts, annEve, annEveIDs, CreateRequest{Board: board + " " + turn}, false, "black") // another start
	live := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "ann"}, White: SeatRequest{Kind: "bot", Name: "eve"}, Transcript: "f5d6c3d3c4"})
	if err := ts.st.(store.Accounts).LinkGame(context.Background(), live.ID, store.GameLink{Accounts: annEveIDs}); err != nil {
		t.Fatal(err)
	}

	// The names the game lists give.
	var list struct{ Games []AccountGameItem }
	ts.call("GET", "/api/accounts/ann/games?status=finished", nil, &list)
	names := map[string][2]string{}
	for _, g := range list.Games {
		names[g.ID] = [2]string{g.Opening, g.OpeningName}
		if g.Opponent != "eve" {
			t.Errorf("ann's game %s: the opponent is %q", g.ID, g.Opponent)
		}
	}
	if names[won] != names[lost] || names[won][0] == "" {
		t.Fatalf("the Tiger's games are named %q and %q", names[won], names[lost])
	}
	if names[other][0] == "" || names[other] == names[won] {
		t.Fatalf("the games' names: %v", names)
	}

	var got OpeningsView
	if code := ts.call("GET", "/api/accounts/ANN/openings", nil, &got); code != 200 {
		t.Fatalf("ann's openings: %d", code)
	}
	want := OpeningsView{Account: "ann", Games: 4, Unnamed: 1, Openings: []OpeningPlayed{
		{Opening: names[won][0], OpeningName: names[won][1], Games: 2,
			Black: ColorScore{Games: 1, Wins: 1, Score: 1}, White: ColorScore{Games: 1, Losses: 1}},
		{Opening: names[other][0], OpeningName: names[other][1], Games: 1, White: ColorScore{Games: 1, Wins: 1, Score: 1}},
	}}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("ann's openings:\n got %+v\nwant %+v", got, want)
	}
	var one OpeningsView
	if code := ts.call("GET", "/api/accounts/eve/openings?limit=1", nil, &one); code != 200 || one.Games != 1 || one.Account != "eve" {
		t.Errorf("eve's last game's opening: %d %+v", code, one)
	}

	for _, c := range []struct {
		path   string
		status int
		code   Code
	}{
		{"/api/accounts/nobody/openings", 404, CodeNoSuchAccount},
		{"/api/accounts/ann/openings?limit=0", 400, CodeBadRequest},
		{"/api/accounts/ann/openings?limit=1001", 400, CodeBadRequest},
		{"/api/accounts/ann/openings?limit=many", 400, CodeBadRequest},
	} {
		if status, e := ts.askCode("GET", c.path, "", nil); status != c.status || e.Code != c.code {
			t.Errorf("%s: %d %+v, want %d %s", c.path, status, e, c.status, c.code)
		}
	}
}

// TestGameAccounts: GET /api/games/{id}?accounts=1 names the accounts at
// the seats of a linked game, none of an anonymous one; without it the
// view has no accounts.
func TestGameAccounts(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann, eve := ts.client(), ts.client()
	annID := ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).account(t).ID
	eveID := eve.do("POST", "/api/account/register", RegisterRequest{Name: "eve", Password: "long enough"}, nil).account(t).ID
	linked := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "eve"}, White: SeatRequest{Kind: "bot", Name: "ann"}})
	if err := ts.st.(store.Accounts).LinkGame(context.Background(), linked.ID, store.GameLink{Accounts: [2]string{eveID, annID}}); err != nil {
		t.Fatal(err)
	}
	anonymous := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "ann"}, White: SeatRequest{Kind: "bot"}})
	for _, c := range []struct {
		path string
		want *SeatAccounts
	}{
		{"/api/games/" + linked.ID + "?accounts=1", &SeatAccounts{Black: "eve", White: "ann"}},
		{"/api/games/" + anonymous.ID + "?accounts=1", &SeatAccounts{}},
		{"/api/games/" + linked.ID, nil},
	} {
		var v GameView
		if code := ts.call("GET", c.path, nil, &v); code != 200 || !reflect.DeepEqual(v.Accounts, c.want) {
			t.Errorf("%s: %d %+v, want %+v", c.path, code, v.Accounts, c.want)
		}
	}
}
