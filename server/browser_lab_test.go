// Browser test of the algorithm lab: two algorithms on one position, each
// one's thinking on its own board, and the computer's thinking drawn on a
// game's board as it thinks.

package server

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLab: the lab shows Monte Carlo's thinking on one board (a
// heat map of its visits, the most visited move the hottest, win rates,
// drawn as it thinks)
// and the engine's on the other (a value a legal move, no heat), then
// alpha-beta's when chosen; a game watched shows Monte Carlo's visits on
// its board while it thinks.
func TestBrowserLab(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	board, legal := positionAfter(t, ts, "f5d6c3")
	pos := board + " O"
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#lab="+url.PathEscape(pos)), chromedp.WaitVisible("#lab-run", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "both boards' thinking", fmt.Sprintf(`document.querySelectorAll("#lab-right text[data-value]").length === %d && document.querySelectorAll("#lab-left rect[data-heat]").length > 0`, len(legal)))
	var left struct {
		Heat, Values int
		Hottest      string
		Rates        bool
	}
	chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const heat = [...document.querySelectorAll("#lab-left rect[data-heat]")];
		const vals = [...document.querySelectorAll("#lab-left text[data-value]")];
		return { Heat: heat.length, Values: vals.length, Hottest: heat.filter(h => h.dataset.share === "1.000").map(h => h.dataset.heat).join(),
			Rates: vals.every(v => v.textContent.endsWith("%") || v.dataset.source === "exact") };
	})()`, &left))
	if left.Heat != len(legal) || left.Values != len(legal) || left.Hottest == "" || !left.Rates {
		t.Errorf("Monte Carlo's board: %+v for %d legal moves", left, len(legal))
	}
	if n := evalInt(t, ctx, `document.querySelectorAll("#lab-right rect[data-heat]").length`); n != 0 {
		t.Errorf("the engine's board has %d heat squares", n)
	}
	screens(t, ctx, "lab")
	// Thought again, Monte Carlo's heat map is drawn as it thinks, before
	// its answer.
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.liveSeen = false;
		new MutationObserver(() => {
			const l = document.getElementById("lab-left");
			if (l.dataset.done !== "true" && l.querySelector("rect[data-heat]")) window.liveSeen = true;
		}).observe(document.getElementById("lab-left"), { subtree: true, childList: true, attributes: true }); true`, nil),
		chromedp.Click("#lab-run", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the answers", `document.getElementById("lab-left").dataset.done === "true" && document.getElementById("lab-right").dataset.done === "true"`)
	if evalInt(t, ctx, `window.liveSeen ? 1 : 0`) != 1 {
		t.Errorf("Monte Carlo's visits were not drawn before its answer")
	}
	if err := chromedp.Run(ctx, chromedp.SetValue("#lab-algo-right", "alphabeta:depth=5", chromedp.ByID), chromedp.Click("#lab-run", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "alpha-beta's values", fmt.Sprintf(`document.getElementById("lab-out-right").textContent.includes("depth 5") && document.querySelectorAll("#lab-right text[data-value]").length === %d`, len(legal)))

	// A game watched: Monte Carlo's visits on the board while it thinks.
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "mcts:time=3s"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "20s"})
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "Monte Carlo's thinking on the board", `document.querySelectorAll("svg.board rect[data-heat]").length > 0 && document.getElementById("thinking-toggle").checked`)
}

// TestBrowserChineseWorkstation: the pages and parts added for analysis
// are in Chinese, with no English left: a game with the book's moves, the
// hints' settings open, the legend and the opening's label; the WTHOR
// search with its results; the lab with both boards' thinking.
func TestBrowserChineseWorkstation(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "zh-CN", "zh-CN,zh")
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "human", Name: "玩家"}, Transcript: "f5d6c3d3c4", Time: "0"})
	openSeat(t, ctx, ts, g, "white", "#hint-settings summary")
	// The book's values, off by default in a real game, turned on.
	if err := chromedp.Run(ctx, chromedp.Click("#book-toggle", chromedp.ByID), chromedp.Click("#hint-settings summary", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the book's moves and the opening", `document.querySelectorAll("text[data-source=book]").length > 0 && document.getElementById("opening").textContent !== ""`)
	checkTranslated(t, ctx, "zh-Hans", "a game with the book and the hints' settings")
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#wthor-player", chromedp.ByID),
		chromedp.SendKeys("#wthor-player", "tamenori", chromedp.ByID), chromedp.Click("#wthor-search", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the WTHOR games", `document.querySelectorAll("#wthor-results .wthor-game").length > 0`)
	checkTranslated(t, ctx, "zh-Hans", "the WTHOR search")
	board, _ := positionAfter(t, ts, "f5d6c3")
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#lab="+url.PathEscape(board+" O")), chromedp.WaitVisible("#lab-run", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the lab's thinking", `document.querySelectorAll("#lab-left rect[data-heat]").length > 0 && document.getElementById("lab-out-right").textContent.includes("最佳")`)
	checkTranslated(t, ctx, "zh-Hans", "the lab")
}
