package gtp_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/gtp"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// TestMain lets the test binary play an engine for the client's tests:
// with GTP_TEST_ENGINE set it is "reversi gtp" (serve: our engine at
// depth 2, its input copied to the file GTP_TEST_LOG if set) or a
// misbehaving engine, and exits.
func TestMain(m *testing.M) {
	switch mode := os.Getenv("GTP_TEST_ENGINE"); mode {
	case "":
		os.Exit(m.Run())
	case "serve":
		var in io.Reader = os.Stdin
		if path := os.Getenv("GTP_TEST_LOG"); path != "" {
			f, err := os.Create(path)
			if err != nil {
				os.Exit(2)
			}
			defer f.Close()
			in = io.TeeReader(os.Stdin, f)
		}
		level, _ := engine.LevelSettings(2)
		e, err := engine.New(engine.Options{Eval: eval.Course{}, HashMB: 1, Threads: 1})
		if err != nil {
			os.Exit(2)
		}
		p := engine.NewPlayer(e, level, "engine:level=2", 1)
		if err := gtp.Serve(context.Background(), in, os.Stdout, p, gtp.Options{Name: "test-serve", Version: "1.0"}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	default:
		fakeEngine(mode)
		os.Exit(0)
	}
}

// fakeEngine answers the commands of a game start, accepts every play,
// and answers genmove as mode says.
func fakeEngine(mode string) {
	sc := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	answer := func(id, text string) {
		fmt.Fprintf(out, "=%s %s\n\n", id, text)
		out.Flush()
	}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		id, name := f[0], f[1]
		switch name {
		case "protocol_version":
			if mode == "mute" {
				continue // never answers: does not start
			}
			answer(id, "2")
		case "name":
			answer(id, "Fake")
		case "version":
			answer(id, mode)
		case "list_commands":
			answer(id, "protocol_version\nname\nversion\nlist_commands\nboardsize\nclear_board\nplay\ngenmove")
		case "boardsize":
			if mode == "go-board" {
				fmt.Fprintf(out, "?%s unacceptable size\n\n", id)
				out.Flush()
				continue
			}
			answer(id, "")
		case "quit":
			answer(id, "")
			return
		case "genmove":
			switch mode {
			case "refuse":
				fmt.Fprintf(out, "?%s out of ideas\n\n", id)
				out.Flush()
			case "crash":
				os.Exit(3)
			case "illegal":
				answer(id, "A1")
			case "unparseable":
				answer(id, "ZZ")
			case "pass":
				answer(id, "PASS")
			case "resign":
				answer(id, "resign")
			case "garbled":
				fmt.Fprintf(out, "thinking about %s\n", f[2])
				out.Flush()
			case "wrong-id":
				answer(id+"7", "D3")
			case "silent":
				// thinks forever
			default:
				answer(id, "D3")
			}
		default:
			answer(id, "")
		}
	}
}

// command returns a command line that runs this test binary as an
// engine of the given mode.
func command(mode string) string {
	return "env " + quoteWord("GTP_TEST_ENGINE="+mode) + " " + quoteWord(os.Args[0])
}

// serveLogged returns the command line of our engine that copies what it
// reads to a file, and the file.
func serveLogged(t *testing.T) (string, string) {
	path := filepath.Join(t.TempDir(), "commands.log")
	return "env " + quoteWord("GTP_TEST_LOG="+path) + " GTP_TEST_ENGINE=serve " + quoteWord(os.Args[0]), path
}

// quoteWord quotes s as one word of a command line, split as
// the engine's command line (and a POSIX shell) splits it: in single quotes,
// each single quote of s closing them, escaped with a backslash, and
// opening them again, so that a path with spaces or quotes stays one word.
func quoteWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func start(t *testing.T, commandLine string) *gtp.Client {
	t.Helper()
	c, err := gtp.Start(commandLine, gtp.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestClientAgainstServe plays refereed games with the client driving
// this package's own engine side in another process, with either colour,
// from the start and from another position (set up with
// reversi-setup_board), with a clock.
func TestClientAgainstServe(t *testing.T) {
	from := game.New(board.MustParsePosition("XO-------------------------XX------XO--------------------------- O"), game.Standard)
	tests := []struct {
		name   string
		engine board.Color
		cfg    referee.Config
	}{
		{"black", board.Black, referee.Config{MoveTime: 10 * time.Second}},
		{"white", board.White, referee.Config{MoveTime: 10 * time.Second}},
		{"set up", board.White, referee.Config{Game: from, MoveTime: 10 * time.Second}},
		{"game clock", board.Black, referee.Config{GameTime: time.Minute, Increment: time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, log := serveLogged(t)
			c := start(t, line)
			if c.Name() != "test-serve 1.0" {
				t.Errorf("name %q, want the engine's name and version", c.Name())
			}
			if !c.Known("reversi-setup_board") || !c.Known("time_left") || c.Known("fly") {
				t.Errorf("the engine's commands were not read from list_commands")
			}
			players := [2]player.Player{course.NewRandom(1), course.NewRandom(1)}
			players[tt.engine] = c
			g, err := referee.Play(context.Background(), players[board.Black], players[board.White], tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if g.Result.Reason != game.Normal || !g.Over() {
				t.Fatalf("game ended by %v: %s", g.Result, g.Transcript())
			}
			c.Close()
			sent, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			if tt.cfg.Game != nil && !strings.Contains(string(sent), "reversi-setup_board "+tt.cfg.Game.Start.String()[:64]+" O\n") {
				t.Errorf("the engine was not given the start position:\n%s", sent)
			}
			if tt.cfg.GameTime > 0 && (!strings.Contains(string(sent), "time_settings 60 0 0") || !strings.Contains(string(sent), "time_left b ")) {
				t.Errorf("the engine was not told the clock:\n%s", sent)
			}
			if n := strings.Count(string(sent), "genmove "); n < 5 {
				t.Errorf("%d genmoves in a game:\n%s", n, sent)
			}
		})
	}
}

// TestClientResyncs: the client sends the engine only the moves it has
// not seen; after a move the engine did not see played (an undo, a
// refused move, another game), it clears the board and replays the game.
func TestClientResyncs(t *testing.T) {
	line, log := serveLogged(t)
	c := start(t, line)
	ctx := context.Background()
	move := func(g *game.Game) board.Square {
		t.Helper()
		r, err := c.Move(ctx, player.Request{Game: g, Position: g.Position(), Legal: g.Legal()})
		if err != nil || !r.Move.OnBoard() || g.Legal()&r.Move.Bit() == 0 {
			t.Fatalf("after %s: %v, %v", g.Transcript(), r.Move, err)
		}
		return r.Move
	}
	play := func(g *game.Game, sq ...board.Square) *game.Game {
		t.Helper()
		g = g.Clone()
		for _, s := range sq {
			if err := g.PlaySquare(s); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	g1 := play(game.NewStandard(), board.MustParseSquare("f5"))
	x := move(g1)
	g2 := play(g1, x)
	y, _ := board.NextSquare(g2.Legal()) // the first legal move
	g2 = play(g2, y)
	z := move(g2)
	g3 := play(g2, z)
	g3.Undo()
	g3.Undo() // undo: the engine's move and ours taken back
	u, _ := board.NextSquare(g3.Legal() &^ y.Bit())
	g3 = play(g3, u)
	move(g3)
	g4 := play(game.NewStandard(), board.MustParseSquare("e6"))
	move(g4)
	c.Close()
	sent, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(string(sent)), "\n") {
		cmd, err := gtp.ParseCommand(l)
		if err != nil {
			t.Fatalf("the client sent %q: %v", l, err)
		}
		cmd.HasID = false
		got = append(got, cmd.String())
	}
	want := []string{"protocol_version", "name", "version", "list_commands", "boardsize 8",
		"clear_board", "play b F5", "genmove w",
		"play b " + y.String(), "genmove w",
		"clear_board", "play b F5", "play w " + x.String(), "play b " + u.String(), "genmove w",
		"clear_board", "play b E6", "genmove w", "quit"}
	if !slices.Equal(got, want) {
		t.Errorf("commands sent:\n%s\nwant:\n%s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
}

// TestMisbehavingEngines: an engine that refuses genmove, crashes,
// answers a line that is not GTP or with another command's id loses by
// forfeit with an error that says so; one that answers an illegal move,
// a pass it cannot make or something that is not a move has it refused
// by the referee (three times: it loses); one that resigns resigns; one
// that does not answer loses on time.
//
// Every engine but the silent one has 10 s a move, far more than the two
// or three round trips to a child process take even on a loaded machine
// (with 300 ms a move, a starved child could lose on time instead): a
// wrong verdict still shows as another reason or detail. Only the silent
// engine, which loses on time whatever the load, has the short time its
// detail names.
func TestMisbehavingEngines(t *testing.T) {
	tests := []struct {
		mode   string
		reason game.Reason
		detail string
	}{
		{"refuse", game.Forfeit, "genmove b failed: out of ideas"},
		{"crash", game.Forfeit, "exited: exit status 3"},
		{"garbled", game.Forfeit, `"thinking about b" is not a GTP answer`},
		{"wrong-id", game.Forfeit, "the answer to \"genmove b\" (id 7) has the id 77"},
		{"illegal", game.IllegalMoves, "A1 is not legal here"},
		{"unparseable", game.IllegalMoves, "is not a move"},
		{"pass", game.IllegalMoves, "black cannot pass with legal moves"},
		{"resign", game.Resignation, ""},
		{"silent", game.Timeout, "no move within 300ms"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			c := start(t, command(tt.mode))
			moveTime := 10 * time.Second
			if tt.mode == "silent" {
				moveTime = 300 * time.Millisecond
			}
			g, err := referee.Play(context.Background(), c, course.NewRandom(1), referee.Config{MoveTime: moveTime})
			if err != nil {
				t.Fatal(err)
			}
			if g.Result.Reason != tt.reason || g.Result.Winner != board.White || !strings.Contains(g.Result.Detail, tt.detail) {
				t.Errorf("result %v (%q), want a loss by %v saying %q", g.Result, g.Result.Detail, tt.reason, tt.detail)
			}
			if len(g.Moves) != 0 {
				t.Errorf("moves were played: %s", g.Transcript())
			}
		})
	}
}

// TestClientRefusesGames: a game from another position, with an engine
// that lists no command to set up a board, and a game under the
// no-adjacent rule are refused with an error that says why, before any
// genmove.
func TestClientRefusesGames(t *testing.T) {
	tests := []struct {
		name string
		g    *game.Game
		want string
	}{
		{"position", game.New(board.MustParsePosition("XO-------------------------XX------XO--------------------------- O"), game.Standard),
			"the engine lists no command to set up a board (grhino-setup_board, reversi-setup_board)"},
		{"rule", game.New(board.Start(), game.NoAdjacent), "GTP cannot tell an engine the no-adjacent rule"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := start(t, command("ok"))
			_, err := c.Move(context.Background(), player.Request{Game: tt.g, Position: tt.g.Position(), Legal: tt.g.Legal()})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestEngineThatDoesNotStart: a missing program, an engine that does not
// answer and one that does not play on 8x8 are errors of Start.
func TestEngineThatDoesNotStart(t *testing.T) {
	if _, err := gtp.Start("/no/such/engine --flag", gtp.ClientOptions{}); err == nil || !strings.Contains(err.Error(), "does not start") {
		t.Errorf("missing program: %v", err)
	}
	if _, err := gtp.Start(`"unterminated`, gtp.ClientOptions{}); err == nil || !strings.Contains(err.Error(), "unterminated quote") {
		t.Errorf("bad command line: %v", err)
	}
	_, err := gtp.Start(command("mute"), gtp.ClientOptions{StartTimeout: 300 * time.Millisecond})
	if err == nil || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "does not answer within 300ms") {
		t.Errorf("mute engine: %v", err)
	}
	_, err = gtp.Start(command("go-board"), gtp.ClientOptions{})
	if err == nil || !strings.Contains(err.Error(), "does not play on an 8x8 board: boardsize 8 failed: unacceptable size") {
		t.Errorf("an engine for another board: %v", err)
	}
}
