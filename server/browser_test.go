package server

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// browser starts a headless Chromium (Debian's package, which .ci/run
// installs) with a profile of its own, and returns a context to drive
// it.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := ""
	for _, p := range []string{os.Getenv("REVERSI_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no Chromium to drive (.ci/run installs Debian's chromium)")
	}
	profile, err := os.MkdirTemp("", "reversi-browser-test-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1200, 900),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() {
		cancelT()
		cancelC()
		cancelA()
		// Chromium's helper processes may still write to the profile for a
		// moment after the browser has exited (t.TempDir's cleanup once
		// failed on it): try again for a while.
		var err error
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if err = os.RemoveAll(profile); err == nil || time.Now().After(deadline) {
				break
			}
		}
		if err != nil {
			t.Logf("the browser profile stays in %s: %v", profile, err)
		}
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

// TestBrowserGame plays a whole game against the random player by
// clicking, with a spectator in a second browser, a reload in the
// middle, an illegal click and the analysis.
func TestBrowserGame(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test is long: it runs without -short")
	}
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
	screenshot(t, ctx, "start")
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
	waitMine := func() bool {
		for i := 0; i < 400; i++ {
			s := statusText(ctx)
			if strings.Contains(s, "wins") || strings.Contains(s, "Draw") {
				return false
			}
			if strings.Contains(s, "Your move") && evalInt(t, ctx, `document.querySelectorAll("rect.sq.target").length`) > 0 {
				return true
			}
			time.Sleep(25 * time.Millisecond)
		}
		t.Fatalf("never my move; status %q", statusText(ctx))
		return false
	}
	moves := 0
	for waitMine() {
		if moves == 2 {
			// An illegal click (an occupied square) changes nothing.
			before := ts.state(id)
			chromedp.Run(ctx, chromedp.Click(`rect.sq[data-square="D4"]`, chromedp.ByQuery))
			time.Sleep(200 * time.Millisecond)
			if after := ts.state(id); after.Version != before.Version {
				t.Fatalf("an illegal click changed the game: %+v\nthen %+v", before, after)
			}
			// The analysis shows a value on every legal square.
			chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID))
			legal := evalInt(t, ctx, `document.querySelectorAll("rect.sq.target").length`)
			var shown int
			for i := 0; i < 200; i++ {
				if shown = evalInt(t, ctx, `document.querySelectorAll("text[data-value]").length`); shown == legal {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if shown != legal {
				t.Fatalf("analysis shows %d values for %d legal moves", shown, legal)
			}
			screenshot(t, ctx, "analysis")
			chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID))
		}
		if moves == 6 {
			// A reload restores the game, and the seat.
			before := ts.state(id)
			if err := chromedp.Run(ctx, chromedp.Reload(), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			var board string
			chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("circle.disc")].map(c => c.getAttribute("data-c") === "black" ? "X" : c.getAttribute("data-c") === "white" ? "O" : "-").join("")`, &board))
			if board != before.Board {
				t.Fatalf("after a reload the board shows %s, the game %s", board, before.Board)
			}
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
		for i := 0; i < 100 && len(ts.state(id).Moves) == plies; i++ {
			time.Sleep(50 * time.Millisecond) // within the rate limit
		}
		if moves == 10 {
			screenshot(t, ctx, "game")
		}
	}
	final := ts.state(id)
	if final.Status != "finished" || moves < 10 {
		t.Fatalf("the game did not end by clicking: %s after %d moves", final.Status, moves)
	}
	screenshot(t, ctx, "result")
	// On a phone-sized screen the page fits its width, board included.
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if w := evalInt(t, ctx, `document.documentElement.scrollWidth`); w > 392 {
		t.Errorf("on a 390-pixel-wide screen the page is %d pixels wide", w)
	}
	if w := evalInt(t, ctx, `Math.round(document.querySelector("svg.board").getBoundingClientRect().right)`); w > 390 || w < 300 {
		t.Errorf("on a 390-pixel-wide screen the board ends at %d pixels", w)
	}
	screenshot(t, ctx, "phone")
	chromedp.Run(ctx, chromedp.EmulateReset())
	// The spectator saw every move, live.
	var n string
	for i := 0; i < 100; i++ {
		chromedp.Run(spectator, chromedp.Evaluate(`String(document.querySelectorAll("#moves > span").length)`, &n))
		if n == strconv.Itoa(len(final.Moves)) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n != strconv.Itoa(len(final.Moves)) {
		t.Errorf("the spectator sees %s moves, the game has %d", n, len(final.Moves))
	}
	var status string
	chromedp.Run(spectator, chromedp.Text("#status", &status, chromedp.ByID))
	if !strings.Contains(status, "wins") && !strings.Contains(status, "Draw") {
		t.Errorf("the spectator's status: %q", status)
	}
}

// shotsDir returns the temporary folder of a test's screenshots.
func shotsDir(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "screenshots")
}
