// Tests: the opening explorer over the shipped WTHOR games, against the
// real server, its counts checked against the WTHOR search's.

package server

import (
	"net/url"
	"strings"
	"testing"
)

// explorerAnswer is GET /api/explorer's answer.
type explorerAnswer struct {
	Board   string             `json:"board"`
	Turn    string             `json:"turn"`
	Total   int                `json:"total"`
	Moves   []ExplorerMoveView `json:"moves"`
	Games   []WTHORGameView    `json:"games"`
	Book    []BookMoveView     `json:"book"`
	Players []string           `json:"players"`
	Legal   []string           `json:"legal"`
	Over    bool               `json:"over"`
}

func (ts *testServer) explore(t *testing.T, query string) explorerAnswer {
	t.Helper()
	var a explorerAnswer
	if code := ts.call("GET", "/api/explorer?"+query, nil, &a); code != 200 {
		t.Fatalf("explorer %s: %d", query, code)
	}
	return a
}

// wthorTotal is how many games the WTHOR search finds for a query.
func (ts *testServer) wthorTotal(t *testing.T, query string) int {
	t.Helper()
	var a struct{ Total int }
	if code := ts.call("GET", "/api/wthor?"+query, nil, &a); code != 200 {
		t.Fatalf("wthor %s: %d", query, code)
	}
	return a.Total
}

// TestExplorer: the explorer's counts add up and agree with the WTHOR
// search (every game of a year, or of a player, passes through the start
// position), a symmetric line finds the same games, a position deep in
// one game finds it, and bad queries get their codes.
func TestExplorer(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	cases := []struct{ explorer, wthor string }{
		{"from=2004&to=2004", "year=2004"},
		{"player=tamenori", "player=tamenori"},
		{"player=tamenori&from=2000&to=2000", "player=tamenori&year=2000"},
	}
	for _, c := range cases {
		a := ts.explore(t, c.explorer)
		want := ts.wthorTotal(t, c.wthor)
		if a.Total != want || want == 0 {
			t.Errorf("explorer %s: %d games at the start, the WTHOR search %s: %d", c.explorer, a.Total, c.wthor, want)
		}
		sum := 0
		for _, m := range a.Moves {
			sum += m.Games
			if m.BlackWins+m.Draws+m.WhiteWins != m.Games || m.BlackScore < 0 || m.BlackScore > 1 || m.BlackDiscs < 0 || m.BlackDiscs > 64 {
				t.Errorf("explorer %s: move %+v", c.explorer, m)
			}
		}
		if sum != a.Total || len(a.Moves) != 1 {
			t.Errorf("explorer %s: moves %+v add to %d of %d games (one first move up to symmetry)", c.explorer, a.Moves, sum, a.Total)
		}
	}
	// f5 d6 and its mirror image d3 c5 reach the same position: the same games.
	f5d6 := ts.explore(t, "transcript=f5d6&games=50")
	d3c5 := ts.explore(t, "transcript=d3c5&games=50")
	if f5d6.Total == 0 || f5d6.Total != d3c5.Total || len(f5d6.Moves) != len(d3c5.Moves) || len(f5d6.Games) != 50 {
		t.Fatalf("f5d6: %d games, %d moves, %d listed; d3c5: %d games, %d moves", f5d6.Total, len(f5d6.Moves), len(f5d6.Games), d3c5.Total, len(d3c5.Moves))
	}
	// A board and moves from it: the position after them (found by its
	// board, as two or more games reached it).
	f5d6c3 := ts.explore(t, "transcript=f5d6c3")
	fromBoard := ts.explore(t, "board="+url.QueryEscape(f5d6.Board+" "+map[string]string{"black": "X", "white": "O"}[f5d6.Turn])+"&transcript=c3")
	if fromBoard.Total == 0 || fromBoard.Total != f5d6c3.Total || fromBoard.Board != f5d6c3.Board || len(fromBoard.Legal) == 0 {
		t.Errorf("f5d6's board then c3: %d games, board %s, legal %v; f5d6c3: %d games, board %s", fromBoard.Total, fromBoard.Board, fromBoard.Legal, f5d6c3.Total, f5d6c3.Board)
	}
	if len(f5d6.Book) == 0 {
		t.Error("f5d6: no book moves beside the games")
	}
	for i := 1; i < len(f5d6.Games); i++ {
		if f5d6.Games[i].Year > f5d6.Games[i-1].Year {
			t.Fatalf("the games are not the most recent first: %d after %d", f5d6.Games[i].Year, f5d6.Games[i-1].Year)
		}
	}
	// Deep in a game of the database: that game alone, and the move it
	// played (a game without a pass, so that its transcript is its moves).
	g := f5d6.Games[0]
	for _, c := range f5d6.Games {
		if !strings.Contains(strings.ToLower(c.Transcript), "pa") {
			g = c
			break
		}
	}
	moves := g.Transcript
	deep := ts.explore(t, "transcript="+url.QueryEscape(moves[:2*45]))
	if deep.Total != 1 || len(deep.Moves) != 1 || len(deep.Games) != 1 || deep.Games[0].ID != g.ID {
		t.Fatalf("45 moves into game %d: %d games %+v, moves %+v", g.ID, deep.Total, deep.Games, deep.Moves)
	}
	if got, want := deep.Moves[0].Move, moves[2*45:2*46]; !strings.EqualFold(got, want) {
		t.Errorf("45 moves into game %d: the next move %s, the game's %s", g.ID, got, want)
	}
	// A player who played no game.
	if a := ts.explore(t, "player=nosuchplayername"); a.Total != 0 || len(a.Moves) != 0 || len(a.Players) != 0 {
		t.Errorf("an unknown player: %+v", a)
	}
	for _, c := range []struct {
		query string
		code  Code
	}{
		{"transcript=f5f5", CodeBadTranscriptMove},
		{"board=xyz", CodeBadBoard},
		{"from=1000", CodeWTHORYear},
		{"from=2005&to=2001", CodeBadRequest},
		{"player=x", CodeWTHORShort},
		{"games=1000", CodeBadRequest},
	} {
		if status, e := ts.askCode("GET", "/api/explorer?"+c.query, "", nil); status != 400 || e.Code != c.code {
			t.Errorf("%s: %d %+v, want 400 %s", c.query, status, e, c.code)
		}
	}
}

// TestExplorerFairPlay: the explorer does not help the players of a
// game in progress between people.
func TestExplorerFairPlay(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Transcript: "f5d6c3d3c4f4f6", Time: "30s", GameTime: "5m"})
	if code, e := ts.askCode("POST", "/api/games/"+g.ID+"/join", `{"kind":"human","name":"bob","invite":"`+g.Invite+`"}`, nil); code != 200 {
		t.Fatalf("join: %d %+v", code, e)
	}
	if status, e := ts.askCode("GET", "/api/explorer?transcript=f5d6c3d3c4f4f6", "", nil); status != 403 || e.Code != CodeNoHelp {
		t.Errorf("the position of a game between people: %d %+v, want 403 %s", status, e, CodeNoHelp)
	}
}

// FuzzExplorerQuery: any query string is read or refused with a coded
// error, never a panic; what is read is within the bounds.
func FuzzExplorerQuery(f *testing.F) {
	for _, s := range []string{"transcript=f5d6", "board=" + strings.Repeat("-", 64) + "+X", "from=2000&to=1999", "player=%C3%28", "games=51", "transcript=f5d6c3&from=1990&to=2010&player=tam&games=3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := parseExplorerQuery(v)
		if err != nil {
			if a := answerOf(err, ""); a.Code == "" {
				t.Fatalf("%q: an error without a code: %v", raw, err)
			}
			return
		}
		if q.g == nil || q.games < 0 || q.games > explorerMaxGames || q.from != 0 && q.to != 0 && q.from > q.to {
			t.Fatalf("%q: read as %+v", raw, q)
		}
	})
}
