// Browser test of the algorithm lab's words: the course's heuristic
// values in their unit, labels that fit their squares, whose move it is,
// and a finished position said to be one (issue 33, defect 2).

package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLabUnits: alpha-beta and minimax with the course's
// heuristic, on a position where its values run to thousands of points,
// are shown in points (not as discs), each label inside its square, the
// side to move said; a finished position says the game is over, with
// the discs. In English and in Chinese, on a wide screen and a phone.
func TestBrowserLabUnits(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	// 30 moves in, a corner taken: the heuristic's values are large.
	const transcript = "f5d6c5b6b5f4a7c6e6b7c4a6a5f6c7a8d7e7f7c8g4a4g6g5h6h5d8h3h4g7"
	board, legal := positionAfter(t, ts, transcript)
	pos := board + " X"
	finished := strings.Repeat("X", 40) + strings.Repeat("O", 24) + " O"
	for _, c := range []struct {
		lang            []string
		w, h            int64
		points, toMove  string
		over, overDiscs string
	}{
		{[]string{"en-US", "en-US,en"}, 1366, 768, "points", "Black to move", "The game is over", "Black 40"},
		{[]string{"zh-CN", "zh-CN,zh"}, 390, 844, "分", "轮到黑方", "对局已结束", "黑方 40"},
	} {
		t.Run(c.lang[0], func(t *testing.T) {
			ctx := browser(t, c.lang...)
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(c.w, c.h), chromedp.Navigate(ts.http.URL+"/#lab="+url.PathEscape(pos)),
				chromedp.WaitVisible("#lab-run", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			for _, algo := range []string{"alphabeta:depth=5", "minimax:depth=3"} {
				if err := chromedp.Run(ctx, chromedp.SetValue("#lab-algo-right", algo, chromedp.ByID), chromedp.Click("#lab-run", chromedp.ByID)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, algo+"'s answer", `document.getElementById("lab-right").dataset.done === "true" && document.getElementById("lab-left").dataset.done === "true"`)
				var got struct {
					Out, Turn string
					Labels    []string
					Outside   []string
				}
				chromedp.Run(ctx, chromedp.Evaluate(`(() => {
					const r = document.getElementById("lab-right");
					const labels = [...r.querySelectorAll("text.val")];
					return { Out: document.getElementById("lab-out-right").textContent, Turn: document.getElementById("lab-turn")?.textContent || "",
						Labels: labels.filter(l => l.dataset.value).map(l => l.textContent),
						Outside: labels.filter(l => {
							const b = l.getBBox(), x = Number(l.getAttribute("x")), y = Number(l.getAttribute("y"));
							const sx = Math.floor(x), sy = Math.floor(y);
							return b.x < sx + 0.02 || b.x + b.width > sx + 0.98 || b.y < sy - 0.02 || b.y + b.height > sy + 1.02;
						}).map(l => l.textContent + " at " + l.getAttribute("x") + "," + l.getAttribute("y")) };
				})()`, &got))
				t.Logf("%s: %q, labels %v", algo, got.Out, got.Labels)
				if len(got.Labels) != len(legal) {
					t.Errorf("%s: %d values for %d legal moves", algo, len(got.Labels), len(legal))
				}
				if !strings.Contains(got.Out, c.points) {
					t.Errorf("%s: the lab says %q, with no unit %q", algo, got.Out, c.points)
				}
				if len(got.Outside) > 0 {
					t.Errorf("%s: labels outside their squares: %v", algo, got.Outside)
				}
				if !strings.Contains(got.Turn, c.toMove) {
					t.Errorf("%s: the lab says %q of whose move it is, want %q", algo, got.Turn, c.toMove)
				}
			}
			screens(t, ctx, "lab-points-"+c.lang[0])
			// A finished position.
			if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#lab="+url.PathEscape(finished)), chromedp.WaitVisible("#lab-run", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "a finished position said to be one", `(() => { const e = document.getElementById("lab-turn"); return !!e && e.textContent.includes(`+jsString(c.over)+`) && e.textContent.includes(`+jsString(c.overDiscs)+`); })()`)
		})
	}
}

// jsString writes s as a JavaScript string literal.
func jsString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
