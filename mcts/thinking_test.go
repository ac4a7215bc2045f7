package mcts

import (
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
)

// TestThinkingSource: a move of the tree is valued by its playouts (a win
// rate, its line's length as depth), a proven move by its margin in discs
// (an exact result); the chosen move's source is the report's.
func TestThinkingSource(t *testing.T) {
	d3, c4, f5 := board.MustParseSquare("D3"), board.MustParseSquare("C4"), board.MustParseSquare("F5")
	moves := []MoveStat{
		{Move: d3, Visits: 90, Mean: 0.6, PV: []board.Square{d3, c4, f5}},
		{Move: c4, Visits: 10, Mean: 0.2, Solved: true, Margin: -4, PV: []board.Square{c4}},
	}
	for _, tt := range []struct {
		name   string
		played board.Square
		eval   float64
		unit   player.Unit
		source player.Source
	}{
		{"playouts", d3, 0.6, player.UnitRate, player.Source{Kind: player.Playouts, Depth: 3}},
		{"solved", c4, -4, player.UnitDiscs, player.Source{Kind: player.Exact}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			th := Thinking(Result{Move: tt.played, Mean: 0.6, Iterations: 100, Moves: moves}, Options{Threads: 1})
			if th.Eval != tt.eval || th.Unit != tt.unit || th.Source != tt.source {
				t.Errorf("thinking %v %v %+v, want %v %v %+v", th.Eval, th.Unit, th.Source, tt.eval, tt.unit, tt.source)
			}
			want := []struct {
				unit player.Unit
				kind player.Kind
			}{{player.UnitRate, player.Playouts}, {player.UnitDiscs, player.Exact}}
			for i, m := range th.Moves {
				if m.Unit != want[i].unit || m.Kind != want[i].kind {
					t.Errorf("move %v: %v %v, want %v %v", m.Move, m.Unit, m.Kind, want[i].unit, want[i].kind)
				}
			}
		})
	}
}
