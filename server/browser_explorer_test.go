// Browser test of the opening explorer: its table of moves from the WTHOR
// games, moves played on the board and in the table, filters, a game of
// the list reviewed, the way in from the editor and from a game; in
// English and Chinese, on a desktop and a phone.

package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserExplorer: the explorer's counts are the API's; a move of
// the table and a square of the board go on from the position (the
// address follows); a filter by year shows that year's games; a game of
// the list opens in review; the editor and a reviewed game lead to the
// explorer at their position; no English is left in Chinese, nothing
// overflows the phone's screen, and axe-core finds nothing.
func TestBrowserExplorer(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	start := ts.explore(t, "")
	f5 := ts.explore(t, "transcript=f5")
	f5d6 := ts.explore(t, "transcript=f5d6&games=8")
	year := ts.explore(t, "transcript=f5&from=1999&to=1999")
	if start.Total == 0 || len(f5.Moves) < 2 || year.Total == 0 || year.Total >= f5.Total {
		t.Fatalf("the API: %d games at the start, %d moves after f5, %d games of 1999", start.Total, len(f5.Moves), year.Total)
	}
	for _, c := range []struct {
		lang []string
		tag  string
		w, h int
	}{
		{[]string{"en-US", "en-US,en"}, "en", 1366, 768},
		{[]string{"zh-CN", "zh-CN,zh"}, "zh-Hans", 390, 844},
		{[]string{"zh-TW", "zh-TW,zh"}, "zh-Hant", 1366, 768},
	} {
		t.Run(c.tag, func(t *testing.T) {
			ctx := browser(t, c.lang...)
			opts := []chromedp.EmulateViewportOption{}
			if c.w < 500 {
				opts = append(opts, chromedp.EmulateMobile)
			}
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(c.w), int64(c.h), opts...), chromedp.Navigate(ts.http.URL+"/#explore=")); err != nil {
				t.Fatal(err)
			}
			// At the start: one move (the four first moves are one), every game.
			waitJS(t, ctx, "the start's table", fmt.Sprintf(`document.querySelectorAll("#explorer-moves tr").length === 1 && document.querySelector("#explorer-moves td.num")?.textContent.replace(/\D/g, "") === "%d"`, start.Total))
			// The table's move goes on: f5's moves, the address follows.
			first := start.Moves[0].Move
			if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`.explorer-move[data-move=%q]`, first), chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the moves after the first", fmt.Sprintf(`location.hash === "#explore=%s" && document.querySelectorAll("#explorer-moves tr").length === %d`, strings.ToLower(first), len(f5.Moves)))
			// A square of the board: d6 after f5 (the address is the line).
			if err := chromedp.Run(ctx, chromedp.Click(`rect[data-square="D6"]`, chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the moves after f5 d6", fmt.Sprintf(`location.hash === "#explore=f5d6" && document.querySelectorAll("#explorer-moves tr").length === %d && document.querySelectorAll("#explorer-games li").length === %d`, len(f5d6.Moves), len(f5d6.Games)))
			if c.tag != "en" {
				checkTranslated(t, ctx, c.tag, "the explorer", append(playersOf(f5d6), gamesText(f5d6)...)...)
			}
			if v := axeViolations(t, ctx, axe); len(v) > 0 {
				t.Errorf("axe-core on the explorer:\n  %s", strings.Join(v, "\n  "))
			}
			var overflow bool
			chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
			if overflow {
				t.Errorf("the explorer is wider than the screen (%d px)", c.w)
			}
			screens(t, ctx, "explorer-"+c.tag)
			// Back, then a filter: 1999's games after f5.
			if err := chromedp.Run(ctx, chromedp.Click("#explorer-back", chromedp.ByID), chromedp.SetValue("#explorer-from", "1999", chromedp.ByID),
				chromedp.SetValue("#explorer-to", "1999", chromedp.ByID), chromedp.Click("#explorer-filter", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "1999's games after f5", fmt.Sprintf(`location.hash === "#explore=f5" && [...document.querySelectorAll("#explorer-moves tr td.num:first-of-type")].reduce((s, e) => s + +e.textContent.replace(/\D/g, ""), 0) === %d`, year.Total))
			// A game of the list opens in review.
			if err := chromedp.Run(ctx, chromedp.Click("#explorer-games a.explorer-game", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "a game of the list reviewed", `location.hash.startsWith("#review=") && document.querySelectorAll("#moves .mv").length > 20`)
		})
	}
	// From the editor: the explorer at its board.
	ctx := browser(t, "en-US", "en-US,en")
	pos, turn := positionOf(t, ts, PositionRequest{Transcript: "f5d6c3"})
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit="+url.PathEscape(pos+" "+turn)), chromedp.WaitVisible("#to-explorer", chromedp.ByID),
		chromedp.Click("#to-explorer", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	f5d6c3 := ts.explore(t, "transcript=f5d6c3")
	waitJS(t, ctx, "the explorer at the editor's position", fmt.Sprintf(`location.hash.startsWith("#explore=%s") && document.querySelectorAll("#explorer-moves tr").length === %d`, pos+turn, len(f5d6c3.Moves)))
	// From a reviewed game: the explorer at the position shown, by its moves.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#review=f5d6c3d3c4f4"), chromedp.WaitVisible("#to-explorer", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the record reviewed", `document.querySelectorAll("#moves .mv").length === 6`)
	if err := chromedp.Run(ctx, chromedp.Click(`#moves .mv[data-ply="3"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, ctx, "after move 3", pos)
	if err := chromedp.Run(ctx, chromedp.Click("#to-explorer", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the explorer at move 3 of the record", fmt.Sprintf(`location.hash === "#explore=f5d6c3" && document.querySelectorAll("#explorer-moves tr").length === %d`, len(f5d6c3.Moves)))
}

// playersOf are the names of the players an explorer's answer shows.
func playersOf(a explorerAnswer) []string {
	var out []string
	for _, m := range a.Moves {
		out = append(out, m.Players...)
	}
	return out
}

// gamesText are the names and tournaments of the games an answer lists.
func gamesText(a explorerAnswer) []string {
	var out []string
	for _, g := range a.Games {
		out = append(out, g.Black, g.White, g.Tournament, g.Black+" – "+g.White)
	}
	return out
}
