// Browser test of the whole-game analysis as the player sets it: its
// search and exact solve chosen, within the server's limits, said with
// its results; stopped; resumed when the page is left and opened again.

package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserWholeSettings: the searches offered are those within the
// server's limits; a record analysed at 1 s a position, exact from 12
// empty squares, keeps each position's analysis as it comes; the page
// left in the middle and opened again goes on from the first position not
// done (it asks the server for the others only) and says the settings
// beside the results; an analysis started at 3 s a position is stopped
// by its button. In English and Chinese, on a desktop and a phone: no
// English left in Chinese, nothing wider than the screen, axe-core finds
// nothing (issue 33, analysis as the player sets it).
func TestBrowserWholeSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	var players struct {
		Limits struct {
			Depth      int   `json:"depth"`
			MoveTimeMS int64 `json:"move_time_ms"`
		} `json:"limits"`
	}
	if code := ts.call("GET", "/api/players", nil, &players); code != 200 {
		t.Fatalf("GET /api/players: %d", code)
	}
	offered := 0
	for _, d := range []int{4, 8, 12, 16} {
		if players.Limits.Depth == 0 || d <= players.Limits.Depth {
			offered++
		}
	}
	for _, s := range []int64{1, 3, 10} {
		if players.Limits.MoveTimeMS == 0 || s*1000 <= players.Limits.MoveTimeMS {
			offered++
		}
	}
	const transcript = "f5d6c3d3c4f4" // 7 positions
	for _, c := range []struct {
		lang []string
		tag  string
	}{{[]string{"en-US", "en-US,en"}, "en"}, {[]string{"zh-CN", "zh-CN,zh"}, "zh-Hans"}} {
		for _, size := range []struct{ w, h int64 }{{1366, 768}, {390, 844}} {
			t.Run(fmt.Sprintf("%s-%d", c.tag, size.w), func(t *testing.T) {
				ctx := browser(t, c.lang...)
				opts := []chromedp.EmulateViewportOption{}
				if size.w < 500 {
					opts = append(opts, chromedp.EmulateMobile)
				}
				if err := chromedp.Run(ctx, chromedp.EmulateViewport(size.w, size.h, opts...), chromedp.Navigate(ts.http.URL+"/#review="+transcript),
					chromedp.Evaluate(`Object.keys(localStorage).filter(k => k.startsWith("reversi-whole")).forEach(k => localStorage.removeItem(k)), true`, nil),
					chromedp.Reload()); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the record", `document.querySelectorAll("#moves .mv").length === 6`)
				waitJS(t, ctx, "the searches within the server's limits", fmt.Sprintf(`document.querySelectorAll("#whole-search option").length === %d`, offered))
				set := func(id, v string) {
					t.Helper()
					if err := chromedp.Run(ctx, chromedp.SetValue(id, v, chromedp.ByID),
						chromedp.Evaluate(fmt.Sprintf(`document.getElementById(%q).dispatchEvent(new Event("change")), true`, id), nil)); err != nil {
						t.Fatal(err)
					}
				}
				set("whole-search", "time=1s")
				set("whole-exact", "12")
				const kept = `(() => { const k = Object.keys(localStorage).find(k => k.startsWith("reversi-whole:engine:time=1s,exact=12,")); return k ? Object.keys(JSON.parse(localStorage.getItem(k)).answers).length : 0; })()`
				if err := chromedp.Run(ctx, chromedp.Click("#analyse-game", chromedp.ByID)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "two positions analysed and kept", kept+" >= 2")
				// The page left and opened again: it goes on.
				before := evalInt(t, ctx, kept)
				if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the analysis resumed and finished", `document.getElementById("whole-settings-used") !== null`)
				asked := evalInt(t, ctx, `performance.getEntriesByType("resource").filter(e => e.name.includes("/api/analyze")).length`)
				if asked > 7-before || asked == 0 {
					t.Errorf("resumed with %d positions kept, the page asked the server for %d of the 7", before, asked)
				}
				if evalInt(t, ctx, kept) != 7 {
					t.Errorf("%d positions kept at the end, want 7", evalInt(t, ctx, kept))
				}
				var used, status string
				chromedp.Run(ctx, chromedp.Text("#whole-settings-used", &used, chromedp.ByID), chromedp.Text("#whole-status", &status, chromedp.ByID))
				if !strings.Contains(used, "12") || !strings.Contains(used, "1") {
					t.Errorf("the settings beside the results say %q", used)
				}
				if c.tag == "en" && (used != "engine 1 s a position, exact from 12 empty squares" || !strings.Contains(status, used)) {
					t.Errorf("the settings beside the results say %q, the status %q", used, status)
				}
				// Another analysis, stopped.
				set("whole-search", "time=3s")
				if err := chromedp.Run(ctx, chromedp.Click("#analyse-game", chromedp.ByID)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the stop button", `!document.getElementById("whole-stop").hidden`)
				if err := chromedp.Run(ctx, chromedp.Click("#whole-stop", chromedp.ByID)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the analysis stopped", `document.getElementById("whole-stop").hidden && !document.getElementById("analyse-game").disabled &&
					Object.keys(localStorage).filter(k => k.startsWith("reversi-whole:engine:time=3s")).every(k => !JSON.parse(localStorage.getItem(k)).running)`)
				if c.tag == "en" {
					chromedp.Run(ctx, chromedp.Text("#whole-status", &status, chromedp.ByID))
					if !strings.HasPrefix(status, "Stopped after") {
						t.Errorf("after a stop the status says %q", status)
					}
				} else {
					checkTranslated(t, ctx, c.tag, "the whole game's settings")
				}
				if v := axeViolations(t, ctx, axe); len(v) > 0 {
					t.Errorf("axe-core on the whole game's settings:\n  %s", strings.Join(v, "\n  "))
				}
				var overflow bool
				chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
				if overflow {
					t.Errorf("the page is wider than the screen (%d px)", size.w)
				}
				if size.w < 500 {
					screens(t, ctx, "whole-settings-"+c.tag)
				}
			})
		}
	}
}
