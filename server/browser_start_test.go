// Browser tests of the starts and the sounds: a game from an XOT opening
// chosen on the start page, the sounds of moves and of a low clock, and
// their switch, remembered.

package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// fakeAudio replaces Web Audio in the page by a recorder: each note
// started is pushed to window.tones (its frequency).
const fakeAudio = `window.tones = [];
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() {}
  createOscillator() {
    const o = { type: "", frequency: { setValueAtTime: (f) => { o.f = f; } }, connect: (g) => g, start: () => window.tones.push(o.f), stop: () => {} };
    return o;
  }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
};`

// TestBrowserStartsAndSounds: the start page starts a game after an XOT
// opening (its 8 moves in the list), and a friend game after random
// moves; a move played sounds, and none does
// once the sound is switched off, also after a reload; switched on, a
// low clock beeps.
func TestBrowserStartsAndSounds(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(fakeAudio).Do(ctx)
		return err
	})); err != nil {
		t.Fatal(err)
	}
	all, err := xotOpenings()
	if err != nil {
		t.Fatal(err)
	}
	xots := map[string]bool{}
	for _, o := range all {
		xots[strings.ToUpper(o.Moves)] = true
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.SetValue("#opponent", "random", chromedp.ByID), chromedp.SetValue("#time", "0", chromedp.ByID),
		chromedp.SetValue("#start-from", "xot", chromedp.ByID),
		chromedp.Click("#play", chromedp.ByID), chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var path string
	chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
	id := strings.TrimPrefix(path, "/game/")
	v := ts.state(id)
	if len(v.Moves) != 8 || !xots[strings.ToUpper(v.Transcript)] {
		t.Fatalf("the game starts after %q, not an XOT opening", v.Transcript)
	}
	waitJS(t, ctx, "the opening's moves listed", `document.querySelectorAll("#moves .mv").length === 8`)

	// A friend game after random moves.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#create-friend", chromedp.ByID),
		chromedp.SetValue("#friend-from", "random", chromedp.ByID), chromedp.Click("#create-friend", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the friend game", `location.hash.startsWith("#invite=") && document.querySelectorAll("#moves .mv").length === 8`)
	var friendPath string
	chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &friendPath))
	if f := ts.state(strings.TrimPrefix(friendPath, "/game/")); len(f.Moves) != 8 || f.Status != "waiting" {
		t.Errorf("the friend game: %d moves, %s", len(f.Moves), f.Status)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+path), chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}

	// A move sounds (the player's and the computer's reply).
	playOne := func() int {
		v := ts.waitTurn(id, "black")
		if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, v.Legal[0]), chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		after := ts.waitFor(id, "the reply", func(w GameView) bool { return len(w.Moves) >= len(v.Moves)+2 || w.Status == "finished" })
		waitJS(t, ctx, "the moves shown", fmt.Sprintf(`document.querySelectorAll("#moves .mv").length === %d`, len(after.Moves)))
		return len(after.Moves)
	}
	waitJS(t, ctx, "the sound on", `document.getElementById("sound").getAttribute("aria-pressed") === "true"`)
	playOne()
	if n := evalInt(t, ctx, `window.tones.filter(f => f === 180).length`); n == 0 {
		t.Errorf("a move played, no sound")
	}
	// Off, and still off after a reload: moves are silent.
	if err := chromedp.Run(ctx, chromedp.Click("#sound", chromedp.ByID), chromedp.Reload(), chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if evalInt(t, ctx, `document.getElementById("sound").getAttribute("aria-pressed") === "false" ? 1 : 0`) != 1 {
		t.Errorf("after a reload the sound is on again")
	}
	playOne()
	if n := evalInt(t, ctx, `window.tones.length`); n != 0 {
		t.Errorf("sound off, %d notes played", n)
	}

	// On again: a low clock beeps. The page's time is set to the move's
	// last seconds (pageClockJS; the server gives the move 10 minutes).
	installPageClock(t, ctx)
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "10m"})
	openSeat(t, ctx, ts, g, "black", "svg.board")
	if err := chromedp.Run(ctx, chromedp.Click("#sound", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the sound on", `document.getElementById("sound").getAttribute("aria-pressed") === "true"`)
	if evalInt(t, ctx, `window.tones.includes(880) ? 1 : 0`) != 0 {
		t.Errorf("the low clock's beep with 10 minutes for the move")
	}
	setTimeLeft(t, ctx, ts, g.ID, 9*time.Second)
	waitJS(t, ctx, "the time warning", `!document.getElementById("time-warning").hidden`)
	waitJS(t, ctx, "the low clock's beep", `window.tones.includes(880)`)
}
