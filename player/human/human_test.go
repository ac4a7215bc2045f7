package human

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

func request() player.Request {
	g := game.NewStandard()
	return player.Request{Game: g, Position: g.Position(), Legal: g.Legal(), IllegalLeft: 3}
}

func TestCommands(t *testing.T) {
	tests := []struct {
		name, input string
		canUndo     bool
		want        player.Reply
		output      string
	}{
		{"square", "d3\n", false, player.Reply{Move: board.MustParseSquare("D3")}, "black (X) to move, legal: D3 C4 F5 E6 > "},
		{"upper case", "F5\n", false, player.Reply{Move: board.MustParseSquare("F5")}, ""},
		{"not a square, then a square", "c9\nc4\n", false, player.Reply{Move: board.MustParseSquare("C4")}, "C9 is not a square: rows go from 1 to 8"},
		{"illegal square goes to the referee", "e3\n", false, player.Reply{Move: board.MustParseSquare("E3")}, ""},
		{"resign", "Q\n", false, player.Reply{Resign: true}, ""},
		{"undo refused locally", "undo\nd3\n", false, player.Reply{Move: board.MustParseSquare("D3")}, "undo is not available"},
		{"undo", "undo\n", true, player.Reply{Undo: true}, ""},
		{"pass refused", "pa\nd3\n", false, player.Reply{Move: board.MustParseSquare("D3")}, "you cannot pass"},
		{"blank lines and help", "\n\nhelp\nmoves\ne6\n", false, player.Reply{Move: board.MustParseSquare("E6")}, "legal moves: D3 C4 F5 E6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			p := New("me", strings.NewReader(tt.input), &out)
			req := request()
			req.CanUndo = tt.canUndo
			got, err := p.Move(context.Background(), req)
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
			if !strings.Contains(out.String(), tt.output) {
				t.Fatalf("output %q lacks %q", out.String(), tt.output)
			}
		})
	}
}

func TestEndOfInput(t *testing.T) {
	p := New("me", strings.NewReader("c9\n"), &strings.Builder{})
	if _, err := p.Move(context.Background(), request()); !errors.Is(err, ErrInputClosed) {
		t.Fatalf("error %v, want ErrInputClosed", err)
	}
}

// slowReader never returns: a human who does not type.
type slowReader struct{ release chan struct{} }

func (r slowReader) Read(b []byte) (int, error) { <-r.release; return 0, errors.New("closed") }

func TestDeadline(t *testing.T) {
	in := slowReader{make(chan struct{})}
	defer close(in.release)
	p := New("me", in, &strings.Builder{})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := p.Move(ctx, request()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the deadline", err)
	}
}

func TestRejectionShown(t *testing.T) {
	var out strings.Builder
	p := New("me", strings.NewReader("d3\n"), &out)
	req := request()
	req.Rejected = []player.Rejection{{Move: board.MustParseSquare("E3"), Reason: "E3 is not legal here; legal moves: D3 C4 F5 E6"}}
	req.IllegalLeft = 2
	p.Move(context.Background(), req)
	if !strings.Contains(out.String(), "E3 is not legal here; legal moves: D3 C4 F5 E6 (2 illegal moves left before you lose)") {
		t.Fatalf("output %q", out.String())
	}
}

// A whole refereed game typed through a pipe.
func TestGameThroughReferee(t *testing.T) {
	first := player.Func{PlayerName: "first", Choose: func(req player.Request) board.Square {
		sq, _ := board.NextSquare(req.Legal)
		return sq
	}}
	var out strings.Builder
	human := New("me", strings.NewReader("e3\nf5\nQ\n"), &out)
	g, err := referee.Play(context.Background(), human, first, referee.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if g.Result.Reason != game.Resignation || g.Ply() != 2 {
		t.Fatalf("result %v after %d plies", g.Result, g.Ply())
	}
	if !strings.Contains(out.String(), "E3 is not legal here") {
		t.Fatalf("the refusal was not shown: %q", out.String())
	}
}
