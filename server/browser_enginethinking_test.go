// Browser test of the engine's thinking drawn as it thinks: the value of
// each move with its depth, in the algorithm lab and on the board of a
// game watched (issue 33, defect 1).

package server

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserEngineThinking: the engine's reports while it thinks carry
// the value of every move with its depth, as Monte Carlo's carry its
// visits, and the page draws them: in the lab (every report streamed, so
// that each depth's values are drawn before the answer's), and on the
// board of a game watched while the engine to move thinks (the best
// move's value, the others' bounds marked "≤"), each value with its
// depth. In English and in Chinese, on a desktop and on a phone.
func TestBrowserEngineThinking(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ts.srv.streamEvery = 0 // every report of the lab's analyses streamed
	board, legal := positionAfter(t, ts, "f5d6c3")
	pos := board + " O"
	// A game from the middle of a real one (out of the book), the engine
	// to move with seconds to think.
	const opening = "d3c5e6e3d6c3d2c1b6e7f5c6f6d7c4b4c7b5f8c8"
	var p struct {
		Board string `json:"board"`
		Turn  string `json:"turn"`
	}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: opening}, &p); code != 200 {
		t.Fatalf("position: %d", code)
	}
	start := p.Board + map[string]string{"black": " X", "white": " O"}[p.Turn]
	for _, c := range []struct {
		lang  []string
		depth string // the depth's label, its number left out
		w, h  int64
		opts  []chromedp.EmulateViewportOption
	}{
		{[]string{"en-US", "en-US,en"}, "d", 1366, 768, nil},
		{[]string{"zh-CN", "zh-CN,zh"}, "层", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}},
	} {
		t.Run(c.lang[0], func(t *testing.T) {
			ctx := browser(t, c.lang...)
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(c.w, c.h, c.opts...)); err != nil {
				t.Fatal(err)
			}
			// The lab: the engine on the right. Every value drawn is
			// counted: the answer's alone are one a legal move.
			if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#lab="+url.PathEscape(pos)), chromedp.WaitVisible("#lab-run", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the first run's answers", `document.getElementById("lab-right").dataset.done === "true"`)
			if err := chromedp.Run(ctx, chromedp.SetValue("#lab-algo-right", "engine:depth=8,exact=12,wld=14", chromedp.ByID),
				chromedp.Evaluate(`window.drawn = 0; window.depths = new Set();
				new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) {
					if (n.matches?.("text.val[data-source=depth]")) window.drawn++;
					if (n.matches?.("text.val.sub")) window.depths.add(n.textContent);
				} }).observe(document.querySelector("#lab-right svg.board"), { subtree: true, childList: true }); true`, nil),
				chromedp.Click("#lab-run", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the engine's answer", `document.getElementById("lab-right").dataset.done === "true"`)
			var seen struct {
				Drawn  int
				Depths []string
			}
			chromedp.Run(ctx, chromedp.Evaluate(`({ Drawn: window.drawn, Depths: [...window.depths] })`, &seen))
			if seen.Drawn <= len(legal) || len(seen.Depths) < 2 {
				t.Errorf("the lab drew %d values of the engine's for %d legal moves, at the depths %q: its values were not drawn as it thought, depth by depth", seen.Drawn, len(legal), seen.Depths)
			}

			// A game watched: the engine's values on the board while it
			// thinks, with their depth.
			g := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "builtin", Spec: "engine:level=60,time=3s"}, Board: start, Time: "20s"})
			if start[65] != 'X' {
				g = ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "engine:level=60,time=3s"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Board: start, Time: "20s"})
			}
			if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			if !untilJS(ctx, `document.querySelectorAll("svg.board text.val[data-source=depth]").length >= 2`) {
				var status string
				chromedp.Run(ctx, chromedp.Text("#status", &status, chromedp.ByID))
				t.Fatalf("no values of the engine's on the board while it thinks (the status says %q)", status)
			}
			checkLiveValues(t, ctx, c.depth)
			screens(t, ctx, "engine-thinking-"+c.lang[0])
		})
	}
}

// checkLiveValues checks the values of the engine's thinking on a game's
// board: each with its depth (its label holds depth), one best move
// ringed and not a bound, the others' bounds marked "≤".
func checkLiveValues(t *testing.T, ctx context.Context, depth string) {
	t.Helper()
	var got []struct {
		Move, Label, Sub string
		Best             bool
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("svg.board text.val[data-source=depth]")].map(v => ({ Move: v.dataset.value, Label: v.textContent,
		Sub: v.nextElementSibling?.textContent || "", Best: !!document.querySelector('svg.board rect[data-best="' + v.dataset.value + '"]') }))`, &got)); err != nil {
		t.Fatal(err)
	}
	best := 0
	for _, v := range got {
		if !strings.Contains(v.Sub, depth) {
			t.Errorf("%s's value %q says no depth: %q", v.Move, v.Label, v.Sub)
		}
		if v.Best {
			best++
			if strings.HasPrefix(v.Label, "≤") {
				t.Errorf("the best move %s's value is a bound: %q", v.Move, v.Label)
			}
		}
	}
	if best == 0 {
		t.Errorf("no best move ringed among %+v", got)
	}
	// A bound shown is explained in the legend.
	var bounds, legend bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("svg.board text.val")].some(v => v.textContent.startsWith("≤"))`, &bounds),
		chromedp.Evaluate(`!document.getElementById("legend-upper").hidden && !document.getElementById("legend").hidden`, &legend)); err != nil {
		t.Fatal(err)
	}
	if bounds && !legend {
		t.Errorf("bounds on the board (≤), none in the legend")
	}
}
