package engine

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// TestPlayerSource: the player says what kind of search found its value
// and how deep, for the move and for every move of an analysis: a midgame
// search of the level's plies, an exact or a win/loss/draw solve of the
// empty squares.
func TestPlayerSource(t *testing.T) {
	g := game.NewStandard()
	for g.Position().Board.Empties() > 12 {
		if g.MustPass() {
			g.PassIfForced()
			continue
		}
		g.Play(game.Move{Square: board.Squares(g.Legal())[0]})
	}
	empties := g.Position().Board.Empties()
	for _, tt := range []struct {
		name  string
		level Level
		prob  int
		want  player.Source
	}{
		{"midgame", Level{Depth: 4}, 100, player.Source{Kind: player.Midgame, Depth: 4}},
		{"selective", Level{Depth: 4}, 95, player.Source{Kind: player.Selective, Depth: 4, Probability: 95}},
		{"exact", Level{Depth: 4, ExactEmpties: empties}, 0, player.Source{Kind: player.Exact, Depth: empties}},
		{"wld", Level{Depth: 4, WLDEmpties: empties}, 0, player.Source{Kind: player.WLD, Depth: empties}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := NewPlayer(mustNew(t, Options{HashMB: 1, Probability: tt.prob}), tt.level, "engine", 1)
			reply, err := p.Move(context.Background(), player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), Analyze: true})
			if err != nil {
				t.Fatal(err)
			}
			th := reply.Thinking
			if th == nil || th.Source != tt.want || th.Unit != player.UnitDiscs || len(th.Moves) == 0 {
				t.Fatalf("thinking %+v, want %+v in discs with the moves", th, tt.want)
			}
			for _, m := range th.Moves {
				if m.Kind != tt.want.Kind || m.Unit != player.UnitDiscs {
					t.Errorf("move %v: %+v in %v, want %v in discs", m.Move, m.Source, m.Unit, tt.want.Kind)
				}
			}
		})
	}
}

// TestKindSource: each kind of result is the source of a display.
func TestKindSource(t *testing.T) {
	for _, tt := range []struct {
		kind        Kind
		depth, prob int
		want        player.Source
	}{
		{Midgame, 12, 100, player.Source{Kind: player.Midgame, Depth: 12}},
		{Midgame, 12, 0, player.Source{Kind: player.Midgame, Depth: 12}},
		{Midgame, 18, 95, player.Source{Kind: player.Selective, Depth: 18, Probability: 95}},
		{Exact, 20, 100, player.Source{Kind: player.Exact, Depth: 20}},
		{Exact, 24, 87, player.Source{Kind: player.Selective, Depth: 24, Probability: 87}},
		{WLD, 22, 100, player.Source{Kind: player.WLD, Depth: 22}},
		{Over, 0, 100, player.Source{Kind: player.Exact}},
	} {
		if got := tt.kind.Source(tt.depth, tt.prob); got != tt.want {
			t.Errorf("%v at %d: %+v, want %+v", tt.kind, tt.depth, got, tt.want)
		}
	}
}
