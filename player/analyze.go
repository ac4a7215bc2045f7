// The analysis of a position: what a player thinks of every legal move.

package player

import (
	"context"
	"errors"
	"time"

	"github.com/reversi-engine/reversi/game"
)

// Analyze asks p for the value of every legal move of g's position (a
// Request with Analyze set, on a copy of g, with timeLeft for the move, 0
// for no limit) and returns its reply and how long it took. The values
// are in the reply's Thinking.Moves, if p gives them. g's side to move
// must have a legal move: play a forced pass first (game.PassIfForced).
func Analyze(ctx context.Context, p Player, g *game.Game, timeLeft time.Duration) (Reply, time.Duration, error) {
	legal := g.Legal()
	if legal == 0 {
		return Reply{}, 0, errors.New("no legal move to analyse")
	}
	start := time.Now()
	reply, err := p.Move(ctx, Request{Game: g.Clone(), Position: g.Position(), Legal: legal, TimeLeft: timeLeft, Analyze: true})
	return reply, time.Since(start), err
}
