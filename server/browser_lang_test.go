// Browser tests of the GUI's languages: chosen by the browser's language
// or by the switch (remembered), and no English left on any page in
// Chinese.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// untranslatedJS lists the texts of the page a reader sees (text nodes,
// aria-label, title, placeholder, the document's title) outside elements
// marked translate="no" (data: board strings, language names) that hold
// English: a literal part of an English text (but for the names the same
// in every language), or a Latin word that no translated text uses
// (as GGF is in 复制 GGF). %s are the English and the translated tables,
// the keys of the names, and data shown as it is (players' names from a
// record), taken out of the texts first.
const untranslatedJS = `((en, tr, same, data) => {
  const frags = [];
  for (const [k, v] of Object.entries(en)) {
    if (same.includes(k)) continue;
    for (const part of v.split(/\{\w+\}/)) {
      const p = part.trim();
      if (/[A-Za-z]{2,}/.test(p)) frags.push(p);
    }
  }
  const words = Object.keys(tr).filter((k) => tr[k] !== en[k] || same.includes(k)).map((k) => tr[k]).join(" ");
  const allowed = new Set(words.match(/[A-Za-z]{2,}/g) || []);
  const shown = (e) => {
    for (; e; e = e.parentElement) {
      if (e.hidden || e.getAttribute("translate") === "no") return false;
      // A tooltip (SVG title) is not drawn, but shown on hover.
      if (e.tagName !== "title" && e.tagName !== "OPTION" && getComputedStyle(e).display === "none") return false;
    }
    return true;
  };
  const texts = [["title", document.title]];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const s = n.textContent.trim();
    if (s && n.parentElement.tagName !== "SCRIPT" && shown(n.parentElement)) texts.push([n.parentElement.tagName, s]);
  }
  for (const e of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!shown(e)) continue;
    for (const a of ["aria-label", "title", "placeholder"]) if (e.hasAttribute(a)) texts.push([a, e.getAttribute(a)]);
  }
  return texts.map(([where, s]) => [where, data.reduce((x, d) => x.split(d).join(""), s)])
    .filter(([, s]) => frags.some((f) => s.includes(f)) || (s.match(/[A-Za-z]{2,}/g) || []).some((w) => !allowed.has(w)))
    .map(([where, s]) => where + ": " + s);
})(%s, %s, %s, %s)`

// checkTranslated fails the test for any English text on the page shown
// in ctx, whose language must be lang; data are texts shown as they are
// (the players' names of a record), not English.
func checkTranslated(t *testing.T, ctx context.Context, lang, page string, data ...string) {
	t.Helper()
	en, _ := json.Marshal(readTable(t, "en.json"))
	tr, _ := json.Marshal(readTable(t, lang+".json"))
	same, _ := json.Marshal(sameInEveryLanguage)
	if data == nil {
		data = []string{}
	}
	names, _ := json.Marshal(data)
	var htmlLang string
	var english []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.lang`, &htmlLang),
		chromedp.Evaluate(fmt.Sprintf(untranslatedJS, en, tr, same, names), &english)); err != nil {
		t.Fatalf("%s: %v", page, err)
	}
	if htmlLang != lang {
		t.Errorf("%s: <html lang=%q>, want %q", page, htmlLang, lang)
	}
	if len(english) > 0 {
		t.Errorf("%s in %s: English left:\n  %s", page, lang, strings.Join(english, "\n  "))
	}
}

// waitJS waits until a JavaScript expression is true, at most patience.
func waitJS(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	if !untilJS(ctx, js) {
		t.Fatalf("never %s (%s)", what, js)
	}
}

// waitWholeAnalysis waits for the analysis of a whole game to end (its
// summary shown) as long as it goes on: it fails only when the progress
// bar has not moved for 30 s, so that a loaded machine, where each
// position takes longer, is no failure.
func waitWholeAnalysis(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	last, moved := -1.0, time.Now()
	for time.Since(moved) < 30*time.Second {
		var state struct {
			Done     bool
			Progress float64
		}
		err := chromedp.Run(ctx, chromedp.Evaluate(`({done: !!document.getElementById("whole-summary"), progress: +(document.getElementById("whole-progress")?.value ?? 0)})`, &state))
		if err == nil && state.Done {
			return
		}
		if err == nil && state.Progress != last {
			last, moved = state.Progress, time.Now()
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("never %s: the analysis stopped at %v positions for 30 s", what, last)
}

// TestBrowserChinese opens every page and state of the GUI in a browser
// whose language is Chinese (China): the page is in Simplified Chinese,
// with no English left: the start page with its list of games, a game as
// its player (analysis on, a typed illegal move, the time warning), as a
// spectator, finished by the discs and by resignation, a friend game as
// host, invitee and outsider, the editor with its analysis, and a game
// that does not exist.
func TestBrowserChinese(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	// The games the pages show.
	finished := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Time: "5s"})
	ts.waitFor(finished.ID, "finished", func(v GameView) bool { return v.Status == "finished" })
	resigned := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "builtin", Spec: "engine:level=1"}, Time: "0"})
	if code := ts.call("POST", "/api/games/"+resigned.ID+"/resign", TokenRequest{Token: resigned.Tokens["black"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	playing := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "builtin", Spec: "engine:level=3"}, Time: "60s"})
	friend := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小红"}, White: SeatRequest{Kind: "open"}})

	ctx := browser(t, "zh-CN", "zh-CN,zh")
	const lang = "zh-Hans"
	var langs []string
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.Evaluate(`navigator.languages`, &langs)); err != nil {
		t.Fatal(err)
	}
	if len(langs) == 0 || !strings.HasPrefix(langs[0], "zh") {
		t.Fatalf("the browser's languages are %v: --lang did not take", langs)
	}

	// The start page, with its list of games.
	waitJS(t, ctx, "the list of games", fmt.Sprintf(`!!document.querySelector('a[href="/game/%s"]')`, finished.ID))
	checkTranslated(t, ctx, lang, "the start page")
	screenshotZh(t, ctx, "zh-start")

	// A game, as its player: the board, the clock, the analysis.
	openSeat(t, ctx, ts, playing, "black", "rect.sq.target")
	waitJS(t, ctx, "the status", `document.getElementById("status").textContent !== ""`)
	if err := chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the analysis values", `document.querySelectorAll("text[data-value]").length > 0 && document.getElementById("pv").textContent !== ""`)
	kctx, cancel := context.WithTimeout(ctx, patience)
	err := chromedp.Run(kctx, chromedp.SendKeys(`#move-box input`, "a1\r", chromedp.ByQuery))
	cancel()
	if err != nil {
		t.Fatalf("the typed move: %v", err)
	}
	waitJS(t, ctx, "the typed move refused", `document.getElementById("error").textContent !== ""`)
	checkTranslated(t, ctx, lang, "a game, as its player")
	screenshotZh(t, ctx, "zh-game")

	// The same game, as a spectator (another profile: no seat).
	spectator := browser(t, "zh-CN", "zh-CN,zh")
	if err := chromedp.Run(spectator, chromedp.Navigate(ts.http.URL+"/game/"+playing.ID), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, spectator, "the status", `document.getElementById("status").textContent !== ""`)
	checkTranslated(t, spectator, lang, "a game, as a spectator")

	// Finished games: by the discs, by resignation.
	for _, g := range []struct{ id, what string }{{finished.ID, "a finished game"}, {resigned.ID, "a resigned game"}} {
		if err := chromedp.Run(spectator, chromedp.Navigate(ts.http.URL+"/game/"+g.id), chromedp.WaitVisible("#status.over", chromedp.ByQuery)); err != nil {
			t.Fatalf("%s: %v", g.what, err)
		}
		checkTranslated(t, spectator, lang, g.what)
	}
	// The finished game, reviewed, with a variation tried.
	press(t, spectator, kb.Home)
	waitJS(t, spectator, "the review at the start", `document.getElementById("review").dataset.at === "0"`)
	if err := chromedp.Run(spectator, chromedp.Click(`rect.sq[data-square="F5"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, spectator, "a variation tried", `document.querySelectorAll("circle.disc[data-c=black], circle.disc[data-c=white]").length === 5`)
	checkTranslated(t, spectator, lang, "a finished game, reviewed, in a variation")

	// A friend game: the host waiting, the invitee, an outsider.
	openSeat(t, ctx, ts, friend, "black", "svg.board")
	waitJS(t, ctx, "the host's status", `document.getElementById("status").textContent !== ""`)
	checkTranslated(t, ctx, lang, "a friend game, as its host")
	if err := chromedp.Run(spectator, chromedp.Navigate(ts.http.URL+"/game/"+friend.ID+"#invite="+friend.Invite), chromedp.WaitVisible("#join", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	checkTranslated(t, spectator, lang, "a friend game, as the invitee")
	if err := chromedp.Run(spectator, chromedp.Navigate(ts.http.URL+"/"), chromedp.Navigate(ts.http.URL+"/game/"+friend.ID), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, spectator, "the outsider's status", `document.getElementById("status").textContent !== ""`)
	checkTranslated(t, spectator, lang, "a friend game, as an outsider")

	// The editor, with a position analysed.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit=f5d6c3"), chromedp.WaitVisible("#analyse-position", chromedp.ByID),
		chromedp.Click("#analyse-position", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the editor's analysis", `document.querySelectorAll("text[data-value]").length > 0`)
	checkTranslated(t, ctx, lang, "the editor")

	// A game that does not exist.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/0123456789abcdef"), chromedp.WaitVisible("h1", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	checkTranslated(t, ctx, lang, "a game that does not exist")

	// A player's last seconds: the time warning, the page's time set to
	// them (pageClockJS; the server gives the move 10 minutes).
	installPageClock(t, ctx)
	hurry := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "10m"})
	openSeat(t, ctx, ts, hurry, "black", "svg.board")
	setTimeLeft(t, ctx, ts, hurry.ID, 9*time.Second)
	waitJS(t, ctx, "the time warning", `!document.getElementById("time-warning").hidden && document.querySelector("#seat-black .meta").textContent.includes("0:09")`)
	checkTranslated(t, ctx, lang, "a game, in its last seconds")
}

// TestBrowserLanguageSwitch: in an English browser the page is in
// English; the switch turns it into Simplified, then Traditional Chinese,
// which a reload and another page keep (local storage), and back.
func TestBrowserLanguageSwitch(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	var htmlLang, h1 string
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.Evaluate(`document.documentElement.lang`, &htmlLang), chromedp.Text("h1", &h1, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if htmlLang != "en" || h1 != readTable(t, "en.json")["start.title"] {
		t.Fatalf("an English browser: <html lang=%q>, %q", htmlLang, h1)
	}
	title := func() string {
		var s string
		// Read in one evaluation: the page may be drawn again meanwhile
		// (a node read after it is replaced has no text).
		waitJS(t, ctx, "the start page", `!!document.getElementById("play") && document.querySelector("h1").textContent !== ""`)
		chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("h1").textContent`, &s))
		return s
	}
	for _, lang := range []string{"zh-Hans", "zh-Hant"} {
		if err := chromedp.Run(ctx, chromedp.SetValue("#lang", lang, chromedp.ByID),
			chromedp.Evaluate(`document.getElementById("lang").dispatchEvent(new Event("change"))`, nil)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the page in "+lang, `document.documentElement.lang === "`+lang+`"`)
		if s, want := title(), readTable(t, lang+".json")["start.title"]; s != want {
			t.Fatalf("after the switch to %s the title is %q, want %q", lang, s, want)
		}
		checkTranslated(t, ctx, lang, "the start page, switched")
	}
	zh := readTable(t, "zh-Hant.json")
	if err := chromedp.Run(ctx, chromedp.Reload(), chromedp.WaitVisible("#play", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if s := title(); s != zh["start.title"] {
		t.Fatalf("after a reload the title is %q: the switch was not remembered", s)
	}
	checkTranslated(t, ctx, "zh-Hant", "the start page, reloaded")
	var picked string
	chromedp.Run(ctx, chromedp.Value("#lang", &picked, chromedp.ByID))
	if picked != "zh-Hant" {
		t.Errorf("after a reload the switch shows %q", picked)
	}
	// Another page keeps the language: the editor.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit="), chromedp.WaitVisible("#analyse-position", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	checkTranslated(t, ctx, "zh-Hant", "the editor, switched")
	// And back to English.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.SetValue("#lang", "en", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("lang").dispatchEvent(new Event("change"))`, nil)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the page in English", `document.documentElement.lang === "en"`)
	if s := title(); s != readTable(t, "en.json")["start.title"] {
		t.Fatalf("back in English the title is %q", s)
	}
}

// TestBrowserLanguageChoice: the page's language from the browser's
// languages (navigator.languages), as i18n.js maps them.
func TestBrowserLanguageChoice(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t)
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		languages []string
		want      string
	}{
		{[]string{"zh-CN"}, "zh-Hans"}, {[]string{"zh-SG"}, "zh-Hans"}, {[]string{"zh-Hans"}, "zh-Hans"}, {[]string{"zh-Hans-CN"}, "zh-Hans"},
		{[]string{"zh"}, "zh-Hans"}, {[]string{"zh-TW"}, "zh-Hant"}, {[]string{"zh-HK"}, "zh-Hant"}, {[]string{"zh-MO"}, "zh-Hant"},
		{[]string{"zh-Hant"}, "zh-Hant"}, {[]string{"zh-Hant-HK"}, "zh-Hant"}, {[]string{"ZH-tw"}, "zh-Hant"},
		{[]string{"en-US", "zh-CN"}, "en"}, {[]string{"fr-FR", "zh-TW"}, "zh-Hant"}, {[]string{"ja-JP"}, "en"}, {[]string{"zhx"}, "en"}, {nil, "en"},
	} {
		list, _ := json.Marshal(tt.languages)
		var got string
		js := fmt.Sprintf(`import("/static/i18n.js").then((m) => m.browserLanguage(%s))`, list)
		if err := chromedp.Run(ctx, chromedp.Evaluate(js, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("browser languages %v: %s, want %s", tt.languages, got, tt.want)
		}
	}
}

// screenshotZh takes a screenshot of a Chinese page at 1366x768 and
// 390x844 (in the test's folder, or REVERSI_SCREENSHOTS).
func screenshotZh(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, size := range []struct {
		w, h   int64
		suffix string
		mobile bool
	}{{1366, 768, "", false}, {390, 844, "-phone", true}} {
		opts := []chromedp.EmulateViewportOption{}
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(size.w, size.h, opts...)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
		screenshot(t, ctx, name+size.suffix)
	}
	chromedp.Run(ctx, chromedp.EmulateReset())
}

// TestBrowserOpeningNameChinese: a game started from a named opening's
// moves names it in the page's language with the English after it,
// smaller (虎 · Tiger in Simplified Chinese; an opening with another
// name, 奧布里 · Aubrey (Tanaka), in Traditional Chinese chosen by the
// switch), and no English is left but that.
func TestBrowserOpeningNameChinese(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "zh-CN", "zh-CN,zh")
	for _, tc := range []struct{ lang, transcript, name, english string }{
		{"zh-Hans", "f5d6c3d3c4", "虎", "Tiger"},
		{"zh-Hant", "e6f4c3c4d3c2", "奧布里", "Aubrey (Tanaka)"},
	} {
		g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "小明"}, White: SeatRequest{Kind: "human", Name: "小红"}, Transcript: tc.transcript, Time: "0"})
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"),
			chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("reversi-lang", %q)`, tc.lang), nil)); err != nil {
			t.Fatal(err)
		}
		toMove := map[bool]string{false: "black", true: "white"}[len(tc.transcript)/2%2 == 1]
		openSeat(t, ctx, ts, g, toMove, "rect.sq.target")
		waitJS(t, ctx, "the opening named", `document.querySelector("#opening .opening-name") !== null`)
		var name, english, size string
		if err := chromedp.Run(ctx,
			chromedp.Text("#opening .opening-name", &name, chromedp.ByQuery),
			chromedp.Text("#opening .opening-en", &english, chromedp.ByQuery),
			chromedp.Evaluate(`(() => {
			  const px = (q) => parseFloat(getComputedStyle(document.querySelector(q)).fontSize);
			  return px("#opening .opening-en") < px("#opening .opening-name") ? "smaller" : "not smaller";
			})()`, &size)); err != nil {
			t.Fatal(err)
		}
		if name != tc.name || english != tc.english || size != "smaller" {
			t.Errorf("%s, %s: the opening is %q %q (%s), want %q %q, the English smaller", tc.lang, tc.transcript, name, english, size, tc.name, tc.english)
		}
		checkTranslated(t, ctx, tc.lang, "a game in the "+tc.english+" opening")
		screenshotZh(t, ctx, "zh-opening-"+tc.lang)
	}
}

// TestBrowserLocaleFormats: dates and numbers are written for the page's
// language (Intl): the list of games' time of the last change as English,
// Simplified or Traditional Chinese write a short date and time, and a
// large number (the WTHOR search's count) grouped.
func TestBrowserLocaleFormats(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "0"})
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: g.Tokens["black"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ctx := browser(t, "en-US", "en-US,en")
	for _, tc := range []struct{ lang, date, count string }{
		{"en", `^\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}\s?[AP]M$`, `\d,\d{3}`},
		{"zh-Hans", `^\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}$`, `\d,\d{3}`},
		{"zh-Hant", `^\d{4}/\d{1,2}/\d{1,2} \p{Han}{2}\d{1,2}:\d{2}$`, `\d,\d{3}`}, // 上午, 下午, 清晨, ...
	} {
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("reversi-lang", %q)`, tc.lang), nil),
			chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible(fmt.Sprintf(`a[href="/game/%s"]`, g.ID), chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		var date string
		chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('a[href="/game/%s"]').closest("tr").lastElementChild.textContent`, g.ID), &date))
		if !regexp.MustCompile(tc.date).MatchString(date) {
			t.Errorf("%s: the list's date is %q, want the form %s", tc.lang, date, tc.date)
		}
		// The WTHOR games of 1990: more than a thousand.
		if err := chromedp.Run(ctx, chromedp.SendKeys("#wthor-year", "1990", chromedp.ByID), chromedp.Click("#wthor-search", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the WTHOR games", `document.querySelectorAll("#wthor-results .wthor-game").length > 0`)
		var where string
		chromedp.Run(ctx, chromedp.Text("#wthor-where", &where, chromedp.ByID))
		if !regexp.MustCompile(tc.count).MatchString(where) {
			t.Errorf("%s: the WTHOR search says %q, want its count grouped (%s)", tc.lang, where, tc.count)
		}
	}
}
