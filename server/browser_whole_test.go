// Browser test of the whole-game analysis: every position of a game
// evaluated with its progress, each move's loss and mark, the totals of
// each player, the graphs, and a click on the graph that goes there.

package server

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// ggfLine writes a start position ("<64 squares> X") and moves from it
// as a GGF game, as the page's review does.
func ggfLine(start string, moves []string) string {
	cells, turn, _ := strings.Cut(start, " ")
	color := "B"
	if turn == "O" {
		color = "W"
	}
	side := "*"
	if turn == "O" {
		side = "O"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "(;GM[Othello]BO[8 %s %s]", strings.ReplaceAll(cells, "X", "*"), side)
	for _, m := range moves {
		fmt.Fprintf(&b, "%s[%s]", color, m)
		color = map[string]string{"B": "W", "W": "B"}[color]
	}
	return b.String() + ";)"
}

// TestBrowserWholeGame: a short finished game (from a board with 16
// empty squares, so that every value is exact) is analysed with one
// click: the progress is shown, every move gets its loss against the
// best move of its position (as the server's own analysis of that
// position says), the moves that lose 2, 4 or 8 discs or more are
// marked, each player's total is the sum of their losses, the graphs are
// drawn with their hover values, and a click on the graph shows the
// position there. The same in Chinese, with no English left.
func TestBrowserWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	// A position of a real game with 16 empty squares, black to move.
	const opening = "d3c5e6e3d6c3d2c1b6e7f5c6f6d7c4b4c7b5f8c8a5a4a3b3f2a6a7f3f4e8d8g8b7g4f7g3d1c2e2g5g6f1a2e1b2a1"
	var p struct {
		Board string `json:"board"`
		Turn  string `json:"turn"`
	}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: opening[:88]}, &p); code != 200 {
		t.Fatalf("position: %d", code)
	}
	start := p.Board + map[string]string{"black": " X", "white": " O"}[p.Turn]
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "builtin", Spec: "random:seed=3"}, White: SeatRequest{Kind: "builtin", Spec: "random:seed=5"}, Board: start, Time: "5s"})
	final := ts.waitFor(g.ID, "finished", func(v GameView) bool { return v.Status == "finished" })
	var moves []string
	for _, m := range final.Moves {
		moves = append(moves, m.Square)
	}

	// What the server's analysis says of each move: its loss against the
	// best move of its position.
	type answer struct {
		Turn     string        `json:"turn"`
		Thinking *ThinkingView `json:"thinking"`
	}
	want := map[int]float64{} // ply (1..) -> loss
	total := map[string]float64{}
	marks := 0
	for k, m := range moves {
		if m == "PA" {
			continue
		}
		var a answer
		if code := ts.call("POST", "/api/analyze", AnalyzeRequest{GGF: ggfLine(final.Start, moves[:k]), Player: "engine:depth=8,exact=18,wld=0,prob=100"}, &a); code != 200 || a.Thinking == nil {
			t.Fatalf("analysis of the position after %d moves: %d %+v", k, code, a)
		}
		best, played := math.Inf(-1), math.NaN()
		for _, mv := range a.Thinking.Moves {
			if mv.Kind != "exact" {
				t.Fatalf("after %d moves, %s is valued %s, not exact", k, mv.Move, mv.Kind)
			}
			best = math.Max(best, *mv.Eval)
			if mv.Move == m {
				played = *mv.Eval
			}
		}
		want[k+1] = best - played
		total[a.Turn] += best - played
		if best-played >= 2 {
			marks++
		}
	}
	if marks == 0 {
		t.Fatalf("no move of the game %v loses 2 discs: choose other seeds", moves)
	}

	ctx := browser(t, "en-US", "en-US,en")
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	// Every text of the status line is kept, to see the progress go by.
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.progressSeen = [];
		new MutationObserver(() => window.progressSeen.push(document.getElementById("whole-status").textContent))
			.observe(document.getElementById("whole-status"), {childList: true, characterData: true, subtree: true}); true`, nil),
		chromedp.Click("#analyse-game", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitWholeAnalysis(t, ctx, "the whole game analysed")
	analysed := len(moves) + 1
	for _, m := range moves {
		if m == "PA" {
			analysed--
		}
	}
	var seen []string
	var status string
	chromedp.Run(ctx, chromedp.Evaluate(`window.progressSeen`, &seen), chromedp.Text("#whole-status", &status, chromedp.ByID))
	if first := fmt.Sprintf("Analysing position 1 of %d", analysed); len(seen) < 2 || !strings.HasPrefix(seen[1], first) {
		t.Errorf("the progress shown: %q, want it to start with %q", seen, first)
	}
	if !strings.HasPrefix(status, fmt.Sprintf("Whole game analysed: %d positions", len(moves)+1)) {
		t.Errorf("at the end the status says %q", status)
	}
	var thresholds string
	chromedp.Run(ctx, chromedp.Text("#whole-thresholds", &thresholds, chromedp.ByID))
	for _, s := range []string{"inaccuracy from 2 discs", "mistake from 4", "blunder from 8"} {
		if !strings.Contains(thresholds, s) {
			t.Errorf("the thresholds %q do not say %q", thresholds, s)
		}
	}

	// Each move's loss, and its mark.
	var shown []struct {
		Ply  int     `json:"ply"`
		Loss float64 `json:"loss"`
		Mark string  `json:"mark"`
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#moves .mv[data-loss]")].map(b => ({ply: +b.dataset.ply, loss: +b.dataset.loss,
		mark: b.querySelector(".mark")?.textContent || ""}))`, &shown)); err != nil {
		t.Fatal(err)
	}
	if len(shown) != len(want) {
		t.Errorf("%d moves show a loss, want %d", len(shown), len(want))
	}
	for _, s := range shown {
		mark := ""
		switch l := want[s.Ply]; {
		case l >= 8:
			mark = "??"
		case l >= 4:
			mark = "?"
		case l >= 2:
			mark = "?!"
		}
		if s.Loss != want[s.Ply] || s.Mark != mark {
			t.Errorf("move %d: loss %v marked %q, want %v marked %q", s.Ply, s.Loss, s.Mark, want[s.Ply], mark)
		}
	}
	// The totals of each player.
	for _, c := range []string{"black", "white"} {
		var got string
		chromedp.Run(ctx, chromedp.Text(fmt.Sprintf(`#whole-summary tr[data-color=%s] .total-loss`, c), &got, chromedp.ByQuery))
		if got != fmt.Sprint(total[c]) {
			t.Errorf("%s lost %s discs in all, want %v", c, got, total[c])
		}
	}

	// The graphs: every position's value, the hover, and a click on the
	// evaluation graph where position 3 is.
	if n := evalInt(t, ctx, `document.querySelectorAll("#whole-eval circle.dot").length`); n != len(moves)+1 {
		t.Errorf("the evaluation graph has %d points, want %d", n, len(moves)+1)
	}
	if n := evalInt(t, ctx, `document.querySelectorAll("#whole-loss polyline.line").length`); n != 2 {
		t.Errorf("the disc-loss graph has %d lines, want 2", n)
	}
	var xy []float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const g = document.getElementById("whole-eval");
		g.scrollIntoView({block: "center"});
		const m = g.getScreenCTM();
		const x = 24 + 3 / 60 * (300 - 24 - 4); // position 3 of the 60 the axis shows
		return [m.a * x + m.e, m.d * 60 + m.f];
	})()`, &xy)); err != nil || len(xy) != 2 {
		t.Fatalf("the graph's place of position 3: %v %v", xy, err)
	}
	if err := chromedp.Run(ctx, chromedp.MouseEvent("mouseMoved", xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the hover value of position 3", `document.getElementById("whole-eval").dataset.hover === "3" &&
		document.querySelector("#whole-eval .hover-text").textContent.startsWith("after move 3: ")`)
	if err := chromedp.Run(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	var after struct {
		Board string `json:"board"`
	}
	if code := ts.call("POST", "/api/position", PositionRequest{GGF: ggfLine(final.Start, moves[:3])}, &after); code != 200 {
		t.Fatalf("position after 3 moves: %d", code)
	}
	waitBoard(t, ctx, "after a click on the graph at position 3", after.Board)
	waitJS(t, ctx, "the review at move 3", `document.getElementById("review").dataset.at === "3"`)
	screens(t, ctx, "whole-game")

	// In Chinese: the same analysis, with no English left.
	zh := browser(t, "zh-CN", "zh-CN,zh")
	if err := chromedp.Run(zh, chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery),
		chromedp.Click("#analyse-game", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	waitWholeAnalysis(t, zh, "the whole game analysed")
	checkTranslated(t, zh, "zh-Hans", "a finished game, analysed whole")
}

// TestBrowserSummarySwitched: a person plays the computer from a
// position with 16 empty squares, playing the worst move each time, and
// switches sides after two moves; the whole game's analysis then credits
// each move's loss to the player who made it, not to the colour it was
// made with (the summary's rows are the players, at the colours they
// hold now), and says that they switched; the summary table stays in its
// panel, in English and Chinese, on a desktop and on a phone (issue 33,
// defect 4).
func TestBrowserSummarySwitched(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	const opening = "d3c5e6e3d6c3d2c1b6e7f5c6f6d7c4b4c7b5f8c8a5a4a3b3f2a6a7f3f4e8d8g8b7g4f7g3d1c2e2g5g6f1a2e1b2a1"
	var p struct {
		Board string `json:"board"`
		Turn  string `json:"turn"`
	}
	if code := ts.call("POST", "/api/position", PositionRequest{Transcript: opening[:88]}, &p); code != 200 {
		t.Fatalf("position: %d", code)
	}
	start := p.Board + map[string]string{"black": " X", "white": " O"}[p.Turn]
	me := p.Turn
	other := map[string]string{"black": "white", "white": "black"}
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random:seed=2"}, Board: start, Time: "0"})
	if me != "black" {
		t.Fatalf("the position has %s to move", me)
	}
	token := g.Tokens["black"]
	// The person's moves: the worst of each position, as the analysis
	// values them.
	worst := func(v GameView) string {
		var moves []string
		for _, m := range v.Moves {
			moves = append(moves, m.Square)
		}
		var a struct {
			Thinking *ThinkingView `json:"thinking"`
		}
		if code := ts.call("POST", "/api/analyze", AnalyzeRequest{GGF: ggfLine(v.Start, moves), Player: "engine:depth=8,exact=18,wld=0,prob=100"}, &a); code != 200 || a.Thinking == nil {
			t.Fatalf("analysis after %d moves: %d", len(moves), code)
		}
		w, low := v.Legal[0], math.Inf(1)
		for _, mv := range a.Thinking.Moves {
			if mv.Eval != nil && *mv.Eval < low {
				w, low = mv.Move, *mv.Eval
			}
		}
		return w
	}
	mine := 0
	for {
		// The person's turn with a move to make: a state after the
		// computer's move may have the person to move with none, the
		// referee's pass following it.
		v := ts.waitFor(g.ID, "the person's turn or the end", func(v GameView) bool { return v.Status == "finished" || v.Turn == me && len(v.Legal) > 0 })
		if v.Status == "finished" {
			break
		}
		if mine == 2 {
			var sw SwitchResponse
			if code := ts.call("POST", "/api/games/"+g.ID+"/switch", TokenRequest{Token: token}, &sw); code != 200 {
				t.Fatalf("switch: %d", code)
			}
			me = sw.Color
			mine++
			continue
		}
		if code, msg := ts.move(g.ID, token, worst(v)); code != 200 {
			t.Fatalf("the person's move: %d %s", code, msg)
		}
		mine++
	}
	final := ts.state(g.ID)
	if len(final.Switches) != 1 {
		t.Fatalf("the switches: %v", final.Switches)
	}
	// who says which player made move i: the one at its colour now, or
	// at the other if it was made before the switch.
	who := func(i int) string {
		c := final.Moves[i].Color
		if i < final.Switches[0] {
			return other[c]
		}
		return c
	}
	for _, lang := range [][]string{{"en-US", "en-US,en"}, {"zh-CN", "zh-CN,zh"}} {
		t.Run(lang[0], func(t *testing.T) {
			ctx := browser(t, lang...)
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible("#status.over", chromedp.ByQuery),
				chromedp.Click("#analyse-game", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			waitWholeAnalysis(t, ctx, "the whole game analysed")
			var shown []struct {
				Ply  int     `json:"ply"`
				Loss float64 `json:"loss"`
			}
			if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#moves .mv[data-loss]")].map(b => ({ply: +b.dataset.ply, loss: +b.dataset.loss}))`, &shown)); err != nil {
				t.Fatal(err)
			}
			byPlayer, byColor := map[string]float64{}, map[string]float64{}
			for _, s := range shown {
				byPlayer[who(s.Ply-1)] += s.Loss
				byColor[final.Moves[s.Ply-1].Color] += s.Loss
			}
			if math.Abs(byPlayer["black"]-byColor["black"]) < 0.05 {
				t.Fatalf("the players' losses %v are the colours' %v: choose other moves", byPlayer, byColor)
			}
			for _, c := range []string{"black", "white"} {
				var got string
				chromedp.Run(ctx, chromedp.Text(fmt.Sprintf(`#whole-summary tr[data-color=%s] .total-loss`, c), &got, chromedp.ByQuery))
				if n, err := strconv.ParseFloat(got, 64); err != nil || math.Abs(n-byPlayer[c]) > 0.05 {
					t.Errorf("the player now at %s is credited %s discs lost, want %.1f (the moves made at %s lost %.1f)", c, got, byPlayer[c], c, byColor[c])
				}
			}
			if !untilJS(ctx, `!!document.getElementById("whole-switched")?.textContent`) {
				t.Errorf("the summary does not say that the players switched sides")
			}
			for _, size := range []struct {
				w, h int64
				opts []chromedp.EmulateViewportOption
			}{{1366, 768, nil}, {390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}}} {
				if err := chromedp.Run(ctx, chromedp.EmulateViewport(size.w, size.h, size.opts...)); err != nil {
					t.Fatal(err)
				}
				var fit struct {
					Table, Panel, Page, Window float64
				}
				if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const tb = document.getElementById("whole-summary"), p = tb.closest(".panel");
					const pr = p.getBoundingClientRect(), cs = getComputedStyle(p);
					return { Table: Math.max(tb.getBoundingClientRect().right, tb.getBoundingClientRect().left + tb.scrollWidth),
						Panel: pr.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight) + 0.5,
						Page: document.documentElement.scrollWidth, Window: innerWidth } })()`, &fit)); err != nil {
					t.Fatal(err)
				}
				if fit.Table > fit.Panel || fit.Page > fit.Window {
					t.Errorf("at %dx%d the summary table ends at %.1f, its panel's content at %.1f (the page is %.0f wide in a window of %.0f)", size.w, size.h, fit.Table, fit.Panel, fit.Page, fit.Window)
				}
			}
			screens(t, ctx, "summary-switched-"+lang[0])
		})
	}
}
