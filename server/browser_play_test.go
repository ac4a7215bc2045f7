// Browser tests of the play options: a game clock chosen on the start
// page, the board flipped, a rematch of a finished game.

package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPlayOptions: the start page starts a game with a game clock
// (5 minutes a side, no move clock), shown on the page; the board flips
// (H8 at the top left, the same discs, a click plays the square clicked)
// and stays flipped after a reload; a finished game offers a rematch:
// the same players with the colours swapped, the same clocks and the
// same opening, the player holding their new seat.
func TestBrowserPlayOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")

	// A game clock.
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#play", chromedp.ByID),
		chromedp.SetValue("#opponent", "random", chromedp.ByID), chromedp.SetValue("#time", "game:5m", chromedp.ByID),
		chromedp.Click("#play", chromedp.ByID), chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var path string
	chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
	id := strings.TrimPrefix(path, "/game/")
	v := ts.state(id)
	if v.GameTimeMS != 300000 || v.MoveTimeMS != 0 {
		t.Fatalf("the game's clocks: %d ms a game, %d ms a move; want 5 min a game and no move clock", v.GameTimeMS, v.MoveTimeMS)
	}
	waitJS(t, ctx, "the game clock shown", `/[45]:[0-5][0-9]/.test(document.querySelector("#seat-black .meta").textContent)`)

	// The board flipped: H8 at the top left, the same discs, a click plays
	// the square clicked.
	before := boardShown(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Click("#flip", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	var corner []string
	chromedp.Run(ctx, chromedp.Evaluate(`[document.querySelector('rect.sq[data-square="H8"]').getAttribute("x"), document.querySelector('rect.sq[data-square="H8"]').getAttribute("y"),
		document.querySelector("text.coord").textContent]`, &corner))
	if fmt.Sprint(corner) != "[0 0 H]" {
		t.Errorf("flipped, H8 is at x, y and the first file is %v, want [0 0 H]", corner)
	}
	if after := boardShown(t, ctx); after != before {
		t.Errorf("flipped, the board shows\n%s, not\n%s", after, before)
	}
	v = ts.state(id)
	sq := v.Legal[0]
	if err := chromedp.Run(ctx, chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, sq), chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	played := ts.waitFor(id, "the move played", func(v GameView) bool { return len(v.Moves) >= 1 })
	if played.Moves[0].Square != sq {
		t.Errorf("a click on %s of the flipped board played %s", sq, played.Moves[0].Square)
	}
	if err := chromedp.Run(ctx, chromedp.Reload(), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the board still flipped", `document.querySelector("svg.board").dataset.flipped === "true"`)
	if err := chromedp.Run(ctx, chromedp.Click("#flip", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the board back", `document.querySelector('rect.sq[data-square="A1"]').getAttribute("x") === "0"`)

	// A rematch: the game (from an XOT opening) resigned, the page offers
	// one; the new game has the colours swapped, the same clocks and the
	// same opening, and the player holds White.
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Time: "30s", GameTime: "10m", Opening: "xot"})
	opening := ts.state(g.ID).Moves
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	if n := evalInt(t, ctx, `document.getElementById("rematch").hidden ? 1 : 0`); n != 1 {
		t.Errorf("a game in play offers a rematch")
	}
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: g.Tokens["black"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	if err := chromedp.Run(ctx, chromedp.WaitVisible("#rematch", chromedp.ByID), chromedp.Click("#rematch", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the new game", fmt.Sprintf(`location.pathname.startsWith("/game/") && location.pathname !== "/game/%s"`, g.ID))
	chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
	again := ts.state(strings.TrimPrefix(path, "/game/"))
	if again.Black.Kind != "builtin" || again.Black.Name != "greedy" || again.White.Kind != "human" || again.White.Name != "ann" ||
		again.MoveTimeMS != 30000 || again.GameTimeMS != 600000 {
		t.Fatalf("the rematch: %+v %+v, %d ms a move, %d ms a game", again.Black, again.White, again.MoveTimeMS, again.GameTimeMS)
	}
	if again.OpeningMoves != 8 || len(again.Moves) < 8 || len(opening) != 8 {
		t.Fatalf("the rematch of an XOT game: %d opening moves of %d, want the game's 8", again.OpeningMoves, len(again.Moves))
	}
	for i, m := range opening {
		if again.Moves[i].Square != m.Square {
			t.Fatalf("the rematch's move %d is %s, the game's %s", i+1, again.Moves[i].Square, m.Square)
		}
	}
	// White's seat is this page's: after Black's move, it plays.
	if err := chromedp.Run(ctx, chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the player's seat", `document.querySelector("#seat-white .name").textContent.includes("(you)")`)
}

// TestBrowserFriendRematch: a finished game between two friends, each in
// a browser: one asks for a rematch and waits, the other is told and
// accepts; both are then in the new game, the colours swapped, each
// holding their seat.
func TestBrowserFriendRematch(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "0"})
	var j struct{ Color, Token string }
	if code := ts.call("POST", "/api/games/"+g.ID+"/join", JoinRequest{Kind: "human", Name: "bob", Invite: g.Invite}, &j); code != 200 {
		t.Fatalf("join: %d", code)
	}
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", TokenRequest{Token: g.Tokens["black"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ts.waitFor(g.ID, "the end", func(v GameView) bool { return v.Status == "finished" })
	ann := browser(t, "en-US", "en-US,en")
	bob := browser(t, "en-US", "en-US,en")
	openSeat(t, ann, ts, g, "black", "#rematch")
	g.Tokens["white"] = j.Token
	openSeat(t, bob, ts, g, "white", "#rematch")
	if err := chromedp.Run(ann, chromedp.Click("#rematch", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ann, "ann waits", `document.getElementById("rematch").disabled && document.getElementById("rematch-note").textContent.includes("waiting")`)
	waitJS(t, bob, "bob is asked", `document.getElementById("rematch").textContent === "Accept the rematch" && !document.getElementById("rematch-note").hidden`)
	if err := chromedp.Run(bob, chromedp.Click("#rematch", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	at := func(ctx context.Context) string {
		waitJS(t, ctx, "the new game", fmt.Sprintf(`location.pathname.startsWith("/game/") && location.pathname !== "/game/%s" && !!document.querySelector("#seat-white .name")?.textContent`, g.ID))
		var path string
		chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
		return strings.TrimPrefix(path, "/game/")
	}
	a, b := at(ann), at(bob)
	if a != b {
		t.Fatalf("ann is in game %s, bob in %s", a, b)
	}
	v := ts.state(a)
	if v.Black.Name != "bob" || v.White.Name != "ann" {
		t.Fatalf("the rematch: %s - %s, want bob - ann", v.Black.Name, v.White.Name)
	}
	waitJS(t, ann, "ann holds White", `document.querySelector("#seat-white .name").textContent.includes("(you)")`)
	waitJS(t, bob, "bob holds Black, to move", `document.querySelector("#seat-black .name").textContent.includes("(you)") && document.querySelectorAll("rect.sq.target").length > 0`)
}

// TestBrowserSwitchSides: against the computer, the player switches
// sides and the same game goes on (as in Egaroucid): the same address,
// the moves and their list kept, the computer playing the player's colour
// from the position as it stands (and moving at once), the player the
// other; the game is not ended. Then back again, on the computer's turn.
func TestBrowserSwitchSides(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ctx := browser(t, "en-US", "en-US,en")
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "greedy"}, Transcript: "f5d6c3d3", Time: "0"})
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	if err := chromedp.Run(ctx, chromedp.WaitVisible("#switch-sides", chromedp.ByID), chromedp.Click("#switch-sides", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the player White, the computer's move as Black shown", `document.querySelector("#seat-white .name")?.textContent.includes("(you)") &&
		document.querySelectorAll("#moves .mv").length >= 5 && document.querySelectorAll("rect.sq.target").length > 0`)
	var path string
	chromedp.Run(ctx, chromedp.Evaluate(`location.pathname`, &path))
	if path != "/game/"+g.ID {
		t.Fatalf("after the switch the page is %s, not the game's /game/%s", path, g.ID)
	}
	v := ts.state(g.ID)
	if v.Status != "playing" || v.Black.Kind != "builtin" || v.Black.Name != "Greedy" && v.Black.Name != "greedy" || v.White.Kind != "human" || v.White.Name != "ann" ||
		!strings.HasPrefix(strings.ToLower(v.Transcript), "f5d6c3d3") || len(v.Moves) < 5 || v.Moves[4].Color != "black" {
		t.Fatalf("the game after the switch: %s, %+v - %+v after %q", v.Status, v.Black, v.White, v.Transcript)
	}
	// The player moves as White by a click.
	var sq string
	chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("rect.sq.target").getAttribute("data-square")`, &sq))
	plies := len(v.Moves)
	if err := chromedp.Run(ctx, chromedp.Click(`rect.sq[data-square="`+sq+`"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	v = ts.waitFor(g.ID, "the player's move as White", func(v GameView) bool { return len(v.Moves) > plies })
	if m := v.Moves[plies]; m.Color != "white" || m.Square != sq {
		t.Fatalf("the click on %s played %+v", sq, m)
	}
	// Back again: the player Black.
	waitJS(t, ctx, "the switch offered", `!document.getElementById("switch-sides").hidden`)
	if err := chromedp.Run(ctx, chromedp.Click("#switch-sides", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the player Black again", `document.querySelector("#seat-black .name")?.textContent.includes("(you)")`)
	if v := ts.state(g.ID); v.Status != "playing" || v.Black.Name != "ann" || v.White.Kind != "builtin" {
		t.Fatalf("switched back: %s, %+v - %+v", v.Status, v.Black, v.White)
	}
}

// TestBrowserFriendGame: a game with a friend as each sees it: the host
// waits, told to send the link, with a button that copies it (saying
// so); the invitee is told they are invited and offered the seat, not
// told to send a link; an outsider is told they watch, with no move box;
// once joined, both play and neither is offered an undo the server
// would refuse.
func TestBrowserFriendGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	en := readTable(t, "en.json")
	host := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(host, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#create-friend", chromedp.ByID),
		chromedp.SetValue("#friend-colour", "black", chromedp.ByID), chromedp.Click("#create-friend", chromedp.ByID),
		chromedp.WaitVisible("#copy-invite", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	var path string
	chromedp.Run(host, chromedp.Evaluate(`location.pathname`, &path))
	id := strings.TrimPrefix(path, "/game/")
	waitJS(t, host, "the host's status", fmt.Sprintf(`document.getElementById("status").textContent === %q`, en["status.waitingFriend"]))
	var link string
	if err := chromedp.Run(host, chromedp.Evaluate(`window.copied = ""; navigator.clipboard.writeText = async (s) => { window.copied = s; }; true`, nil),
		chromedp.Click("#copy-invite", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, host, "the link copied, and said", fmt.Sprintf(`window.copied.startsWith(location.origin + "/game/%s#invite=") && document.getElementById("copy-invite").textContent === %q`, id, en["copy.done"]))
	chromedp.Run(host, chromedp.Evaluate(`window.copied`, &link))

	guest := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(guest, chromedp.Navigate(link), chromedp.WaitVisible("#join", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, guest, "the invitee's status", fmt.Sprintf(`document.getElementById("status").textContent === %q && document.getElementById("copy-invite").hidden`, en["status.invited"]))

	outsider := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(outsider, chromedp.Navigate(ts.http.URL+"/game/"+id), chromedp.WaitVisible("svg.board", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, outsider, "the outsider's status", fmt.Sprintf(`document.getElementById("status").textContent === %q && document.getElementById("join").hidden && document.getElementById("move-box").hidden`, en["status.waitingInvited"]))

	if err := chromedp.Run(guest, chromedp.Click("#join", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, host, "the host to move", `document.querySelectorAll("rect.sq.target").length > 0`)
	if err := chromedp.Run(host, chromedp.Click(`rect.sq[data-square="F5"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, guest, "the guest to move", `document.querySelectorAll("rect.sq.target").length > 0 && document.querySelector("#seat-white .name").textContent.includes("(you)")`)
	for _, ctx := range []context.Context{host, guest} {
		if evalInt(t, ctx, `document.getElementById("undo").hidden && !document.getElementById("resign").hidden ? 1 : 0`) != 1 {
			t.Errorf("a friend game offers an undo (the server refuses it) or no resignation")
		}
	}
	waitJS(t, outsider, "the outsider watching", `document.getElementById("status").textContent.startsWith("You are watching") && document.getElementById("move-box").hidden`)
}

// TestBrowserResignAhead: a player far ahead on the board who resigns
// with the page's button loses (a resignation is not scored by the
// discs), and the page and the list of games say so; the analysis's
// values go with the game's end.
func TestBrowserResignAhead(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	ahead := "XXXXXXXX" + "XXXXXXXX" + "--------" + "---OX---" + "---XO---" + strings.Repeat("-", 24) + " X" // Black 18, White 2
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Board: ahead, Time: "0"})
	ctx := browser(t, "en-US", "en-US,en")
	openSeat(t, ctx, ts, g, "black", "rect.sq.target")
	if err := chromedp.Run(ctx, chromedp.Click("#analysis-toggle", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the analysis's values", `document.querySelectorAll("text[data-value]").length > 0`)
	var status string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.confirm = () => true`, nil), chromedp.Click("#resign", chromedp.ByID),
		chromedp.WaitVisible("#status.over", chromedp.ByQuery), chromedp.Text("#status", &status, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	// The values were the position's while it was to be played: the
	// game over, they are gone.
	if n := evalInt(t, ctx, `document.querySelectorAll("text[data-value]").length`); n != 0 {
		t.Errorf("after the end %d analysis values stay on the board", n)
	}
	v := ts.state(g.ID)
	if v.Result.Winner != "white" || v.Result.Reason != "resignation" || v.Result.By != "black" {
		t.Fatalf("Black resigned 18-2 ahead: %+v", v.Result)
	}
	if !strings.HasPrefix(status, "Random (white) wins") || !strings.Contains(status, "black resigned") {
		t.Errorf("the page says %q", status)
	}
	var row string
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible(fmt.Sprintf(`a[href="/game/%s"]`, g.ID), chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('a[href="/game/%s"]').closest("tr").querySelector(".state").textContent`, g.ID), &row)); err != nil {
		t.Fatal(err)
	}
	if row != "white won (black resigned)" {
		t.Errorf("the list says %q", row)
	}
}
