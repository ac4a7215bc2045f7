// Tests of the tournaments served by the server, against a real server:
// created, entered and started through the API, played to their end by
// bots that find their games with their keys, on SQLite and (with
// REVERSI_TEST_POSTGRES) on PostgreSQL.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
	"github.com/reversi-engine/reversi/tournament"
)

// arenaBots registers a person (whose client it returns) and n bots of
// hers, each with a key; it returns the bots' Authorization headers by
// name.
func arenaBots(t *testing.T, ts *testServer, person string, n int) (*accountClient, map[string]map[string]string) {
	t.Helper()
	p := ts.client()
	p.do("POST", "/api/account/register", RegisterRequest{Name: person, Password: "long enough"}, nil).want(t, person+" registers", 201, "")
	bots := map[string]map[string]string{}
	for i := range n {
		name := fmt.Sprintf("%sbot%d", person, i+1)
		p.do("POST", "/api/account/bots", BotRequest{Name: name}, nil).want(t, "a bot", 201, "")
		var key KeyView
		json.Unmarshal(p.do("POST", "/api/account/bots/"+name+"/keys", nil, nil).body, &key)
		bots[name] = map[string]string{"Authorization": "Bearer " + key.Key}
	}
	return p, bots
}

// playBots plays, as each bot by its key, every game /api/account/games
// gives it where it is to move: a legal move while the game has fewer
// than two, else it resigns (so White wins every game), until stop says
// to stop; it fails the test after a minute.
func playBots(t *testing.T, ts *testServer, bots map[string]map[string]string, stop func() bool) {
	t.Helper()
	playBotsOn(t, []*testServer{ts}, []map[string]map[string]string{bots}, stop)
}

// playBotsOn is playBots with the bots of bots[i] playing through
// server ts[i].
func playBotsOn(t *testing.T, servers []*testServer, bots []map[string]map[string]string, stop func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !stop() {
		if time.Now().After(deadline) {
			t.Fatal("the bots' games did not end in a minute")
		}
		for i, ts := range servers {
			playOnce(t, ts, bots[i])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// playOnce makes each bot's moves of the moment (see playBots).
func playOnce(t *testing.T, ts *testServer, bots map[string]map[string]string) {
	t.Helper()
	for _, key := range bots {
		var mine struct{ Games []MyGameItem }
		json.Unmarshal(ts.client().do("GET", "/api/account/games", nil, key).body, &mine)
		for _, g := range mine.Games {
			if !g.ToMove {
				continue
			}
			v := ts.state(g.ID)
			if len(v.Moves) < 2 && len(v.Legal) > 0 {
				ts.client().do("POST", "/api/games/"+g.ID+"/move", MoveRequest{Move: v.Legal[0]}, key)
			} else {
				ts.client().do("POST", "/api/games/"+g.ID+"/resign", TokenRequest{}, key)
			}
		}
	}
}

// tournamentOf reads a tournament through the API.
func tournamentOf(t *testing.T, ts *testServer, id string) TournamentView {
	t.Helper()
	var v TournamentView
	if code := ts.call("GET", "/api/tournaments/"+id, nil, &v); code != 200 {
		t.Fatalf("GET the tournament: %d", code)
	}
	return v
}

func TestTournament(t *testing.T) {
	tournamentRoundRobin(t, newTestServer(t, "", Config{}))
}

func TestTournamentPostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	tournamentRoundRobin(t, newTestServerOn(t, st, "", Config{}))
}

// tournamentRoundRobin: a person creates a rated round robin of three of
// her bots, another person joins and leaves, refusals are answered with
// their codes, she starts it, and the bots play their games by their
// keys alone: the server makes each round's games, records the results
// and finishes the tournament with the standings and crosstable the
// results make, the ratings moved, and every game in its GGF.
func tournamentRoundRobin(t *testing.T, ts *testServer) {
	ctx := context.Background()
	ann, bots := arenaBots(t, ts, "ann", 3)
	bob := ts.client()
	bob.do("POST", "/api/account/register", RegisterRequest{Name: "bob", Password: "long enough"}, nil).want(t, "bob registers", 201, "")

	req := TournamentRequest{Name: "Class X", Kind: "round-robin", GameTime: "5m", Rated: true, Entrants: []string{"annbot1", "annbot2", "annbot3"}}
	ts.client().do("POST", "/api/tournaments", req, nil).want(t, "anonymous", 401, CodeNotLoggedIn)
	ann.do("POST", "/api/tournaments", TournamentRequest{Name: "x", Kind: "knockout", GameTime: "5m"}, nil).want(t, "a kind unknown", 400, CodeBadTournament)
	ann.do("POST", "/api/tournaments", TournamentRequest{Name: "x", Kind: "swiss", Rounds: 3, GameTime: "5 minutes"}, nil).want(t, "a bad clock", 400, CodeBadTournament)
	ann.do("POST", "/api/tournaments", TournamentRequest{Name: "x", Kind: "swiss", Rounds: 3, GameTime: "5m", Entrants: []string{"nobody"}}, nil).want(t, "an unknown entrant", 404, CodeNoSuchAccount)
	a := ann.do("POST", "/api/tournaments", req, nil)
	a.want(t, "ann creates", 201, "")
	var created map[string]string
	json.Unmarshal(a.body, &created)
	id := created["id"]
	if created["url"] != "/#tournament="+id {
		t.Fatalf("the answer: %s", a.body)
	}

	bob.do("POST", "/api/tournaments/"+id+"/join", EntrantRequest{}, nil).want(t, "bob joins", 200, "")
	if v := tournamentOf(t, ts, id); len(v.Players) != 4 || v.Status != "registering" || v.Creator != "ann" || v.Class != "blitz" {
		t.Fatalf("after bob joined: %+v", v)
	}
	bob.do("POST", "/api/tournaments/"+id+"/join", EntrantRequest{}, nil).want(t, "bob joins twice", 409, CodeTournamentState)
	bob.do("POST", "/api/tournaments/"+id+"/join", EntrantRequest{Name: "annbot1"}, nil).want(t, "bob enters ann's bot", 403, CodeNotYours)
	bob.do("POST", "/api/tournaments/"+id+"/start", nil, nil).want(t, "bob starts ann's tournament", 403, CodeNotYours)
	bob.do("POST", "/api/tournaments/"+id+"/leave", EntrantRequest{}, nil).want(t, "bob leaves", 200, "")
	ts.client().do("GET", "/api/tournaments/nosuch", nil, nil).want(t, "no such tournament", 404, CodeNoTournament)

	ann.do("POST", "/api/tournaments/"+id+"/start", nil, nil).want(t, "ann starts", 200, "")
	ann.do("POST", "/api/tournaments/"+id+"/start", nil, nil).want(t, "started twice", 409, CodeTournamentState)
	bob.do("POST", "/api/tournaments/"+id+"/join", EntrantRequest{}, nil).want(t, "bob joins late", 409, CodeTournamentState)
	var list struct{ Tournaments []TournamentItem }
	if code := ts.call("GET", "/api/tournaments?status=running", nil, &list); code != 200 || len(list.Tournaments) != 1 || list.Tournaments[0].ID != id {
		t.Fatalf("the running tournaments: %d %+v", code, list)
	}

	playBots(t, ts, bots, func() bool { return tournamentOf(t, ts, id).Status == "finished" })
	v := tournamentOf(t, ts, id)
	if len(v.Games) != 3 || v.Rounds != 3 || len(v.Byes) != 3 {
		t.Fatalf("the finished round robin: %d games, %d rounds, byes %v", len(v.Games), v.Rounds, v.Byes)
	}
	won := map[string]float64{}
	for _, g := range v.Games {
		if g.Result == nil || g.Result.Black != 0 || g.Game == "" {
			t.Fatalf("game %+v: want White's win (Black resigned)", g)
		}
		won[g.White]++
		gv := ts.state(g.Game)
		if gv.Black.Name != g.Black || gv.White.Name != g.White || gv.Status != "finished" {
			t.Errorf("the server's game %s: %s against %s, %s", g.Game, gv.Black.Name, gv.White.Name, gv.Status)
		}
	}
	total := 0.0
	for _, s := range v.Standings {
		if s.Points != won[s.Player.Name] || s.Games != 2 {
			t.Errorf("%s's standing: %+v, want %v points of 2 games", s.Player.Name, s, won[s.Player.Name])
		}
		total += s.Points
	}
	if total != 3 || len(v.Crosstable) != 3 {
		t.Errorf("points in all %v, crosstable %v", total, v.Crosstable)
	}
	for i := range v.Standings {
		for j := range v.Standings {
			if i != j && len(v.Crosstable[i][j]) != 1 {
				t.Errorf("crosstable[%d][%d] = %v, want one game", i, j, v.Crosstable[i][j])
			}
		}
	}
	accounts := ts.st.(store.Accounts)
	for name := range bots {
		a, _ := accounts.AccountByName(ctx, name)
		r, err := accounts.Ratings(ctx, a.ID)
		if err != nil || len(r) != 1 || r[0].Class != "blitz" || r[0].Games != 2 {
			t.Errorf("%s's ratings after the rated tournament: %+v %v", name, r, err)
		}
	}
	text := ts.client().do("GET", "/api/tournaments/"+id+"/ggf", nil, nil)
	text.want(t, "the GGF", 200, "")
	games, err := ggf.Parse(strings.NewReader(string(text.body)))
	if err != nil || len(games) != 3 {
		t.Fatalf("the GGF read back: %d games, %v\n%s", len(games), err, text.body)
	}
	for _, g := range games {
		if len(g.Moves) != 2 || !strings.Contains(g.Info.Event, "Class X") {
			t.Errorf("a game of the GGF: %d moves, event %q", len(g.Moves), g.Info.Event)
		}
	}

	// Cancelled before its end: no more games.
	a = ann.do("POST", "/api/tournaments", TournamentRequest{Name: "Short", Kind: "swiss", Rounds: 2, Time: "30s", Entrants: []string{"annbot1", "annbot2"}}, nil)
	json.Unmarshal(a.body, &created)
	bob.do("POST", "/api/tournaments/"+created["id"]+"/cancel", nil, nil).want(t, "bob cancels", 403, CodeNotYours)
	ann.do("POST", "/api/tournaments/"+created["id"]+"/cancel", nil, nil).want(t, "ann cancels", 200, "")
	ann.do("POST", "/api/tournaments/"+created["id"]+"/start", nil, nil).want(t, "started once cancelled", 409, CodeTournamentState)
	if v := tournamentOf(t, ts, created["id"]); v.Status != "cancelled" || len(v.Games) != 0 {
		t.Errorf("the cancelled tournament: %s, %d games", v.Status, len(v.Games))
	}
}

// startTournament has person create a tournament of the request and
// start it, and returns its id.
func startTournament(t *testing.T, person *accountClient, req TournamentRequest) string {
	t.Helper()
	a := person.do("POST", "/api/tournaments", req, nil)
	a.want(t, "create", 201, "")
	var created map[string]string
	json.Unmarshal(a.body, &created)
	person.do("POST", "/api/tournaments/"+created["id"]+"/start", nil, nil).want(t, "start", 200, "")
	return created["id"]
}

func TestTournamentSwissForfeit(t *testing.T) {
	tournamentSwissForfeit(t, newTestServer(t, "", Config{}))
}

func TestTournamentSwissForfeitPostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	tournamentSwissForfeit(t, newTestServerOn(t, st, "", Config{}))
}

// tournamentSwissForfeit: a Swiss tournament of five bots, one of
// them disabled after entering: every round has a bye (a point), the
// disabled bot's games are forfeits (it loses them, and no game is
// made), the others are played, and the tournament ends with every
// point counted.
func tournamentSwissForfeit(t *testing.T, ts *testServer) {
	ctx := context.Background()
	ann, bots := arenaBots(t, ts, "ann", 5)
	a := ann.do("POST", "/api/tournaments", TournamentRequest{Name: "Swiss", Kind: "swiss", Rounds: 3, Time: "30s",
		Entrants: []string{"annbot1", "annbot2", "annbot3", "annbot4", "annbot5"}}, nil)
	a.want(t, "create", 201, "")
	var created map[string]string
	json.Unmarshal(a.body, &created)
	id := created["id"]
	accounts := ts.st.(store.Accounts)
	out, _ := accounts.AccountByName(ctx, "annbot5")
	if err := accounts.SetDisabled(ctx, out.ID, true); err != nil {
		t.Fatal(err)
	}
	ann.do("POST", "/api/tournaments/"+id+"/start", nil, nil).want(t, "start", 200, "")
	delete(bots, "annbot5")
	playBots(t, ts, bots, func() bool { return tournamentOf(t, ts, id).Status == "finished" })
	v := tournamentOf(t, ts, id)
	if len(v.Games) != 6 || len(v.Byes) != 3 {
		t.Fatalf("%d games, byes %v; want 6 and 3", len(v.Games), v.Byes)
	}
	forfeits := 0
	for _, g := range v.Games {
		if g.Black != "annbot5" && g.White != "annbot5" {
			if gv := ts.state(g.Game); gv.Status != "finished" {
				t.Errorf("game %s: %s", g.Game, gv.Status)
			}
			continue
		}
		forfeits++
		lost := g.Result.Black == 0 && g.Black == "annbot5" || g.Result.Black == 1 && g.White == "annbot5"
		if !lost || g.Result.Margin != 0 {
			t.Errorf("the disabled bot's game %+v: want its loss by forfeit", g)
		}
		if !g.Result.Forfeit || g.Game != "" {
			t.Errorf("a forfeit: %+v, want it said, and no game named", g)
		}
	}
	total := 0.0
	for _, s := range v.Standings {
		total += s.Points
		if s.Player.Name == "annbot5" && s.Points != float64(s.Byes) {
			t.Errorf("the disabled bot's points: %+v", s)
		}
	}
	if forfeits == 0 || total != 9 {
		t.Errorf("%d forfeits, %v points in all; want some, and 9 (6 games and 3 byes)", forfeits, total)
	}
}

func TestTournamentRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tournament.db")
	tournamentRestart(t, func() *testServer { return newTestServer(t, path, Config{}) })
}

func TestTournamentRestartPostgres(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	tournamentRestart(t, func() *testServer { return newPostgresServer(t, dsn, "server-a") })
}

// tournamentRestart: a server stopped in the middle of a tournament (a
// round played, the next under way) and started again on the same
// store goes on and finishes it.
func tournamentRestart(t *testing.T, start func() *testServer) {
	a := start()
	ann, bots := arenaBots(t, a, "ann", 3)
	id := startTournament(t, ann, TournamentRequest{Name: "Across a restart", Kind: "round-robin", Cycles: 2, GameTime: "5m",
		Entrants: []string{"annbot1", "annbot2", "annbot3"}})
	playBots(t, a, bots, func() bool { return tournamentOf(t, a, id).Round >= 3 })
	a.close()
	b := start()
	if v := tournamentOf(t, b, id); v.Status != "running" || v.Round < 3 {
		t.Fatalf("after the restart: %s, round %d", v.Status, v.Round)
	}
	playBots(t, b, bots, func() bool { return tournamentOf(t, b, id).Status == "finished" })
	v := tournamentOf(t, b, id)
	for _, g := range v.Games {
		if g.Result == nil {
			t.Errorf("a game without its result: %+v", g)
		}
	}
	if len(v.Games) != 6 {
		t.Errorf("%d games, want 6 (three pairs, twice)", len(v.Games))
	}
}

// TestTournamentTwoServers: two servers on one PostgreSQL database both
// run the scheduler of one tournament, whose bots play through either:
// it ends with each pairing's game made once.
func TestTournamentTwoServers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")
	ann, bots := arenaBots(t, a, "ann", 4)
	id := startTournament(t, ann, TournamentRequest{Name: "Two servers", Kind: "round-robin", GameTime: "5m",
		Entrants: []string{"annbot1", "annbot2", "annbot3", "annbot4"}})
	b.srv.kickTournaments()
	half := map[string]map[string]string{"annbot1": bots["annbot1"], "annbot2": bots["annbot2"]}
	other := map[string]map[string]string{"annbot3": bots["annbot3"], "annbot4": bots["annbot4"]}
	playBotsOn(t, []*testServer{a, b}, []map[string]map[string]string{half, other}, func() bool { return tournamentOf(t, a, id).Status == "finished" })
	v := tournamentOf(t, b, id)
	if len(v.Games) != 6 {
		t.Fatalf("%d games, want 6", len(v.Games))
	}
	accounts := a.st.(store.Accounts)
	for name := range bots {
		acct, _ := accounts.AccountByName(context.Background(), name)
		games, err := accounts.AccountGames(context.Background(), acct.ID, store.ListOptions{})
		if err != nil || len(games) != 3 {
			t.Errorf("%s played %d games (%v), want 3", name, len(games), err)
		}
	}
}

func TestTournamentLostGame(t *testing.T) {
	tournamentLostGame(t, newTestServer(t, "", Config{}))
}

func TestTournamentLostGamePostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	tournamentLostGame(t, newTestServerOn(t, st, "", Config{}))
}

// tournamentLostGame: a tournament whose first game's id was recorded by
// a server that stopped before making the game (written to the store as
// that server left it) is taken up by the scheduler: the game is made
// under the recorded id, between the paired accounts, and the
// tournament is played to its end with no other game for that pairing.
func tournamentLostGame(t *testing.T, ts *testServer) {
	ctx := context.Background()
	_, bots := arenaBots(t, ts, "ann", 2)
	accounts := ts.st.(store.Accounts)
	creator, _ := accounts.AccountByName(ctx, "ann")
	tm, err := tournament.New(live.NewID(8), tournament.Settings{Name: "Left by a crash", Kind: tournament.RoundRobin, Cycles: 1, GameTime: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"annbot1", "annbot2"} {
		a, _ := accounts.AccountByName(ctx, name)
		if err := tm.Join(tournament.Player{ID: a.ID, Name: a.Name}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tm.Start(); err != nil {
		t.Fatal(err)
	}
	pending := tm.Pending()
	if len(pending) != 1 {
		t.Fatalf("pending %v, want one game", pending)
	}
	lost := live.NewID(8)
	if err := tm.Started(pending[0], lost); err != nil {
		t.Fatal(err)
	}
	if code := ts.call("GET", "/api/games/"+lost, nil, nil); code != 404 {
		t.Fatalf("the lost game before the scheduler: %d, want 404", code)
	}
	data, _ := json.Marshal(tm)
	rec := &store.TournamentRecord{ID: tm.ID, Name: tm.Settings.Name, Status: string(tm.Status), Creator: creator.ID, Data: data}
	if err := ts.st.(store.Tournaments).CreateTournament(ctx, rec); err != nil {
		t.Fatal(err)
	}
	ts.srv.kickTournaments()
	playBots(t, ts, bots, func() bool { return tournamentOf(t, ts, tm.ID).Status == "finished" })
	v := tournamentOf(t, ts, tm.ID)
	if len(v.Games) != 1 || v.Games[0].Game != lost || v.Games[0].Result == nil || v.Games[0].Result.Black != 0 {
		t.Fatalf("the games: %+v, want the one game %s, won by White", v.Games, lost)
	}
	gv := ts.state(lost)
	if gv.Black.Name != v.Games[0].Black || gv.White.Name != v.Games[0].White || gv.Status != "finished" {
		t.Errorf("the game made: %s against %s, %s", gv.Black.Name, gv.White.Name, gv.Status)
	}
	for name := range bots {
		a, _ := accounts.AccountByName(ctx, name)
		games, err := accounts.AccountGames(ctx, a.ID, store.ListOptions{})
		if err != nil || len(games) != 1 || games[0].ID != lost {
			t.Errorf("%s's games: %+v %v, want only %s", name, games, err, lost)
		}
	}
}

// TestTournamentCaps: a person may have 10 tournaments registering or
// running at once (an 11th is refused until one is cancelled), and no
// tournament starts while the instance runs as many as it allows.
func TestTournamentCaps(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann, _ := arenaBots(t, ts, "ann", 2)
	bob := ts.client()
	bob.do("POST", "/api/account/register", RegisterRequest{Name: "bob", Password: "long enough"}, nil).want(t, "bob registers", 201, "")
	req := TournamentRequest{Name: "One of many", Kind: "round-robin", GameTime: "5m", Entrants: []string{"annbot1", "annbot2"}}
	var ids []string
	for i := range maxOpenTournaments {
		a := ann.do("POST", "/api/tournaments", req, nil)
		a.want(t, fmt.Sprintf("tournament %d", i+1), 201, "")
		var created map[string]string
		json.Unmarshal(a.body, &created)
		ids = append(ids, created["id"])
	}
	ann.do("POST", "/api/tournaments", req, nil).want(t, "one too many", 409, CodeTooManyTournaments)
	bob.do("POST", "/api/tournaments", req, nil).want(t, "another person's", 201, "")
	ann.do("POST", "/api/tournaments/"+ids[0]+"/cancel", nil, nil).want(t, "ann cancels one", 200, "")
	ann.do("POST", "/api/tournaments", req, nil).want(t, "after a cancel", 201, "")

	ts.srv.runningTournaments.Store(1)
	ann.do("POST", "/api/tournaments/"+ids[1]+"/start", nil, nil).want(t, "the first to run", 200, "")
	ann.do("POST", "/api/tournaments/"+ids[2]+"/start", nil, nil).want(t, "a second while one runs", 409, CodeTooManyTournaments)
	ann.do("POST", "/api/tournaments/"+ids[1]+"/start", nil, nil).want(t, "the running one started again", 409, CodeTournamentState)
	bob.do("POST", "/api/tournaments/"+ids[2]+"/start", nil, nil).want(t, "bob starts ann's", 403, CodeNotYours)
	ann.do("POST", "/api/tournaments/"+ids[1]+"/cancel", nil, nil).want(t, "the running one cancelled", 200, "")
	ann.do("POST", "/api/tournaments/"+ids[2]+"/start", nil, nil).want(t, "the second once the first stopped", 200, "")
}

// TestTournamentBotEnters: a bot enters an open tournament by its key
// alone and leaves it, but enters no other account (not even its
// owner's other bot), and none of a closed one.
func TestTournamentBotEnters(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	_, bots := arenaBots(t, ts, "ann", 2)
	bob := ts.client()
	bob.do("POST", "/api/account/register", RegisterRequest{Name: "bob", Password: "long enough"}, nil).want(t, "bob registers", 201, "")
	create := func(closed bool) string {
		a := bob.do("POST", "/api/tournaments", TournamentRequest{Name: "Open to bots", Kind: "swiss", Rounds: 2, Time: "30s", Closed: closed}, nil)
		a.want(t, "bob creates", 201, "")
		var created map[string]string
		json.Unmarshal(a.body, &created)
		return created["id"]
	}
	open, closed := create(false), create(true)
	key := bots["annbot1"]
	ts.client().do("POST", "/api/tournaments/"+open+"/join", EntrantRequest{}, key).want(t, "annbot1 joins by its key", 200, "")
	ts.client().do("POST", "/api/tournaments/"+open+"/join", EntrantRequest{Name: "annbot2"}, key).want(t, "annbot1 enters annbot2", 403, CodeNotYours)
	ts.client().do("POST", "/api/tournaments/"+closed+"/join", EntrantRequest{}, key).want(t, "annbot1 joins a closed one", 403, CodeNotYours)
	ts.client().do("POST", "/api/tournaments/"+open+"/join", EntrantRequest{}, map[string]string{"Authorization": "Bearer rvk_nothing"}).want(t, "a bad key", 401, "")
	if v := tournamentOf(t, ts, open); len(v.Players) != 1 || v.Players[0].Name != "annbot1" {
		t.Fatalf("the entrants: %+v", v.Players)
	}
	ts.client().do("POST", "/api/tournaments/"+open+"/leave", EntrantRequest{}, key).want(t, "annbot1 leaves by its key", 200, "")
	if v := tournamentOf(t, ts, open); len(v.Players) != 0 {
		t.Fatalf("the entrants after it left: %+v", v.Players)
	}
}

// TestTournamentWaitsForCap: a round of more games than the caps on
// live games let the tournament have at once (one here, two a round)
// makes what it may and the rest as games end: the tournament is played
// to its end, each pairing's game made once.
func TestTournamentWaitsForCap(t *testing.T) {
	ts := newTestServer(t, "", Config{MaxGamesPerClient: 1})
	ann, bots := arenaBots(t, ts, "ann", 4)
	id := startTournament(t, ann, TournamentRequest{Name: "One at a time", Kind: "round-robin", Time: "30s",
		Entrants: []string{"annbot1", "annbot2", "annbot3", "annbot4"}})
	// The first round's two games have their ids, but the cap lets one
	// be made: the view names that one alone (not an id that answers
	// 404 to whoever follows it).
	for deadline := time.Now().Add(patience); ; {
		_, tm, err := loadTournament(context.Background(), ts.st.(store.Tournaments), id)
		if err != nil {
			t.Fatal(err)
		}
		ids, made := 0, 0
		for _, g := range tm.Games {
			if g.GameID != "" {
				ids++
			}
			if g.Made {
				made++
			}
		}
		if ids == 2 && made == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the first round: %+v, want two ids and one game made", tm.Games)
		}
		time.Sleep(20 * time.Millisecond)
	}
	named := 0
	for _, g := range tournamentOf(t, ts, id).Games {
		if g.Game == "" {
			continue
		}
		named++
		if code := ts.call("GET", "/api/games/"+g.Game, nil, nil); code != 200 {
			t.Errorf("the game named %s: %d", g.Game, code)
		}
	}
	if named != 1 {
		t.Errorf("the view names %d games of the first round, want the one made", named)
	}
	playBots(t, ts, bots, func() bool { return tournamentOf(t, ts, id).Status == "finished" })
	v := tournamentOf(t, ts, id)
	seen := map[string]bool{}
	for _, g := range v.Games {
		if g.Result == nil || g.Result.Black != 0 || seen[g.Game] {
			t.Errorf("game %+v: want one game each, won by White", g)
		}
		seen[g.Game] = true
	}
	if len(v.Games) != 6 {
		t.Errorf("%d games, want 6", len(v.Games))
	}
}

// TestTournamentOpenings: in a round robin of two cycles from XOT
// openings (and from random ones), a pair's two games start from the same
// opening with colours swapped, and the pairs do not all share one.
func TestTournamentOpenings(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	for _, opening := range []string{"xot", "random"} {
		ann, bots := arenaBots(t, ts, "ann"+opening, 3)
		var names []string
		for name := range bots {
			names = append(names, name)
		}
		id := startTournament(t, ann, TournamentRequest{Name: "Mirrored " + opening, Kind: "round-robin", Cycles: 2, GameTime: "5m", Opening: opening, Entrants: names})
		playBots(t, ts, bots, func() bool { return tournamentOf(t, ts, id).Status == "finished" })
		v := tournamentOf(t, ts, id)
		if len(v.Games) != 6 {
			t.Fatalf("%s: %d games, want 6", opening, len(v.Games))
		}
		starts := map[[2]string][]string{} // a pair's games' openings, in order
		colours := map[[2]string][]string{}
		for _, g := range v.Games {
			gv := ts.state(g.Game)
			if len(gv.Moves) < 8 {
				t.Fatalf("%s: game %s has %d moves, want an opening of 8", opening, g.Game, len(gv.Moves))
			}
			line := ""
			for _, m := range gv.Moves[:8] {
				line += m.Square
			}
			pair := [2]string{min(g.Black, g.White), max(g.Black, g.White)}
			starts[pair] = append(starts[pair], line)
			colours[pair] = append(colours[pair], g.Black)
		}
		distinct := map[string]bool{}
		for pair, lines := range starts {
			if len(lines) != 2 || lines[0] != lines[1] || colours[pair][0] == colours[pair][1] {
				t.Errorf("%s: %v played %v with Black %v: want one opening, each with Black once", opening, pair, lines, colours[pair])
			}
			distinct[lines[0]] = true
		}
		if len(distinct) < 2 {
			t.Errorf("%s: every pair played the opening %v", opening, distinct)
		}
	}
}

// TestTournamentList: the list by status, by player (created or
// entered), the caller's own (hers and her bots'), a page at a time with
// every tournament once; bad filters are 4xx with their codes.
func TestTournamentList(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann, bots := arenaBots(t, ts, "ann", 2)
	bob, _ := arenaBots(t, ts, "bob", 1)
	type list struct {
		Tournaments []TournamentItem
		Next        string
	}
	create := func(c *accountClient, name string, entrants ...string) string {
		t.Helper()
		a := c.do("POST", "/api/tournaments", TournamentRequest{Name: name, Kind: "swiss", Rounds: 1, Time: "30s", Entrants: entrants}, nil)
		a.want(t, "create "+name, 201, "")
		var created map[string]string
		json.Unmarshal(a.body, &created)
		return created["id"]
	}
	annOwn := create(ann, "Ann's own")
	annBot := create(bob, "Bob's with annbot1", "annbot1", "bobbot1")
	bobOnly := create(bob, "Bob's alone", "bobbot1")
	get := func(c *accountClient, query string) list {
		t.Helper()
		a := c.do("GET", "/api/tournaments"+query, nil, nil)
		a.want(t, "GET "+query, 200, "")
		var l list
		json.Unmarshal(a.body, &l)
		return l
	}
	ids := func(l list) string {
		var out []string
		for _, it := range l.Tournaments {
			out = append(out, it.ID)
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	sorted := func(s ...string) string { slices.Sort(s); return strings.Join(s, ",") }
	for _, c := range []struct {
		who   *accountClient
		query string
		want  string
	}{
		{ann, "", sorted(annOwn, annBot, bobOnly)},
		{ann, "?mine=1", sorted(annOwn, annBot)},
		{bob, "?mine=1", sorted(annBot, bobOnly)},
		{ann, "?player=annbot1", annBot},
		{ann, "?player=ann", annOwn},
		{ann, "?player=bobbot1&mine=1", ""},
		{ann, "?player=annbot1&mine=1", annBot},
		{ann, "?mine=1&status=running", ""},
	} {
		if got := ids(get(c.who, c.query)); got != c.want {
			t.Errorf("GET %s: %s, want %s", c.query, got, c.want)
		}
	}
	// By key, a bot's own.
	var l list
	json.Unmarshal(ts.client().do("GET", "/api/tournaments?mine=1", nil, bots["annbot1"]).body, &l)
	if ids(l) != annBot {
		t.Errorf("annbot1's own by its key: %s, want %s", ids(l), annBot)
	}
	// A page at a time: each once, then no next.
	seen := map[string]int{}
	query := "?limit=2"
	for pages := 0; ; pages++ {
		l := get(ann, query)
		for _, it := range l.Tournaments {
			seen[it.ID]++
		}
		if l.Next == "" {
			break
		}
		if pages > 3 {
			t.Fatal("the pages never end")
		}
		query = "?limit=2&after=" + url.QueryEscape(l.Next)
	}
	if len(seen) != 3 || seen[annOwn] != 1 || seen[annBot] != 1 || seen[bobOnly] != 1 {
		t.Errorf("paged by 2: %v, want each of the three once", seen)
	}
	for _, c := range []struct {
		who    *accountClient
		query  string
		code   Code
		status int
	}{
		{ann, "?limit=0", CodeBadRequest, 400},
		{ann, "?limit=101", CodeBadRequest, 400},
		{ann, "?after=nonsense", CodeBadRequest, 400},
		{ann, "?mine=yes", CodeBadRequest, 400},
		{ann, "?status=over", CodeBadRequest, 400},
		{ann, "?player=nobody", CodeNoSuchAccount, 404},
		{ts.client(), "?mine=1", CodeNotLoggedIn, 401},
	} {
		c.who.do("GET", "/api/tournaments"+c.query, nil, nil).want(t, "GET "+c.query, c.status, c.code)
	}
}
