package gtp_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/gtp"
	"github.com/reversi-engine/reversi/player"
)

// firstLegal plays the first legal square in board order: a player whose
// moves a test can foresee.
var firstLegal = player.Func{PlayerName: "first", Choose: func(req player.Request) board.Square {
	sq, _ := board.NextSquare(req.Legal)
	return sq
}}

// serve runs a session over the input and returns what it answered.
func serve(t *testing.T, p player.Player, input string) string {
	t.Helper()
	var out strings.Builder
	if err := gtp.Serve(context.Background(), strings.NewReader(input), &out, p, gtp.Options{Version: "test"}); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return out.String()
}

// A position where white must pass: black has C1.
const whitePasses = "XO-------------------------XX------XX--------------------------- O"

// TestServeSessions: the answers to short sessions, ids, comments,
// passes, undo, scoring, and the errors, which change nothing.
func TestServeSessions(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"start", "protocol_version\n1 name\n  2\tversion # comment\n\n# only a comment\nknown_command genmove\nknown_command kill\n",
			"= 2\n\n=1 reversi\n\n=2 test\n\n= true\n\n= false\n\n"},
		{"moves", "boardsize 8\nclear_board\nplay b d3\nplay white C5\n7 genmove b\nshowboard\n",
			"=\n\n=\n\n=\n\n=\n\n=7 B6\n\n= white (O) to move; black (X) 5, white (O) 2\n   A B C D E F G H\n 1 - - - - - - - -\n 2 - - - * - - - -\n 3 - - * X * * - -\n 4 - - - X X - - -\n 5 - * X O O - - -\n 6 - X - - - - - -\n 7 - - - - - - - -\n 8 - - - - - - - -\n\n"},
		{"errors", "boardsize 19\nboardsize\nplay b e3\nplay w d3\nplay b d3 extra\nplay red d3\nplay b j9\ngenmove\ngenmove w\nundo\nfinal_score\nkomi x\ntime_left b x 0\n12345678901 name\nfly\nreversi-setup_board XO\n",
			"? unacceptable size: \"19\": Othello is played on an 8x8 board\n\n" +
				"? syntax error: want boardsize 8\n\n" +
				"? illegal move: E3 is not legal here; legal moves: D3 C4 F5 E6\n\n" +
				"? illegal move: it is black's turn, not white's\n\n" +
				"? syntax error: want play <black|white> <move|pass>\n\n" +
				"? syntax error: invalid color \"red\": want black or white (b, w)\n\n" +
				"? syntax error: invalid coordinate \"j9\": want a column A-H and a row 1-8, e.g. D3, or pass\n\n" +
				"? syntax error: want genmove <black|white>\n\n" +
				"? illegal move: it is black's turn, not white's\n\n" +
				"? cannot undo: no move to take back\n\n" +
				"? cannot score: the game is not over\n\n" +
				"? syntax error: komi \"x\" is not a number\n\n" +
				"? syntax error: \"x\" is not a number of seconds or stones (0 to 10000000)\n\n" +
				"? id \"12345678901\": want a number from 0 to 2147483647\n\n" +
				"? unknown command \"fly\" (list_commands lists them)\n\n" +
				"? syntax error: board text: 2 squares, want 64 followed by the side to move\n\n"},
		{"pass left out", "reversi-setup_board " + whitePasses + "\nplay b c1\nfinal_score\ngenmove w\n",
			"=\n\n=\n\n= B+64\n\n= pass\n\n"},
		{"pass played", "reversi-setup_board " + whitePasses + "\nplay b pass\nplay w pass\nplay w c1\ngenmove b\n",
			"=\n\n? illegal move: black cannot pass with legal moves: C1\n\n=\n\n? illegal move: it is black's turn, not white's\n\n= C1\n\n"},
		{"genmove passes", "reversi-setup_board " + whitePasses + "\ngenmove w\ngenmove b\nundo\nundo\n",
			"=\n\n= pass\n\n= C1\n\n=\n\n? cannot undo: no move to take back\n\n"},
		{"undo", "play b d3\nplay w c5\nundo\nplay w e3\nundo\nundo\nplay b c4\n",
			"=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n"},
		{"quit", "quit\nname\n", "=\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := serve(t, firstLegal, tt.input); got != tt.want {
				t.Errorf("answers:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestServeErrorsChangeNothing: after every refused command the board is
// the same.
func TestServeErrorsChangeNothing(t *testing.T) {
	const setup = "play b d3\nplay w c5\n"
	before := serve(t, firstLegal, setup+"showboard\n")
	for _, bad := range []string{"play b d3", "play w pass", "play b a1", "genmove w", "boardsize 9", "reversi-setup_board xx",
		"time_settings 1 2", "play b", "known_command", "undo 2", "clear_board now", "play b c5"} {
		t.Run(bad, func(t *testing.T) {
			got := serve(t, firstLegal, setup+bad+"\nshowboard\n")
			answers := strings.SplitN(got, "\n\n", 4)
			if len(answers) < 4 || !strings.HasPrefix(answers[2], "? ") {
				t.Fatalf("%q was not refused: %q", bad, got)
			}
			if strings.TrimPrefix(got, strings.Join(answers[:3], "\n\n")+"\n\n") != strings.TrimPrefix(before, strings.Join(answers[:2], "\n\n")+"\n\n") {
				t.Errorf("%q changed the board:\n%s\nbefore:\n%s", bad, got, before)
			}
		})
	}
}

// TestServeGame: a whole game of genmoves from the fixture's commands
// gives the fixture's answers.
func TestServeGame(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "game.gtp"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "game.answers"))
	if err != nil {
		t.Fatal(err)
	}
	if got := serve(t, firstLegal, string(in)); got != string(want) {
		t.Errorf("answers:\n%s\nwant:\n%s", got, want)
	}
}

// TestServeClock: the player is given the time that time_settings and
// time_left say.
func TestServeClock(t *testing.T) {
	tests := []struct {
		input     string
		move, all string
	}{
		{"genmove b\n", "0s", "0s"},
		{"time_settings 300 0 0\ngenmove b\n", "5m0s", "5m0s"},
		{"time_settings 300 0 0\ntime_left b 42 0\ngenmove b\n", "42s", "42s"},
		{"time_settings 0 10 1\ngenmove b\n", "10s", "0s"},
		{"time_settings 0 60 5\ntime_left b 30 3\ngenmove b\n", "10s", "0s"},
		{"time_settings 0 10 0\ngenmove b\n", "0s", "0s"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			var move, all string
			p := player.Func{PlayerName: "clock", Choose: func(req player.Request) board.Square {
				move, all = req.TimeLeft.String(), req.GameTimeLeft.String()
				sq, _ := board.NextSquare(req.Legal)
				return sq
			}}
			serve(t, p, tt.input)
			if move != tt.move || all != tt.all {
				t.Errorf("time for the move %s, game clock %s; want %s, %s", move, all, tt.move, tt.all)
			}
		})
	}
}

// TestServePlayerErrors: a player that fails, resigns or keeps playing
// illegal moves is answered as such, and the game is unchanged.
func TestServePlayerErrors(t *testing.T) {
	tests := []struct {
		name string
		p    player.Player
		want string
	}{
		{"illegal", player.Func{PlayerName: "bad", Choose: func(player.Request) board.Square { return board.MustParseSquare("a1") }},
			"? bad played 3 illegal moves, the last: A1 is not legal here; legal moves: D3 C4 F5 E6\n\n"},
		{"resign", resigner{}, "= resign\n\n"},
		{"error", failing{}, "? failing cannot move: out of order\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := serve(t, tt.p, "genmove b\nplay b d3\n")
			if got != tt.want+"=\n\n" {
				t.Errorf("answers %q, want %q then the game unchanged", got, tt.want)
			}
		})
	}
}

type resigner struct{}

func (resigner) Name() string { return "resigner" }
func (resigner) Move(context.Context, player.Request) (player.Reply, error) {
	return player.Reply{Resign: true}, nil
}

type failing struct{}

func (failing) Name() string { return "failing" }
func (failing) Move(context.Context, player.Request) (player.Reply, error) {
	return player.Reply{}, errors.New("out of order")
}

// TestServeLongLine: a line longer than MaxLine ends the session with an
// error that says so.
func TestServeLongLine(t *testing.T) {
	var out strings.Builder
	err := gtp.Serve(context.Background(), strings.NewReader("name\n"+strings.Repeat("x", 200)+"\nname\n"), &out, firstLegal, gtp.Options{MaxLine: 100})
	if err == nil || !strings.Contains(err.Error(), "command line 2 is longer than 100 bytes") {
		t.Errorf("error %v", err)
	}
	if out.String() != "= reversi\n\n" {
		t.Errorf("answers %q", out.String())
	}
}
