// Browser tests of the pages the start page opens: each opens at its
// top, and a record that cannot be read says so, and where (issue 33,
// defect 4).

package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPagesFromStart: on a phone, the start page scrolled down to
// its paste box, a game reviewed from it opens at the top of its page,
// its board on the screen (a WTHOR game goes the same way: it is put in
// the paste box); a transcript with a move that cannot be played is
// headed as a record that cannot be read, not as no such game, and says
// which move. In English and in Chinese.
func TestBrowserPagesFromStart(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	for _, c := range []struct {
		lang          []string
		heading, none string
	}{
		{[]string{"en-US", "en-US,en"}, "The game to review cannot be read", "No such game"},
		{[]string{"zh-CN", "zh-CN,zh"}, "无法读取要复盘的棋谱", "没有这局棋"},
	} {
		t.Run(c.lang[0], func(t *testing.T) {
			ctx := browser(t, c.lang...)
			review := func(text string) {
				t.Helper()
				if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(ts.http.URL+"/"),
					chromedp.WaitVisible("#load", chromedp.ByID), chromedp.SetValue("#load", text, chromedp.ByID),
					chromedp.Evaluate(`document.getElementById("review-record").scrollIntoView({ block: "end" }); true`, nil)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the start page scrolled down", `scrollY > 200`)
				if err := chromedp.Run(ctx, chromedp.Click("#review-record", chromedp.ByID)); err != nil {
					t.Fatal(err)
				}
			}
			review("f5d6c3d3c4f4")
			waitJS(t, ctx, "the game reviewed", `document.querySelectorAll("#moves .mv").length === 6`)
			waitJS(t, ctx, "the review's page at its top, its board on the screen", `scrollY === 0 && `+boardInView)

			review("f5d6a1")
			// The start page (its paste box #load) has a heading of its
			// own: wait for the page that replaces it.
			waitJS(t, ctx, "a page for the bad transcript", `(() => { const h = document.querySelector("#app h1:not(.sr-only)"); return !!h && !document.getElementById("load") && h.textContent.length > 0 })()`)
			var got struct{ Heading, Text string }
			chromedp.Run(ctx, chromedp.Evaluate(`({ Heading: document.querySelector("#app h1:not(.sr-only)").textContent, Text: document.getElementById("app").textContent })`, &got))
			if got.Heading != c.heading {
				t.Errorf("a bad transcript is headed %q, want %q", got.Heading, c.heading)
			}
			if !strings.Contains(got.Text, "3") || !strings.Contains(strings.ToLower(got.Text), "a1") {
				t.Errorf("a bad transcript's page says %q: not which move (3, a1)", got.Text)
			}
		})
	}
}
