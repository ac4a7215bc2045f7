// Browser tests of the lobby (#lobby) and of a game it makes, played by
// the accounts' sessions.

package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLobby: in English and Simplified Chinese, at a laptop's and
// a phone's size, two people logged in in two browsers meet in the
// lobby: one seeks a game as Black (a refused offer shown from its code
// first), the other sees the seek and accepts it; both pages go to the
// game, where each plays a move on the board by its session alone (no
// token in the page); axe-core finds nothing on the lobby's pages.
func TestBrowserLobby(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	for _, lang := range []string{"en-US", "zh-CN"} {
		for i, vp := range pageSizes {
			where := lang + " " + vp.name
			a, b := browser(t, lang, lang), browser(t, lang, lang)
			suffix := fmt.Sprintf("%d%s", i, strings.ReplaceAll(lang, "-", ""))
			seeker, taker := "sam"+suffix, "tao"+suffix
			check := func(ctx context.Context, step string) {
				t.Helper()
				checkPage(t, ctx, axe, lang, where+", "+step, seeker, taker)
			}
			for ctx, name := range map[context.Context]string{a: seeker, b: taker} {
				usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
				drive(t, ctx, "the lobby", chromedp.Navigate(ts.http.URL+"/#lobby"))
				waitJS(t, ctx, "the invitation to log in", `document.getElementById("lobby-login") !== null`)
				if !awaitJS(t, ctx, fmt.Sprintf(`fetch("/api/account/register", {method: "POST", headers: {"Content-Type": "application/json"},
					body: JSON.stringify({name: %q, password: "correct horse battery"})}).then(r => r.status === 201)`, name)) {
					t.Fatalf("%s: registering %s", where, name)
				}
				drive(t, ctx, "the lobby, logged in", chromedp.Reload())
				waitJS(t, ctx, "the form", `document.getElementById("lobby-form") !== null`)
			}
			check(a, "the form")
			// The taker's page follows the lobby's stream: the seek comes
			// as its news.
			waitJS(t, b, "the stream open", `document.getElementById("lobby-stream")?.dataset.state === "open"`)
			newsBefore := evalInt(t, b, `Number(document.getElementById("lobby-stream").dataset.news)`)
			// A clock the server refuses, then the seek.
			drive(t, a, "a bad clock", chromedp.Evaluate(`document.getElementById("lo-amount").value = "soon"; document.getElementById("lo-send").click(); true`, nil))
			waitJS(t, a, "the refusal", `document.getElementById("lobby-error").dataset.code === "bad_offer"`)
			check(a, "a refusal")
			drive(t, a, "the seek", chromedp.Evaluate(`document.getElementById("lo-amount").value = "5m"; document.getElementById("lo-color").value = "black";
				document.getElementById("lo-send").click(); true`, nil))
			waitJS(t, a, "the seek listed, to cancel", `document.querySelector("#seeks button.offer-cancel") !== null`)
			check(a, "a seek")
			waitJS(t, b, "the seek to accept", fmt.Sprintf(`[...document.querySelectorAll("#seeks tr")].some((r) => r.textContent.includes(%q) && r.querySelector("button.offer-accept"))`, seeker))
			check(b, "a seek to accept")
			if n := evalInt(t, b, `Number(document.getElementById("lobby-stream").dataset.news)`); n <= newsBefore {
				t.Errorf("%s: the taker's page had %d news of the stream, %d before the seek: the seek did not come by the stream", where, n, newsBefore)
			}
			drive(t, b, "accepting", chromedp.Evaluate(fmt.Sprintf(`[...document.querySelectorAll("#seeks tr")].find((r) => r.textContent.includes(%q)).querySelector("button.offer-accept").click(); true`, seeker), nil))
			for _, ctx := range []context.Context{a, b} {
				waitJS(t, ctx, "the game's page", `location.pathname.startsWith("/game/") && document.querySelector("svg.board") !== null`)
			}
			waitJS(t, a, "the seeker to move (Black)", `document.querySelectorAll("rect.sq.target").length > 0`)
			drive(t, a, "the seeker's move", chromedp.Evaluate(`document.querySelector("rect.sq.target").dispatchEvent(new MouseEvent("click", {bubbles: true})); true`, nil))
			waitJS(t, b, "the taker to move (White)", `document.querySelectorAll("rect.sq.target").length > 0`)
			drive(t, b, "the taker's move", chromedp.Evaluate(`document.querySelector("rect.sq.target").dispatchEvent(new MouseEvent("click", {bubbles: true})); true`, nil))
			var id string
			drive(t, a, "the game's id", chromedp.Evaluate(`location.pathname.slice(6)`, &id))
			v := ts.waitFor(id, "two moves", func(v GameView) bool { return len(v.Moves) == 2 })
			if v.Black.Name != seeker || v.White.Name != taker {
				t.Errorf("%s: the game: %s against %s", where, v.Black.Name, v.White.Name)
			}
			var tokens int
			drive(t, a, "the page's tokens", chromedp.Evaluate(`Object.keys(localStorage).filter((k) => k.startsWith("reversi-seat-")).length`, &tokens))
			if tokens != 0 {
				t.Errorf("%s: the page keeps %d seat tokens, want none (the session plays)", where, tokens)
			}
		}
	}
}
