// Browser tests of the account's page (#account: bots, API keys, the
// password), the players' pages and the leaderboard.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/reversi-engine/reversi/store"
)

// TestBrowserAccountPage: in English and Simplified Chinese, at a
// laptop's and a phone's size, a person registers, makes a bot and an
// API key (shown once, with its warning: it works, and is gone from the
// page on reload, listed by its prefix), revokes it (it stops working),
// changes the password, finds a game made for it listed in play, its
// move, and sees the page logged out; axe-core finds
// nothing at each step.
func TestBrowserAccountPage(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	ts.client().do("POST", "/api/account/register", RegisterRequest{Name: "opp", Password: "long enough"}, nil).want(t, "the opponent", 201, "")
	opponent, err := ts.st.(store.Accounts).AccountByName(context.Background(), "opp")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en-US", "zh-CN"} {
		ctx := browser(t, lang, lang)
		for i, vp := range pageSizes {
			where := lang + " " + vp.name
			names := []string{"evebot", "ann", "eve", "dan", "fay"} // shown as they are, in every language
			check := func(step string) {
				t.Helper()
				checkPage(t, ctx, axe, lang, where+", "+step, names...)
			}
			shot := func(name string) { // the pictures of docs/screenshots, in English
				if lang != "en-US" {
					return
				}
				if vp.mobile {
					name += "-phone"
				}
				screenshot(t, ctx, name)
			}
			usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
			person := fmt.Sprintf("kim%d%s", i, strings.ReplaceAll(lang, "-", ""))
			bot := person + "bot"
			names = []string{bot, person, "opp"} // the longer first: the bot's name holds the person's
			drive(t, ctx, "the start page", chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#session-register", chromedp.ByID))
			if !awaitJS(t, ctx, fmt.Sprintf(`fetch("/api/account/register", {method: "POST", headers: {"Content-Type": "application/json"},
				body: JSON.stringify({name: %q, password: "correct horse battery"})}).then(r => r.status === 201)`, person)) {
				t.Fatalf("%s: registering", where)
			}
			drive(t, ctx, "my account", chromedp.Navigate(ts.http.URL+"/#account"))
			waitJS(t, ctx, "the account's page", `document.getElementById("bot-form") !== null && document.getElementById("no-bots") !== null`)
			check("my account, no bots")

			// A bot, and a key for it.
			drive(t, ctx, "the bot's name", chromedp.Evaluate(fmt.Sprintf(`document.getElementById("bot-name").value = %q; true`, bot), nil))
			clickJS(t, ctx, "bot-create")
			waitJS(t, ctx, "the bot listed", fmt.Sprintf(`document.querySelector("#bot-%s h3 a")?.getAttribute("href") === "/#player=%s"`, bot, bot))
			drive(t, ctx, "a new key", chromedp.Evaluate(fmt.Sprintf(`document.querySelector("#bot-%s .new-key").click(); true`, bot), nil))
			waitJS(t, ctx, "the key shown", fmt.Sprintf(`document.getElementById("bot-%s-key")?.value.startsWith("rvk_") && document.querySelectorAll("#bot-%s li.key").length === 1`, bot, bot))
			var key string
			drive(t, ctx, "the key", chromedp.Evaluate(fmt.Sprintf(`document.getElementById("bot-%s-key").value`, bot), &key))
			if len(key) < 12 {
				t.Fatalf("%s: the key shown is %q", where, key)
			}
			names = append(names, key[:12]) // its prefix, in the list
			var warning string
			drive(t, ctx, "the warning", chromedp.Evaluate(fmt.Sprintf(`document.getElementById(document.getElementById("bot-%s-key").getAttribute("aria-describedby")).textContent`, bot), &warning))
			wantWarning := "shown only once"
			if lang == "zh-CN" {
				wantWarning = readTable(t, "zh-Hans.json")["account.keyOnce"]
			}
			if !strings.Contains(warning, wantWarning) {
				t.Errorf("%s: the key's warning says %q", where, warning)
			}
			if evalInt(t, ctx, `document.activeElement?.classList.contains("key-shown") ? 1 : 0`) != 1 {
				t.Errorf("%s: the key shown has not the focus", where)
			}
			check("a key shown once")
			shot("account")
			whoIs := func(key string) (int, string) {
				a := ts.client().do("GET", "/api/account", nil, map[string]string{"Authorization": "Bearer " + key})
				var v AccountView
				json.Unmarshal(a.body, &v)
				return a.status, v.Name
			}
			if status, name := whoIs(key); status != 200 || name != bot {
				t.Fatalf("%s: the key shown: %d %q", where, status, name)
			}
			// Gone on reload, listed by its prefix.
			drive(t, ctx, "reload", chromedp.Reload())
			waitJS(t, ctx, "the keys listed", fmt.Sprintf(`document.querySelectorAll("#bot-%s li.key").length === 1`, bot))
			if evalInt(t, ctx, fmt.Sprintf(`document.body.innerHTML.includes(%q) || document.querySelector(".key-once") !== null ? 1 : 0`, key)) != 0 {
				t.Errorf("%s: the key is still on the page after a reload", where)
			}
			var prefix string
			drive(t, ctx, "the prefix", chromedp.Evaluate(fmt.Sprintf(`document.querySelector("#bot-%s li.key").dataset.prefix`, bot), &prefix))
			if prefix == "" || !strings.HasPrefix(key, prefix) {
				t.Errorf("%s: the key %q is listed as %q", where, key[:12], prefix)
			}
			// Revoked, after a question.
			drive(t, ctx, "revoke", chromedp.Evaluate(fmt.Sprintf(`document.querySelector("#bot-%s .revoke").click(); true`, bot), nil))
			waitJS(t, ctx, "the question", fmt.Sprintf(`!document.querySelector("#bot-%s .revoke-ask").hidden && document.activeElement?.classList.contains("revoke-no")`, bot))
			check("revoking, asked")
			drive(t, ctx, "revoke", chromedp.Evaluate(fmt.Sprintf(`document.querySelector("#bot-%s .revoke-yes").click(); true`, bot), nil))
			waitJS(t, ctx, "the key revoked", fmt.Sprintf(`document.querySelector("#bot-%s li.key .revoked") !== null && !document.querySelector("#bot-%s .revoke")`, bot, bot))
			if status, _ := whoIs(key); status != 401 {
				t.Errorf("%s: the revoked key: %d", where, status)
			}
			check("a key revoked")

			// The password.
			drive(t, ctx, "the passwords", chromedp.Evaluate(`document.getElementById("password-old").value = "correct horse battery";
				document.getElementById("password-new").value = "staple 2 the horse"; true`, nil))
			clickJS(t, ctx, "password-submit")
			waitJS(t, ctx, "the password changed", `document.getElementById("password-done").textContent !== ""`)
			ts.client().do("POST", "/api/account/login", LoginRequest{Name: person, Password: "staple 2 the horse"}, nil).want(t, "the new password", 200, "")
			check("the password changed")

			// A game made for the person (as the lobby makes them): listed
			// in play, its move.
			accounts := ts.st.(store.Accounts)
			me, err := accounts.AccountByName(context.Background(), person)
			if err != nil {
				t.Fatal(err)
			}
			id, err := ts.srv.createPairing(context.Background(), Pairing{Accounts: [2]*store.Account{me, opponent}, Game: CreateRequest{GameTime: "5m"}, Client: "test"})
			if err != nil {
				t.Fatal(err)
			}
			drive(t, ctx, "reload", chromedp.Reload())
			waitJS(t, ctx, "the game in play", fmt.Sprintf(`document.querySelector('#my-games li[data-game=%q][data-to-move="1"] a[href="/game/%s"]') !== null`, id, id))
			check("a game in play")
			// One's own player's page leads back here.
			drive(t, ctx, "my player's page", chromedp.Evaluate(`document.getElementById("account-player").click(); true`, nil))
			waitJS(t, ctx, "my player's page", `document.getElementById("player-my-account")?.getAttribute("href") === "/#account"`)
			drive(t, ctx, "back to my account", chromedp.Evaluate(`document.getElementById("player-my-account").click(); true`, nil))
			waitJS(t, ctx, "my account again", `document.getElementById("password-form") !== null`)

			// Logged out, the page offers to log in.
			clickJS(t, ctx, "session-toggle")
			clickJS(t, ctx, "session-logout")
			waitJS(t, ctx, "the page logged out", `document.getElementById("account-login") !== null`)
			check("my account, logged out")
		}
		drive(t, ctx, "reset", chromedp.EmulateReset())
	}
}

// TestBrowserPlayerPage: after a rated game between two accounts, in
// English and Simplified Chinese, at a laptop's and a phone's size, a
// player's page shows its rating in the class (provisional), the graph
// of its history, the game (colour, result, rated) with a link to it,
// and the opening played; the graph of a player of two games has its
// deviation band around both points; a bot's page names its owner, a disabled
// account's says so; the leaderboard
// lists them, and another class is empty; the game's page links the
// players' names to their pages; axe-core finds nothing.
func TestBrowserPlayerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	ann, eve := ts.client(), ts.client()
	annID := ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).account(t).ID
	eveID := eve.do("POST", "/api/account/register", RegisterRequest{Name: "eve", Password: "long enough"}, nil).account(t).ID
	eve.do("POST", "/api/account/bots", BotRequest{Name: "evebot"}, nil).want(t, "a bot", 201, "")
	danID := ts.client().do("POST", "/api/account/register", RegisterRequest{Name: "dan", Password: "long enough"}, nil).account(t).ID
	if err := ts.st.(store.Accounts).SetDisabled(context.Background(), danID, true); err != nil {
		t.Fatal(err)
	}
	won := playLinked(t, ts, [2]string{"ann", "eve"}, [2]string{annID, eveID}, CreateRequest{Transcript: "f5d6c3d3c4"}, true, "white")
	tiger := ts.state(won).OpeningName
	if tiger == "" {
		t.Fatal("the game has no opening")
	}
	// A second rated game for eve, against fay: eve's graph has two
	// points, and its deviation band is a polygon around them.
	fayID := ts.client().do("POST", "/api/account/register", RegisterRequest{Name: "fay", Password: "long enough"}, nil).account(t).ID
	playLinked(t, ts, [2]string{"eve", "fay"}, [2]string{eveID, fayID}, CreateRequest{Transcript: "f5f6e6"}, true, "white")
	for _, lang := range []string{"en-US", "zh-CN"} {
		ctx := browser(t, lang, lang)
		win := "Won"
		if lang == "zh-CN" {
			win = readTable(t, "zh-Hans.json")["profile.win"]
		}
		for _, vp := range pageSizes {
			where := lang + " " + vp.name
			names := []string{"evebot", "ann", "eve", "dan", "fay"} // shown as they are, in every language
			check := func(step string) {
				t.Helper()
				checkPage(t, ctx, axe, lang, where+", "+step, names...)
			}
			shot := func(name string) { // the pictures of docs/screenshots, in English
				if lang != "en-US" {
					return
				}
				if vp.mobile {
					name += "-phone"
				}
				screenshot(t, ctx, name)
			}
			usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
			drive(t, ctx, "ann's page", chromedp.Navigate(ts.http.URL+"/#player=ann"))
			waitJS(t, ctx, "ann's page", fmt.Sprintf(`document.querySelector('#ratings tr[data-class="blitz"] abbr.provisional') !== null &&
				document.querySelector("#rating-graph-blitz")?.dataset.points === "1" && document.querySelectorAll("#rating-graph-blitz circle.dot").length === 1 &&
				document.querySelector('#rating-graph-blitz .band.deviation[data-positions="1"]') !== null &&
				document.querySelector('#player-games tr[data-game=%q][data-outcome="win"] a[href="/game/%s"]') !== null &&
				document.querySelector('#player-openings tr[data-opening=%q]') !== null`, won, won, tiger))
			var row string
			drive(t, ctx, "the game's row", chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#player-games tr[data-game=%q]').textContent`, won), &row))
			if !strings.Contains(row, "eve") || !strings.Contains(row, win) {
				t.Errorf("%s: ann's game reads %q", where, row)
			}
			if evalInt(t, ctx, fmt.Sprintf(`document.querySelector('#player-games tr[data-game=%q] td a[href="/#player=eve"]') ? 1 : 0`, won)) != 1 {
				t.Errorf("%s: ann's opponent does not lead to its page", where)
			}
			var rating string
			drive(t, ctx, "the rating", chromedp.Evaluate(`document.querySelector('#ratings tr[data-class="blitz"] td.rating').textContent`, &rating))
			if !strings.HasPrefix(rating, "1") || !strings.Contains(rating, "±") {
				t.Errorf("%s: ann's blitz rating reads %q", where, rating)
			}
			check("a player's page")
			shot("player")
			// Two rated games: the band is a polygon of two positions,
			// above and below each point of the line.
			drive(t, ctx, "eve's page", chromedp.Navigate(ts.http.URL+"/#player=eve"))
			waitJS(t, ctx, "eve's graph of two games", `(() => {
				const g = document.querySelector("#rating-graph-blitz");
				const p = g?.querySelector('polygon.band.deviation[data-positions="2"]');
				if (!p || g.dataset.points !== "2") return false;
				const v = p.getAttribute("points").trim().split(/\s+/).map((s) => s.split(",").map(Number));
				const dots = [...g.querySelectorAll("circle.dot")];
				return v.length === 4 && dots.length === 2 && dots.every((d) => {
					const x = +d.getAttribute("cx"), y = +d.getAttribute("cy");
					const at = v.filter(([vx]) => Math.abs(vx - x) < 1e-6).map(([, vy]) => vy);
					return at.length === 2 && Math.min(...at) < y && y < Math.max(...at);
				});
			})()`)
			check("a player's page of two games")
			drive(t, ctx, "back to ann's page", chromedp.Navigate(ts.http.URL+"/#player=ann"))
			waitJS(t, ctx, "ann's page again", `document.querySelector("#rating-graph-blitz")?.dataset.points === "1"`)
			// The games' table comes with its own request, after the graph's
			// or before: the link is waited for, not assumed.
			waitJS(t, ctx, "ann's games again", fmt.Sprintf(`document.querySelector('#player-games a[href="/game/%s"]') !== null`, won))
			// The game's link, and on the game's page the players' names
			// lead back to their pages.
			drive(t, ctx, "the game", chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#player-games a[href="/game/%s"]').click(); true`, won), nil))
			waitJS(t, ctx, "the players' links", `document.querySelector('#seat-black .name a[href="/#player=ann"]') !== null && document.querySelector('#seat-white .name a[href="/#player=eve"]') !== null`)
			check("a game between two accounts")

			drive(t, ctx, "the bot's page", chromedp.Navigate(ts.http.URL+"/#player=evebot"))
			waitJS(t, ctx, "the bot's owner", `document.querySelector('#player-about a[href="/#player=eve"]') !== null && document.getElementById("no-ratings") !== null`)
			check("a bot's page")
			drive(t, ctx, "a disabled account's page", chromedp.Navigate(ts.http.URL+"/#player=dan"))
			waitJS(t, ctx, "the disabled mark", `document.getElementById("player-disabled") !== null`)
			check("a disabled account's page")
			drive(t, ctx, "a page of nobody", chromedp.Navigate(ts.http.URL+"/#player=nobody"))
			waitJS(t, ctx, "no such account", `document.getElementById("player-error")?.textContent !== ""`)

			drive(t, ctx, "the leaderboard", chromedp.Navigate(ts.http.URL+"/#leaderboard=blitz"))
			if !untilJS(ctx, `[...document.querySelectorAll("#leaderboard tbody tr")].map(r => r.dataset.name).join() === "ann,eve,fay"`) {
				var shown string
				drive(t, ctx, "the leaderboard", chromedp.Evaluate(`location.hash + ": " + document.getElementById("app").textContent`, &shown))
				t.Fatalf("%s: the leaderboard shows %q", where, shown)
			}
			check("the leaderboard")
			shot("leaderboard")
			drive(t, ctx, "another class", chromedp.SetValue("#leaderboard-class", "bullet", chromedp.ByID),
				chromedp.Evaluate(`document.getElementById("leaderboard-class").dispatchEvent(new Event("change")); true`, nil))
			waitJS(t, ctx, "an empty class", `location.hash === "#leaderboard=bullet" && document.getElementById("leaderboard-empty") !== null`)
			check("an empty leaderboard")
			// The leaderboard's names lead to the players' pages.
			drive(t, ctx, "the leaderboard", chromedp.Navigate(ts.http.URL+"/#leaderboard=blitz"))
			waitJS(t, ctx, "the leaderboard", `document.querySelector('#leaderboard a[href="/#player=eve"]') !== null`)
			drive(t, ctx, "eve's page", chromedp.Evaluate(`document.querySelector('#leaderboard a[href="/#player=eve"]').click(); true`, nil))
			waitJS(t, ctx, "eve's page", `document.querySelector('#player-games tr[data-outcome="loss"]') !== null && document.querySelector('#player-about a[href="/#player=evebot"]') !== null`)
		}
		drive(t, ctx, "reset", chromedp.EmulateReset())
	}
}
