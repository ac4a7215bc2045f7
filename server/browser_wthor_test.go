// Browser test of the import of a game of the WTHOR database: searched by
// player, paged, picked into the paste box and played on from.

package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserWTHOR: a player's games are found a page at a time; one
// picked fills the paste box with its GGF game (the names with it), and
// is reviewed from there (its moves, its players, any position of it); a
// bad search says what is wrong and shows no games; a search by
// tournament and year finds that tournament's games.
func TestBrowserWTHOR(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	var page2 struct {
		Total int             `json:"total"`
		Games []WTHORGameView `json:"games"`
	}
	if code := ts.call("GET", "/api/wthor?player=tamenori&page=2", nil, &page2); code != 200 || len(page2.Games) == 0 {
		t.Fatalf("the second page of Tamenori's games: %d", code)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#wthor-player", chromedp.ByID),
		chromedp.SendKeys("#wthor-player", "Tamenori", chromedp.ByID), chromedp.Click("#wthor-search", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the first page", `document.querySelectorAll("#wthor-results .wthor-game").length === 20 && !document.getElementById("wthor-next").hidden`)
	if err := chromedp.Run(ctx, chromedp.Click("#wthor-next", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	pick := page2.Games[0]
	waitJS(t, ctx, "the second page", fmt.Sprintf(`document.querySelector("#wthor-results .wthor-game")?.dataset.id === "%d" && !document.getElementById("wthor-prev").hidden`, pick.ID))
	screens(t, ctx, "wthor")
	var where string
	chromedp.Run(ctx, chromedp.Text("#wthor-where", &where, chromedp.ByID))
	if !strings.Contains(strings.ReplaceAll(where, ",", ""), fmt.Sprint(page2.Total)) || !strings.Contains(where, "page 2") {
		t.Errorf("the search says %q (%d games, page 2)", where, page2.Total)
	}
	if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`.wthor-game[data-id="%d"]`, pick.ID), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the game in the paste box", fmt.Sprintf(`document.getElementById("load").value === %q`, pick.GGF))
	// Reviewed: its moves listed, its players named, its end shown; a
	// move of the list shows the position after it.
	if err := chromedp.Run(ctx, chromedp.Click("#review-record", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	plies := len(pick.Transcript) / 2
	waitJS(t, ctx, "the game reviewed", fmt.Sprintf(`location.hash.startsWith("#review=") && document.querySelectorAll("#moves .mv").length === %d`, plies))
	var names []string
	chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll(".seat .name")].map(e => e.textContent)`, &names))
	if fmt.Sprint(names) != fmt.Sprint([]string{pick.Black, pick.White}) {
		t.Errorf("the players named %v, want %s and %s", names, pick.Black, pick.White)
	}
	after10, _ := positionAfter(t, ts, pick.Transcript[:20])
	if err := chromedp.Run(ctx, chromedp.Click(`#moves .mv[data-ply="10"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, ctx, "after move 10 of the record", after10)
	screens(t, ctx, "record")

	// A bad search: what is wrong, and no games.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#wthor-player", chromedp.ByID),
		chromedp.SendKeys("#wthor-player", "T", chromedp.ByID), chromedp.Click("#wthor-search", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the error", `document.getElementById("wthor-where").textContent.includes("at least 2 characters") && document.querySelectorAll("#wthor-results li").length === 0`)

	// By tournament (and year): every game found is of that tournament.
	tour := page2.Games[0].Tournament
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#wthor-tournament", chromedp.ByID),
		chromedp.SendKeys("#wthor-tournament", tour, chromedp.ByID), chromedp.SendKeys("#wthor-year", fmt.Sprint(page2.Games[0].Year), chromedp.ByID),
		chromedp.Click("#wthor-search", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the tournament's games", fmt.Sprintf(`(() => {
		const games = [...document.querySelectorAll("#wthor-results .wthor-game")];
		return games.length > 0 && games.every((g) => g.querySelector(".wthor-tournament")?.textContent === %q);
	})()`, tour))
}
