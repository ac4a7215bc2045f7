// Browser tests of the book and the hints: the opening's name as the game
// goes and in review, the book's moves marked on the board, the hints'
// settings (how many moves, which search, the opponent's turn),
// remembered, and the values coloured by their source with a legend.

package server

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// screens saves the page as name.png at 1366x768 and name-phone.png at
// 390x844 (see screenshot: in the test's folder unless
// REVERSI_SCREENSHOTS names one), then gives the browser its own size
// back.
func screens(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, size := range []struct {
		w, h   int64
		suffix string
		opts   []chromedp.EmulateViewportOption
	}{{1366, 768, "", nil}, {390, 844, "-phone", []chromedp.EmulateViewportOption{chromedp.EmulateMobile}}} {
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(size.w, size.h, size.opts...)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, name+size.suffix)
	}
	if err := chromedp.Run(ctx, chromedp.EmulateReset()); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserBookAndHints: a game started from the Tiger names it; the
// player's turn shows the book moves, marked as the book's with the
// book's values, and the legend; the book switch hides them; the
// analysis values every move (the book's still the book's), or only the
// best n as set, the setting remembered after a reload; the opponent's
// turn has values or none as set; in review the opening is the
// position's.
func TestBrowserBookAndHints(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	// An analysis game: the server helps both people (see TestBrowserNoHelp
	// for a game that it does not).
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Transcript: "f5d6c3d3c4", Time: "0", Analysis: true})
	v := ts.state(g.ID)
	if v.Turn != "white" || v.Opening != "Tiger" || len(v.Book) == 0 {
		t.Fatalf("the game: %s to move, opening %q, book %+v", v.Turn, v.Opening, v.Book)
	}
	openSeat(t, ctx, ts, g, "white", "rect.sq.target")
	waitJS(t, ctx, "the opening named", `document.getElementById("opening").textContent.includes("Tiger")`)

	// The book moves, marked as such, each with the book's value.
	sources := func() []string {
		var got []string
		chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("text[data-value]")].map(e => e.getAttribute("data-value") + ":" + e.getAttribute("data-source") + ":" + e.textContent).sort()`, &got))
		return got
	}
	// Each book move shown once, with the book's value: under 10 discs to a
	// tenth, as a search's, so that +0.2 and -0.2 do not both read 0; a
	// value that rounds to 0 has no sign.
	waitJS(t, ctx, "the book moves", fmt.Sprintf(`document.querySelectorAll("text[data-source=book]").length === %d`, len(v.Book)))
	shown := map[string]string{}
	for _, s := range sources() {
		sq, rest, _ := strings.Cut(s, ":")
		if src, text, _ := strings.Cut(rest, ":"); src == "book" {
			shown[sq] = text
		}
	}
	for _, b := range v.Book {
		text, ok := shown[b.Move]
		if !ok {
			t.Errorf("book move %s not shown (shown %v)", b.Move, shown)
			continue
		}
		digits := 1
		if math.Abs(b.Eval) >= 10 {
			digits = 0
		}
		x, err := strconv.ParseFloat(text, 64)
		_, frac, _ := strings.Cut(text, ".")
		signed := strings.HasPrefix(text, "+") || strings.HasPrefix(text, "-")
		if err != nil || len(frac) != digits || math.Abs(x-b.Eval) > 0.5*math.Pow(10, -float64(digits))+1e-9 || signed == (x == 0) {
			t.Errorf("book move %s of value %v shown as %q", b.Move, b.Eval, text)
		}
	}
	if len(shown) != len(v.Book) {
		t.Errorf("book moves shown %v, want %d: %+v", shown, len(v.Book), v.Book)
	}
	if evalInt(t, ctx, `document.getElementById("legend").hidden ? 0 : document.querySelectorAll("#legend li").length`) < 4 {
		t.Errorf("no legend beside the values")
	}
	// The book switch hides them, and the legend.
	if err := chromedp.Run(ctx, chromedp.Click("#book-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "no values without the book", `document.querySelectorAll("text[data-value]").length === 0 && document.getElementById("legend").hidden`)
	if err := chromedp.Run(ctx, chromedp.Click("#book-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}

	// The analysis: every legal move valued, the book's moves still the
	// book's, the others a search's; then only the best one.
	if err := chromedp.Run(ctx, chromedp.Click("#hint-settings summary", chromedp.ByQuery), chromedp.SetValue("#hint-search", "engine:depth=4,exact=10,wld=12", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("hint-search").dispatchEvent(new Event("change")), true`, nil),
		chromedp.Click("#analysis-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "every legal move valued", fmt.Sprintf(`document.querySelectorAll("text[data-value]").length === %d && document.getElementById("pv").textContent !== ""`, len(v.Legal)))
	for _, s := range sources() {
		sq, src, _ := strings.Cut(s, ":")
		src, _, _ = strings.Cut(src, ":")
		inBook := slices.ContainsFunc(v.Book, func(b BookMoveView) bool { return b.Move == sq })
		if inBook != (src == "book") || (!inBook && src != "depth" && src != "exact" && src != "wld") {
			t.Errorf("%s valued by %q (in the book: %v)", sq, src, inBook)
		}
	}
	screens(t, ctx, "hints")
	var source string
	chromedp.Run(ctx, chromedp.Text("#source", &source, chromedp.ByID))
	if n := strings.Count(source, "depth 4"); n != 1 {
		t.Errorf("the analysis's source says %q: the search chosen named %d times, want once", source, n)
	}
	if err := chromedp.Run(ctx, chromedp.SetValue("#hint-count", "1", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("hint-count").dispatchEvent(new Event("change")), true`, nil)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the best move alone", `document.querySelectorAll("text[data-value]").length === 1 && document.querySelector("rect[data-best]")?.getAttribute("data-best") === document.querySelector("text[data-value]").getAttribute("data-value")`)
	if err := chromedp.Run(ctx, chromedp.Reload(), chromedp.WaitVisible("#hint-settings summary", chromedp.ByQuery), chromedp.Click("#hint-settings summary", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var kept []string
	chromedp.Run(ctx, chromedp.Evaluate(`[document.getElementById("hint-count").value, document.getElementById("hint-search").value]`, &kept))
	if fmt.Sprint(kept) != "[1 engine:depth=4,exact=10,wld=12]" {
		t.Errorf("after a reload the settings are %v", kept)
	}
	waitJS(t, ctx, "one value after the reload (the book's best)", `document.querySelectorAll("text[data-value]").length === 1`)

	// The opponent's turn: values if set so, none if not.
	if err := chromedp.Run(ctx, chromedp.SetValue("#hint-count", "all", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("hint-count").dispatchEvent(new Event("change")), true`, nil)); err != nil {
		t.Fatal(err)
	}
	if code, msg := ts.move(g.ID, g.Tokens["white"], v.Book[0].Move); code != 200 {
		t.Fatalf("white's move: %d %s", code, msg)
	}
	after := ts.waitTurn(g.ID, "black")
	if len(after.Book) == 0 {
		t.Fatalf("black's book moves after white's best: none")
	}
	waitJS(t, ctx, "the opponent's book moves", fmt.Sprintf(`document.querySelectorAll("text[data-source=book]").length === %d`, len(after.Book)))
	if err := chromedp.Run(ctx, chromedp.Click("#hint-opponent", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "no values on the opponent's turn", `document.querySelectorAll("text[data-value]").length === 0 && document.getElementById("legend").hidden`)

	// In review, the opening of the position shown: none after one move,
	// the Tiger after five.
	if err := chromedp.Run(ctx, chromedp.Click(`.mv[data-ply="1"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "no opening after one move", `document.getElementById("review").dataset.at === "1" && document.getElementById("opening").textContent === ""`)
	if err := chromedp.Run(ctx, chromedp.Click(`.mv[data-ply="5"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the Tiger after five moves", `document.getElementById("review").dataset.at === "5" && document.getElementById("opening").textContent.includes("Tiger")`)
}

// TestBrowserEditorBook: the editor's analysis of a position of the book
// marks the book's moves as such.
func TestBrowserEditorBook(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	var p struct {
		Book  []BookMoveView `json:"book"`
		Legal []string       `json:"legal"`
	}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: "f5d6c3d3c4"}, &p); code != 200 || len(p.Book) == 0 {
		t.Fatalf("the Tiger's book moves: %d %+v", code, p.Book)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/#edit=f5d6c3d3c4"), chromedp.WaitVisible("#analyse-position", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the position loaded", `document.getElementById("board-string").textContent.endsWith(" O")`)
	if err := chromedp.Run(ctx, chromedp.Click("#analyse-position", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the book's moves marked", fmt.Sprintf(`document.querySelectorAll("text[data-source=book]").length === %d && document.querySelectorAll("text[data-value]").length === %d`, len(p.Book), len(p.Legal)))
	screens(t, ctx, "editor")
}

// TestBrowserNoHelp: in a game between two people that is not an
// analysis game, the page offers no analysis while it goes on (the switch
// off, saying why) and shows no book moves; once the game is over, the
// switch is back.
func TestBrowserNoHelp(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Transcript: "f5d6c3d3c4f4", Time: "0"})
	if v := ts.state(g.ID); !v.NoHelp || len(v.Book) != 0 {
		t.Fatalf("the game: no help %v, book %+v", v.NoHelp, v.Book)
	}
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	waitJS(t, ctx, "the analysis switch off, saying why", `document.getElementById("analysis-toggle").disabled && document.getElementById("analysis-toggle").parentElement.title.includes("No analysis during a game between players")`)
	var marks int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("text[data-source=book]").length`, &marks)); err != nil || marks != 0 {
		t.Errorf("book moves shown: %d (%v)", marks, err)
	}
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: g.Tokens["black"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	waitJS(t, ctx, "the analysis switch back after the end", `!document.getElementById("analysis-toggle").disabled`)
}

// TestBrowserAnalysisGameForm: the start page's friend game is created
// without help by default, and the game's page says on screen that the
// engine's help is off; with the form's "analysis game" box ticked it is
// an analysis game, which its page says, with the analysis switch on
// offer.
func TestBrowserAnalysisGameForm(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t)
	create := func(analysis bool) GameView {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#create-friend", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		var label string
		if err := chromedp.Run(ctx, chromedp.Text(`label[for="friend-analysis"]`, &label, chromedp.ByQuery)); err != nil {
			t.Fatalf("no analysis game box on the friend form: %v", err)
		}
		if !strings.Contains(label, "Analysis game") {
			t.Errorf("the analysis game box says %q", label)
		}
		if analysis {
			if err := chromedp.Run(ctx, chromedp.Click("#friend-analysis", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Run(ctx, chromedp.Click("#create-friend", chromedp.ByID)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the friend game", `location.pathname.startsWith("/game/") && location.hash.startsWith("#invite=")`)
		var path string
		chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
		return ts.state(strings.TrimPrefix(path, "/game/"))
	}
	noteIs := func(want string) string {
		return fmt.Sprintf(`(() => { const n = document.getElementById("help-note"); return !!n && !n.hidden && n.textContent.includes(%q); })()`, want)
	}
	if v := create(false); !v.NoHelp || v.Analysis {
		t.Errorf("a friend game by default: no help %v, analysis %v; want no help", v.NoHelp, v.Analysis)
	}
	waitJS(t, ctx, "the note that the engine's help is off", noteIs("Engine help is off in this game between players"))
	waitJS(t, ctx, "the analysis switch off", `document.getElementById("analysis-toggle").disabled`)
	screens(t, ctx, "no-help")

	if v := create(true); v.NoHelp || !v.Analysis {
		t.Errorf("a friend game with the analysis game box: no help %v, analysis %v; want an analysis game", v.NoHelp, v.Analysis)
	}
	waitJS(t, ctx, "the note that it is an analysis game", noteIs("An analysis game"))
	waitJS(t, ctx, "the analysis switch on offer", `!document.getElementById("analysis-toggle").disabled`)
}
