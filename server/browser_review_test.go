// Browser tests of the review mode: step through a game, live or
// finished, by keys, the move list and the graph, with the analysis of
// the position shown, and try variations without touching the game.

package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// boardShown returns the board the page draws (64 squares, X O -).
func boardShown(t *testing.T, ctx context.Context) string {
	t.Helper()
	var b string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("circle.disc")].map(c => c.getAttribute("data-c") === "black" ? "X" : c.getAttribute("data-c") === "white" ? "O" : "-").join("")`, &b)); err != nil {
		t.Fatal(err)
	}
	return b
}

// positionAfter returns the board after a transcript, as the server
// reads it, and its legal moves.
func positionAfter(t *testing.T, ts *testServer, transcript string) (string, []string) {
	t.Helper()
	var p struct {
		Board string   `json:"board"`
		Legal []string `json:"legal"`
	}
	req := PositionRequest{Transcript: transcript}
	if transcript == "" {
		req = PositionRequest{Board: "---------------------------OX------XO--------------------------- X"}
	}
	if code := ts.call("POST", "/api/position", req, &p); code != 200 {
		t.Fatalf("position after %q: %d", transcript, code)
	}
	return p.Board, p.Legal
}

// waitBoard waits until the page draws board, and says what it drew if
// it never does.
func waitBoard(t *testing.T, ctx context.Context, what, board string) {
	t.Helper()
	var got string
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got = boardShown(t, ctx); got == board {
			return
		}
	}
	var where string
	chromedp.Run(ctx, chromedp.Text("#review-where", &where, chromedp.ByID))
	t.Fatalf("%s: the board shows\n%s, want\n%s (the review says %q)", what, got, board, where)
}

// press sends a key to the page, away from the board and the text boxes.
func press(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.activeElement?.blur(), true`, nil), chromedp.KeyEvent(key)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserReview: a live game with a history (a transcript) is
// reviewed by the arrow keys, Home and End, a click on a move of the
// list and a click on the graph; the analysis shows the values of the
// position reviewed; a variation is tried from it and the game does not
// change; back to the game, the player plays on. A finished game is
// reviewed too.
func TestBrowserReview(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	const transcript = "f5d6c3d3c4f4"
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Transcript: transcript, Time: "0"})
	live := ts.state(g.ID)
	if live.Turn != "black" || len(live.Moves) != 6 {
		t.Fatalf("the game from %s: %+v", transcript, live)
	}
	ctx := browser(t, "en-US", "en-US,en")
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	waitBoard(t, ctx, "the game", live.Board)

	// The arrow keys: one move back, then one more.
	for _, n := range []int{5, 4} {
		press(t, ctx, kb.ArrowLeft)
		want, _ := positionAfter(t, ts, transcript[:2*n])
		waitBoard(t, ctx, fmt.Sprintf("after ArrowLeft, move %d", n), want)
		waitJS(t, ctx, "the review's place", fmt.Sprintf(`document.getElementById("review-where").textContent.startsWith("Move %d of 6")`, n))
	}
	press(t, ctx, kb.ArrowRight)
	want, _ := positionAfter(t, ts, transcript[:10])
	waitBoard(t, ctx, "after ArrowRight", want)
	press(t, ctx, kb.Home)
	want, _ = positionAfter(t, ts, "")
	waitBoard(t, ctx, "after Home", want)
	press(t, ctx, kb.End)
	waitBoard(t, ctx, "after End (back to the game)", live.Board)
	if n := evalInt(t, ctx, `document.getElementById("review-exit").hidden ? 1 : 0`); n != 1 {
		t.Errorf("after End the page is still reviewing")
	}

	// A click on a move of the list: the position after it.
	if err := chromedp.Run(ctx, chromedp.Click(`#moves .mv[data-ply="2"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	want, _ = positionAfter(t, ts, transcript[:4])
	waitBoard(t, ctx, "after a click on move 2", want)
	if n := evalInt(t, ctx, `document.querySelectorAll("#moves .mv.at").length`); n != 1 {
		t.Errorf("%d moves of the list are marked as shown", n)
	}

	// A click on the graph, where move 3 is: the position after it.
	var xy []float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const g = document.getElementById("eval-graph");
		g.scrollIntoView({ block: "center" });
		const m = g.getScreenCTM();
		const x = 24 + 3 / 60 * (300 - 24 - 4); // the position after move 3, of the 60 the axis shows
		return [m.a * x + m.e, m.d * 60 + m.f];
	})()`, &xy)); err != nil || len(xy) != 2 {
		t.Fatalf("the graph's place of move 3: %v %v", xy, err)
	}
	if err := chromedp.Run(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	afterThree, legal := positionAfter(t, ts, transcript[:6])
	waitBoard(t, ctx, "after a click on the graph at move 3", afterThree)

	// The analysis shows the values of the position reviewed.
	if err := chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the values of the position reviewed", fmt.Sprintf(`document.querySelectorAll("text[data-value]").length === %d`, len(legal)))
	var valued []string
	chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("text[data-value]")].map(t => t.getAttribute("data-value")).sort()`, &valued))
	if strings.Join(valued, " ") != strings.Join(slices.Sorted(slices.Values(legal)), " ") {
		t.Errorf("values on %v, the legal moves of the position reviewed are %v", valued, legal)
	}

	// A variation: a legal move that is not the game's (d3) is tried; the
	// game does not change.
	var other string
	for _, sq := range legal {
		if sq != "D3" {
			other = sq
			break
		}
	}
	before := ts.state(g.ID)
	if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, other), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	want, _ = positionAfter(t, ts, transcript[:6]+strings.ToLower(other))
	waitBoard(t, ctx, "after a variation's move", want)
	waitJS(t, ctx, "the variation said", fmt.Sprintf(`document.getElementById("review-where").textContent.startsWith(%q)`, "Variation after move 3: "+strings.ToLower(other)))
	// Its values go with it: the old position's are gone, the new one's come.
	_, legal2 := positionAfter(t, ts, transcript[:6]+strings.ToLower(other))
	waitJS(t, ctx, "the values of the variation", fmt.Sprintf(`document.querySelectorAll("text[data-value]").length === %d`, len(legal2)))
	press(t, ctx, kb.ArrowLeft)
	waitBoard(t, ctx, "back one move in the variation", afterThree)
	if after := ts.state(g.ID); after.Version != before.Version || len(after.Moves) != 6 {
		t.Fatalf("a variation changed the game: version %d, then %d, %d moves", before.Version, after.Version, len(after.Moves))
	}

	// Back to the game: the player plays on it.
	if err := chromedp.Run(ctx, chromedp.Click("#review-exit", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, ctx, "back to the game", live.Board)
	if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, live.Legal[0]), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	ts.waitFor(g.ID, "the move played", func(v GameView) bool { return len(v.Moves) >= 7 })

	// A finished game is reviewed the same way.
	done := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Time: "5s"})
	final := ts.waitFor(done.ID, "finished", func(v GameView) bool { return v.Status == "finished" })
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+done.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, ctx, "the finished game", final.Board)
	press(t, ctx, kb.ArrowLeft)
	waitJS(t, ctx, "the finished game reviewed", fmt.Sprintf(`document.getElementById("review-where").textContent.startsWith("Move %d of %d")`, len(final.Moves)-1, len(final.Moves)))
	if b := boardShown(t, ctx); b == final.Board {
		t.Errorf("one move back, the finished game's board is its final one")
	}
	screens(t, ctx, "review")
}

// TestBrowserRecordOpensInTheBook: a record opened for review (the Tiger,
// turned half round, in Traditional Chinese) shows at its last position,
// as soon as the page opens, the opening's name in the page's language
// and the book's values of the moves there, as it does when the review
// steps to that position; a record that ends the game shows none.
func TestBrowserRecordOpensInTheBook(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "zh-TW", "zh-TW,zh")
	var book struct {
		Book []BookMoveView `json:"book"`
	}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: "c4e3f6e6f5"}, &book); code != 200 || len(book.Book) == 0 {
		t.Fatalf("the book after c4e3f6e6f5: %d %+v", code, book)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"),
		chromedp.Evaluate(`localStorage.setItem("reversi-lang", "zh-Hant")`, nil),
		chromedp.Navigate(ts.http.URL+"/#review=c4e3f6e6f5")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the record", `document.querySelectorAll("#moves .mv").length === 5`)
	waitJS(t, ctx, "the opening named", `document.querySelector("#opening .opening-name")?.textContent === "虎"`)
	var shown []string
	want := []string{}
	for _, m := range book.Book {
		want = append(want, strings.ToUpper(m.Move))
	}
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("text[data-source=book]")].map(e => e.getAttribute("data-value").toUpperCase()).sort()`, &shown)); err != nil {
			t.Fatal(err)
		}
		if len(shown) > 0 {
			break
		}
	}
	slices.Sort(want)
	if fmt.Sprint(shown) != fmt.Sprint(want) {
		t.Errorf("the book's values are drawn on %v, want the book moves %v", shown, want)
	}
	checkTranslated(t, ctx, "zh-Hant", "a record reviewed in the book")
}
