package textboard

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// TestThinking: the terminal shows what a computer thought with the
// value's unit and the side it is for (issue 19): discs, a heuristic's
// points or a Monte Carlo win rate, always "for" the player that moved;
// the depth as NBoard and Edax write it.
func TestThinking(t *testing.T) {
	pv := []board.Square{board.MustParseSquare("D3"), board.MustParseSquare("C4")}
	tests := []struct {
		in   player.Thinking
		side board.Color
		want string
	}{
		{player.Thinking{Eval: 1.25, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 12}, Nodes: 900, PV: pv}, board.Black, " [eval +1.2 discs for black, depth 12, 900 nodes, pv D3 C4]"},
		{player.Thinking{Eval: 6, HasEval: true, Source: player.Source{Kind: player.Exact, Depth: 14}}, board.White, " [eval +6 discs for white, depth 100%]"},
		{player.Thinking{Eval: -1, HasEval: true, Source: player.Source{Kind: player.Exact, Depth: 14}}, board.White, " [eval -1 disc for white, depth 100%]"},
		{player.Thinking{Eval: -1, HasEval: true, Source: player.Source{Kind: player.WLD, Depth: 16}}, board.Black, " [eval loss for black, depth 100%W]"},
		{player.Thinking{Eval: 40, HasEval: true, Unit: player.UnitPoints, Source: player.Source{Kind: player.Midgame, Depth: 7}, Stopped: true}, board.Black, " [eval +40.0 points for black, depth 7 (stopped)]"},
		{player.Thinking{Eval: 0.623, HasEval: true, Unit: player.UnitRate, Source: player.Source{Kind: player.Playouts, Depth: 5}, Nodes: 3000}, board.White, " [win rate 62.3% for white, depth 5, 3000 nodes]"},
		{player.Thinking{Eval: 2, HasEval: true}, board.Black, " [eval +2.0 discs for black]"},
		{player.Thinking{Eval: 0.5, HasEval: true, Source: player.Source{Kind: player.Book, Depth: 10}, PV: pv[:1]}, board.Black, " [eval +0.5 discs for black, book, depth 10, pv D3]"},
		{player.Thinking{}, board.Black, ""},
	}
	for _, tt := range tests {
		if got := Thinking(&tt.in, tt.side); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Variation(nil); got != "" {
		t.Errorf("Variation(nil) = %q", got)
	}
	if got := Depth(player.Source{Kind: player.Selective, Depth: 18, Probability: 95}); got != "18@95%" {
		t.Errorf("Depth of a selective search: %q", got)
	}
}

func TestReason(t *testing.T) {
	tests := []struct {
		in   game.Result
		want string
	}{
		{game.Result{Reason: game.Resignation, By: board.Black}, "black resigned"},
		{game.Result{Reason: game.Forfeit, By: board.White, Detail: "input closed"}, "white forfeited (input closed)"},
		{game.Result{Reason: game.Counted, By: board.Black}, "black stopped and counted"},
	}
	for _, tt := range tests {
		if got := Reason(tt.in); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWriteEvent plays a short game between two players of fixed moves
// and checks the lines a terminal shows.
func TestWriteEvent(t *testing.T) {
	var out strings.Builder
	names := [2]string{"first", "second"}
	g := game.New(board.Start(), game.Standard)
	if err := g.PlayTranscript("f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3"); err != nil {
		t.Fatal(err)
	}
	first := func(req player.Request) board.Square { return board.Squares(req.Legal)[0] }
	black := player.Func{PlayerName: "first", Choose: first}
	white := player.Func{PlayerName: "second", Choose: first}
	_, err := referee.Play(context.Background(), black, white, referee.Config{Game: g,
		Observe: func(ev referee.Event) { WriteEvent(&out, ev, names, [2]bool{}) }})
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"first plays ", "second plays ", "    A B C D E F G H", "\nResult: ", "tournament score ", "Game: f5d6c3"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
}

// TestLines plays a game from the start between two players of fixed
// moves: the lines name each move and the openings it passes through,
// each once; quiet, the result alone.
func TestLines(t *testing.T) {
	first := func(req player.Request) board.Square { return board.Squares(req.Legal)[0] }
	names := [2]string{"first", "second"}
	for _, quiet := range []bool{false, true} {
		var out strings.Builder
		black := player.Func{PlayerName: "first", Choose: first}
		white := player.Func{PlayerName: "second", Choose: first}
		g, err := referee.Play(context.Background(), black, white, referee.Config{Observe: Lines(&out, names, [2]bool{}, quiet)})
		if err != nil {
			t.Fatal(err)
		}
		got := out.String()
		if !strings.Contains(got, "\nResult: ") || !strings.Contains(got, "Game: "+g.Transcript()) {
			t.Errorf("quiet %v: no result in:\n%s", quiet, got)
		}
		moves, openings := strings.Count(got, " plays "), strings.Count(got, "\nopening: ")
		if quiet && (moves != 0 || openings != 0 || strings.Contains(got, "A B C D")) {
			t.Errorf("quiet: %d moves, %d openings written:\n%s", moves, openings, got)
		}
		played := 0 // the moves that are not passes
		for _, m := range g.Moves {
			if m.Square != board.Pass {
				played++
			}
		}
		if !quiet && (moves != played || openings == 0) {
			t.Errorf("%d moves and %d openings written, want %d moves and the openings:\n%s", moves, openings, played, got)
		}
		for _, line := range strings.Split(got, "\n") {
			if name, ok := strings.CutPrefix(line, "opening: "); ok && strings.Count(got, "opening: "+name+"\n") != 1 {
				t.Errorf("opening %q written more than once:\n%s", name, got)
			}
		}
	}
}

// TestWriteOpening: a line names the opening when a move, a take-back or
// the start changes it, and only then; other events write nothing.
func TestWriteOpening(t *testing.T) {
	at := func(transcript string) *game.Game {
		g := game.NewStandard()
		if err := g.PlayTranscript(transcript); err != nil {
			t.Fatal(err)
		}
		return g
	}
	tests := []struct {
		kind       referee.EventKind
		transcript string
		shown      string
		want       string // the line written
		now        string // the name shown after
	}{
		{referee.Moved, "c4", "", "", ""},
		{referee.Moved, "c4e3", "", "opening: Perpendicular Opening\n", "Perpendicular Opening"},
		{referee.Moved, "c4e3f6", "Perpendicular Opening", "", "Perpendicular Opening"},
		{referee.Moved, "c4e3f6e6f5", "Perpendicular Opening", "opening: Tiger\n", "Tiger"},
		{referee.Undone, "c4e3", "Tiger", "opening: Perpendicular Opening\n", "Perpendicular Opening"},
		{referee.Ended, "c4e3f6e6f5", "Perpendicular Opening", "", "Perpendicular Opening"},
		{referee.Started, "", "", "", ""},
	}
	for _, tc := range tests {
		var out strings.Builder
		now := WriteOpening(&out, referee.Event{Kind: tc.kind, Game: at(tc.transcript)}, tc.shown)
		if out.String() != tc.want || now != tc.now {
			t.Errorf("%v after %q, %q shown: wrote %q, shows %q; want %q, %q", tc.kind, tc.transcript, tc.shown, out.String(), now, tc.want, tc.now)
		}
	}
}

func TestSigned(t *testing.T) {
	tests := []struct {
		v    float64
		prec int
		want string
	}{
		{1.25, 2, "+1.25"},
		{-3, 2, "-3.00"},
		{0, 2, "+0.00"},
		{math.Copysign(0, -1), 2, "+0.00"},
		{-0.004, 2, "+0.00"},
		{-0.005001, 2, "-0.01"},
		{-0.04, 1, "+0.0"},
		{-0.06, 1, "-0.1"},
		{-12, 0, "-12"},
		{-0.4, 0, "+0"},
	}
	for _, tt := range tests {
		if got := Signed(tt.v, tt.prec); got != tt.want {
			t.Errorf("Signed(%v, %d) = %q, want %q", tt.v, tt.prec, got, tt.want)
		}
	}
	if got := Value(-0.04, player.UnitDiscs, player.Midgame); got != "+0.0 discs" {
		t.Errorf("Value(-0.04 discs) = %q, want +0.0 discs", got)
	}
}
