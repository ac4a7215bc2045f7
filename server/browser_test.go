package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/reversi-engine/reversi/internal/testproc"
)

// chromium is the Chromium to drive (Debian's package, which .ci/run
// installs), or "" if there is none.
func chromium() string {
	for _, p := range []string{os.Getenv("REVERSI_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	return ""
}

// sharedBrowser is a headless Chromium that the browser tests share: each
// test has its own browser context in it (a profile of its own: storage,
// cookies, cache), so that starting Chromium, seconds on a loaded
// machine, is paid once for all the tests of a language.
type sharedBrowser struct {
	ctx     context.Context // the browser's first tab, kept open
	cancel  func()          // ends the browser
	profile string
	err     error
}

// browsers are the shared browsers, one per language (the --lang and
// --accept-lang of the process); closeBrowsers ends them after the last
// test (TestMain).
var browsers = struct {
	sync.Mutex
	m map[[2]string]*sharedBrowser
}{m: map[[2]string]*sharedBrowser{}}

// sharedFor returns the shared browser of a language, started the first
// time it is asked for.
func sharedFor(path, lang, accept string) *sharedBrowser {
	browsers.Lock()
	defer browsers.Unlock()
	key := [2]string{lang, accept}
	if b := browsers.m[key]; b != nil {
		return b
	}
	b := &sharedBrowser{}
	browsers.m[key] = b
	if b.profile, b.err = os.MkdirTemp("", "reversi-browser-test-"); b.err != nil {
		return b
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// Tabs of tests that run side by side are not slowed down as
		// tabs in the background would be.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(b.profile),
		chromedp.WindowSize(1200, 900),
		chromedp.Flag("lang", lang),
		chromedp.Flag("accept-lang", accept),
		// Chromium run as root raises its own threads' priority (nice
		// 0 and -8 under a test run at nice 19): it keeps the test's.
		// This replaces chromedp's own kill-on-exit, given back here.
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			testproc.DieWithTest(cmd)
			if err := testproc.KeepNice(cmd); err != nil {
				fmt.Fprintln(os.Stderr, "browser tests:", err)
			}
		}),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	b.ctx, b.cancel = ctx, func() { cancelC(); cancelA() }
	b.err = chromedp.Run(ctx) // starts the browser
	return b
}

// closeBrowsers ends the shared browsers and removes their profiles.
func closeBrowsers() {
	browsers.Lock()
	defer browsers.Unlock()
	for key, b := range browsers.m {
		if b.cancel != nil {
			b.cancel()
		}
		if b.profile != "" {
			// Chromium's helper processes may still write to the profile
			// for a moment after the browser has exited: try again for a
			// while.
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
				if err := os.RemoveAll(b.profile); err == nil || time.Now().After(deadline) {
					break
				}
			}
		}
		delete(browsers.m, key)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	closeBrowsers()
	os.Exit(code)
}

// browser returns a context to drive a headless Chromium: a tab in a
// browser context of its own (its own storage and cookies, as a fresh
// profile), in the browser the tests of its language share. lang is the
// interface's language and navigator.language's (--lang) and, second,
// navigator.languages and the Accept-Language header (--accept-lang):
// American English unless given, whatever the locale here (LANG, a
// Chrome or chromium-l10n with Chinese locale files would follow). The
// tab is closed, and its browser context dropped, with the test.
//
// The browser tests run in parallel (t.Parallel: as many at once as go
// test's -parallel, the cores by default), each with its own server and
// tab: much of their time is spent waiting for a computer's move, an
// analysis or a page, which another test's work fills.
func browser(t *testing.T, lang ...string) context.Context {
	t.Helper()
	path := chromium()
	if path == "" {
		t.Skip("no Chromium to drive (.ci/run installs Debian's chromium)")
	}
	l, accept := "en-US", "en-US,en"
	if len(lang) > 0 {
		l = lang[0]
		accept = l
	}
	if len(lang) > 1 {
		accept = lang[1]
	}
	b := sharedFor(path, l, accept)
	if b.err != nil {
		t.Fatalf("starting Chromium: %v", b.err)
	}
	// The test's browser context, and a tab in a window of its own in it
	// (headless Chromium opens no tab in a new browser context without
	// one: "no browser is open").
	var bctx cdp.BrowserContextID
	var tab target.ID
	if err := chromedp.Run(b.ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		exec := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		var err error
		if bctx, err = target.CreateBrowserContext().Do(exec); err != nil {
			return err
		}
		tab, err = target.CreateTarget("about:blank").WithBrowserContextID(bctx).WithNewWindow(true).Do(exec)
		return err
	})); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelC := chromedp.NewContext(b.ctx, chromedp.WithTargetID(tab))
	chromedp.FromContext(ctx).BrowserContextID = bctx // for the commands that name it (downloads)
	// A bound on a test that would never end, not on how quickly a
	// loaded machine runs it: TestBrowserRecordGGF took over 3 minutes
	// on one core shared with a labelling job and the other browser tests.
	ctx, cancelT := context.WithTimeout(ctx, 10*time.Minute)
	// A script error on any page fails the test: the page is modules that
	// must load and run without one; so does anything the server's
	// Content-Security-Policy refuses (the browser's log says it).
	if err := chromedp.Run(ctx, cdplog.Enable()); err != nil { // opens the tab, for its events
		t.Fatal(err)
	}
	var mu sync.Mutex
	var scriptErrors []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			msg := e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
			mu.Lock()
			scriptErrors = append(scriptErrors, fmt.Sprintf("%s (%s:%d)", msg, e.ExceptionDetails.URL, e.ExceptionDetails.LineNumber))
			mu.Unlock()
		}
		if e, ok := ev.(*cdplog.EventEntryAdded); ok && e.Entry != nil && strings.Contains(e.Entry.Text, "Content Security Policy") {
			mu.Lock()
			scriptErrors = append(scriptErrors, fmt.Sprintf("%s (%s)", e.Entry.Text, e.Entry.URL))
			mu.Unlock()
		}
	})
	t.Cleanup(func() {
		mu.Lock()
		for _, e := range scriptErrors {
			t.Errorf("script error: %s", e)
		}
		mu.Unlock()
		cancelT()
		cancelC() // closes the tab
		// Its browser context (storage, cookies) goes with it.
		chromedp.Run(b.ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return target.DisposeBrowserContext(bctx).Do(cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser))
		}))
	})
	return ctx
}

// screenshot saves the page as name.png: in the test's temporary
// folder, or, to retake the repository's pictures, in the folder that
// REVERSI_SCREENSHOTS names (REVERSI_SCREENSHOTS=$PWD/docs/screenshots go
// test ./server -run Browser): a plain test run changes no tracked file.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var png []byte
	// The discs turn with animations: wait for them to end, so that the
	// picture shows the position, not discs half turned.
	settle := chromedp.Evaluate(`Promise.all(document.getAnimations().map(a => a.finished)).then(() => true, () => true)`, nil,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })
	if err := chromedp.Run(ctx, settle, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("REVERSI_SCREENSHOTS")
	if dir == "" {
		dir = shotsDir(t)
	}
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// statusText returns the game page's status line.
func statusText(ctx context.Context) string {
	var s string
	chromedp.Run(ctx, chromedp.Text("#status", &s, chromedp.ByID))
	return s
}

// evalInt runs a JavaScript expression that yields a number.
func evalInt(t *testing.T, ctx context.Context, js string) int {
	t.Helper()
	var v int
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, &v)); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// patience is how long a browser test waits for what the page must do:
// far longer than it takes on a machine however loaded, so that a test
// fails on a page that never does it, not on a slow one.
const patience = 30 * time.Second

// untilJS waits, at most patience, until a JavaScript expression is
// true, and says whether it became so: for a check that says itself
// what is wrong.
func untilJS(ctx context.Context, js string) bool {
	var ok bool
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if err := chromedp.Run(ctx, chromedp.Evaluate(js, &ok)); err == nil && ok {
			return true
		}
	}
	return false
}

// TestBrowserGame plays a whole game against the random player by
// clicking, with a spectator in a second browser, a reload in the
// middle, an illegal click and the analysis.
func TestBrowserGame(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test is long: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t)
	// The start page: choose the random player, play.
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.http.URL+"/"),
		chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.SetValue("#opponent", "random", chromedp.ByID),
		chromedp.SetValue("#time", "0", chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	screens(t, ctx, "start")
	if err := chromedp.Run(ctx, chromedp.Click("#play", chromedp.ByID), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var url string
	chromedp.Run(ctx, chromedp.Location(&url))
	id := url[strings.LastIndex(url, "/")+1:]
	// A spectator in another browser.
	spectator := browser(t)
	if err := chromedp.Run(spectator, chromedp.Navigate(ts.http.URL+"/game/"+id), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	// waitMine waits for the player's turn on the page: the page showing
	// every move the server has (not the position before the player's
	// last click, still shown for a moment), the player to move.
	waitMine := func() bool {
		for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(25 * time.Millisecond) {
			s := statusText(ctx)
			if strings.Contains(s, "wins") || strings.Contains(s, "Draw") {
				return false
			}
			if strings.Contains(s, "Your move") && evalInt(t, ctx, `document.querySelectorAll("rect.sq.target").length`) > 0 &&
				evalInt(t, ctx, `document.querySelectorAll("#moves > span").length`) == len(ts.state(id).Moves) {
				return true
			}
		}
		t.Fatalf("never my move; status %q", statusText(ctx))
		return false
	}
	moves := 0
	for waitMine() {
		if moves == 2 {
			// An illegal click (an occupied square) changes nothing and is
			// not even sent: three illegal moves would lose the game. A typed
			// illegal move is refused by the page, with the legal moves.
			// The page's requests to play are counted as it makes them
			// (a click or Enter calls fetch at once): once it has said
			// the typed move is illegal, those before it were made.
			before := ts.state(id)
			if err := chromedp.Run(ctx, chromedp.Evaluate(`window.movesSent = 0; (f => { window.fetch = (url, opts) => {
				if (String(url).endsWith("/move")) window.movesSent++;
				return f(url, opts);
			}; })(window.fetch); true`, nil)); err != nil {
				t.Fatal(err)
			}
			var empty string // an empty square that is not a legal move
			chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("rect.sq:not(.target)")].map(r => r.getAttribute("data-square")).find(sq => {
				const i = (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 65);
				return document.querySelectorAll("circle.disc")[i].getAttribute("data-c") === "";
			}) || ""`, &empty))
			if empty == "" {
				t.Fatal("no empty square that is not a legal move")
			}
			kctx, kcancel := context.WithTimeout(ctx, patience)
			err := chromedp.Run(kctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, empty), chromedp.ByQuery),
				chromedp.Click(`rect.sq[data-square="D4"]`, chromedp.ByQuery),
				chromedp.SendKeys(`#move-box input`, "d4\r", chromedp.ByQuery))
			kcancel()
			if err != nil {
				t.Fatalf("the illegal clicks and the typed move: %v", err)
			}
			if !untilJS(ctx, `document.getElementById("error").textContent.includes("D4 is not a legal move here")`) {
				var msg string
				chromedp.Run(ctx, chromedp.Text("#error", &msg, chromedp.ByID))
				t.Errorf("a typed illegal move: the page says %q", msg)
			}
			if n := evalInt(t, ctx, `window.movesSent`); n != 0 {
				t.Fatalf("the page sent %d moves for illegal clicks and an illegal typed move", n)
			}
			if after := ts.state(id); after.Version != before.Version {
				t.Fatalf("an illegal click changed the game: %+v\nthen %+v", before, after)
			}
			if n := refusedMoves(t, ts); n != 0 {
				t.Fatalf("the page sent %v illegal moves to the server", n)
			}
			// The analysis shows a value on every legal square.
			chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID))
			legal := evalInt(t, ctx, `document.querySelectorAll("rect.sq.target").length`)
			var shown int
			for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
				if shown = evalInt(t, ctx, `document.querySelectorAll("text[data-value]").length`); shown == legal {
					break
				}
			}
			if shown != legal {
				var source string
				chromedp.Run(ctx, chromedp.Text("#source", &source, chromedp.ByID))
				t.Fatalf("analysis shows %d values for %d legal moves (the page says %q)", shown, legal, source)
			}
			screens(t, ctx, "analysis")
		}
		if moves == 3 {
			// The analysis of the position before the move is gone from the
			// board: no value stands over a disc.
			var over []string
			chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("text[data-value]")].map(t => t.getAttribute("data-value")).filter(sq => {
				const i = (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 65);
				return document.querySelectorAll("circle.disc")[i].getAttribute("data-c") !== "";
			})`, &over))
			if len(over) > 0 {
				t.Fatalf("after a move, analysis values stand over the discs of %v", over)
			}
			chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID))
			// A spectator is told so, and has no move box or undo.
			if !untilJS(spectator, `document.getElementById("status").textContent.includes("You are watching")`) {
				t.Errorf("the spectator's page says %q", statusText(spectator))
			}
			if evalInt(t, spectator, `document.getElementById("move-box").hidden && document.getElementById("undo").hidden ? 1 : 0`) != 1 {
				t.Errorf("the spectator's page has a move box or undo")
			}
		}
		if moves == 6 {
			// A reload restores the game, and the seat.
			before := ts.state(id)
			if err := chromedp.Run(ctx, chromedp.Reload(), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			waitBoard(t, ctx, "after a reload", before.Board)
			if !waitMine() {
				break
			}
		}
		plies := len(ts.state(id).Moves)
		var sq string
		chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("rect.sq.target")?.getAttribute("data-square") || ""`, &sq))
		if sq == "" {
			continue // redrawn meanwhile (a state message): wait for the move again
		}
		cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err := chromedp.Run(cctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, sq), chromedp.ByQuery))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		moves++
		// Wait until the server has the move.
		for deadline := time.Now().Add(patience); len(ts.state(id).Moves) == plies; time.Sleep(50 * time.Millisecond) { // within the rate limit
			if time.Now().After(deadline) {
				t.Fatalf("a click on %s, a legal move, did not play it", sq)
			}
		}
		if moves == 10 {
			screens(t, ctx, "game")
		}
	}
	final := ts.state(id)
	if final.Status != "finished" || moves < 10 {
		t.Fatalf("the game did not end by clicking: %s after %d moves", final.Status, moves)
	}
	screens(t, ctx, "result")
	// On a phone-sized screen the page fits its width, board included.
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	// (Waited for: the page may lay itself out again after the resize.)
	if !untilJS(ctx, `document.documentElement.scrollWidth <= 392 && (r => r <= 390 && r >= 300)(Math.round(document.querySelector("svg.board").getBoundingClientRect().right))`) {
		if w := evalInt(t, ctx, `document.documentElement.scrollWidth`); w > 392 {
			t.Errorf("on a 390-pixel-wide screen the page is %d pixels wide", w)
		}
		if w := evalInt(t, ctx, `Math.round(document.querySelector("svg.board").getBoundingClientRect().right)`); w > 390 || w < 300 {
			t.Errorf("on a 390-pixel-wide screen the board ends at %d pixels", w)
		}
	}
	chromedp.Run(ctx, chromedp.EmulateReset())
	// The spectator saw every move, live, and the end.
	if !untilJS(spectator, fmt.Sprintf(`document.querySelectorAll("#moves > span").length === %d`, len(final.Moves))) {
		t.Errorf("the spectator sees %d moves, the game has %d", evalInt(t, spectator, `document.querySelectorAll("#moves > span").length`), len(final.Moves))
	}
	if !untilJS(spectator, `(s => s.includes("wins") || s.includes("Draw"))(document.getElementById("status").textContent)`) {
		t.Errorf("the spectator's status: %q", statusText(spectator))
	}
	// The list of games names the computer as the start page does, and
	// says how the game ended.
	var row string
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible(fmt.Sprintf(`a[href="/game/%s"]`, id), chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('a[href="/game/%s"]').closest("tr").innerText`, id), &row)); err != nil {
		t.Fatal(err)
	}
	want := "draw"
	if r := final.Result; r.Winner != "none" {
		want = r.Winner + " won"
	}
	if !strings.Contains(row, "Random") || strings.Contains(row, "random") || !strings.Contains(row, want) {
		t.Errorf("the list shows the game as %q, want the name Random and %q", row, want)
	}
}

// pageClockJS, run in a page before its own scripts, lets a test choose
// the time the page's clocks read: window.setPageTime(ms) stops Date.now
// at ms (since the epoch), window.setPageTime(null) gives the real time
// back. The move clock and the time warning are drawn from Date.now (on
// a timer), so a test shows them at a moment of its choosing, however
// slow the machine, while the server's own clock, which ends a game on
// time, runs as ever (the games give it minutes).
const pageClockJS = `(() => {
  const real = Date.now;
  let at = null;
  Date.now = () => at ?? real.call(Date);
  window.setPageTime = (ms) => { at = ms; };
})();`

// installPageClock gives every page ctx opens from now on pageClockJS.
func installPageClock(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(pageClockJS).Do(ctx)
		return err
	})); err != nil {
		t.Fatal(err)
	}
}

// setTimeLeft stops the page's time (pageClockJS) where the player to
// move in game id has left of the move's time: the server's start of the
// turn, plus the move time, less left.
func setTimeLeft(t *testing.T, ctx context.Context, ts *testServer, id string, left time.Duration) {
	t.Helper()
	// A person's clock starts once the page has said hello with the seat's
	// token (see remote.ready).
	v := ts.waitFor(id, "the player's clock started", func(v GameView) bool { return v.Status != "playing" || !v.ClockWaits })
	if v.Status != "playing" || v.TurnSince == nil || v.MoveTimeMS == 0 {
		t.Fatalf("no move clock running in the game: %s, since %v, %d ms a move", v.Status, v.TurnSince, v.MoveTimeMS)
	}
	js := fmt.Sprintf(`window.setPageTime(Date.parse(%q) + %d - %d), true`, v.TurnSince.Format(time.RFC3339Nano), v.MoveTimeMS, left.Milliseconds())
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, nil)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserTimeWarning: a player is warned before losing on time, in
// the last 10 seconds of the move (11 s left: none; 9 s left: "9 s
// left"), and the warning is in view on a laptop and on a phone. The
// page's time is set (pageClockJS), the move has 10 minutes on the
// server: no step has to be done within a window of real time.
func TestBrowserTimeWarning(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	installPageClock(t, ctx)
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "10m"})
	openSeat(t, ctx, ts, g, "black", "svg.board")
	// The move clock and the warning are drawn together: once the clock
	// shows 0:11, the warning is the one of 11 s left.
	setTimeLeft(t, ctx, ts, g.ID, 11*time.Second)
	waitJS(t, ctx, "the move clock at 0:11", `document.querySelector("#seat-black .meta").textContent.endsWith("0:11 for this move")`)
	if evalInt(t, ctx, `document.getElementById("time-warning").hidden ? 1 : 0`) != 1 {
		t.Fatalf("a warning with 11 s left for the move")
	}
	setTimeLeft(t, ctx, ts, g.ID, 9*time.Second)
	waitJS(t, ctx, "the warning with 9 s left", `!document.getElementById("time-warning").hidden && document.querySelector("#seat-black .meta").textContent.endsWith("0:09 for this move")`)
	var warning string
	if err := chromedp.Run(ctx, chromedp.Text("#time-warning", &warning, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(warning, "9 s left") {
		t.Errorf("the warning says %q", warning)
	}
	// On a 1366x768 laptop the status line and the warning below the board
	// are in view without scrolling.
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Run(ctx, chromedp.EmulateReset())
	waitJS(t, ctx, "the warning on the laptop", `!document.getElementById("time-warning").hidden`)
	for _, id := range []string{"status", "time-warning"} {
		if bottom := evalInt(t, ctx, `Math.ceil(document.getElementById("`+id+`").getBoundingClientRect().bottom)`); bottom > 768 {
			t.Errorf("at 1366x768 #%s ends at %d pixels: below the fold", id, bottom)
		}
	}
	if size := evalInt(t, ctx, `Math.round(document.querySelector("svg.board").getBoundingClientRect().width)`); size < 400 {
		t.Errorf("at 1366x768 the board is %d pixels wide", size)
	}
	// On a 390x844 phone too, and the board as wide as the screen allows.
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the warning on the phone", `!document.getElementById("time-warning").hidden`)
	for _, id := range []string{"status", "time-warning"} {
		if bottom := evalInt(t, ctx, `Math.ceil(document.getElementById("`+id+`").getBoundingClientRect().bottom)`); bottom > 844 {
			t.Errorf("at 390x844 #%s ends at %d pixels: below the fold", id, bottom)
		}
	}
	if size := evalInt(t, ctx, `Math.round(document.querySelector("svg.board").getBoundingClientRect().width)`); size < 300 {
		t.Errorf("at 390x844 the board is %d pixels wide", size)
	}
}

// shotsDir returns the temporary folder of a test's screenshots.
func shotsDir(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "screenshots")
}

// refusedMoves returns how many moves the server refused as illegal (its
// metrics).
func refusedMoves(t *testing.T, ts *testServer) float64 {
	t.Helper()
	resp, err := http.Get(ts.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`reversi_http_requests_total\{route="move",status="422"\} (\S+)`).FindSubmatch(text)
	if m == nil {
		return 0
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	return v
}

// TestBrowserEditor: "Edit and analyse" opens the editor (a hash route)
// with the position of a transcript, a GGF game or a board.
func TestBrowserEditor(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t)
	discs := func() int {
		return evalInt(t, ctx, `[...document.querySelectorAll("circle.disc")].filter(c => c.getAttribute("data-c")).length`)
	}
	ggfText := "(;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3]W[D3];)"
	for _, tt := range []struct{ name, text string }{{"transcript", "F5d6C3"}, {"ggf", ggfText}} {
		t.Run(tt.name, func(t *testing.T) {
			if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#load", chromedp.ByID),
				chromedp.SetValue("#load", tt.text, chromedp.ByID),
				chromedp.Click(`//button[text()="Edit and analyse"]`, chromedp.BySearch),
				chromedp.WaitVisible(`//h1[text()="Set up a position"]`, chromedp.BySearch)); err != nil {
				t.Fatal(err)
			}
			want := map[string]int{"transcript": 7, "ggf": 8}[tt.name] // four at the start and one a move
			var n int
			for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
				if n = discs(); n == want {
					break
				}
			}
			if n != want {
				t.Fatalf("the editor shows %d discs for %s, want %d", n, tt.name, want)
			}
		})
	}
}

// TestBrowserGraph: the evaluation graph has axes and only disc values:
// without the analysis it draws exactly the moves that kept a value in
// discs (the engine's; the Monte Carlo player's win rates are not kept as
// a move's evaluation, its exact endgame values in discs are); with the
// analysis on it has a value after every move, both players' (a person's
// too), the values on hover, and a click reviews the position.
func TestBrowserGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "engine:level=1"}, White: SeatRequest{Kind: "builtin", Spec: "mcts:time=100ms"}, Time: "5s"})
	var v GameView
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if v = ts.state(g.ID); len(v.Moves) >= 8 {
			break
		}
	}
	if len(v.Moves) < 8 {
		t.Fatalf("the computers played %d moves in a minute", len(v.Moves))
	}
	withEval := 0
	for _, m := range v.Moves[:8] {
		switch {
		case m.Eval != nil && m.Color == "white":
			t.Fatalf("a Monte Carlo move of the opening kept %v as its evaluation in discs", *m.Eval)
		case m.Eval != nil:
			withEval++
		}
	}
	if withEval == 0 {
		t.Fatalf("no engine move kept its evaluation: %+v", v.Moves)
	}
	ctx := browser(t)
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("svg.graph", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the first 8 moves listed", `document.querySelectorAll("#moves > span").length >= 8`)
	// The page may have seen more moves than v, and goes on seeing them:
	// the moves it shows and the points it draws, read at once, against
	// the game's moves, until the page has drawn what it shows.
	var drawn struct {
		Shown int   `json:"shown"`
		Plies []int `json:"plies"`
	}
	var want []int
	for deadline := time.Now().Add(patience); ; time.Sleep(50 * time.Millisecond) {
		if err := chromedp.Run(ctx, chromedp.Evaluate(`({shown: document.querySelectorAll("#moves > span").length,
			plies: [...document.querySelectorAll("#eval-graph circle.dot")].map(c => +c.getAttribute("data-k"))})`, &drawn)); err != nil {
			t.Fatal(err)
		}
		v = ts.state(g.ID)
		if drawn.Shown > len(v.Moves) {
			t.Fatalf("the page shows %d moves, the game has %d", drawn.Shown, len(v.Moves))
		}
		want = nil
		for _, m := range v.Moves[:drawn.Shown] {
			if m.Eval != nil {
				if m.Unit != "discs" {
					t.Fatalf("move %d kept %v in %q as its evaluation", m.Ply+1, *m.Eval, m.Unit)
				}
				want = append(want, m.Ply+1)
			}
		}
		if len(drawn.Plies) > 0 && fmt.Sprint(drawn.Plies) == fmt.Sprint(want) || time.Now().After(deadline) {
			break
		}
	}
	if len(drawn.Plies) == 0 || fmt.Sprint(drawn.Plies) != fmt.Sprint(want) {
		t.Fatalf("the graph draws the moves %v of %d, want those with a value in discs: %v", drawn.Plies, drawn.Shown, want)
	}
	if ticks := evalInt(t, ctx, `[...document.querySelectorAll("#eval-graph text.tick")].filter(t => ["+64", "0", "-64"].includes(t.textContent)).length`); ticks < 3 {
		t.Fatalf("the graph's axis is not labelled (+64, 0, -64): %d of them", ticks)
	}

	// A person against the computer, the analysis on: a value after every
	// move, the person's as well as the computer's.
	h := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "engine:level=1"}, Transcript: "f5d6c3d3c4f4", Time: "0"})
	openSeat(t, ctx, ts, h, "black", "rect.sq.target")
	var sq string
	chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("rect.sq.target").getAttribute("data-square")`, &sq))
	if err := chromedp.Run(ctx, chromedp.Click(`rect.sq[data-square="`+sq+`"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	hv := ts.waitFor(h.ID, "the computer's reply", func(v GameView) bool { return len(v.Moves) >= 8 })
	if err := chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "a value after every move", fmt.Sprintf(`(() => {
		const ks = [...document.querySelectorAll("#eval-graph circle.dot")].map(c => +c.getAttribute("data-k"));
		return ks.length === %d && ks.every((k, i) => k === i);
	})()`, len(hv.Moves)+1))
	// The person's move (number 7) has its value, for Black, on hover.
	var hover string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const g = document.getElementById("eval-graph"), dot = g.querySelector('circle.dot[data-k="7"]').getBoundingClientRect();
		g.dispatchEvent(new MouseEvent("mousemove", {clientX: dot.x + dot.width / 2, clientY: dot.y + dot.height / 2, bubbles: true}));
		return g.dataset.hover + " " + g.querySelector("text.hover-text").textContent;
	})()`, &hover)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hover, "7 after move 7: ") || !strings.HasSuffix(hover, "for Black") {
		t.Errorf("hovering over move 7 the graph says %q", hover)
	}
	// A click reviews the position.
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const g = document.getElementById("eval-graph"), dot = g.querySelector('circle.dot[data-k="3"]').getBoundingClientRect();
		g.dispatchEvent(new MouseEvent("click", {clientX: dot.x + dot.width / 2, clientY: dot.y + dot.height / 2, bubbles: true}));
	})()`, nil)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the review after move 3", `document.getElementById("review").dataset.at === "3"`)
}

// TestBrowserKeyboard: the board is a grid of squares that can be
// focused, moved over with the arrow keys, read ("D3, empty, legal
// move"), and played with Enter.
func TestBrowserKeyboard(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "0"})
	ctx := browser(t)
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	if rows := evalInt(t, ctx, `document.querySelectorAll('svg.board [role="row"] > [role="gridcell"]').length`); rows != 64 {
		t.Fatalf("the grid has %d cells in rows, want 64", rows)
	}
	var label string
	// D3 has the focus stop; from D4 (down), one up is D3 again.
	if err := chromedp.Run(ctx, chromedp.Focus(`rect[data-square="D3"]`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.Evaluate(`document.activeElement.getAttribute("aria-label")`, &label)); err != nil {
		t.Fatal(err)
	}
	if label != "D4, white" {
		t.Fatalf("after ArrowDown from D3 the focus is on %q, want D4, white", label)
	}
	if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.ArrowUp),
		chromedp.Evaluate(`document.activeElement.getAttribute("aria-label")`, &label)); err != nil {
		t.Fatal(err)
	}
	if label != "D3, empty, legal move" {
		t.Fatalf("after ArrowUp the focus is on %q, want D3, empty, legal move", label)
	}
	if err := chromedp.Run(ctx, chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(patience); len(ts.state(g.ID).Moves) == 0 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if v := ts.state(g.ID); len(v.Moves) == 0 || v.Moves[0].Square != "D3" {
		t.Fatalf("Enter on D3 played %+v", v.Moves)
	}
}

// TestBrowserLabels: every form control of the start page, a game page and
// the editor has a label (its own, a <label for>, or one around it).
func TestBrowserLabels(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human"}, White: SeatRequest{Kind: "builtin", Spec: "random"}})
	ctx := browser(t)
	unlabelled := `[...document.querySelectorAll("select, input, textarea")].filter(e => !e.hidden && !e.closest("[hidden]") &&
		!(e.getAttribute("aria-label") || (e.id && document.querySelector('label[for="' + e.id + '"]')) || e.closest("label"))).map(e => e.outerHTML.slice(0, 80))`
	// Each page is checked once drawn (waited for: what it draws last).
	for _, p := range []struct{ path, drawn string }{
		{"/", `!!document.getElementById("play") && document.querySelectorAll("#games tbody tr").length > 0`},
		{"/game/" + g.ID, `!!document.querySelector("svg.board") && document.getElementById("status").textContent !== ""`},
		{"/#edit=f5d6", `!!document.getElementById("analyse-position") && !!document.getElementById("editor-turn")`},
	} {
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+p.path)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, p.path+" drawn", p.drawn)
		var bad []string
		if err := chromedp.Run(ctx, chromedp.Evaluate(unlabelled, &bad)); err != nil {
			t.Fatal(err)
		}
		if len(bad) > 0 {
			t.Errorf("%s: controls without a label: %v", p.path, bad)
		}
	}
}

// openSeat opens a game's page in the browser as the player of a seat,
// as the page that created it would (the token in local storage), and
// waits for the element of selector.
func openSeat(t *testing.T, ctx context.Context, ts *testServer, g CreateResponse, color, selector string) {
	t.Helper()
	seat := fmt.Sprintf(`localStorage.setItem("reversi-seat-%s", JSON.stringify({color: %q, token: %q}))`, g.ID, color, g.Tokens[color])
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.Evaluate(seat, nil),
		chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible(selector, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
}
