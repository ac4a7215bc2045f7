package minimax

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// TestPlayerThinking: the course's searches report a midgame search of
// their depth, in discs or in the points of a heuristic that is not in
// discs, for the move and every move of an analysis, and say when the
// search was stopped before it finished.
func TestPlayerThinking(t *testing.T) {
	g := game.NewStandard()
	g.PlayTranscript("f5d6c3")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		name    string
		p       *Player
		ctx     context.Context
		unit    player.Unit
		stopped bool
	}{
		{"minimax", NewPlayer(MinimaxSearch, 2, eval.Course{}), context.Background(), player.UnitPoints, false},
		{"alphabeta", NewPlayer(AlphaBetaSearch, 3, eval.Course{}), context.Background(), player.UnitPoints, false},
		{"stopped", NewPlayer(AlphaBetaSearch, 9, eval.Course{}), cancelled, player.UnitPoints, true}, // (it looks at ctx every 1024 nodes)
	} {
		t.Run(tt.name, func(t *testing.T) {
			reply, err := tt.p.Move(tt.ctx, player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), Analyze: true})
			if err != nil {
				t.Fatal(err)
			}
			th := reply.Thinking
			want := player.Source{Kind: player.Midgame, Depth: tt.p.depth}
			if th == nil || th.Source != want || th.Unit != tt.unit || th.Stopped != tt.stopped || len(th.Moves) == 0 {
				t.Fatalf("thinking %+v, want %+v in %v, stopped %v, with the moves", th, want, tt.unit, tt.stopped)
			}
			for _, m := range th.Moves {
				if m.Source != want || m.Unit != tt.unit {
					t.Errorf("move %v: %+v in %v", m.Move, m.Source, m.Unit)
				}
			}
		})
	}
}
