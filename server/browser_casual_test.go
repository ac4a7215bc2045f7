// Browser tests of a casual game's first minutes: no clock unless the
// player chooses one, a clock that starts when the page shows the board,
// hints that do not keep the player waiting, the book's values off in a
// real game, and every value's point of view said on the screen.

package server

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserCasualClock: the start page makes games without a clock by
// default, against the computer and with a friend, and offers the
// course's 60 s a move; a game with a clock made before its page is open
// waits for it (its person's clock has not run), and the page, once
// open, starts it: the player who does not move then loses on time.
func TestBrowserCasualClock(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t)
	var chosen []string
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.Evaluate(`[document.getElementById("time").value, document.getElementById("friend-time").value,
			document.querySelector('#time option[value="60s"]')?.textContent ?? "", document.querySelector('#friend-time option[value="60s"]')?.textContent ?? ""]`, &chosen)); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(chosen) != "[0 0 60 s a move 60 s a move]" {
		t.Errorf("the start page's clocks (computer, friend, the 60 s offers): %q; want no clock by default, 60 s a move offered", chosen)
	}
	gameOf := func() GameView {
		t.Helper()
		waitJS(t, ctx, "the game page", `location.pathname.startsWith("/game/")`)
		var path string
		chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
		return ts.state(strings.TrimPrefix(path, "/game/"))
	}
	if err := chromedp.Run(ctx, chromedp.SetValue("#opponent", "random", chromedp.ByID), chromedp.Click("#play", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if v := gameOf(); v.MoveTimeMS != 0 || v.GameTimeMS != 0 {
		t.Errorf("a game against the computer made with the defaults: %d ms a move, %d ms a game; want no clock", v.MoveTimeMS, v.GameTimeMS)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#create-friend", chromedp.ByID), chromedp.Click("#create-friend", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if v := gameOf(); v.MoveTimeMS != 0 || v.GameTimeMS != 0 || v.Status != "waiting" {
		t.Errorf("a game with a friend made with the defaults: %s, %d ms a move, %d ms a game; want no clock", v.Status, v.MoveTimeMS, v.GameTimeMS)
	}

	// A game with a clock, made before its page is open.
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "300ms"})
	time.Sleep(1500 * time.Millisecond) // five times the limit, had the clock run
	if v := ts.state(g.ID); v.Status != "playing" || !v.ClockWaits {
		t.Fatalf("before its page is open: %s, clock_waits %v, result %+v; want the game waiting for the player", v.Status, v.ClockWaits, v.Result)
	}
	openSeat(t, ctx, ts, g, "black", "svg.board")
	v := ts.waitFor(g.ID, "the game over", func(v GameView) bool { return v.Status == "finished" })
	if v.Result.Reason != "timeout" || v.Result.Winner != "white" {
		t.Errorf("the player who opened the page and did not move: %+v, want a loss on time", *v.Result)
	}
}

// TestBrowserHintsFirst: with the analysis on in a live game, the values
// of the position shown are asked for at once: the graph's background
// analysis of the game's other positions (one request at a time, which
// holds the client's analysis slot) gives its request up first, so that
// the player's clock does not run while the page waits behind it; it
// goes on afterwards.
func TestBrowserHintsFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t)
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "engine:level=1"},
		Transcript: "f5d6c3d3c4f4f6f3e6e7", Time: "0"})
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	// The page's analysis requests, watched: those of the graph (a GGF
	// game) pending, and any request for a position's values (a board)
	// sent while one of them was.
	const watch = `(() => {
	  const w = window.watched = { pending: 0, fills: 0, boards: 0, behind: [] };
	  const real = window.fetch;
	  window.fetch = (url, opts) => {
	    if (String(url).startsWith("/api/analyze") && opts?.body) {
	      const body = JSON.parse(opts.body);
	      if (body.ggf) {
	        w.pending++; w.fills++;
	        let over = false;
	        const end = () => { if (!over) { over = true; w.pending--; } };
	        opts.signal?.addEventListener("abort", end);
	        return real(url, opts).finally(end);
	      }
	      if (body.board) { w.boards++; if (w.pending > 0) w.behind.push(body.board); }
	    }
	    return real(url, opts);
	  };
	  return true;
	})()`
	if err := chromedp.Run(ctx, chromedp.Evaluate(watch, nil), chromedp.Click("#analysis-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	for move := 0; move < 3; move++ {
		v := ts.waitTurn(g.ID, "black")
		if v.Status != "playing" {
			break
		}
		// The graph's analysis under way, then the move: the values of the
		// next positions are asked for while it is.
		waitJS(t, ctx, "the graph's analysis under way", `window.watched.pending > 0`)
		boards := evalInt(t, ctx, `window.watched.boards`)
		if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, v.Legal[0]), chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the next position's values asked for", fmt.Sprintf(`window.watched.boards > %d`, boards))
	}
	var behind []string
	chromedp.Run(ctx, chromedp.Evaluate(`window.watched.behind`, &behind))
	if len(behind) > 0 {
		t.Errorf("the values of %d positions were asked for behind the graph's analysis: %q", len(behind), behind)
	}
	// The position's values come, and the graph's analysis goes on.
	ts.waitTurn(g.ID, "black")
	waitJS(t, ctx, "the values of the player's position", `document.querySelectorAll("text[data-value]").length > 0 && document.getElementById("pv").textContent !== ""`)
	fills := evalInt(t, ctx, `window.watched.fills`)
	waitJS(t, ctx, "the graph's analysis going on", fmt.Sprintf(`window.watched.fills > %d`, fills))
}

// TestBrowserRealGameValues: in a real game (not an analysis game) the
// board shows no book values by default, and the book switch shows them
// (naming whose they are: the side to move's); the last computer move's
// value is said for Black, as the graph below it is (White's own +x is
// Black's -x).
func TestBrowserRealGameValues(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t)
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "engine:level=2,book=off"}, Time: "0"})
	v := ts.waitTurn(g.ID, "black")
	if len(v.Book) == 0 || v.NoHelp {
		t.Fatalf("the start's book moves: %+v (no help %v)", v.Book, v.NoHelp)
	}
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	var boxed bool
	chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("book-toggle").checked`, &boxed))
	if n := evalInt(t, ctx, `document.querySelectorAll("text[data-value]").length`); n != 0 || boxed {
		t.Errorf("a real game's first position: %d values on the board, the book switch on: %v; want none, off", n, boxed)
	}
	if err := chromedp.Run(ctx, chromedp.Click("#book-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the book's values once asked for", fmt.Sprintf(`document.querySelectorAll("text[data-source=book]").length === %d`, len(v.Book)))
	waitJS(t, ctx, "whose values they are", `document.getElementById("values-for").textContent === "The values on the board are for Black, the side to move." && !document.getElementById("values-for").hidden`)
	if err := chromedp.Run(ctx, chromedp.Click("#book-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "no values again", `document.querySelectorAll("text[data-value]").length === 0 && document.getElementById("values-for").hidden`)

	// The computer's move: its value for Black.
	if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, v.Legal[0]), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	after := ts.waitFor(g.ID, "the computer's move with its value", func(v GameView) bool { return len(v.Moves) >= 2 && v.Thinking != nil && v.Thinking.Eval != nil })
	th := after.Thinking
	if th.For != "white" || th.Unit != "discs" {
		t.Fatalf("the computer's thinking: for %q in %q", th.For, th.Unit)
	}
	want := -*th.Eval
	waitJS(t, ctx, "the last move's value", `document.getElementById("pv").textContent.startsWith("Last computer move: ")`)
	var line string
	chromedp.Run(ctx, chromedp.Text("#pv", &line, chromedp.ByID))
	rest := strings.TrimPrefix(line, "Last computer move: ")
	value, forWhom, _ := strings.Cut(rest, " ")
	shown, err := strconv.ParseFloat(strings.ReplaceAll(value, "−", "-"), 64)
	if err != nil || !strings.HasPrefix(forWhom, "for Black") || shown-want > 0.051 || want-shown > 0.051 {
		t.Errorf("the last computer move says %q; want its value for Black, %+.1f (White's own %+.1f)", line, want, *th.Eval)
	}
}
