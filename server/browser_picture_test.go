// Browser test of the board's pictures: PNG and SVG files of the board as
// shown.

package server

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// TestBrowserBoardPictures: a finished game's board saved as PNG (800
// pixels square, each square's centre the colour of its disc, or the
// felt's) and as SVG (a standalone file with the discs of the board,
// their colours written in).
func TestBrowserBoardPictures(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Time: "5s"})
	final := ts.waitFor(g.ID, "finished", func(v GameView) bool { return v.Status == "finished" })
	dir := t.TempDir()
	ctx := browser(t)
	var mu sync.Mutex
	names := map[string]string{}
	var done []string
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *cdpbrowser.EventDownloadWillBegin:
			names[e.GUID] = e.SuggestedFilename
		case *cdpbrowser.EventDownloadProgress:
			if e.State == cdpbrowser.DownloadProgressStateCompleted {
				done = append(done, e.GUID)
			}
		}
	})
	if err := chromedp.Run(ctx, cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName).WithDownloadPath(dir).WithEventsEnabled(true).
		WithBrowserContextID(chromedp.FromContext(ctx).BrowserContextID), // the test's own (see browser)
		chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	fetch := func(button string) (string, []byte) {
		t.Helper()
		mu.Lock()
		done = nil
		mu.Unlock()
		if err := chromedp.Run(ctx, chromedp.Click(button, chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		var guid string
		for deadline := time.Now().Add(patience); guid == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			mu.Lock()
			if len(done) > 0 {
				guid = done[0]
			}
			mu.Unlock()
		}
		if guid == "" {
			t.Fatalf("%s: no download completed", button)
		}
		data, err := os.ReadFile(filepath.Join(dir, guid))
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		return names[guid], data
	}

	name, data := fetch("#export-png")
	if !strings.HasSuffix(name, ".png") {
		t.Errorf("the PNG is named %q", name)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 800 {
		t.Fatalf("the PNG is %v", b)
	}
	// The board's viewBox is -0.4 -0.4 8.55 8.55: square (x, y)'s centre
	// is at (x + 0.9) / 8.55 of the side.
	var seen strings.Builder
	for i := range 64 {
		x, y := i%8, i/8
		px, py := int((float64(x)+0.9)/8.55*800), int((float64(y)+0.9)/8.55*800)
		r, gr, b, _ := img.At(px, py).RGBA()
		r, gr, b = r>>8, gr>>8, b>>8
		switch {
		case r < 60 && gr < 60 && b < 60:
			seen.WriteByte('X')
		case r > 200 && gr > 200 && b > 200:
			seen.WriteByte('O')
		case gr > r+40 && gr > b+20:
			seen.WriteByte('-')
		default:
			seen.WriteByte('?')
		}
	}
	if seen.String() != final.Board {
		t.Errorf("the PNG shows\n%s, want\n%s", seen.String(), final.Board)
	}

	name, data = fetch("#export-svg")
	svg := string(data)
	if !strings.HasSuffix(name, ".svg") || !strings.Contains(svg, `xmlns="http://www.w3.org/2000/svg"`) || strings.Contains(svg, "tabindex") {
		t.Fatalf("the SVG %q:\n%.300s", name, svg)
	}
	black, white := strings.Count(final.Board, "X"), strings.Count(final.Board, "O")
	if n := strings.Count(svg, `data-c="black"`); n != black {
		t.Errorf("the SVG has %d black discs, want %d", n, black)
	}
	if n := strings.Count(svg, `data-c="white"`); n != white {
		t.Errorf("the SVG has %d white discs, want %d", n, white)
	}
	if n := strings.Count(svg, `fill="rgb(20, 20, 20)"`); n < black {
		t.Errorf("the SVG's black discs are not drawn black (%d black fills for %d discs)", n, black)
	}
}
