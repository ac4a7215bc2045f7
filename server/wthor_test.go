package server

import (
	"strconv"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/format/ggf"
)

// TestWTHORSearch: the shipped database searched by player (either
// colour, any case), tournament and year, a page at a time, each game
// with its moves as a transcript and as a GGF game that reads back; bad
// queries are answered 400 with what is wrong.
func TestWTHORSearch(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	type answer struct {
		Total   int             `json:"total"`
		Page    int             `json:"page"`
		PerPage int             `json:"per_page"`
		Games   []WTHORGameView `json:"games"`
	}
	var a answer
	if code := ts.call("GET", "/api/wthor?player=TAMENORI", nil, &a); code != 200 {
		t.Fatalf("player search: %d", code)
	}
	if a.Total <= a.PerPage || len(a.Games) != a.PerPage || a.Page != 1 {
		t.Fatalf("Tamenori's games: %d in all, %d on page %d", a.Total, len(a.Games), a.Page)
	}
	for _, g := range a.Games {
		if !strings.Contains(strings.ToLower(g.Black+g.White), "tamenori") {
			t.Errorf("game %d: %s - %s, not Tamenori's", g.ID, g.Black, g.White)
		}
		rec, err := ggf.ParseGame(g.GGF)
		if err != nil || rec.Info.Black != g.Black || !strings.EqualFold(rec.TranscriptWithPasses(), g.Transcript) || len(g.Transcript) < 2*40 {
			t.Errorf("game %d: the GGF %q does not read back (%v)", g.ID, g.GGF, err)
		}
	}
	for i := 1; i < len(a.Games); i++ {
		if a.Games[i].Year > a.Games[i-1].Year {
			t.Errorf("not the most recent first: %d after %d", a.Games[i].Year, a.Games[i-1].Year)
		}
	}
	last := (a.Total + a.PerPage - 1) / a.PerPage
	var end answer
	if code := ts.call("GET", "/api/wthor?player=tamenori&page="+strconv.Itoa(last), nil, &end); code != 200 || len(end.Games) != a.Total-(last-1)*a.PerPage || end.Total != a.Total {
		t.Errorf("the last page %d: status %d, %d games of %d", last, code, len(end.Games), end.Total)
	}
	var both answer
	ts.call("GET", "/api/wthor?player=tamenori&year=2004", nil, &both)
	for _, g := range both.Games {
		if g.Year != 2004 {
			t.Errorf("a 2004 search gave a game of %d", g.Year)
		}
	}
	if both.Total == 0 || both.Total >= a.Total {
		t.Errorf("Tamenori in 2004: %d games (of %d)", both.Total, a.Total)
	}
	var none answer
	if code := ts.call("GET", "/api/wthor?tournament=no+such+tournament+at+all", nil, &none); code != 200 || none.Total != 0 || none.Games == nil {
		t.Errorf("nothing found: status %d, %+v", code, none)
	}
	for _, q := range []string{"", "?page=2", "?player=a", "?player=" + strings.Repeat("x", 41), "?year=20x4", "?player=tamenori&page=0", "?player=tamenori&page=-1", "?player=%ff%fe"} {
		var e apiError
		if code := ts.call("GET", "/api/wthor"+q, nil, &e); code != 400 || e.Error == "" {
			t.Errorf("%q: status %d %q, want 400 with what is wrong", q, code, e.Error)
		}
	}
}
