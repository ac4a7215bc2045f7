// Browser tests of import and export: every format the editor reads, a
// position's shareable address, the board string and the link copied,
// a game's GGF and transcript downloaded.

package server

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// fullGame is a whole game with a pass (white's, before h2).
const fullGame = "d3c5e6e3d6c3d2c1b6e7f5c6f6d7c4b4c7b5f8c8a5a4a3b3f2a6a7f3f4e8d8g8b7g4f7g3d1c2e2g5g6f1a2e1b2a1h5h4b1h6h7h8g7a8b8PAh2h3g2h1g1"

// positionOf returns the board and the side to move (X or O) of a
// position request, as the server reads it.
func positionOf(t *testing.T, ts *testServer, req PositionRequest) (string, string) {
	t.Helper()
	var p struct {
		Board string `json:"board"`
		Turn  string `json:"turn"`
	}
	if code := ts.call("POST", "/api/position", req, &p); code != 200 {
		t.Fatalf("position of %+v: %d", req, code)
	}
	return p.Board, map[string]string{"black": "X", "white": "O"}[p.Turn]
}

// TestBrowserImport: the editor's box reads each format (a transcript in
// capitals with its pass, the same in small letters without it, spaced
// and numbered, a board on eight lines with * and . and the side as W, a
// GGF game) and shows its position, with the side to move and the
// position's address.
func TestBrowserImport(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	end, endTurn := positionOf(t, ts, PositionRequest{Transcript: fullGame})
	middle, middleTurn := positionOf(t, ts, PositionRequest{Transcript: fullGame[:50]})
	var lines []string
	for r := 0; r < 8; r++ {
		row := strings.NewReplacer("X", "*", "-", ".").Replace(middle[8*r : 8*r+8])
		lines = append(lines, row)
	}
	ggfText := "(;GM[Othello]PC[x]PB[ann]PW[bob]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3]W[D3]B[C4];)"
	ggfBoard, ggfTurn := positionOf(t, ts, PositionRequest{GGF: ggfText})
	var numbered []string
	for i := 0; i < 50; i += 4 {
		numbered = append(numbered, fmt.Sprintf("%d. %s %s", i/4+1, fullGame[i:i+2], fullGame[i+2:i+4]))
	}
	numberedBoard, numberedTurn := positionOf(t, ts, PositionRequest{Transcript: fullGame[:52]})
	for _, tt := range []struct{ name, text, board, turn string }{
		{"transcript in capitals with a pass", strings.ToUpper(fullGame), end, endTurn},
		{"transcript in small letters without the pass", strings.ReplaceAll(fullGame, "PA", ""), end, endTurn},
		{"transcript numbered and spaced", strings.Join(numbered, " "), numberedBoard, numberedTurn},
		{"board on eight lines", strings.Join(lines, "\n") + "\nW", middle, "O"},
		{"board on one line", middle + " " + middleTurn, middle, middleTurn},
		{"ggf", "  " + ggfText + "\n", ggfBoard, ggfTurn},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := browser(t)
			if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit="), chromedp.WaitVisible("#editor-load", chromedp.ByID),
				chromedp.SetValue("#editor-load", tt.text, chromedp.ByID), chromedp.Click("#editor-load-button", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			waitBoard(t, ctx, tt.name, tt.board)
			waitJS(t, ctx, "the side to move", fmt.Sprintf(`document.getElementById("editor-turn").value === %q`, tt.turn))
			waitJS(t, ctx, "the position's address", fmt.Sprintf(`location.hash === "#/position/%s%s"`, tt.board, tt.turn))
			if n := evalInt(t, ctx, `document.querySelector(".error").textContent.length`); n != 0 {
				t.Errorf("an error is shown")
			}
		})
	}
	// What cannot be read says so.
	ctx := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit="), chromedp.WaitVisible("#editor-load", chromedp.ByID),
		chromedp.SetValue("#editor-load", "f5 z9", chromedp.ByID), chromedp.Click("#editor-load-button", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the error said", `document.querySelector(".error").textContent.startsWith("transcript:")`)
}

// TestBrowserPositionURL: a position's address (#/position/<64
// squares><side>) opens the editor on it and analyses it; the editor
// copies the board string and the link; a game page copies the link of
// the position it shows.
func TestBrowserPositionURL(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	board, turn := positionOf(t, ts, PositionRequest{Transcript: "f5d6c3d3c4"})
	if turn != "O" {
		t.Fatalf("white is not to move after f5d6c3d3c4")
	}
	_, legal := positionAfter(t, ts, "f5d6c3d3c4")
	ctx := browser(t)
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#/position/"+board+turn), chromedp.WaitVisible("#analyse-position", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, ctx, "the position of the address", board)
	waitJS(t, ctx, "white to move", `document.getElementById("editor-turn").value === "O"`)
	waitJS(t, ctx, "the position analysed", fmt.Sprintf(`document.querySelectorAll("text[data-value]").length === %d`, len(legal)))
	// The copies: the clipboard is the page's, replaced to be read here.
	copied := func(button string) string {
		var s string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`window.copied = ""; navigator.clipboard.writeText = async (s) => { window.copied = s; }; true`, nil),
			chromedp.Click(button, chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "a copy", `window.copied !== ""`)
		chromedp.Run(ctx, chromedp.Evaluate(`window.copied`, &s))
		return s
	}
	if got := copied("#copy-board"); got != board+" O" {
		t.Errorf("the board string copied is %q, want %q", got, board+" O")
	}
	link := ts.http.URL + "/#/position/" + board + "O"
	if got := copied("#copy-link"); got != link {
		t.Errorf("the link copied is %q, want %q", got, link)
	}
	// A game's page copies the link of its position, which opens it.
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Transcript: "f5d6c3d3c4", Time: "0"})
	waitTurn := ts.waitTurn(g.ID, "black")
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("#copy-position", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, ctx, "the game", waitTurn.Board)
	link = ts.http.URL + "/#/position/" + waitTurn.Board + "X"
	if got := copied("#copy-position"); got != link {
		t.Errorf("the game's position link is %q, want %q", got, link)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(link), chromedp.WaitVisible("#analyse-position", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, ctx, "the game's position, opened by its link", waitTurn.Board)
}

// downloads lets the page of ctx download into a folder of its own and
// returns the function that clicks selector and answers the file that
// came of it: its suggested name and its contents; it fails the test if
// no download completes.
func downloads(t *testing.T, ctx context.Context) func(selector string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	var mu sync.Mutex
	names := map[string]string{} // guid -> suggested name
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
		WithBrowserContextID(chromedp.FromContext(ctx).BrowserContextID)); err != nil { // the test's own (see browser)
		t.Fatal(err)
	}
	return func(selector string) (string, string) {
		t.Helper()
		mu.Lock()
		done = nil
		mu.Unlock()
		if err := chromedp.Run(ctx, chromedp.Click(selector, chromedp.ByQuery)); err != nil {
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
			t.Fatalf("%s: no download completed", selector)
		}
		mu.Lock()
		name := names[guid]
		mu.Unlock()
		data, err := os.ReadFile(filepath.Join(dir, guid))
		if err != nil {
			t.Fatal(err)
		}
		return name, string(data)
	}
}

// TestBrowserDownloads: a game's page downloads its GGF record and its
// transcript as files.
func TestBrowserDownloads(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Time: "5s"})
	final := ts.waitFor(g.ID, "finished", func(v GameView) bool { return v.Status == "finished" })
	ctx := browser(t)
	get := downloads(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	resp, err := ts.http.Client().Get(ts.http.URL + "/api/games/" + g.ID + "/ggf")
	if err != nil {
		t.Fatal(err)
	}
	ggf, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ button, name, want string }{
		{"#download-transcript", "reversi-" + g.ID + ".txt", final.Transcript + "\n"},
		{"#download-ggf", "reversi-" + g.ID + ".ggf", string(ggf)},
	} {
		if name, data := get(tt.button); name != tt.name || data != tt.want {
			t.Errorf("%s: downloaded %q:\n%s\nwant %q:\n%s", tt.button, name, data, tt.name, tt.want)
		}
	}
}

// TestBrowserRecordGGF: a record reviewed (a GGF game, as a WTHOR game
// is reviewed, or a transcript with a pass), which no server game holds,
// offers its GGF from the page's own data: every link to a GGF the page
// shows answers, the download is the record (a GGF game as it was
// pasted; a transcript's moves, its pass among them, from its start), and
// the copy too. In English and in Chinese (issue 33, defect 4).
func TestBrowserRecordGGF(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	const record = "(;GM[Othello]PC[WTHOR]PB[Ann]PW[Bob]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3]W[D3];)"
	for _, lang := range [][]string{{"en-US", "en-US,en"}, {"zh-CN", "zh-CN,zh"}} {
		t.Run(lang[0], func(t *testing.T) {
			ctx := browser(t, lang...)
			get := downloads(t, ctx)
			for _, c := range []struct{ name, text, transcript, exact string }{
				{"ggf", record, "f5d6c3d3", record},
				{"transcript", fullGame, fullGame, ""},
			} {
				t.Run(c.name, func(t *testing.T) {
					if err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.http.URL+"/?"+c.name+"#review="+url.PathEscape(c.text))); err != nil {
						t.Fatal(err)
					}
					waitJS(t, ctx, "the record reviewed", `document.querySelectorAll("#moves .mv").length >= 4`)
					// Every link to a GGF that is on the page answers it.
					var bad []string
					if err := chromedp.Run(ctx, chromedp.Evaluate(`Promise.all([...document.querySelectorAll("a[href]")].filter(a => a.offsetParent !== null && /ggf/i.test(a.href + a.download)).map(async a => {
						const r = await fetch(a.href); return r.ok ? "" : a.href + " answers " + r.status })).then(l => l.filter(x => x))`, &bad,
						func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
						t.Fatal(err)
					}
					if len(bad) > 0 {
						t.Fatalf("the record's page offers links that do not answer: %v", bad)
					}
					name, data := get("#download-ggf")
					if !strings.HasSuffix(name, ".ggf") {
						t.Errorf("the record's GGF is downloaded as %q", name)
					}
					if c.exact != "" && strings.TrimSpace(data) != c.exact {
						t.Errorf("the record's GGF downloaded:\n%s\nwant the record:\n%s", data, c.exact)
					}
					var p struct {
						Transcript string `json:"transcript"`
					}
					if code := ts.call("POST", "/api/position", PositionRequest{GGF: data}, &p); code != 200 || !strings.EqualFold(p.Transcript, c.transcript) {
						t.Errorf("the record's GGF downloaded (%d) has the moves %q, want %q:\n%s", code, p.Transcript, c.transcript, data)
					}
				})
			}
		})
	}
}

// TestBrowserPlayOn: a game played on from a pasted GGF game or
// transcript keeps its history: its moves listed, the last one marked on
// the board and said by its square, the game's moves the server's.
func TestBrowserPlayOn(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	for _, tt := range []struct{ name, text, transcript, last string }{
		{"ggf", "(;GM[Othello]PC[x]PB[ann]PW[bob]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3]W[D3];)", "f5d6c3d3", "D3"},
		{"transcript", "F5 d6 C3 d3 c4 f4", "f5d6c3d3c4f4", "F4"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#load", chromedp.ByID),
				chromedp.SetValue("#load", tt.text, chromedp.ByID),
				chromedp.Click(`//button[text()="Play on from it as Black"]`, chromedp.BySearch),
				chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			n := len(tt.transcript) / 2
			waitJS(t, ctx, "the moves listed", fmt.Sprintf(`[...document.querySelectorAll("#moves .mv")].slice(0, %d).map(b => b.textContent).join("") === %q`, n, tt.transcript))
			var last struct {
				Marks int    `json:"marks"`
				Label string `json:"label"`
			}
			if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`({marks: document.querySelectorAll("svg.board rect.last").length,
				label: document.querySelector('rect.sq[data-square="%s"]').getAttribute("aria-label")})`, tt.last), &last)); err != nil {
				t.Fatal(err)
			}
			if last.Marks != 1 || !strings.HasSuffix(last.Label, ", last move") {
				t.Errorf("the last move %s: %d marks, said %q", tt.last, last.Marks, last.Label)
			}
			var path string
			chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
			if v := ts.state(strings.TrimPrefix(path, "/game/")); !strings.HasPrefix(strings.ToLower(v.Transcript), tt.transcript) {
				t.Errorf("the game's moves: %q", v.Transcript)
			}
		})
	}
}
