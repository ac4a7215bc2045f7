package referee

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// thinker is a player that, when asked, says so on asked and thinks
// until its context ends.
type thinker struct{ asked chan board.Color }

func (th thinker) Name() string { return "thinker" }
func (th thinker) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	select {
	case th.asked <- req.Position.Turn:
	default:
	}
	<-ctx.Done()
	return player.Reply{}, ctx.Err()
}

// TestMatchResign: a resignation through the Match ends the game at
// once, whoever is to move and whatever the side to move is doing
// (thinking, or waiting for Ready), as one Ended event; after the end it
// is refused.
func TestMatchResign(t *testing.T) {
	afterF5 := game.New(board.Start().Play(board.MustParseSquare("F5")), game.Standard) // white to move, black leads 4-1
	tests := []struct {
		name   string
		start  *game.Game
		resign board.Color
		// blockReady: the side to move waits in Config.Ready instead of
		// thinking.
		blockReady bool
		want       game.Result
	}{
		{"black resigns while white thinks", afterF5, board.Black, false,
			game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 4, White: 1}},
		{"white resigns on its own turn", afterF5, board.White, false,
			game.Result{Reason: game.Resignation, Winner: board.Black, By: board.White, Black: 4, White: 1}},
		{"white resigns while black thinks", game.New(board.Start(), game.Standard), board.White, false,
			game.Result{Reason: game.Resignation, Winner: board.Black, By: board.White, Black: 2, White: 2}},
		{"black resigns while white waits for a slot", afterF5, board.Black, true,
			game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 4, White: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			asked := make(chan board.Color, 1)
			th := thinker{asked: asked}
			var ended []Event
			cfg := Config{
				Game:     tt.start,
				MoveTime: NoLimit,
				Observe: func(e Event) {
					if e.Kind == Ended {
						ended = append(ended, e)
					}
				},
			}
			if tt.blockReady {
				cfg.Ready = func(ctx context.Context, c board.Color) (func(), error) {
					asked <- c
					<-ctx.Done()
					return nil, ctx.Err()
				}
			}
			m := Start(context.Background(), th, th, cfg)
			if c := <-asked; c != tt.start.Turn() {
				t.Fatalf("%v asked, want %v", c, tt.start.Turn())
			}
			if err := m.Resign(context.Background(), tt.resign); err != nil {
				t.Fatalf("Resign: %v", err)
			}
			// Resign returned after the Ended event was observed.
			if len(ended) != 1 || ended[0].Color != tt.resign || ended[0].Game.Result != tt.want {
				t.Fatalf("Ended events %+v, want one with %+v", ended, tt.want)
			}
			g, err := m.Wait()
			if err != nil || g.Result != tt.want || g.Ply() != tt.start.Ply() {
				t.Fatalf("Wait: %v after %d plies (%v), want %+v at once", g.Result, g.Ply(), err, tt.want)
			}
			if err := m.Resign(context.Background(), tt.resign.Other()); !errors.Is(err, ErrGameOver) {
				t.Errorf("a resignation after the end: %v, want ErrGameOver", err)
			}
		})
	}
}

// TestMatchResignRefused: what a resignation cannot do.
func TestMatchResignRefused(t *testing.T) {
	tests := []struct {
		name    string
		color   board.Color
		aborted bool // the game's context ends first
		want    error
	}{
		{"no colour", board.NoColor, false, nil}, // any error
		{"aborted game", board.White, true, ErrGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			asked := make(chan board.Color, 1)
			m := Start(ctx, thinker{asked: asked}, thinker{asked: asked}, Config{MoveTime: NoLimit})
			<-asked
			if tt.aborted {
				cancel()
				if _, err := m.Wait(); !errors.Is(err, ErrAborted) {
					t.Fatalf("Wait: %v", err)
				}
			}
			err := m.Resign(context.Background(), tt.color)
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("Resign: %v, want %v", err, tt.want)
			}
			cancel()
			m.Wait()
		})
	}
}

// TestMatchResignWaitsForCtx: Resign returns when its own context ends
// before the referee decides (the referee is busy in Observe), and the
// resignation stands.
func TestMatchResignWaitsForCtx(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{})
	cfg := Config{MoveTime: NoLimit, Observe: func(e Event) {
		if e.Kind == Started {
			close(started)
			<-release
		}
	}}
	m := Start(context.Background(), firstLegal, firstLegal, cfg)
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := m.Resign(ctx, board.Black); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Resign: %v", err)
	}
	close(release)
	g, err := m.Wait()
	if err != nil || g.Result.Reason != game.Resignation || g.Result.By != board.Black || g.Ply() != 0 {
		t.Fatalf("%v after %d plies (%v), want black's resignation at once", g.Result, g.Ply(), err)
	}
}

// TestEndOnTheBoardComesWithTheMove: the move that ends the game on the
// board carries the result, and Ended follows it at once, once.
func TestEndOnTheBoardComesWithTheMove(t *testing.T) {
	moves := []string{"D3", "C3", "B3", "D2", "E1", "D6", "D7", "E3", "F4"}
	black, white := splitMoves(moves)
	var events []Event
	g := play(t, &scripted{moves: black}, &scripted{moves: white}, Config{Observe: func(e Event) { events = append(events, e) }})
	n := len(events)
	if n < 2 || events[n-2].Kind != Moved || events[n-1].Kind != Ended {
		t.Fatalf("the last events: %+v", events[max(n-2, 0):])
	}
	last := events[n-2]
	if last.Move.Square != board.MustParseSquare("F4") || last.Game.Result != g.Result || g.Result.Reason != game.Normal {
		t.Fatalf("the last move %v with result %+v; the game's %+v", last.Move.Square, last.Game.Result, g.Result)
	}
	for _, e := range events[:n-2] {
		if e.Game.Result.Reason != game.InProgress || e.Kind == Ended {
			t.Fatalf("an earlier event has a result: %+v", e)
		}
	}
}
