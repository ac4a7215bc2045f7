// Browser test of the board's overlays: the stable discs marked, the
// discs a legal move flips shown while the pointer or the focus is on
// it, the move numbers on the discs; switched on and off, remembered, in
// review and in the editor; in English and Chinese, on a desktop and a
// phone.

package server

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// overlayAnswer is what POST /api/position says of a position for the
// overlays.
type overlayAnswer struct {
	Board  string              `json:"board"`
	Turn   string              `json:"turn"`
	Legal  []string            `json:"legal"`
	Stable []string            `json:"stable"`
	Flips  map[string][]string `json:"flips"`
}

func overlaysOf(t *testing.T, ts *testServer, req PositionRequest) overlayAnswer {
	t.Helper()
	var p overlayAnswer
	if code := ts.call("POST", "/api/position", req, &p); code != 200 {
		t.Fatalf("position of %+v: %d", req, code)
	}
	return p
}

// sortedJS is, as JavaScript, the sorted attribute attr of the elements
// that have it, joined by spaces.
func sortedJS(attr string) string {
	return fmt.Sprintf(`[...document.querySelectorAll("[%s]")].map(e => e.getAttribute("%[1]s")).sort().join(" ")`, attr)
}

// TestPositionOverlays: the position's answer has its stable discs
// (either colour) and, for each legal move, the discs it flips.
func TestPositionOverlays(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	start := overlaysOf(t, ts, PositionRequest{Transcript: "f5"})
	want := map[string][]string{"D6": {"D5"}, "F4": {"E4"}, "F6": {"E5"}}
	if len(start.Stable) != 0 || fmt.Sprint(start.Flips) != fmt.Sprint(want) {
		t.Errorf("after f5: stable %v, flips %v; want none and %v", start.Stable, start.Flips, want)
	}
	full := overlaysOf(t, ts, PositionRequest{Board: strings.Repeat("X", 32) + strings.Repeat("O", 32) + " X"})
	if len(full.Stable) != 64 || len(full.Flips) != 0 {
		t.Errorf("a full board: %d stable discs, flips %v; want 64 and none", len(full.Stable), full.Flips)
	}
	// A corner taken: A8 and the discs it anchors are stable.
	corner := overlaysOf(t, ts, PositionRequest{Transcript: "f5d6c5b6b5f4a7c6e6b7c4a6a5f6c7a8"})
	if !slices.Contains(corner.Stable, "A8") {
		t.Errorf("after a8: stable %v, without A8", corner.Stable)
	}
}

// TestBrowserOverlays: the overlays are off at first; switched on in a
// record's review, the stable discs marked are the server's, the discs
// numbered are those played up to the ply shown, each with its ply, a
// legal square under the pointer or focused shows what it flips (and
// nothing once left); the switches are remembered after a reload; the
// editor marks its position's stable discs and flips too. No English is
// left in Chinese, nothing is wider than a phone's screen, axe-core
// finds nothing (issue 33, board overlays).
func TestBrowserOverlays(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	const transcript = "f5d6c5b6b5f4a7c6e6b7c4a6a5f6c7a8d7e7f7c8g4a4g6g5h6h5d8h3h4g7e8f3b4g3h7e3h2d3f2b3e2g2d2c2h1f8g1c3"
	at20 := overlaysOf(t, ts, PositionRequest{Transcript: transcript[:40]})
	at10 := overlaysOf(t, ts, PositionRequest{Transcript: transcript[:20]})
	if len(at20.Stable) == 0 || len(at20.Flips) < 2 {
		t.Fatalf("after 20 moves: stable %v, flips %v", at20.Stable, at20.Flips)
	}
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
					chromedp.Evaluate(`localStorage.removeItem("reversi-overlays"), true`, nil), chromedp.Reload()); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the record", `document.querySelectorAll("#moves .mv").length === 48`)
				if err := chromedp.Run(ctx, chromedp.Click(`#moves .mv[data-ply="20"]`, chromedp.ByQuery)); err != nil {
					t.Fatal(err)
				}
				waitBoard(t, ctx, "after move 20", at20.Board)
				if n := evalInt(t, ctx, `document.querySelectorAll("[data-stable], [data-number], [data-flips]").length`); n != 0 {
					t.Errorf("%d overlay marks before any is switched on", n)
				}
				// Switched on: the server's stable discs, the discs numbered
				// up to the ply shown.
				if err := chromedp.Run(ctx, chromedp.Click("#overlay-settings summary", chromedp.ByQuery), chromedp.Click("#overlay-stable", chromedp.ByID),
					chromedp.Click("#overlay-flips", chromedp.ByID), chromedp.Click("#overlay-numbers", chromedp.ByID)); err != nil {
					t.Fatal(err)
				}
				stable := slices.Clone(at20.Stable)
				slices.Sort(stable)
				waitJS(t, ctx, "the stable discs marked", fmt.Sprintf(`%s === %q`, sortedJS("data-stable"), strings.Join(stable, " ")))
				numbered := func(plies int) {
					t.Helper()
					want := []string{}
					for i := 0; i < plies; i++ {
						want = append(want, fmt.Sprintf("%s=%d", strings.ToUpper(transcript[2*i:2*i+2]), i+1))
					}
					slices.Sort(want)
					waitJS(t, ctx, fmt.Sprintf("the discs numbered to ply %d", plies),
						fmt.Sprintf(`[...document.querySelectorAll("[data-number]")].map(e => e.getAttribute("data-number") + "=" + e.textContent).sort().join(" ") === %q`, strings.Join(want, " ")))
				}
				numbered(20)
				// A legal square under the pointer, then one focused: what it
				// flips; nothing once left.
				moves := make([]string, 0, len(at20.Flips))
				for m := range at20.Flips {
					moves = append(moves, m)
				}
				slices.Sort(moves)
				flipsJS := func(m string) string {
					f := slices.Clone(at20.Flips[m])
					slices.Sort(f)
					return fmt.Sprintf(`%s === %q`, sortedJS("data-flips"), strings.Join(f, " "))
				}
				if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('rect[data-square=%q]').dispatchEvent(new MouseEvent("mouseenter")), true`, moves[0]), nil)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "what "+moves[0]+" flips, under the pointer", flipsJS(moves[0]))
				if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('rect[data-square=%q]').dispatchEvent(new MouseEvent("mouseleave")), true`, moves[0]), nil)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "no flips shown once the pointer has left", `document.querySelectorAll("[data-flips]").length === 0`)
				if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('rect[data-square=%q]').focus(), true`, moves[1]), nil)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "what "+moves[1]+" flips, focused", flipsJS(moves[1]))
				if c.tag != "en" {
					checkTranslated(t, ctx, c.tag, "the overlays")
				}
				if v := axeViolations(t, ctx, axe); len(v) > 0 {
					t.Errorf("axe-core on the overlays:\n  %s", strings.Join(v, "\n  "))
				}
				var overflow bool
				chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
				if overflow {
					t.Errorf("the page with the overlays is wider than the screen (%d px)", size.w)
				}
				if size.w < 500 {
					screens(t, ctx, "overlays-"+c.tag)
				}
				// Remembered after a reload; ten moves back, ten discs numbered.
				if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the record again", `document.querySelectorAll("#moves .mv").length === 48`)
				if err := chromedp.Run(ctx, chromedp.Click(`#moves .mv[data-ply="10"]`, chromedp.ByQuery)); err != nil {
					t.Fatal(err)
				}
				waitBoard(t, ctx, "after move 10", at10.Board)
				numbered(10)
				if evalInt(t, ctx, `["stable", "flips", "numbers"].filter(k => document.getElementById("overlay-" + k).checked).length`) != 3 {
					t.Errorf("the overlays' switches not remembered after a reload")
				}
				// The editor: its position's stable discs, and what a move of
				// the side to move flips.
				ed := overlaysOf(t, ts, PositionRequest{Transcript: transcript[:40]})
				if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit="+url.PathEscape(ed.Board+" "+map[string]string{"black": "X", "white": "O"}[ed.Turn])),
					chromedp.WaitVisible("#analyse-position", chromedp.ByID)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "the editor's stable discs", fmt.Sprintf(`%s === %q`, sortedJS("data-stable"), strings.Join(stable, " ")))
				if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('rect[data-square=%q]').dispatchEvent(new MouseEvent("mouseenter")), true`, moves[0]), nil)); err != nil {
					t.Fatal(err)
				}
				waitJS(t, ctx, "what "+moves[0]+" flips in the editor", flipsJS(moves[0]))
				if n := evalInt(t, ctx, `document.querySelectorAll("#overlay-numbers, [data-number]").length`); n != 0 {
					t.Errorf("the editor, which has no moves, has %d move numbers or their switch", n)
				}
				if c.tag != "en" {
					checkTranslated(t, ctx, c.tag, "the editor's overlays")
				}
				if v := axeViolations(t, ctx, axe); len(v) > 0 {
					t.Errorf("axe-core on the editor's overlays:\n  %s", strings.Join(v, "\n  "))
				}
				chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
				if overflow {
					t.Errorf("the editor with the overlays is wider than the screen (%d px)", size.w)
				}
			})
		}
	}
}

// TestOverlaysFairPlay: the stable discs are an aid, as the book is: a
// game between people without help has none in its state or in the
// position's answer while it goes on; an analysis game has them.
func TestOverlaysFairPlay(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	const line = "f5d6c5b6b5f4a7c6e6b7c4a6a5f6c7a8d7e7f7c8" // A8 taken
	a := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Transcript: line, Time: "0", Analysis: true})
	if v := ts.state(a.ID); !slices.Contains(v.Stable, "A8") || len(v.Flips) == 0 {
		t.Errorf("an analysis game: stable %v, flips %v", v.Stable, v.Flips)
	}
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Transcript: line, Time: "30s", GameTime: "5m"})
	if code, e := ts.askCode("POST", "/api/games/"+g.ID+"/join", `{"kind":"human","name":"bob","invite":"`+g.Invite+`"}`, nil); code != 200 {
		t.Fatalf("join: %d %+v", code, e)
	}
	if v := ts.state(g.ID); !v.NoHelp || len(v.Stable) != 0 {
		t.Errorf("a game without help: no help %v, stable %v", v.NoHelp, v.Stable)
	}
	if p := overlaysOf(t, ts, PositionRequest{Transcript: line}); len(p.Stable) != 0 {
		t.Errorf("the position of a game without help: stable %v", p.Stable)
	}
}
