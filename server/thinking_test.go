package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// TestThinkingJSON: what a player reports is sent with its value's unit,
// the side it is for (issue 19) and how it was found as typed fields, for
// the move and for each move.
func TestThinkingJSON(t *testing.T) {
	d3, c4 := board.MustParseSquare("D3"), board.MustParseSquare("C4")
	tests := []struct {
		name string
		in   player.Thinking
		want string
	}{
		{"midgame in points", player.Thinking{Eval: 120, HasEval: true, Unit: player.UnitPoints, Source: player.Source{Kind: player.Midgame, Depth: 8}, Nodes: 5000, PV: []board.Square{d3, c4}},
			`{"eval":120,"unit":"points","for":"white","kind":"midgame","depth":8,"nodes":5000,"pv":["D3","C4"]}`},
		{"exact", player.Thinking{Eval: -4, HasEval: true, Source: player.Source{Kind: player.Exact, Depth: 14},
			Moves: []player.MoveStat{{Move: d3, Eval: -4, HasEval: true, Source: player.Source{Kind: player.Exact, Depth: 14}}}},
			`{"eval":-4,"unit":"discs","for":"white","kind":"exact","depth":14,"moves":[{"move":"D3","eval":-4,"unit":"discs","kind":"exact","depth":14}]}`},
		{"wld", player.Thinking{Eval: 1, HasEval: true, Source: player.Source{Kind: player.WLD, Depth: 16}},
			`{"eval":1,"unit":"discs","for":"white","kind":"wld","depth":16}`},
		{"selective", player.Thinking{Eval: 2.5, HasEval: true, Source: player.Source{Kind: player.Selective, Depth: 18, Probability: 95}},
			`{"eval":2.5,"unit":"discs","for":"white","kind":"selective","depth":18,"probability":95}`},
		{"stopped", player.Thinking{Eval: 3, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 7}, Stopped: true},
			`{"eval":3,"unit":"discs","for":"white","kind":"midgame","depth":7,"stopped":true}`},
		{"book", player.Thinking{Eval: 0, HasEval: true, Source: player.Source{Kind: player.Book}},
			`{"eval":0,"unit":"discs","for":"white","kind":"book"}`},
		{"playouts with a solved move", player.Thinking{Eval: 0.6, HasEval: true, Unit: player.UnitRate, Source: player.Source{Kind: player.Playouts, Depth: 3}, Nodes: 900,
			Moves: []player.MoveStat{
				{Move: d3, Eval: 0.6, HasEval: true, Unit: player.UnitRate, Source: player.Source{Kind: player.Playouts, Depth: 3}, Visits: 800},
				{Move: c4, Eval: -2, HasEval: true, Unit: player.UnitDiscs, Source: player.Source{Kind: player.Exact}, Visits: 100},
			}},
			`{"eval":0.6,"unit":"rate","for":"white","kind":"playouts","depth":3,"nodes":900,"moves":[{"move":"D3","eval":0.6,"unit":"rate","kind":"playouts","depth":3,"visits":800},{"move":"C4","eval":-2,"unit":"discs","kind":"exact","visits":100}]}`},
		{"a search thinking: the best move's value, another's bound", player.Thinking{Eval: 1.5, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 9},
			Moves: []player.MoveStat{
				{Move: d3, Eval: 1.5, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 9}},
				{Move: c4, Eval: 1.25, HasEval: true, Source: player.Source{Kind: player.Midgame, Depth: 9}, Upper: true},
			}},
			`{"eval":1.5,"unit":"discs","for":"white","kind":"midgame","depth":9,"moves":[{"move":"D3","eval":1.5,"unit":"discs","kind":"midgame","depth":9},{"move":"C4","eval":1.25,"unit":"discs","kind":"midgame","depth":9,"upper":true}]}`},
		{"a move alone", player.Thinking{}, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(thinkingJSON(&tt.in, board.White))
			if err != nil || string(got) != tt.want {
				t.Errorf("JSON %s, %v\nwant %s", got, err, tt.want)
			}
		})
	}
}

// TestExactEndgameThinking: a game against the engine near its end shows
// the engine's move as an exact solve of the empty squares, in discs (and
// any move's value it sends as solved too).
func TestExactEndgameThinking(t *testing.T) {
	g := game.NewStandard()
	if err := g.PlayTranscript("f5d6c5b6b5f4a7c6e6b7c4a6a5f6c7a8d7e7f7c8g4a4g6g5h6h5d8h3h4g7e8f3b4g3h7e3h2d3f2b3e2g2d2c2h1f8g1c3"); err != nil || g.Position().Board.Empties() != 12 {
		t.Fatalf("%v, %d empties", err, g.Position().Board.Empties())
	}
	computer, bot := g.Turn().String(), g.Turn().Other().String()
	seats := map[string]SeatRequest{computer: {Kind: "builtin", Spec: "engine:level=6"}, bot: {Kind: "bot"}}
	ts := newTestServer(t, "", Config{})
	created := ts.create(CreateRequest{Black: seats["black"], White: seats["white"], Transcript: g.Transcript()})
	var raw struct {
		Thinking map[string]any
		Moves    []any
	}
	// The minute bounds a move that never comes (the engine's table is
	// built first, which takes seconds under the race detector).
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && raw.Thinking == nil; time.Sleep(10 * time.Millisecond) {
		ts.call("GET", "/api/games/"+created.ID, nil, &raw)
	}
	th := raw.Thinking
	if th == nil || len(raw.Moves) == 0 {
		t.Fatalf("after the computer's move: thinking %v, %d moves", th, len(raw.Moves))
	}
	if th["kind"] != "exact" || th["depth"] != 12.0 || th["unit"] != "discs" || th["probability"] != nil {
		t.Errorf("thinking %v: want kind exact, depth 12, in discs", th)
	}
	if th["for"] != computer {
		t.Errorf("thinking %v: want its values for %s, the computer", th, computer)
	}
	if last, _ := raw.Moves[len(raw.Moves)-1].(map[string]any); last["eval"] != nil && last["unit"] != "discs" {
		t.Errorf("the last move %v: an eval without its unit, discs", last)
	}
	moves, _ := th["moves"].([]any)
	for _, m := range moves {
		if m := m.(map[string]any); m["kind"] != "exact" || m["unit"] != "discs" {
			t.Errorf("move %v: want an exact value in discs", m)
		}
	}
	if text, _ := json.Marshal(th); strings.Contains(string(text), "%") {
		t.Errorf("protocol text in %s", text)
	}
}
