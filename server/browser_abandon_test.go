package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserAbandoned: games nobody plays end instead of staying live
// for ever: one whose invited player never came (abandoned, no result),
// one whose player stopped moving (lost by forfeit, saying the player
// left); the list of games and the game's page say so, in English and in
// Chinese.
func TestBrowserAbandoned(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{IdleTimeout: time.Second})
	waiting := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "0"})
	left := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "bob"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "0"})
	ts.state(left.ID) // its referee runs, waiting for Black's move
	w := ts.waitFor(waiting.ID, "the waiting game abandoned", func(v GameView) bool { return v.Status == "finished" })
	l := ts.waitFor(left.ID, "the idle player's game ended", func(v GameView) bool { return v.Status == "finished" })
	if w.Result.Reason != "abandoned" || l.Result.Reason != "forfeit" || l.Result.Winner != "white" || !strings.HasPrefix(l.Result.Detail, "abandoned: no move for") {
		t.Fatalf("the results: %+v and %+v", w.Result, l.Result)
	}
	var live struct{ Games []struct{ ID string } }
	ts.call("GET", "/api/games?status=live", nil, &live)
	if len(live.Games) != 0 {
		t.Errorf("live games: %+v", live.Games)
	}
	for _, tc := range []struct{ lang, browserLang string }{{"en", "en-US"}, {"zh-Hans", "zh-CN"}} {
		table := readTable(t, tc.lang+".json")
		ctx := browser(t, tc.browserLang, tc.browserLang)
		row := func(id string) string {
			var s string
			if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible(fmt.Sprintf(`a[href="/game/%s"]`, id), chromedp.ByQuery),
				chromedp.Evaluate(fmt.Sprintf(`document.querySelector('a[href="/game/%s"]').closest("tr").querySelector(".state").textContent`, id), &s)); err != nil {
				t.Fatal(err)
			}
			return s
		}
		if s := row(waiting.ID); s != table["list.abandoned"] {
			t.Errorf("%s: the abandoned game is listed as %q, want %q", tc.lang, s, table["list.abandoned"])
		}
		if s := row(left.ID); !strings.Contains(s, table["why.forfeit"]) {
			t.Errorf("%s: the game of the player who left is listed as %q", tc.lang, s)
		}
		var status string
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+left.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery),
			chromedp.Text("#status", &status, chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(table["detail.left"], "{limit}", "")
		for _, part := range strings.Split(want, "：") { // the text around the time
			if !strings.Contains(status, strings.TrimSpace(part)) {
				t.Errorf("%s: the game's page says %q, want the player left (%q)", tc.lang, status, table["detail.left"])
			}
		}
		if tc.lang != "en" {
			checkTranslated(t, ctx, tc.lang, "a game its player left", "bob")
		}
	}
}
