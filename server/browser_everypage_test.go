// Browser test of the GUI in both Chinese scripts on the pages and
// states the other language tests do not reach: no English left, and the
// server's refusals said in the page's language.

package server

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserEveryPageChinese opens, in Simplified and in Traditional
// Chinese, the WTHOR search refused and found, a record picked from it,
// analysed whole and reviewed, a game with a Fischer clock with the
// analysis on (its graph filled) and the hints' settings open, a game
// after switching sides, both sides of a rematch offered between
// friends, the lab, and the editor refusing a transcript: every text in
// the page's language (checkTranslated), the WTHOR search's and the
// editor's refusals saying what is wrong.
func TestBrowserEveryPageChinese(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	board, _ := positionAfter(t, ts, "f5d6c3")
	for _, tc := range []struct{ lang, browserLang string }{{"zh-Hans", "zh-CN"}, {"zh-Hant", "zh-TW"}} {
		t.Run(tc.lang, func(t *testing.T) {
			lang := tc.lang
			table := readTable(t, lang+".json")
			open := func() (ctx context.Context) {
				ctx = browser(t, tc.browserLang, tc.browserLang+",zh")
				if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("reversi-lang", %q)`, lang), nil)); err != nil {
					t.Fatal(err)
				}
				return ctx
			}
			ctx := open()
			run := func(what string, actions ...chromedp.Action) {
				t.Helper()
				if err := chromedp.Run(ctx, actions...); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}

			// The WTHOR search: refused (too short), then found.
			run("the WTHOR search", chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#wthor-player", chromedp.ByID),
				chromedp.SendKeys("#wthor-player", "T", chromedp.ByID), chromedp.Click("#wthor-search", chromedp.ByID))
			waitJS(t, ctx, "the refusal", fmt.Sprintf(`document.getElementById("wthor-where").textContent === %q`, table["error.wthor_short"]))
			checkTranslated(t, ctx, lang, "the WTHOR search refused")
			run("the WTHOR search", chromedp.Evaluate(`document.getElementById("wthor-player").value = "tamenori"`, nil),
				chromedp.Click("#wthor-search", chromedp.ByID))
			waitJS(t, ctx, "the WTHOR games", `document.querySelectorAll("#wthor-results .wthor-game").length > 0`)

			// A record picked, analysed whole, reviewed.
			run("the record", chromedp.Click("#wthor-results .wthor-game", chromedp.ByQuery), chromedp.Click("#review-record", chromedp.ByID))
			waitJS(t, ctx, "the record", `location.hash.startsWith("#review=") && document.querySelectorAll("#moves .mv").length > 0`)
			run("the whole record analysed", chromedp.Click("#analyse-game", chromedp.ByID))
			waitWholeAnalysis(t, ctx, "the whole record analysed")
			run("the review", chromedp.Click(`#moves .mv[data-ply="5"]`, chromedp.ByQuery))
			waitJS(t, ctx, "the review", `document.getElementById("review").dataset.at === "5"`)
			var names []string // the record's players, data
			run("the players", chromedp.Evaluate(`[...document.querySelectorAll(".seat .name")].map(e => e.textContent)`, &names))
			checkTranslated(t, ctx, lang, "a record, analysed whole and reviewed", names...)

			// A game with a Fischer clock, the analysis on, the hints'
			// settings open.
			clock := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Transcript: "f5d6c3d3", GameTime: "5m", Increment: "3s"})
			openSeat(t, ctx, ts, clock, "black", "rect.sq.target")
			run("the analysis", chromedp.Click("#analysis-toggle", chromedp.ByID), chromedp.Click("#hint-settings summary", chromedp.ByQuery))
			waitJS(t, ctx, "the graph filled", `document.querySelectorAll("#eval-graph circle.dot").length === 5 && document.querySelectorAll("text[data-value]").length > 0`)
			checkTranslated(t, ctx, lang, "a game with a Fischer clock, analysed")

			// A game after switching sides.
			sw := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Transcript: "f5d6", Time: "0"})
			openSeat(t, ctx, ts, sw, "black", "rect.sq.target")
			run("the switch", chromedp.Click("#switch-sides", chromedp.ByID))
			ts.waitFor(sw.ID, "the switch", func(v GameView) bool { return v.White.Kind == "human" && len(v.Moves) >= 3 })
			waitJS(t, ctx, "the player's turn as White", `document.querySelectorAll("#moves .mv").length >= 3 && document.querySelectorAll("rect.sq.target").length > 0`)
			checkTranslated(t, ctx, lang, "a game after switching sides")

			// A rematch between friends: asked, and offered to the other.
			friends := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "open"}, Time: "0"})
			var j struct{ Color, Token string }
			if code := ts.call("POST", "/api/games/"+friends.ID+"/join", JoinRequest{Kind: "human", Name: "小红", Invite: friends.Invite}, &j); code != 200 {
				t.Fatalf("join: %d", code)
			}
			if code := ts.call("POST", "/api/games/"+friends.ID+"/resign", TokenRequest{Token: friends.Tokens["black"]}, nil); code != 200 {
				t.Fatalf("resign: %d", code)
			}
			ts.waitFor(friends.ID, "the end", func(v GameView) bool { return v.Status == "finished" })
			openSeat(t, ctx, ts, friends, "black", "#rematch")
			run("the rematch", chromedp.Click("#rematch", chromedp.ByID))
			waitJS(t, ctx, "the rematch asked", `document.getElementById("rematch").disabled && !document.getElementById("rematch-note").hidden`)
			checkTranslated(t, ctx, lang, "a rematch asked")
			other := open()
			friends.Tokens["white"] = j.Token
			openSeat(t, other, ts, friends, "white", "#rematch")
			waitJS(t, other, "the rematch offered", `!document.getElementById("rematch-note").hidden`)
			checkTranslated(t, other, lang, "a rematch offered")

			// The lab.
			run("the lab", chromedp.Navigate(ts.http.URL+"/#lab="+url.PathEscape(board+" O")), chromedp.WaitVisible("#lab-run", chromedp.ByID))
			waitJS(t, ctx, "the lab's thinking", `document.querySelectorAll("#lab-left rect[data-heat]").length > 0 && document.querySelectorAll("#lab-right text[data-value]").length > 0`)
			checkTranslated(t, ctx, lang, "the lab")

			// The editor, refusing a transcript.
			run("the editor", chromedp.Navigate(ts.http.URL+"/#edit=f5f5"), chromedp.WaitVisible("#analyse-position", chromedp.ByID))
			want := strings.NewReplacer("{n}", "2", "{move}", "f5").Replace(table["error.bad_transcript_move"])
			waitJS(t, ctx, "the editor's refusal, naming the move", fmt.Sprintf(`document.querySelector(".error")?.textContent === %q`, want))
			checkTranslated(t, ctx, lang, "the editor, refusing a transcript")

			// The editor, refusing a GGF game whose second move is illegal.
			badGGF := "(;GM[Othello]PC[x]PB[a]PW[b]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[a1];)"
			run("a bad GGF game", chromedp.SetValue("#editor-load", badGGF, chromedp.ByID), chromedp.Click("#editor-load-button", chromedp.ByID))
			want = strings.NewReplacer("{n}", "2", "{move}", "a1").Replace(table["error.bad_ggf_move"])
			waitJS(t, ctx, "the editor's refusal of the GGF game, naming the move", fmt.Sprintf(`document.querySelector(".error")?.textContent === %q`, want))
			checkTranslated(t, ctx, lang, "the editor, refusing a GGF game")
		})
	}
}
