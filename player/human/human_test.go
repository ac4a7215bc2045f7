package human

import (
	"context"
	"errors"
	"io"
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
		{"resign", "resign\n", false, player.Reply{Resign: true}, ""},
		{"resign upper case", " RESIGN \n", false, player.Reply{Resign: true}, ""},
		{"Q counts", "Q\n", false, player.Reply{Count: true}, ""},
		{"q counts", "q\n", false, player.Reply{Count: true}, ""},
		{"count", "count\n", false, player.Reply{Count: true}, ""},
		{"quit is ambiguous", "quit\nd3\n", false, player.Reply{Move: board.MustParseSquare("D3")}, "type 'resign' to give up (you lose, whatever the discs), or Q (or 'count') to stop and count"},
		{"help names both endings", "help\nd3\n", false, player.Reply{Move: board.MustParseSquare("D3")}, "'resign' to give up (you lose), or Q (or 'count') to stop the game and count the discs"},
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

// TestContextEnds: the clock running out says "time is up"; the game
// being stopped (Ctrl-C) says so instead (issue 19).
func TestContextEnds(t *testing.T) {
	tests := []struct {
		name     string
		ctx      func() (context.Context, context.CancelFunc)
		err      error
		say, not string
	}{
		{"deadline", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 50*time.Millisecond)
		}, context.DeadlineExceeded, "time is up", "stopped"},
		{"cancelled", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			return ctx, cancel
		}, context.Canceled, "game stopped", "time is up"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := slowReader{make(chan struct{})}
			defer close(in.release)
			var out strings.Builder
			p := New("me", in, &out)
			ctx, cancel := tt.ctx()
			defer cancel()
			if _, err := p.Move(ctx, request()); !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if !strings.Contains(out.String(), tt.say) || strings.Contains(out.String(), tt.not) {
				t.Errorf("output %q: want %q, not %q", out.String(), tt.say, tt.not)
			}
		})
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

// Whole refereed games typed through a pipe, from a position where black
// (the human) leads 4-1 and is to move: an illegal e3, then the command.
func TestGameThroughReferee(t *testing.T) {
	first := player.Func{PlayerName: "first", Choose: func(req player.Request) board.Square {
		sq, _ := board.NextSquare(req.Legal)
		return sq
	}}
	ahead := game.New(board.Start().Play(board.MustParseSquare("F5")).Pass(), game.Standard)
	tests := []struct {
		name, input string
		want        game.Result
	}{
		{"resign while ahead loses", "e3\nresign\n", game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 4, White: 1}},
		{"Q counts the discs", "e3\nQ\n", game.Result{Reason: game.Counted, Winner: board.Black, By: board.Black, Black: 4, White: 1}},
		{"count counts the discs", "e3\ncount\n", game.Result{Reason: game.Counted, Winner: board.Black, By: board.Black, Black: 4, White: 1}},
		{"quit is refused, then resign", "e3\nquit\nresign\n", game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 4, White: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			human := New("me", strings.NewReader(tt.input), &out)
			g, err := referee.Play(context.Background(), human, first, referee.Config{Game: ahead})
			if err != nil {
				t.Fatal(err)
			}
			if g.Result != tt.want {
				t.Fatalf("result %v (%+v), want %+v", g.Result, g.Result, tt.want)
			}
			if !strings.Contains(out.String(), "E3 is not legal here") {
				t.Fatalf("the refusal was not shown: %q", out.String())
			}
		})
	}
}

// TestTwoHumansShareOneInput: two human seats at one terminal (or one
// pipe) read their moves from the same lines, in turn: black's reader does
// not swallow white's line (issue 19).
func TestTwoHumansShareOneInput(t *testing.T) {
	var out strings.Builder
	in := NewInput(strings.NewReader("f5\nd6\nc3\nd3\nQ\n"))
	black, white := New("black", in, &out), New("white", in, &out)
	g, err := referee.Play(context.Background(), black, white, referee.Config{Game: game.NewStandard()})
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Transcript(); got != "f5d6c3d3" {
		t.Errorf("transcript %q, want f5d6c3d3 (both seats' moves, in order)", got)
	}
	if g.Result.Reason != game.Counted || g.Result.By != board.Black {
		t.Errorf("result %+v: want black's Q to count", g.Result)
	}
	for _, prompt := range []string{"black (X) to move", "white (O) to move"} {
		if !strings.Contains(out.String(), prompt) {
			t.Errorf("no prompt %q in\n%s", prompt, out.String())
		}
	}
}

// TestInputReadsLines: an Input is also a reader of its lines, newlines
// kept, so that it can stand where an io.Reader is asked for.
func TestInputReadsLines(t *testing.T) {
	in := NewInput(strings.NewReader("a\r\nbb\nc"))
	got, err := io.ReadAll(in)
	if err != nil || string(got) != "a\nbb\nc\n" {
		t.Errorf("ReadAll: %q, %v", got, err)
	}
}
