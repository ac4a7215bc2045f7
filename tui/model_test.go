package tui

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
	"github.com/reversi-engine/reversi/textboard"
)

// press returns the message of a key as bubbletea reports it: "up",
// "enter", "space", "esc", "ctrl+c", or a character.
func press(s string) tea.KeyPressMsg {
	switch s {
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

var epoch = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// human is a model of a human (black, "ann") against the computer
// (white, "roxanne") at the position of transcript, black's turn asked
// for, with undo allowed.
func human(t *testing.T, lang Lang, transcript string) (*model, *turn) {
	t.Helper()
	g := game.New(board.Start(), game.Standard)
	if err := g.PlayTranscript(transcript); err != nil {
		t.Fatal(err)
	}
	m := newModel(Config{Lang: lang, Names: [2]string{"ann", "roxanne"}, Humans: [2]bool{true, false}, MoveTimes: [2]time.Duration{time.Minute, time.Minute}}, func() time.Time { return epoch })
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(eventMsg{ev: referee.Event{Kind: referee.Started, Game: g.Clone()}, at: epoch})
	tn := &turn{color: board.Black, req: player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), TimeLeft: time.Minute, CanUndo: g.Ply() > 0}, reply: make(chan player.Reply, 1)}
	m.Update(turnMsg{t: tn, at: epoch})
	return m, tn
}

// replied returns the reply of tn, if there is one.
func replied(tn *turn) (player.Reply, bool) {
	select {
	case r := <-tn.reply:
		return r, true
	default:
		return player.Reply{}, false
	}
}

func TestKeys(t *testing.T) {
	sq := func(s string) board.Square {
		q, err := board.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	for _, tc := range []struct {
		name       string
		transcript string
		keys       []string
		cursor     string        // where the cursor ends ("" : not checked)
		reply      *player.Reply // nil: no reply
		message    string        // a part of the message ("" : none)
	}{
		{name: "the cursor starts on the first legal move", keys: nil, cursor: "D3"},
		{name: "arrows", keys: []string{"down", "down", "right", "up", "left", "left"}, cursor: "C4"},
		{name: "hjkl", keys: []string{"j", "j", "l", "k", "h", "h"}, cursor: "C4"},
		{name: "the cursor stays on the board", keys: []string{"up", "up", "up", "up", "left", "left", "left", "left", "left"}, cursor: "A1"},
		{name: "enter plays the cursor's square", keys: []string{"enter"}, reply: &player.Reply{Move: sq("D3")}},
		{name: "space plays too", keys: []string{"down", "left", "space"}, reply: &player.Reply{Move: sq("C4")}},
		{name: "an illegal square is explained, not sent", keys: []string{"right", "enter"}, cursor: "E3", message: "E3 is not a legal move here; legal moves: D3 C4 F5 E6"},
		{name: "a typed square moves the cursor and waits", keys: []string{"f", "5"}, cursor: "F5"},
		{name: "a typed square and Enter", keys: []string{"f", "5", "enter"}, cursor: "F5", reply: &player.Reply{Move: sq("F5")}},
		{name: "a typed square and space", keys: []string{"c", "4", "space"}, cursor: "C4", reply: &player.Reply{Move: sq("C4")}},
		{name: "a typed square, then the arrows", keys: []string{"f", "5", "right", "enter"}, cursor: "G5", message: "G5 is not a legal move here"},
		{name: "a typed square on column h", keys: []string{"h", "3"}, cursor: "H3", message: "H3 is not a legal move here"},
		{name: "h alone moves left", keys: []string{"h"}, cursor: "C3"},
		{name: "a typed illegal square", keys: []string{"a", "1"}, cursor: "A1", message: "A1 is not a legal move"},
		{name: "a typed illegal square and Enter", keys: []string{"a", "1", "enter"}, cursor: "A1", message: "A1 is not a legal move"},
		{name: "undo", transcript: "f5d6", keys: []string{"u"}, reply: &player.Reply{Undo: true}},
		{name: "no undo at the start", keys: []string{"u"}, message: "Undo is not available now"},
		{name: "resign asks first", keys: []string{"r"}, message: "Resign this game?"},
		{name: "resign confirmed", keys: []string{"r", "y"}, reply: &player.Reply{Resign: true}},
		{name: "resign refused", keys: []string{"r", "n"}},
		{name: "Q asks first", keys: []string{"Q"}, message: "count the discs"},
		{name: "Q confirmed", keys: []string{"Q", "y"}, reply: &player.Reply{Count: true}},
		{name: "q is not Q", keys: []string{"q"}},
		{name: "hints without an analyst", keys: []string{"v"}, message: "Hints are not available"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, tn := human(t, English, tc.transcript)
			for _, k := range tc.keys {
				m.Update(press(k))
			}
			if tc.cursor != "" && m.cursor.String() != tc.cursor {
				t.Errorf("cursor on %v, want %s", m.cursor, tc.cursor)
			}
			r, ok := replied(tn)
			switch {
			case tc.reply == nil && ok:
				t.Errorf("replied %+v, want no reply", r)
			case tc.reply != nil && !ok:
				t.Errorf("no reply, want %+v", *tc.reply)
			case tc.reply != nil && (r.Move != tc.reply.Move || r.Undo != tc.reply.Undo || r.Resign != tc.reply.Resign || r.Count != tc.reply.Count):
				t.Errorf("replied %+v, want %+v", r, *tc.reply)
			}
			if !strings.Contains(m.message, tc.message) || tc.message == "" && m.message != "" {
				t.Errorf("message %q, want %q", m.message, tc.message)
			}
		})
	}
}

// TestTypedSquareThenEnter plays the keys of issue 31 against a computer
// that answers at once: a square typed and Enter, as in the line mode.
// The human plays the typed square and nothing more: the Enter is not
// played again on the cursor's square of the next turn, which the human
// never chose (it made F5 F6 D3).
func TestTypedSquareThenEnter(t *testing.T) {
	m, tn := human(t, English, "")
	g := game.New(board.Start(), game.Standard)
	var played []string
	for _, k := range []string{"f", "5", "enter"} {
		m.Update(press(k))
		if k == "5" && !strings.Contains(ansi.Strip(m.render()), "F5: Enter or space plays it") {
			t.Errorf("after f5 the screen does not say how to play it:\n%s", ansi.Strip(m.render()))
		}
		r, ok := replied(tn)
		if !ok {
			continue
		}
		played = append(played, r.Move.String())
		// The computer answers with its first legal move, and the
		// human is asked again.
		if err := g.Play(game.Move{Square: r.Move}); err != nil {
			t.Fatalf("%v: %v", r.Move, err)
		}
		if err := g.Play(game.Move{Square: firstLegal(g.Legal())}); err != nil {
			t.Fatal(err)
		}
		m.Update(eventMsg{ev: referee.Event{Kind: referee.Moved, Game: g.Clone(), Color: board.White}, at: epoch})
		tn = &turn{color: board.Black, req: player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), CanUndo: true}, reply: make(chan player.Reply, 1)}
		m.Update(turnMsg{t: tn, at: epoch})
	}
	if got := strings.Join(played, " "); got != "F5" {
		t.Errorf("f5 Enter played %q, want F5 alone", got)
	}
}

// TestKeysOutOfTurn checks that the keys of a move do nothing while the
// computer thinks.
func TestKeysOutOfTurn(t *testing.T) {
	m, tn := human(t, English, "")
	m.Update(press("enter"))
	<-tn.reply
	for _, k := range []string{"enter", "u", "r", "y", "Q", "y", "v"} {
		m.Update(press(k))
		if !strings.Contains(m.message, "Wait for your turn") {
			t.Errorf("after %s: message %q, want to wait", k, m.message)
		}
	}
}

func TestCtrlCStopsTheGame(t *testing.T) {
	m, _ := human(t, English, "")
	stopped := false
	m.stop = func() { stopped = true }
	if cmd := m.key(press("ctrl+c")); cmd != nil || !stopped {
		t.Fatalf("Ctrl-C: stopped %v, command %v; want the game stopped and the screen kept until the referee returns", stopped, cmd)
	}
	_, cmd := m.Update(gameOverMsg{err: referee.ErrAborted})
	if cmd == nil {
		t.Fatal("the referee's return after Ctrl-C does not leave the screen")
	}
}

func TestResultScreenWaitsForQ(t *testing.T) {
	m, tn := human(t, English, "")
	m.Update(press("r"))
	m.Update(press("y"))
	<-tn.reply
	g := m.g.Clone()
	g.Result = game.NewResult(g.Position(), game.Resignation, board.Black)
	m.Update(eventMsg{ev: referee.Event{Kind: referee.Ended, Game: g}, at: epoch})
	if _, cmd := m.Update(gameOverMsg{g: g}); cmd != nil {
		t.Fatal("the end of the game leaves the screen at once")
	}
	screen := ansi.Strip(m.render())
	for _, want := range []string{"Game over.", "Roxanne (white) wins · black resigned · board 2-2", "q: leave"} {
		if !strings.Contains(screen, want) {
			t.Errorf("result screen lacks %q:\n%s", want, screen)
		}
	}
	if _, cmd := m.Update(press("x")); cmd != nil {
		t.Error("x leaves the result screen")
	}
	if _, cmd := m.Update(press("q")); cmd == nil {
		t.Error("q does not leave the result screen")
	}
}

// TestRender draws a known position in each language: the human (black)
// to move after the computer's move with what it thought, and the hints.
func TestRender(t *testing.T) {
	wantBoard := `   A  B  C  D  E  F  G  H
1
2        ·
3        ●  ○  ·
4       [·] ○  ●
5        ·  ○  ●  ●
6        ·  ○
7        ·
8`
	for _, tc := range []struct {
		lang Lang
		want []string
	}{
		{English, []string{
			"reversi · ann (black) vs Roxanne (white) · standard rules · 1 min a move",
			"● ann (black)       4 discs  total 0:00  ◀ to move",
			"○ Roxanne (white)   4 discs  total 0:00",
			"last move: D3 (white)",
			"Opening: Perpendicular Opening",
			"ann (black): your move",
			"60 s left for this move",
			"Roxanne played D3",
			"+1.2 discs for white · depth 12 · 2000 nodes/s",
			"line D3 C4 F4",
			"Values for black to move (discs, the final margin):",
			"E3  -1.5 discs      10",
			"C4  +2 discs     exact",
			"Moves",
			"1.F5 D6 2.C3 D3",
			"u: undo · v: hints · r: resign",
		}},
		{SimplifiedChinese, []string{
			"黑白棋 · ann（黑方） 对 Roxanne（白方） · 标准规则 · 每手 1 分钟",
			"● ann（黑方）       4 子  共用 0:00  ◀ 轮到",
			"上一手：D3（白方）",
			"开局：垂直开局 (Perpendicular Opening)",
			"ann（黑方）：轮到你落子",
			"这一手还剩 60 秒",
			"Roxanne 下在 D3",
			"白方：+1.2 子 · 深度 12 · 每秒 2000 个节点",
			"主变 D3 C4 F4",
			"轮到黑方，各步的估值（子数，终局子差）：",
			"E3  -1.5 子         10",
			"棋谱",
			"u：悔棋 · v：提示 · r：认输 · Q：中止并数子",
		}},
		{TraditionalChinese, []string{
			"黑白棋 · ann（黑方） 對 Roxanne（白方） · 標準規則 · 每手 1 分鐘",
			"ann（黑方）：輪到你落子",
			"開局：垂直開局 (Perpendicular Opening)",
			"白方：+1.2 子 · 深度 12 · 每秒 2000 個節點",
			"棋譜",
		}},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			m, _ := human(t, tc.lang, "")
			g := game.New(board.Start(), game.Standard)
			if err := g.PlayTranscript("f5d6c3d3"); err != nil {
				t.Fatal(err)
			}
			// The computer's move, as the referee reports it, then the
			// human's turn and an analysis.
			m.Update(eventMsg{ev: referee.Event{Kind: referee.Moved, Game: g.Clone(), Color: board.White,
				Thinking: &player.Thinking{Eval: 1.2, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 12}, Nodes: 1000, Elapsed: 500 * time.Millisecond, PV: squares(t, "D3", "C4", "F4")}}, at: epoch})
			tn := &turn{color: board.Black, req: player.Request{Position: g.Position(), Legal: g.Legal(), TimeLeft: time.Minute}, reply: make(chan player.Reply, 1)}
			m.Update(turnMsg{t: tn, at: epoch})
			m.Update(hintMsg{ply: g.Ply(), thinking: &player.Thinking{Moves: []player.MoveStat{
				{Move: squares(t, "C4")[0], Eval: 2, HasEval: true, Source: player.Source{Kind: player.Exact, Depth: 20}},
				{Move: squares(t, "E3")[0], Eval: -1.5, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 10}},
			}}})
			m.cursor = squares(t, "C4")[0]
			screen := ansi.Strip(m.render())
			var left []string
			for _, l := range strings.Split(screen, "\n")[1:10] {
				left = append(left, strings.TrimRight(ansi.Cut(l, 0, 26), " "))
			}
			if got := strings.Join(left, "\n"); got != wantBoard {
				t.Errorf("board:\n%s\nwant:\n%s", got, wantBoard)
			}
			for _, want := range tc.want {
				if !strings.Contains(screen, want) {
					t.Errorf("screen lacks %q:\n%s", want, screen)
				}
			}
			// The last move, D3, on its own background: row 3's third
			// square.
			row3 := strings.Split(m.board(), "\n")[3]
			if n := strings.Count(row3, "48;2;158;157;36"); n == 0 {
				t.Errorf("the last move is not marked in row 3: %q", row3)
			}
		})
	}
}

// TestValueLabels checks that the English labels of values are the line
// mode's (textboard.Value).
func TestValueLabels(t *testing.T) {
	m, _ := human(t, English, "")
	for _, tc := range []struct {
		v float64
		u player.Unit
		k player.Kind
	}{
		{1.24, player.UnitDiscs, player.Midgame},
		{-3, player.UnitDiscs, player.Exact},
		{1, player.UnitDiscs, player.Exact},
		{-1, player.UnitDiscs, player.Exact},
		{1, player.UnitDiscs, player.WLD},
		{-1, player.UnitDiscs, player.WLD},
		{0, player.UnitDiscs, player.WLD},
		{40, player.UnitPoints, player.Midgame},
		{-0.04, player.UnitPoints, player.Midgame},
		{-0.04, player.UnitDiscs, player.Midgame},
		{0.623, player.UnitRate, player.Playouts},
	} {
		if got, want := m.value(tc.v, tc.u, tc.k), textboard.Value(tc.v, tc.u, tc.k); got != want {
			t.Errorf("value(%v, %v, %v) = %q, want %q", tc.v, tc.u, tc.k, got, want)
		}
	}
}

// TestResize checks that the screen fits the terminal it is told of, and
// says so when it is too small.
func TestResize(t *testing.T) {
	m, _ := human(t, English, "f5d6c3d3c4f4f6f3e6e7d7c6")
	for _, size := range [][2]int{{100, 30}, {60, 40}, {40, 20}, {30, 14}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(ansi.Strip(m.render()), "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%dx%d: a line of %d cells: %q", size[0], size[1], w, l)
			}
		}
		if !strings.Contains(strings.Join(lines, "\n"), "●") {
			t.Errorf("%dx%d: no board", size[0], size[1])
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 20, Height: 10})
	if s := strings.Join(strings.Fields(ansi.Strip(m.render())), " "); !strings.Contains(s, "too small (20×10)") {
		t.Errorf("20x10: %q, want a request for a larger terminal", s)
	}
}

func squares(t *testing.T, names ...string) []board.Square {
	t.Helper()
	var out []board.Square
	for _, n := range names {
		sq, err := board.ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sq)
	}
	return out
}

// analyst is a fake analysing player: every legal move is worth its
// square's number, for the side to move.
type analyst struct{ asked *player.Request }

func (a analyst) Name() string { return "fake" }

func (a analyst) Move(_ context.Context, req player.Request) (player.Reply, error) {
	*a.asked = req
	var moves []player.MoveStat
	for sq := board.Square(0); sq < 64; sq++ {
		if req.Legal&sq.Bit() != 0 {
			moves = append(moves, player.MoveStat{Move: sq, Eval: float64(sq), HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 4}})
		}
	}
	return player.Reply{Move: moves[0].Move, Thinking: &player.Thinking{Moves: moves}}, nil
}

// TestHints asks for the values of the moves with v: the analysing
// player is asked for an analysis of the position, and the values are
// shown until a move is played.
func TestHints(t *testing.T) {
	m, tn := human(t, English, "")
	var asked player.Request
	ui := New(Config{Analyst: func() (player.Player, error) { return analyst{&asked}, nil }})
	m.hint = ui.hint
	cmd := m.key(press("v"))
	if cmd == nil || !strings.Contains(ansi.Strip(m.render()), "analysing…") {
		t.Fatal("v starts no analysis")
	}
	if m.key(press("v")) != nil {
		t.Error("a second v starts another analysis")
	}
	m.Update(cmd())
	if !asked.Analyze || asked.Legal != game.New(board.Start(), game.Standard).Legal() {
		t.Errorf("the analyst was asked %+v, want an analysis of the start", asked)
	}
	screen := ansi.Strip(m.render())
	for _, want := range []string{"Values for black to move (discs, the final margin):", "D3  +19.0 discs      4", "E6  +44.0 discs"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	m.Update(press("enter"))
	<-tn.reply
	g := m.g.Clone()
	if err := g.PlayTranscript("d3"); err != nil {
		t.Fatal(err)
	}
	m.Update(eventMsg{ev: referee.Event{Kind: referee.Moved, Game: g, Color: board.Black}, at: epoch})
	if strings.Contains(ansi.Strip(m.render()), "Values for") {
		t.Error("the values stay after the move")
	}
}

// TestReadyWaitsForTheScreen: a human seat's clock (the referee's Ready)
// waits until the screen has been drawn, so that a person sees the board
// before the time runs; a computer's seat does not wait.
func TestReadyWaitsForTheScreen(t *testing.T) {
	ui := New(Config{Humans: [2]bool{true, false}})
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ui.Ready(gone, board.White); err != nil {
		t.Errorf("the computer's seat waits: %v", err)
	}
	if _, err := ui.Ready(gone, board.Black); err == nil {
		t.Fatal("the human's clock starts before the screen is drawn")
	}
	m := newModel(ui.cfg, time.Now)
	m.shown = ui.shown
	m.View()
	done, err := ui.Ready(context.Background(), board.Black)
	if err != nil {
		t.Fatalf("after the screen is drawn: %v", err)
	}
	done()
}

// TestHeaderLimits: the header says each seat's time a move when they
// differ (a person without a clock against the computer's 60 s).
func TestHeaderLimits(t *testing.T) {
	for _, tc := range []struct {
		limits [2]time.Duration
		want   string
	}{
		{[2]time.Duration{time.Minute, time.Minute}, "standard rules · 1 min a move"},
		{[2]time.Duration{-1, -1}, "standard rules · no time limit"},
		{[2]time.Duration{-1, time.Minute}, "standard rules · black: no time limit, white: 1 min a move"},
	} {
		m := newModel(Config{Lang: English, Names: [2]string{"ann", "engine"}, Humans: [2]bool{true, false}, MoveTimes: tc.limits}, func() time.Time { return epoch })
		if got := strings.Join(m.header(), " · "); !strings.HasSuffix(got, tc.want) {
			t.Errorf("limits %v: header %q, want it to end with %q", tc.limits, got, tc.want)
		}
	}
}

// TestLayoutSmallTerminal draws the busiest screen of a human's turn (a
// clock, a message, the computer's thought with its line, the opening,
// the values of eleven moves) on the common 80x24 terminal and smaller
// ones: the board, the status, the values (best first, with how many are
// left out when they do not all fit), the move list and the keys stay on
// the screen, within its size.
func TestLayoutSmallTerminal(t *testing.T) {
	for _, tc := range []struct {
		lang          Lang
		width, height int
		allHints      bool // every value is shown
	}{
		{English, 80, 24, true},
		{SimplifiedChinese, 80, 24, true},
		{TraditionalChinese, 80, 24, true},
		{English, 72, 20, false},
		{SimplifiedChinese, 72, 20, false},
	} {
		t.Run(fmt.Sprintf("%s %dx%d", tc.lang, tc.width, tc.height), func(t *testing.T) {
			m, _ := human(t, tc.lang, "")
			tx := loadText(tc.lang)
			g := game.New(board.Start(), game.Standard)
			if err := g.PlayTranscript("f5d6c3d3c4f4f6f3e6e7"); err != nil {
				t.Fatal(err)
			}
			m.Update(eventMsg{ev: referee.Event{Kind: referee.Moved, Game: g.Clone(), Color: board.White,
				Thinking: &player.Thinking{Eval: 1.2, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 12}, Nodes: 1000, Elapsed: time.Second, PV: squares(t, "E7", "C2", "D2", "E2", "F2", "G2")}}, at: epoch})
			tn := &turn{color: board.Black, req: player.Request{Position: g.Position(), Legal: g.Legal(), TimeLeft: time.Minute}, reply: make(chan player.Reply, 1)}
			m.Update(turnMsg{t: tn, at: epoch})
			var hints []player.MoveStat
			for sq := board.Square(0); sq < 64; sq++ {
				if g.Legal()&sq.Bit() != 0 {
					hints = append(hints, player.MoveStat{Move: sq, Eval: 20 - float64(len(hints)), HasEval: true,
						Source: player.Source{Kind: player.Midgame, Depth: 10}, PV: squares(t, "D3", "C4", "F4", "E3", "F2", "C5")})
				}
			}
			if len(hints) != 11 {
				t.Fatalf("%d legal moves, want 11", len(hints))
			}
			m.Update(hintMsg{ply: g.Ply(), thinking: &player.Thinking{Moves: hints}})
			m.Update(press("a"))
			m.Update(press("1")) // A1, not legal: a message
			m.Update(tea.WindowSizeMsg{Width: tc.width, Height: tc.height})
			screen := ansi.Strip(m.render())
			lines := strings.Split(screen, "\n")
			if len(lines) > tc.height {
				t.Errorf("%d lines", len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > tc.width {
					t.Errorf("a line of %d cells: %q", w, l)
				}
			}
			rows := 0
			for _, l := range lines {
				if len(l) > 2 && l[0] >= '1' && l[0] <= '8' && l[1] == ' ' {
					rows++
				}
			}
			if rows != 8 {
				t.Errorf("%d rows of the board, want 8", rows)
			}
			want := []string{
				tx.T("tui.yourMove", "name", "ann", "side", tx.T("side.black")),
				strings.TrimSuffix(tx.T("game.notLegal", "square", "A1", "legal", ""), " "),
				tx.T("game.moves"), "5.E6 E7",
				strings.SplitN(tx.T("tui.hints", "side", tx.T("side.black"), "unit", tx.T("tui.unit.discs")), " ", 2)[0],
				tx.T("tui.help")[strings.LastIndex(tx.T("tui.help"), " · ")+len(" · "):], // the last key
			}
			for _, w := range want {
				if !strings.Contains(screen, w) {
					t.Errorf("the screen lacks %q", w)
				}
			}
			// The values shown are the best, in order; the others are
			// counted.
			shown := 0
			for _, h := range hints {
				if !regexp.MustCompile(`(?m)` + h.Move.String() + ` +[+-]\d`).MatchString(screen) {
					break
				}
				shown++
			}
			for _, h := range hints[shown:] {
				if regexp.MustCompile(`(?m)` + h.Move.String() + ` +[+-]\d`).MatchString(screen) {
					t.Errorf("%v is shown after a value left out", h.Move)
				}
			}
			more := tx.T("tui.moreHints", "n", strconv.Itoa(len(hints)-shown))
			switch {
			case tc.allHints && shown < len(hints):
				t.Errorf("%d values of %d shown", shown, len(hints))
			case shown < 3:
				t.Errorf("%d values shown, want at least 3", shown)
			case shown < len(hints) && !strings.Contains(screen, more):
				t.Errorf("%d values of %d shown, and the screen lacks %q", shown, len(hints), more)
			}
			if t.Failed() || testing.Verbose() {
				t.Logf("the screen:\n%s", screen)
			}
		})
	}
}

// TestWords: the screen speaks its language, as the web page does: the
// players by name, not by spec; durations in seconds and minutes; how a
// game ended; a value from the opening book said to be the book's.
func TestWords(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		want []string
	}{
		{English, []string{
			"Player (black) vs Engine, level 6 (white) · standard rules · black: no time limit, white: 1 min a move",
			"Engine, level 6 played D3",
			"+1.2 discs for white · opening book, depth 16",
			"C4  +2.0 discs    book",
			"Engine, level 6 (white) wins · black ran out of time (no move within 30 s) · board 4-4",
		}},
		{SimplifiedChinese, []string{
			"棋手（黑方） 对 引擎，6 级（白方） · 标准规则 · 黑方不限时，白方每手 1 分钟",
			"引擎，6 级 下在 D3",
			"白方：+1.2 子 · 定式库，深度 16",
			"C4  +2.0 子       定式",
			"黑方超时（30 秒内未落子）",
		}},
		{TraditionalChinese, []string{
			"棋手（黑方） 對 引擎，6 級（白方） · 標準規則 · 黑方不限時，白方每手 1 分鐘",
			"· 定式庫，深度 16",
			"黑方超時（30 秒內未落子）",
		}},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			m := newModel(Config{Lang: tc.lang, Names: [2]string{"human", "engine:level=6"}, Humans: [2]bool{true, false},
				MoveTimes: [2]time.Duration{-1, time.Minute}}, func() time.Time { return epoch })
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
			g := game.New(board.Start(), game.Standard)
			if err := g.PlayTranscript("f5d6c3d3"); err != nil {
				t.Fatal(err)
			}
			book := player.Source{Kind: player.Book, Depth: 16}
			m.Update(eventMsg{ev: referee.Event{Kind: referee.Moved, Game: g.Clone(), Color: board.White,
				Thinking: &player.Thinking{Eval: 1.2, HasEval: true, Source: book}}, at: epoch})
			tn := &turn{color: board.Black, req: player.Request{Position: g.Position(), Legal: g.Legal()}, reply: make(chan player.Reply, 1)}
			m.Update(turnMsg{t: tn, at: epoch})
			m.Update(hintMsg{ply: g.Ply(), thinking: &player.Thinking{Moves: []player.MoveStat{
				{Move: squares(t, "C4")[0], Eval: 2, HasEval: true, Source: book}}}})
			screen := ansi.Strip(m.render())
			over := g.Clone()
			over.Result = game.NewResult(over.Position(), game.Timeout, board.Black)
			over.Result.Detail = "no move within 30s"
			m.Update(gameOverMsg{g: over})
			screen += "\n" + ansi.Strip(m.render())
			for _, w := range tc.want {
				if !strings.Contains(screen, w) {
					t.Errorf("the screen lacks %q", w)
				}
			}
			if t.Failed() {
				t.Logf("the screens:\n%s", screen)
			}
		})
	}
}

// TestSourcesInWords: how a value was found is said in words in every
// language, never as the engines' "26@87%" or "100%": a search to the end
// with selective cuts by its empty squares and confidence, a selective
// midgame search by its depth and confidence, solves as exact or
// win/loss/draw, in the computer's thought and in the hints' column.
func TestSourcesInWords(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		want []string
		says map[player.Source]string // at 40 empties
	}{
		{English, []string{"+1.2 discs for white · 57 empties at 87%", "F4  +2.0 discs   end 87%", "E3  +1.0 discs   18 at 95%", "C4  +0 discs     exact", "C6  win          W/L/D"},
			map[player.Source]string{
				{Kind: player.Exact, Depth: 20}:                      "exact, 20 empties",
				{Kind: player.WLD, Depth: 21}:                        "win/loss/draw, 21 empties",
				{Kind: player.Selective, Depth: 18, Probability: 95}: "depth 18 at 95%",
				{Kind: player.Selective, Depth: 40, Probability: 73}: "40 empties at 73%",
				{Kind: player.Midgame, Depth: 12}:                    "depth 12",
			}},
		{SimplifiedChinese, []string{"57 空格，置信度 87%", "终局 87%", "18（95%）", "精确", "胜负"},
			map[player.Source]string{
				{Kind: player.Exact, Depth: 20}:                      "精确求解，20 空格",
				{Kind: player.Selective, Depth: 18, Probability: 95}: "深度 18（置信度 95%）",
			}},
		{TraditionalChinese, []string{"57 空格，信賴度 87%", "終局 87%", "18（95%）", "精確", "勝負"},
			map[player.Source]string{
				{Kind: player.WLD, Depth: 21}:                        "勝負求解，21 空格",
				{Kind: player.Selective, Depth: 18, Probability: 95}: "深度 18（信賴度 95%）",
			}},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			m, _ := human(t, tc.lang, "")
			g := game.New(board.Start(), game.Standard)
			if err := g.PlayTranscript("f5d6c3d3"); err != nil {
				t.Fatal(err)
			}
			// White's D3 was a search to the end of its 57 empty squares
			// at 87%.
			m.Update(eventMsg{ev: referee.Event{Kind: referee.Moved, Game: g.Clone(), Color: board.White,
				Thinking: &player.Thinking{Eval: 1.2, HasEval: true, Source: player.Source{Kind: player.Selective, Depth: 57, Probability: 87}}}, at: epoch})
			tn := &turn{color: board.Black, req: player.Request{Position: g.Position(), Legal: g.Legal(), TimeLeft: time.Minute}, reply: make(chan player.Reply, 1)}
			m.Update(turnMsg{t: tn, at: epoch})
			stat := func(sq string, v float64, k player.Kind, depth, p int) player.MoveStat {
				return player.MoveStat{Move: squares(t, sq)[0], Eval: v, HasEval: true, Source: player.Source{Kind: k, Depth: depth, Probability: p}}
			}
			m.Update(hintMsg{ply: g.Ply(), thinking: &player.Thinking{Moves: []player.MoveStat{
				stat("F4", 2, player.Selective, 56, 87), stat("E3", 1, player.Selective, 18, 95),
				stat("C4", 0, player.Exact, 56, 0), stat("C6", 1, player.WLD, 56, 0),
			}}})
			screen := ansi.Strip(m.render())
			for _, want := range tc.want {
				if !strings.Contains(screen, want) {
					t.Errorf("screen lacks %q:\n%s", want, screen)
				}
			}
			if strings.Contains(screen, "@") || strings.Contains(screen, "100%") {
				t.Errorf("the screen shows an engine's depth:\n%s", screen)
			}
			for s, want := range tc.says {
				if got := m.source(s, 40); got != want {
					t.Errorf("%+v at 40 empties: %q, want %q", s, got, want)
				}
			}
		})
	}
}
