// Browser test of Fischer clocks: a 5 min + 3 s game started from the
// start page, its clocks showing the increment applied after each move.

package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// clockText writes a clock as the page does (words.js's fmtClock):
// minutes and seconds, rounded up.
func clockText(ms int64) string {
	s := (max(ms, 0) + 999) / 1000
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// TestBrowserIncrementClock: the start page offers 5 min + 3 s and
// creates that game; after the player's move and the computer's reply
// the computer's clock (stopped on the player's turn) shows 5 minutes,
// less its move's time, plus the 3 seconds, and each seat says the
// increment; axe-core finds nothing on the page.
func TestBrowserIncrementClock(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	var label string
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.Evaluate(`document.querySelector('#time option[value="game:5m+3s"]').textContent`, &label),
		chromedp.SetValue("#opponent", "random", chromedp.ByID), chromedp.SetValue("#time", "game:5m+3s", chromedp.ByID),
		chromedp.Click("#play", chromedp.ByID), chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if label != "5 min a side + 3 s a move" {
		t.Errorf("the 5+3 clock offered as %q", label)
	}
	var path string
	chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
	id := strings.TrimPrefix(path, "/game/")
	v := ts.waitTurn(id, "black")
	if v.GameTimeMS != 300000 || v.IncrementMS != 3000 || v.MoveTimeMS != 0 {
		t.Fatalf("the game made: game clock %d ms, increment %d ms, move limit %d ms; want 5 min + 3 s", v.GameTimeMS, v.IncrementMS, v.MoveTimeMS)
	}
	waitJS(t, ctx, "the increment shown", `document.querySelector("#seat-white .meta").textContent.includes("5:00 · +3 s a move")`)

	if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, v.Legal[0]), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	after := ts.waitFor(id, "the reply", func(w GameView) bool { return len(w.Moves) >= 2 && w.Turn == "black" })
	left := *after.White.ClockLeftMS
	if want := int64(300000+3000) - after.Moves[1].TimeMS; left < want-1 || left > want+1 {
		t.Fatalf("white's clock after a move of %d ms: %d ms, want %d", after.Moves[1].TimeMS, left, want)
	}
	if after.Moves[1].TimeMS < 3000 && left <= 300000 {
		t.Fatalf("white's clock after a quick move: %d ms, not more than 5 min", left)
	}
	shown := clockText(left) + " · +3 s a move"
	waitJS(t, ctx, "white's clock with the increment ("+shown+")", fmt.Sprintf(`document.querySelector("#seat-white .meta").textContent.endsWith(%q)`, shown))
	waitJS(t, ctx, "black's clock with the increment", `document.querySelector("#seat-black .meta").textContent.endsWith(" · +3 s a move")`)
	if vs := axeViolations(t, ctx, axe); len(vs) > 0 {
		t.Errorf("axe-core finds:\n  %s", strings.Join(vs, "\n  "))
	}
}
