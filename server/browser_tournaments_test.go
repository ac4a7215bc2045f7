// Browser tests of the tournaments' pages (#tournaments, #tournament=ID).

package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTournament: in English and Simplified Chinese, at a
// laptop's and a phone's size, a person logged in creates a tournament of
// three bots through the form (its errors shown from their codes),
// finds them entered, starts it, and follows it on its page while the
// bots play by their keys: the status, the round, the standings, the
// crosstable and the rounds' games with their links come as the server
// plays it, to its end, with the GGF's link; the list names it; axe-core
// finds nothing at each step.
func TestBrowserTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	_, bots := arenaBots(t, ts, "coach", 3)
	for _, lang := range []string{"en-US", "zh-CN"} {
		ctx := browser(t, lang, lang)
		for i, vp := range pageSizes {
			where := lang + " " + vp.name
			person := fmt.Sprintf("tea%d%s", i, strings.ReplaceAll(lang, "-", ""))
			title := fmt.Sprintf("Class X %d", i)
			names := []string{title, "coachbot1", "coachbot2", "coachbot3", person}
			check := func(step string) {
				t.Helper()
				checkPage(t, ctx, axe, lang, where+", "+step, names...)
			}
			usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
			drive(t, ctx, "the tournaments", chromedp.Navigate(ts.http.URL+"/#tournaments"), chromedp.Reload())
			waitJS(t, ctx, "the invitation to log in", `document.getElementById("tournament-login") !== null`)
			check("logged out")
			if !awaitJS(t, ctx, fmt.Sprintf(`fetch("/api/account/register", {method: "POST", headers: {"Content-Type": "application/json"},
				body: JSON.stringify({name: %q, password: "correct horse battery"})}).then(r => r.status === 201)`, person)) {
				t.Fatalf("%s: registering", where)
			}
			drive(t, ctx, "the tournaments, logged in", chromedp.Navigate(ts.http.URL+"/#tournaments"), chromedp.Reload())
			waitJS(t, ctx, "the form", `document.getElementById("tournament-form") !== null`)
			check("the form")

			// A name missing: the server's refusal, in the page's language.
			fill := func(name, entrants string) {
				drive(t, ctx, "the form's fields", chromedp.Evaluate(fmt.Sprintf(`document.getElementById("tn-name").value = %q;
					document.getElementById("tn-entrants").value = %q; document.getElementById("tn-name").required = false; true`, name, entrants), nil))
			}
			fill("", "coachbot1")
			clickJS(t, ctx, "tn-create")
			waitJS(t, ctx, "the refusal", `document.getElementById("tn-error").dataset.code === "bad_tournament"`)
			check("a refusal")
			fill(title, "coachbot1, coachbot2 coachbot3")
			clickJS(t, ctx, "tn-create")
			waitJS(t, ctx, "the tournament's page", `location.hash.startsWith("#tournament=") && document.querySelectorAll("#standings tbody tr").length === 3 &&
				document.getElementById("tournament-status")?.dataset.status === "registering"`)
			check("registering")
			clickJS(t, ctx, "tournament-start")
			waitJS(t, ctx, "running", `document.getElementById("tournament-status")?.dataset.status === "running" && document.getElementById("tournament-round") !== null`)
			var id string
			drive(t, ctx, "the id", chromedp.Evaluate(`decodeURIComponent(location.hash.slice(12))`, &id))
			check("running")

			playBots(t, ts, bots, func() bool { return tournamentOf(t, ts, id).Status == "finished" })
			waitJS(t, ctx, "the end", `document.getElementById("tournament-status")?.dataset.status === "finished"`)
			var got struct {
				Points, Cells, Games, Links, Byes int
				GGF                               string
			}
			drive(t, ctx, "the finished page", chromedp.Evaluate(`({
				Points: [...document.querySelectorAll("#standings td.points")].reduce((s, e) => s + Number(e.textContent), 0),
				Cells: [...document.querySelectorAll("#crosstable tbody td:not(.self)")].filter((e) => e.textContent.trim() !== "").length,
				Games: document.querySelectorAll("ul.round li[data-game]").length,
				Links: document.querySelectorAll("ul.round li a[href^='/game/']").length,
				Byes: document.querySelectorAll("ul.round li.bye").length,
				GGF: document.getElementById("tournament-ggf")?.getAttribute("href") || ""})`, &got))
			// The form's default: each pair meets twice, so six rounds of a
			// game and a bye, a point a game.
			if got.Points != 6 || got.Cells != 6 || got.Games != 6 || got.Links != 6 || got.Byes != 6 || got.GGF != "/api/tournaments/"+id+"/ggf" {
				t.Errorf("%s: the finished tournament's page: %+v; want 6 points, 6 crosstable cells, 6 games linked, 6 byes, the GGF", where, got)
			}
			check("finished")
			drive(t, ctx, "the list", chromedp.Navigate(ts.http.URL+"/#tournaments"))
			if !untilJS(ctx, fmt.Sprintf(`document.querySelector('#tournaments tr[data-id=%q] a')?.textContent === %q`, id, title)) {
				var page string
				chromedp.Run(ctx, chromedp.Evaluate(`location.href + " " + document.getElementById("app").innerText.slice(0, 600)`, &page))
				t.Fatalf("%s: the tournament not listed: %s", where, page)
			}
			check("the list")
			// Only hers: this one, not those the others made before.
			clickJS(t, ctx, "tournaments-mine")
			waitJS(t, ctx, "only hers", fmt.Sprintf(`[...document.querySelectorAll("#tournaments tbody tr")].map((r) => r.dataset.id).join() === %q`, id))
			check("only mine")
			if !awaitJS(t, ctx, `fetch("/api/account/logout", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.ok)`) {
				t.Fatalf("%s: logging out", where)
			}
		}
	}
}
