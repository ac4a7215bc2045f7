// Browser tests of the game page on a phone (390x844): what a tap does
// must happen where the player sees it.

package server

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// boardInView says, as JavaScript, whether the whole board is on the
// screen.
const boardInView = `(() => {
	const r = document.querySelector("svg.board").getBoundingClientRect();
	return r.top >= -1 && r.bottom <= innerHeight + 1 && r.height > 0;
})()`

// TestBrowserPhoneReviewList: on a phone, a record's move list is below
// the board, out of the screen once scrolled to; a tap on a move of the
// list brings the board back on the screen, showing the position after
// it (issue 33, defect 3).
func TestBrowserPhoneReviewList(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	const transcript = "f5d6c5b6b5f4a7c6e6b7c4a6a5f6c7a8d7e7f7c8g4a4g6g5h6h5d8h3h4g7e8f3b4g3h7e3h2d3f2b3e2g2d2c2h1f8g1c3"
	for _, lang := range [][]string{{"en-US", "en-US,en"}, {"zh-CN", "zh-CN,zh"}} {
		t.Run(lang[0], func(t *testing.T) {
			ctx := browser(t, lang...)
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
				chromedp.Navigate(ts.http.URL+"/#review="+transcript)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the record", `document.querySelectorAll("#moves .mv").length === 48`)
			// The player scrolls down to the list: the board leaves the screen.
			if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("moves").scrollIntoView({ block: "end" }); true`, nil)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the board out of the screen once the list is scrolled to", "!"+boardInView)
			if err := chromedp.Run(ctx, chromedp.Click(`#moves .mv[data-ply="12"]`, chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			want, _ := positionAfter(t, ts, transcript[:24])
			waitBoard(t, ctx, "after a tap on move 12", want)
			waitJS(t, ctx, "the board on the screen after a tap on a move of the list", boardInView)
		})
	}
}
