// Browser test of accessibility: axe-core (server/testdata/axe) finds no
// violation on the pages of the GUI.

package server

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// readAxe returns axe-core's script (testdata/axe).
func readAxe(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// axeViolations runs axe-core on the page shown and returns its
// violations, one line each (the rule, what it says, where).
func axeViolations(t *testing.T, ctx context.Context, axe string) []string {
	t.Helper()
	var out string
	run := `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v =>
		({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary)}))))`
	if err := chromedp.Run(ctx, chromedp.Evaluate(axe+"\ntrue", nil),
		chromedp.Evaluate(run, &out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
		t.Fatal(err)
	}
	var vs []struct {
		ID    string   `json:"id"`
		Help  string   `json:"help"`
		Nodes []string `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, v := range vs {
		lines = append(lines, v.ID+" ("+v.Help+"):\n      "+strings.Join(v.Nodes, "\n      "))
	}
	return lines
}

// TestBrowserAxe: axe-core finds no violation on the start page, a game
// page (as its player, with the analysis on, and finished, analysed
// whole and reviewed; watched; a friend's invitation; none), the editor,
// the hints' settings, the WTHOR search, a record and the lab, in
// English, Simplified and Traditional Chinese.
func TestBrowserAxe(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	playing := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Transcript: "f5d6c3", Time: "0"})
	board, turn := positionOf(t, ts, PositionRequest{Transcript: fullGame[:88]}) // 16 empty squares
	start := board + " " + turn
	finished := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Board: start, Time: "5s"})
	ts.waitFor(finished.ID, "finished", func(v GameView) bool { return v.Status == "finished" })
	watched := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "bea"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Transcript: "f5d6c3", Time: "0"})
	friend := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "0"})
	for _, lang := range []string{"en-US", "zh-CN", "zh-TW"} {
		ctx := browser(t, lang, lang)
		check := func(page string) {
			t.Helper()
			if vs := axeViolations(t, ctx, axe); len(vs) > 0 {
				t.Errorf("%s, %s: axe-core finds:\n  %s", lang, page, strings.Join(vs, "\n  "))
			}
		}
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the list of games", `document.querySelectorAll("#games tbody tr").length > 0`)
		check("the start page")

		openSeat(t, ctx, ts, playing, "black", "rect.sq.target")
		if err := chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the analysis values", `document.querySelectorAll("text[data-value]").length > 0`)
		check("a game, as its player, with the analysis")

		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+finished.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery),
			chromedp.Click("#analyse-game", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitWholeAnalysis(t, ctx, "the whole game analysed")
		if err := chromedp.Run(ctx, chromedp.Click(`#moves .mv[data-ply="2"]`, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the review", `document.getElementById("review").dataset.at === "2"`)
		check("a finished game, analysed whole and reviewed")

		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit=f5d6c3"), chromedp.WaitVisible("#analyse-position", chromedp.ByID),
			chromedp.Click("#analyse-position", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the editor's analysis", `document.querySelectorAll("text[data-value]").length > 0`)
		check("the editor")

		// The hints' settings open, the WTHOR search's results, a record
		// reviewed, the lab.
		openSeat(t, ctx, ts, playing, "black", "#hint-settings summary")
		// The book's values (off by default in a real game) and the
		// legend of their colours.
		if err := chromedp.Run(ctx, chromedp.Click("#book-toggle", chromedp.ByID), chromedp.Click("#hint-settings summary", chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the settings open", `document.getElementById("hint-settings").open && !document.getElementById("legend").hidden`)
		check("a game, the hints' settings open")
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#wthor-player", chromedp.ByID),
			chromedp.SendKeys("#wthor-player", "tamenori", chromedp.ByID), chromedp.Click("#wthor-search", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the WTHOR games", `document.querySelectorAll("#wthor-results .wthor-game").length > 0`)
		check("the start page, WTHOR games found")
		if err := chromedp.Run(ctx, chromedp.Click("#wthor-results .wthor-game", chromedp.ByQuery), chromedp.Click("#review-record", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the record", `location.hash.startsWith("#review=") && document.querySelectorAll("#moves .mv").length > 0`)
		check("a record reviewed")
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#lab="+start), chromedp.WaitVisible("#lab-run", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the lab's thinking", `document.querySelectorAll("#lab-left rect[data-heat]").length > 0 && document.querySelectorAll("#lab-right text[data-value]").length > 0`)
		check("the lab")

		// A game watched (no seat), a friend's invitation, a game that
		// does not exist.
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+watched.ID), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the spectator's status", `document.getElementById("status").textContent !== "" && document.querySelectorAll("#eval-graph").length === 1`)
		check("a game watched")
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+friend.ID+"#invite="+friend.Invite), chromedp.WaitVisible("#join", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		check("a friend's invitation")
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/0123456789abcdef"), chromedp.WaitVisible("h1", chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		check("a game that does not exist")
	}
}

// checkPage fails the test for what axe-core finds on the page of ctx
// and, in Chinese (lang "zh-CN"), for any English left on it (names are
// texts shown as they are); where names the page and the step.
func checkPage(t *testing.T, ctx context.Context, axe, lang, where string, names ...string) {
	t.Helper()
	if vs := axeViolations(t, ctx, axe); len(vs) > 0 {
		t.Errorf("%s: axe-core finds:\n  %s", where, strings.Join(vs, "\n  "))
	}
	if lang == "zh-CN" {
		checkTranslated(t, ctx, "zh-Hans", where, names...)
	}
}
