package player_test

import (
	"context"
	"fmt"
	"math/bits"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// valuer values every legal move by the discs it flips, and records the
// request it was given.
type valuer struct{ got player.Request }

func (v *valuer) Name() string { return "valuer" }

func (v *valuer) Move(_ context.Context, req player.Request) (player.Reply, error) {
	v.got = req
	t := &player.Thinking{}
	best, most := board.NoSquare, -1
	for _, sq := range board.Squares(req.Legal) {
		n := bits.OnesCount64(req.Position.Board.Flips(sq))
		t.Moves = append(t.Moves, player.MoveStat{Move: sq, Eval: float64(n)})
		if n > most {
			best, most = sq, n
		}
	}
	return player.Reply{Move: best, Thinking: t}, nil
}

func TestAnalyze(t *testing.T) {
	g := game.New(board.Start(), game.Standard)
	if err := g.PlayTranscript("f5"); err != nil {
		t.Fatal(err)
	}
	v := &valuer{}
	reply, took, err := player.Analyze(context.Background(), v, g, 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !v.got.Analyze || v.got.TimeLeft != 3*time.Second || v.got.Legal != g.Legal() || v.got.Position != g.Position() || v.got.Game == g {
		t.Errorf("request %+v: want Analyze, 3s, the legal moves and position of g, and a copy of g", v.got)
	}
	if len(reply.Thinking.Moves) != 3 || took < 0 {
		t.Errorf("reply %+v in %v", reply, took)
	}
	if _, _, err := player.Analyze(context.Background(), v, game.New(board.Position{Turn: board.Black}, game.Standard), 0); err == nil {
		t.Error("no error for a position without a legal move")
	}
}

func ExampleAnalyze() {
	g := game.New(board.Start(), game.Standard)
	reply, _, err := player.Analyze(context.Background(), &valuer{}, g, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range reply.Thinking.Moves {
		fmt.Println(m.Move, m.Eval)
	}
	// Output:
	// D3 1
	// C4 1
	// F5 1
	// E6 1
}
