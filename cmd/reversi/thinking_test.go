package main

import (
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
)

// TestThinkingText: the terminal shows what a computer thought as it
// always did, the depth as NBoard and Edax write it.
func TestThinkingText(t *testing.T) {
	pv := []board.Square{board.MustParseSquare("D3"), board.MustParseSquare("C4")}
	tests := []struct {
		in   player.Thinking
		want string
	}{
		{player.Thinking{Eval: 1.25, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 12}, Nodes: 900, PV: pv}, " [eval +1.2, depth 12, 900 nodes, pv D3 C4]"},
		{player.Thinking{Eval: 6, HasEval: true, Source: player.Source{Kind: player.Exact, Depth: 14}}, " [eval +6.0, depth 100%]"},
		{player.Thinking{Eval: -1, HasEval: true, Source: player.Source{Kind: player.WLD, Depth: 16}}, " [eval -1.0, depth 100%W]"},
		{player.Thinking{Eval: 40, HasEval: true, Unit: player.UnitPoints, Source: player.Source{Kind: player.Midgame, Depth: 7}, Stopped: true}, " [eval +40.0 points, depth 7 (stopped)]"},
		{player.Thinking{Eval: 0.5, HasEval: true, Unit: player.UnitRate, Source: player.Source{Kind: player.Playouts, Depth: 5}, Nodes: 3000}, " [eval +0.5, depth 5, 3000 nodes]"},
		{player.Thinking{Eval: 2, HasEval: true}, " [eval +2.0]"},
		{player.Thinking{}, ""},
	}
	for _, tt := range tests {
		if got := thinkingText(&tt.in); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.in, got, tt.want)
		}
	}
}
