// Browser test of the names the page gives players who gave none: stored
// in no language, each shown in the language of whoever looks (issue 33,
// defect 4).

package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserDefaultNames: a friend game made by an English page and
// joined from a Chinese one, and a game against the computer made by a
// Chinese page, store no name for their people (the API says their kind,
// as for any seat that gave none); each page names them in its own
// language: two people by their colours, one by the word for a player.
func TestBrowserDefaultNames(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	en, zh := readTable(t, "en.json"), readTable(t, "zh-Hans.json")
	stored := func(id string) [2]string {
		t.Helper()
		g, err := ts.st.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return [2]string{g.Seats[0].Name, g.Seats[1].Name}
	}
	idOf := func(ctx context.Context) string {
		var path string
		chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
		return strings.TrimPrefix(path, "/game/")
	}
	you := func(table map[string]string, name string) string {
		return strings.ReplaceAll(table["seat.you"], "{name}", name)
	}

	// The friend game: made in English, joined in Chinese.
	host := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(host, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#create-friend", chromedp.ByID),
		chromedp.SetValue("#friend-colour", "black", chromedp.ByID), chromedp.Click("#create-friend", chromedp.ByID),
		chromedp.WaitVisible("#copy-invite", chromedp.ByID),
		chromedp.Evaluate(`window.copied = ""; navigator.clipboard.writeText = async (s) => { window.copied = s; }; true`, nil),
		chromedp.Click("#copy-invite", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, host, "the invitation copied", `window.copied.includes("#invite=")`)
	var link string
	chromedp.Run(host, chromedp.Evaluate(`window.copied`, &link))
	id := idOf(host)
	guest := browser(t, "zh-CN", "zh-CN,zh")
	if err := chromedp.Run(guest, chromedp.Navigate(link), chromedp.WaitVisible("#join", chromedp.ByID), chromedp.Click("#join", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	ts.waitFor(id, "the guest's seat taken", func(v GameView) bool { return v.Status == "playing" })
	if got := stored(id); got != [2]string{"", ""} {
		t.Errorf("the friend game's people are stored as %q: names made up in their pages' languages", got)
	}
	if v := ts.state(id); v.Black.Name != "human" || v.White.Name != "human" {
		t.Errorf("the API names the friend game's people %q and %q, want their kind, human", v.Black.Name, v.White.Name)
	}
	enNames := [2]string{you(en, en["name.blackPlayer"]), en["name.whitePlayer"]}
	zhNames := [2]string{zh["name.blackPlayer"], you(zh, zh["name.whitePlayer"])}
	if enNames[1] == "" || zhNames[0] == "" {
		t.Fatalf("no words for the people of a friend game: %q, %q", enNames, zhNames)
	}
	waitJS(t, host, "the English page's names", fmt.Sprintf(`document.querySelector("#seat-black .name").textContent === %q && document.querySelector("#seat-white .name").textContent === %q`, enNames[0], enNames[1]))
	waitJS(t, guest, "the Chinese page's names", fmt.Sprintf(`document.querySelector("#seat-black .name").textContent === %q && document.querySelector("#seat-white .name").textContent === %q`, zhNames[0], zhNames[1]))

	// A game against the computer, made in Chinese, watched in English.
	maker := browser(t, "zh-CN", "zh-CN,zh")
	if err := chromedp.Run(maker, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.SetValue("#opponent", "random", chromedp.ByID), chromedp.SetValue("#colour", "black", chromedp.ByID),
		chromedp.Click("#play", chromedp.ByID), chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	id = idOf(maker)
	if got := stored(id); got[0] != "" {
		t.Errorf("the person playing the computer is stored as %q: a name made up in the page's language", got[0])
	}
	waitJS(t, maker, "the Chinese page's name of its player", fmt.Sprintf(`document.querySelector("#seat-black .name").textContent === %q`, you(zh, zh["name.player"])))
	watcher := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(watcher, chromedp.Navigate(ts.http.URL+"/game/"+id), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, watcher, "the English page's name of the Chinese page's player", fmt.Sprintf(`document.querySelector("#seat-black .name").textContent === %q && document.title.includes(%q)`, en["name.player"], en["name.player"]))
	// The list of games names them in the language of who reads it.
	if err := chromedp.Run(watcher, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible(fmt.Sprintf(`a[href="/game/%s"]`, id), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var row string
	chromedp.Run(watcher, chromedp.Text(fmt.Sprintf(`a[href="/game/%s"]`, id), &row, chromedp.ByQuery))
	if row != en["name.player"] {
		t.Errorf("the list of games names the Chinese page's player %q in English, want %q", row, en["name.player"])
	}
}
