package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/opening"
	"github.com/reversi-engine/reversi/store"
)

// TestGameViewNamesTheOpening: the game's JSON names its opening once it
// has reached one, from any first move, with its other names and alone
// (the key the GUI translates it by), and leaves the fields out before.
func TestGameViewNamesTheOpening(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	for _, tc := range []struct{ transcript, want, name string }{
		{"f5", "", ""},
		{"f5d6c3d3c4", "Tiger", "Tiger"},
		{"c4e3f6e6f5", "Tiger", "Tiger"},
		{"e6f4c3c4d3c2", "Aubrey (Tanaka)", "Aubrey"},
		{"f5f6e6f4e3", "Cow", "Cow"},
		{"f5f6e6f4e3c5g5d6g6", "Bat (Kling Alternative)", "Bat (Kling Alternative)"},
	} {
		g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Transcript: tc.transcript, Time: "0"})
		if v := ts.state(g.ID); v.Opening != tc.want || v.OpeningName != tc.name {
			t.Errorf("%s: opening %q, name %q; want %q, %q", tc.transcript, v.Opening, v.OpeningName, tc.want, tc.name)
		}
	}
}

// TestBookMoves: the position API and a game's JSON give the book moves
// of a position from the shipped book (the start's four, equal by
// symmetry; a move out of the book, none), and the opening reached; a
// game under another rule has none; an analysis says which position it
// is for.
func TestBookMoves(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	type answer struct {
		Opening string         `json:"opening"`
		Name    string         `json:"opening_name"`
		Book    []BookMoveView `json:"book"`
		For     string         `json:"for"`
	}
	var a answer
	if code := ts.call("POST", "/api/position", PositionRequest{Board: board.Start().String()}, &a); code != 200 {
		t.Fatalf("position: %d", code)
	}
	if len(a.Book) != 4 || a.Book[0].Eval != a.Book[3].Eval || a.Book[0].Depth == 0 || a.Opening != "" {
		t.Errorf("the start: book %+v, opening %q; want the four first moves, of one value", a.Book, a.Opening)
	}
	a = answer{}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: "f5d6c3d3c4"}, &a); code != 200 || a.Opening != "Tiger" || a.Name != "Tiger" || len(a.Book) == 0 {
		t.Errorf("the Tiger: status %d, %+v", code, a)
	}
	for i := 1; i < len(a.Book); i++ {
		if a.Book[i].Eval > a.Book[i-1].Eval {
			t.Errorf("the book moves are not best first: %+v", a.Book)
		}
	}
	// Out of the book: thirty plies of the first legal move in square
	// order, a line no good game plays.
	line := game.New(board.Start(), game.Standard)
	for line.Ply() < 30 && !line.Over() {
		line.PassIfForced()
		line.Play(game.Move{Square: board.Squares(line.Legal())[0]})
	}
	a = answer{}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: line.TranscriptWithPasses()}, &a); code != 200 || a.Book != nil {
		t.Errorf("a position out of the book: status %d, book %+v", code, a.Book)
	}
	a = answer{}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: "f5", Rule: "no-adjacent"}, &a); code != 200 || a.Book != nil {
		t.Errorf("the no-adjacent rule: status %d, book %+v", code, a.Book)
	}
	// A game between two people has them only as an analysis game (see
	// TestFairPlayNoHelp in cmd/reversi).
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Time: "0", Analysis: true})
	if v := ts.state(g.ID); len(v.Book) != 4 || v.NoHelp {
		t.Errorf("a new analysis game's book moves: %+v (no help: %v)", v.Book, v.NoHelp)
	}
	g = ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Time: "0"})
	if v := ts.state(g.ID); len(v.Book) != 0 || !v.NoHelp {
		t.Errorf("a new game between people: book moves %+v, no help %v; want none", v.Book, v.NoHelp)
	}
	a = answer{}
	if code := ts.call("POST", "/api/analyze", AnalyzeRequest{Transcript: "f5d6", Player: "engine:depth=2"}, &a); code != 200 {
		t.Fatalf("analyze: %d", code)
	}
	after, _ := game.ParseTranscript("f5d6")
	if a.For != after.Position().String() || len(a.Book) == 0 {
		t.Errorf("the analysis is for %q, want %q; book %+v", a.For, after.Position().String(), a.Book)
	}
}

// TestRandomStarts: a game created with an XOT opening starts after one
// of the XOT list's lines, kept as its history; one with a random
// opening after 8 legal moves; a bad kind, or an opening with a board,
// is refused and creates nothing.
func TestRandomStarts(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	all, err := xotOpenings()
	if err != nil {
		t.Fatal(err)
	}
	xots := map[string]bool{}
	for _, o := range all {
		xots[strings.ToUpper(o.Moves)] = true
	}
	seat := func() (SeatRequest, SeatRequest) {
		return SeatRequest{Kind: "human", Name: "ann"}, SeatRequest{Kind: "human", Name: "bob"}
	}
	b, w := seat()
	g := ts.create(CreateRequest{Black: b, White: w, Opening: "xot", Time: "0"})
	v := ts.state(g.ID)
	if len(v.Moves) != 8 || !xots[strings.ToUpper(v.Transcript)] {
		t.Errorf("an XOT start: %d moves, %q, not an XOT line", len(v.Moves), v.Transcript)
	}
	g = ts.create(CreateRequest{Black: b, White: w, Opening: "random", Time: "0"})
	if v := ts.state(g.ID); len(v.Moves) != 8 || v.Status != "playing" {
		t.Errorf("a random start: %d moves (%q), %s", len(v.Moves), v.Transcript, v.Status)
	}
	var before, after struct {
		Games []any `json:"games"`
	}
	ts.call("GET", "/api/games", nil, &before)
	for _, req := range []CreateRequest{
		{Black: b, White: w, Opening: "best"},
		{Black: b, White: w, Opening: "xot", Transcript: "f5"},
		{Black: b, White: w, Opening: "xot", Rule: "no-adjacent"},
	} {
		var e apiError
		if code := ts.call("POST", "/api/games", req, &e); code != 400 || !strings.HasPrefix(e.Error, "opening: ") {
			t.Errorf("%+v: %d %q, want 400 with the opening's error", req, code, e.Error)
		}
	}
	ts.call("GET", "/api/games", nil, &after)
	if len(after.Games) != len(before.Games) {
		t.Errorf("refused games were created: %d games, then %d", len(before.Games), len(after.Games))
	}
}

// TestListNamesTheOpening: the list of games names each game's opening as
// its own view does (from any first move; none before one is reached,
// none from another start), and gives a finished game's score as its
// view does.
func TestListNamesTheOpening(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ids := map[string]string{}
	for _, tc := range []struct{ transcript, board string }{
		{transcript: "f5"},
		{transcript: "f5d6c3d3c4"},
		{transcript: "d3c5f6f5e6f3"},
		{transcript: "e6f4c3c4d3c2"},
		// The Tiger's moves from another start: no opening.
		{board: "--------------------------XOX------XOX-------------------------- X"},
	} {
		g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Transcript: tc.transcript, Board: tc.board, Time: "0"})
		v := ts.state(g.ID)
		ids[g.ID] = v.Opening + "|" + v.OpeningName
		if tc.transcript == "e6f4c3c4d3c2" {
			if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: g.Tokens["white"]}, nil); code != 200 {
				t.Fatalf("resign: %d", code)
			}
		}
	}
	// A game that ends on the board: Black's f4 leaves White no disc.
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Transcript: "d3c3b3d2e1d6d7e3", Time: "0"})
	if code, msg := ts.move(g.ID, g.Tokens["black"], "f4"); code != 200 {
		t.Fatalf("f4: %d %s", code, msg)
	}
	ids[g.ID] = ts.waitFor(g.ID, "the end", func(v GameView) bool { return v.Status == "finished" }).Opening + "|"
	if v := ts.state(g.ID); v.OpeningName != "" {
		ids[g.ID] += v.OpeningName
	}
	var list struct {
		Games []struct {
			ID          string      `json:"id"`
			Opening     string      `json:"opening"`
			OpeningName string      `json:"opening_name"`
			Result      *ResultView `json:"result"`
		}
	}
	if code := ts.call("GET", "/api/games?status=all", nil, &list); code != 200 || len(list.Games) != len(ids) {
		t.Fatalf("list: %d, %d games; want %d", code, len(list.Games), len(ids))
	}
	named := 0
	for _, g := range list.Games {
		if got := g.Opening + "|" + g.OpeningName; got != ids[g.ID] {
			t.Errorf("game %s listed with opening %q, its view says %q", g.ID, got, ids[g.ID])
		}
		if g.Opening != "" {
			named++
		}
		if g.Result != nil {
			if v := ts.state(g.ID); v.Result == nil || *g.Result != *v.Result || g.Result.Score != 64 {
				t.Errorf("game %s listed with result %+v, its view %+v; want the same, Black's by 64", g.ID, g.Result, v.Result)
			}
		}
	}
	if named != 4 {
		t.Errorf("%d games named in the list, want 4 (the Tiger twice, the Aubrey, the diagonal opening that ends on the board)", named)
	}
}

// TestAPIErrorsAreJSON: a method a path of the API does not take, and a
// path it does not have, are answered in JSON like every other error,
// with the methods allowed.
func TestAPIErrorsAreJSON(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	for _, tc := range []struct{ method, path, allow string }{
		{"GET", "/api/position", "POST"},
		{"DELETE", "/api/position", "POST"},
		{"PUT", "/api/games", "GET, POST, HEAD"},
		{"POST", "/api/games/abc/ggf", "GET, HEAD"},
		{"GET", "/api/games/abc/move", "POST"},
	} {
		req, _ := http.NewRequest(tc.method, ts.http.URL+tc.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e struct{ Error string }
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != 405 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || resp.Header.Get("Allow") != tc.allow || !strings.Contains(e.Error, "method "+tc.method) {
			t.Errorf("%s %s: %d %q, Allow %q, error %q; want 405 in JSON, Allow %q", tc.method, tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Allow"), e.Error, tc.allow)
		}
	}
	for _, path := range []string{"/api/nothing", "/api", "/api/" + strings.Repeat("x", 5000) + "\u202e"} {
		var e struct{ Error string }
		if code := ts.call("GET", path, nil, &e); code != 404 || !strings.Contains(e.Error, "no such endpoint") || len(e.Error) > 200 || strings.ContainsRune(e.Error, '\u202e') {
			t.Errorf("an unknown path of %d bytes: %d %q; want a short 404 in JSON", len(path), code, e.Error)
		}
	}
	// Those answers count against the rate limit like any other: after
	// the burst of 2, all are refused (the limiter's clock stands still,
	// as if they came at once however slow the machine).
	limited := newTestServer(t, "", Config{RatePerSecond: 1, Burst: 2})
	limited.srv.limiter.now = (&testClock{now: time.Now()}).Now // before any request
	codes := []int{}
	for range 6 {
		codes = append(codes, limited.call("DELETE", "/api/games", nil, nil), limited.call("GET", "/api/nothing", nil, nil))
	}
	if want := append([]int{405, 404}, slices.Repeat([]int{429}, 10)...); !slices.Equal(codes, want) {
		t.Errorf("wrong methods and unknown paths, 12 at once with a burst of 2: %v, want %v", codes, want)
	}
	// The routes themselves still answer.
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: "f5"}, nil); code != 200 {
		t.Errorf("POST /api/position: %d", code)
	}
	if code := ts.call("GET", "/api/games", nil, nil); code != 200 {
		t.Errorf("GET /api/games: %d", code)
	}
}

// TestSummaryHoldsEveryOpening: a listed game's first moves
// (store.SummaryMoves) are enough to name the longest named opening.
func TestSummaryHoldsEveryOpening(t *testing.T) {
	for _, o := range opening.All() {
		if o.Plies() > store.SummaryMoves {
			t.Errorf("%s is %d moves long; a game in a list holds its first %d", o, o.Plies(), store.SummaryMoves)
		}
	}
}
