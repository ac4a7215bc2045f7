package nboard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// TestMain lets the test binary play an engine for the client's tests:
// with NBOARD_TEST_ENGINE set it is "reversi nboard" (serve) or a
// misbehaving engine, and exits.
func TestMain(m *testing.M) {
	switch mode := os.Getenv("NBOARD_TEST_ENGINE"); mode {
	case "":
		os.Exit(m.Run())
	case "serve":
		e, err := engine.New(engine.Options{Eval: eval.Course{}, HashMB: 4})
		if err != nil {
			os.Exit(2)
		}
		if err := Serve(context.Background(), os.Stdin, os.Stdout, e, Options{Name: "test-serve", Depth: 2}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	default:
		fakeEngine(mode)
		os.Exit(0)
	}
}

// fakeEngine misbehaves in the way mode says, answering pings so that it
// starts, and "go" as the mode says.
func fakeEngine(mode string) {
	sc := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "nboard":
			say("set myname fake-%s", mode)
		case "ping":
			if mode == "mute" {
				continue // never answers: does not start
			}
			say("pong %s", f[1])
		case "go":
			switch mode {
			case "illegal":
				say("status thinking")
				say("=== A1/0.00/0.1")
			case "garbage":
				say("hello there")
				say("search F5 1.0 0 4")
				say("=== ZZ/x/y")
			case "thinks":
				say("search D3 0.50 0 12")
				say("search F5d6C3 1.50 0 18@95%% selective")
				say("nodestats 1000 0.1")
				say("=== F5/1.25/0.1")
			case "silent":
				// thinks forever
			case "crash":
				os.Exit(3)
			case "endless":
				// a line that never ends, until the client stops it
				chunk := []byte(strings.Repeat("a", 1<<16))
				for {
					if _, err := out.Write(chunk); err != nil {
						os.Exit(4)
					}
				}
			}
		}
	}
}

// command returns a command line that runs this test binary as an
// engine of the given mode.
func command(mode string) string {
	return "env " + quoteWord("NBOARD_TEST_ENGINE="+mode) + " " + quoteWord(os.Args[0])
}

// quoteWord quotes s as one word of a command line for Start (and
// a POSIX shell): in single quotes, each single quote of s closing them,
// escaped with a backslash, and opening them again, so that a path with
// spaces or quotes stays one word.
func quoteWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestClientAgainstServe plays a refereed game with the client driving
// this package's own engine side in another process.
func TestClientAgainstServe(t *testing.T) {
	c, err := Start(command("serve"), ClientOptions{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Name() != "test-serve" {
		t.Errorf("name %q", c.Name())
	}
	g, err := referee.Play(context.Background(), c, course.NewRandom(1), referee.Config{MoveTime: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if g.Result.Reason != game.Normal || !g.Over() {
		t.Fatalf("game ended by %v: %s", g.Result, g.Transcript())
	}
	blackMoves := 0
	for _, m := range g.Moves {
		if m.Color == board.Black && m.Square != board.Pass {
			blackMoves++
			if !m.HasEval {
				t.Errorf("move %v has no eval from the engine", m.Square)
			}
		}
	}
	if blackMoves < 10 {
		t.Errorf("the engine played %d moves", blackMoves)
	}
}

// TestMisbehavingEngines: an engine that answers an illegal move or
// garbage loses by illegal moves, one that crashes by forfeit, one that
// does not answer on time, and each game ends promptly.
//
// Every engine but the silent one has 10 s a move, far more than a reply
// of a child process takes even on a loaded machine (with 500 ms a move,
// a starved child could lose on time instead): a wrong verdict still
// shows as another reason. Only the silent engine, which loses on time
// whatever the load, has a short time. gameBound says that no game hangs on its
// engine (the silent one above all: its move is given up after 500 ms);
// it is far beyond what a game takes on a loaded machine.
func TestMisbehavingEngines(t *testing.T) {
	const gameBound = 20 * time.Second
	tests := []struct {
		mode   string
		reason game.Reason
	}{
		{"illegal", game.IllegalMoves},
		{"garbage", game.IllegalMoves},
		{"silent", game.Timeout},
		{"crash", game.Forfeit},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			c, err := Start(command(tt.mode), ClientOptions{})
			if err != nil {
				t.Fatal(err)
			}
			cfg := referee.Config{MoveTime: 10 * time.Second}
			if tt.mode == "silent" {
				cfg.MoveTime = 500 * time.Millisecond
			}
			start := time.Now()
			g, err := referee.Play(context.Background(), c, course.NewRandom(1), cfg)
			c.Close()
			if err != nil {
				t.Fatal(err)
			}
			if g.Result.Reason != tt.reason || g.Result.Winner != board.White {
				t.Errorf("result %v, want a loss by %v", g.Result, tt.reason)
			}
			if took := time.Since(start); took > gameBound {
				t.Errorf("the game took %v", took)
			}
		})
	}
}

func TestEngineThatDoesNotStart(t *testing.T) {
	if _, err := Start("/no/such/engine --flag", ClientOptions{}); err == nil || !strings.Contains(err.Error(), "does not start") {
		t.Errorf("missing program: %v", err)
	}
	// The mute engine is given up when its start timeout expires: not
	// before, and long before the 10 s the bound allows a loaded machine
	// (a start that ignored the timeout would wait for ever).
	start := time.Now()
	_, err := Start(command("mute"), ClientOptions{StartTimeout: 300 * time.Millisecond})
	if took := time.Since(start); err == nil || !errors.Is(err, context.DeadlineExceeded) || took < 300*time.Millisecond || took > 10*time.Second {
		t.Errorf("mute engine: %v after %v", err, took)
	}
}

// TestEngineWithEndlessLine: an engine that writes a line longer than the
// limit (here one that never ends) loses its move with an error that says
// so, and is stopped at once.
func TestEngineWithEndlessLine(t *testing.T) {
	c, err := Start(command("endless"), ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	g := game.NewStandard()
	start := time.Now()
	_, err = c.Move(ctx, player.Request{Game: g, Position: g.Position(), Legal: g.Legal()})
	want := fmt.Sprintf("engine %q: it wrote a line longer than 1048576 bytes, the limit of an NBoard line, and was stopped", command("endless"))
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the move took %v", took)
	}
	select {
	case <-c.proc.Done():
	case <-time.After(5 * time.Second):
		t.Errorf("the engine still runs 5 s after its overlong line")
	}
}
