// Browser test of the opening names in the lists: the games list and the
// WTHOR search name each game's opening in the page's language.

package server

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserListsNameOpenings: in Simplified Chinese, the start page's
// list of games names the opening of a game in the Tiger (played from
// its d3 image) and of none before it has one; the WTHOR search names the
// opening of every found game that the API names, translated.
func TestBrowserListsNameOpenings(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	tiger := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "human", Name: "小红"}, Transcript: "d3c5f6f5e6", Time: "0"})
	plain := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "human", Name: "小红"}, Transcript: "f5", Time: "0"})
	// A finished game in the Buffalo, its result the longest text of
	// the list.
	rose := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "欧阳明"}, White: SeatRequest{Kind: "human", Name: "司马红"}, Transcript: "f5f6e6f4c3", Time: "0"})
	if code := ts.call("POST", "/api/games/"+rose.ID+"/resign", TokenRequest{Token: rose.Tokens["white"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	var found struct {
		Games []WTHORGameView `json:"games"`
	}
	if code := ts.call("GET", "/api/wthor?player=tamenori", nil, &found); code != 200 || len(found.Games) == 0 {
		t.Fatalf("Tamenori's games: %d", code)
	}
	named := 0
	for _, g := range found.Games {
		if g.Opening != "" {
			named++
		}
	}
	if named == 0 {
		t.Fatalf("no opening named in %d WTHOR games", len(found.Games))
	}
	ctx := browser(t, "zh-CN", "zh-CN,zh")
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"),
		chromedp.Evaluate(`localStorage.setItem("reversi-lang", "zh-Hans")`, nil),
		chromedp.Navigate(ts.http.URL+"/?reload")); err != nil {
		t.Fatal(err)
	}
	cell := func(id string) string {
		return fmt.Sprintf(`[...document.querySelectorAll("#games tr")].find(r => r.querySelector('a[href="/game/%s"]'))?.querySelector("td.opening")`, id)
	}
	waitJS(t, ctx, "the Tiger in the list", cell(tiger.ID)+`?.querySelector(".opening-name")?.textContent === "虎"`)
	waitJS(t, ctx, "no opening for f5", cell(plain.ID)+`?.textContent === ""`)
	if err := chromedp.Run(ctx, chromedp.SendKeys("#wthor-player", "Tamenori", chromedp.ByID), chromedp.Click("#wthor-search", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the WTHOR games", `document.querySelectorAll("#wthor-results .wthor-game").length > 0`)
	waitJS(t, ctx, "their openings", fmt.Sprintf(`document.querySelectorAll("#wthor-results .wthor-opening").length === %d`, named))
	checkTranslated(t, ctx, "zh-Hans", "the lists with their openings")

	// On a phone, in Chinese and in English, the page does not scroll
	// sideways (the list's table scrolls inside its card, and leaves the
	// opening's column out), and a game's state is not squeezed onto
	// several lines.
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"zh-Hans", "en"} {
		if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("reversi-lang", %q)`, lang), nil),
			chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, lang+": the list", cell(tiger.ID)+` !== undefined`)
		var fits []float64
		if err := chromedp.Run(ctx, chromedp.Evaluate(`[document.documentElement.scrollWidth, window.innerWidth,
			Math.max(...[...document.querySelectorAll("#games td.state")].map((td) => { const r = document.createRange(); r.selectNodeContents(td); return r.getClientRects().length; }))]`, &fits)); err != nil {
			t.Fatal(err)
		}
		// The table may scroll inside its card; the page may not.
		if len(fits) != 3 || fits[0] > fits[1] || fits[2] != 1 {
			t.Errorf("%s at 360 px: the page is %v wide in a window of %v; a game's state takes %v lines", lang, fits[0], fits[1], fits[2])
		}
	}
}
