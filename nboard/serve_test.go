package nboard

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/endless"
)

// conn is a test's end of a session: it sends commands and reads the
// engine's lines.
type conn struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func start(t *testing.T) *conn {
	t.Helper()
	return startWith(t, newEngine(t, engine.Options{Eval: eval.Course{}, HashMB: 2}))
}

// newEngine returns engine.New(o), failing the test on an error.
func newEngine(t testing.TB, o engine.Options) *engine.Engine {
	t.Helper()
	e, err := engine.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// startWith starts a session with the engine e.
func startWith(t *testing.T, e *engine.Engine) *conn {
	t.Helper()
	return startOptions(t, e, Options{Depth: 4})
}

// startOptions starts a session with the engine e and the options opts.
func startOptions(t *testing.T, e *engine.Engine, opts Options) *conn {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &conn{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	go func() {
		c.done <- Serve(context.Background(), inR, outW, e, opts)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *conn) send(lines ...string) {
	c.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(c.in, l+"\n"); err != nil {
			c.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// until reads lines until one starts with prefix and returns it with the
// lines before it.
func (c *conn) until(prefix string) (string, []string) {
	c.t.Helper()
	var before []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("the engine stopped before %q; it said %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			c.t.Fatalf("no %q after 20 s; the engine said %q", prefix, before)
		}
	}
}

// sync sends a ping and returns the lines before its pong.
func (c *conn) sync(n int) []string {
	c.t.Helper()
	c.send("ping " + strconv.Itoa(n))
	_, before := c.until("pong " + strconv.Itoa(n))
	return before
}

const startGGF = "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)"

func TestScriptedSession(t *testing.T) {
	c := start(t)
	c.send("nboard 2")
	if l, _ := c.until("set myname"); l != "set myname reversi" {
		t.Errorf("greeting %q", l)
	}
	c.send("set depth 4", "set game "+startGGF)
	c.sync(1)

	// go: a legal move of the game after f5 f6, with an eval and a time.
	c.send("go")
	l, before := c.until("===")
	fields := strings.Split(strings.TrimPrefix(l, "=== "), "/")
	g := game.New(board.Start(), game.Standard)
	g.PlayTranscript("f5f6")
	sq, err := board.ParseSquare(fields[0])
	if err != nil || g.Legal()&sq.Bit() == 0 || len(fields) != 3 {
		t.Fatalf("go answered %q, not a legal move with eval and time", l)
	}
	if len(before) < 3 || !strings.HasPrefix(before[0], "status thinking") || !strings.HasPrefix(before[1], "nodestats ") || !strings.HasPrefix(before[2], "search "+fields[0]) {
		t.Errorf("before the move: %q", before)
	}
	// The engine does not play its move: the GUI sends it.
	c.send("move " + fields[0] + "/" + fields[1])
	g.PlaySquare(sq)

	// hint 2: search lines for at most two moves at each depth, then the
	// end of the hint when it reaches the set depth.
	c.send("hint 2")
	_, lines := c.until("nodestats")
	seen := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "search ") {
			continue
		}
		f := strings.Fields(l)
		if len(f) != 5 || f[3] != "0" {
			t.Errorf("search line %q: want search <pv> <eval> 0 <depth>", l)
			continue
		}
		first, _ := board.ParseSquare(f[1][:2])
		if g.Legal()&first.Bit() == 0 {
			t.Errorf("hint %q: %s is not legal", l, f[1][:2])
		}
		seen++
	}
	if seen == 0 {
		t.Errorf("no search lines in %q", lines)
	}
	c.until("status")

	if got := c.sync(2); len(got) != 0 {
		t.Errorf("unexpected lines %q", got)
	}
	c.send("learn")
	c.until("learned")

	// analyze: one line per position, from the last back to the first.
	c.send("analyze")
	c.until("status analysing")
	var made []string
	for _, l := range c.drainUntil("status") {
		if strings.HasPrefix(l, "analysis ") {
			made = append(made, strings.Fields(l)[1])
		}
	}
	if strings.Join(made, ",") != "3,2,1,0" {
		t.Errorf("analysis of positions %v, want 3,2,1,0", made)
	}
}

// drainUntil returns the lines up to (not including) the next line that
// starts with prefix.
func (c *conn) drainUntil(prefix string) []string {
	_, before := c.until(prefix)
	return before
}

// TestBadCommandsChangeNothing: a malformed or impossible command gets a
// status line and leaves the game as it was (a refused "set game" does
// not: TestRefusedGameIsNoGame).
func TestBadCommandsChangeNothing(t *testing.T) {
	c := start(t)
	c.send("nboard 2", "set game "+startGGF)
	c.until("set myname")
	bad := []struct{ line, want string }{
		{"nboard 3", "status this engine speaks NBoard protocol version 2"},
		{"set depth 0", "status set depth 0"},
		{"set depth", "status set depth needs"},
		{"set contempt x", "status set contempt x"},
		{"move z9", "status move z9"},
		{"move a1", "status move a1: A1 is not legal"},
		{"move", "status move needs one move"},
		{"move PA", "status move PA"},
		{"hint x", "status hint needs a number"},
		{"set", "status set needs a name"},
	}
	for i, b := range bad {
		c.send(b.line)
		got := c.sync(100 + i)
		if len(got) != 1 || !strings.HasPrefix(got[0], b.want) {
			t.Errorf("%q: the engine said %q, want %q", b.line, got, b.want)
		}
	}
	// Unknown commands and blank lines are ignored silently.
	c.send("", "   ", "frobnicate 7", "set time 5")
	if got := c.sync(200); len(got) != 0 {
		t.Errorf("unknown commands answered %q", got)
	}
	// The game is still f5 f6, Black to move: e6 is legal, a second e6 is not.
	c.send("move e6")
	if got := c.sync(201); len(got) != 0 {
		t.Errorf("move e6 after bad commands: %q", got)
	}
	c.send("move e6")
	if got := c.sync(202); len(got) != 1 || !strings.Contains(got[0], "E6") {
		t.Errorf("second e6: %q", got)
	}
}

// TestPingStopsAHint: a ping stops a hint under way and is answered. A
// hint to depth 60 that the ping did not stop would run for hours; the
// bound of 10 s leaves a loaded machine time to answer a stopped one.
func TestPingStopsAHint(t *testing.T) {
	c := start(t)
	c.send("nboard 2", "set depth 60", "hint 1")
	c.until("status thinking")
	time.Sleep(50 * time.Millisecond)
	begin := time.Now()
	c.sync(7)
	if took := time.Since(begin); took > 10*time.Second {
		t.Errorf("ping took %v to stop a hint", took)
	}
}

func TestGoMustPassAndGameOver(t *testing.T) {
	c := start(t)
	// Black (to move) has no move: white's only disc cannot be outflanked.
	c.send("nboard 2", "set game (;GM[Othello]BO[8 O*------ -------- -------- -------- -------- -------- -------- -------- *];)")
	c.until("set myname")
	c.send("go")
	if l, _ := c.until("==="); l != "=== PA" {
		t.Errorf("forced pass: %q", l)
	}
	c.send("set game (;GM[Othello]BO[8 ****OOOO -------- -------- -------- -------- -------- -------- -------- *];)", "go")
	if got := c.sync(3); len(got) != 1 || !strings.Contains(got[0], "game is over") {
		t.Errorf("go on a finished game: %q", got)
	}
}

func TestClock(t *testing.T) {
	g, err := parseTestGame("(;GM[Othello]TI[05:00//02:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5//10]W[f6//20]B[e6//30.5];)")
	if err != nil {
		t.Fatal(err)
	}
	// White to move: 5 min less 20 s.
	if got := clock(g, nil); got != (engine.Clock{Game: 280 * time.Second}) {
		t.Errorf("clock %+v, want 4m40s", got)
	}
	// An increment of 3 s after each move: 5 min + 3 s - 20 s.
	g.Info.TimeControl = "05:00/00:03/02:00"
	if got := clock(g, nil); got != (engine.Clock{Game: 283 * time.Second, Increment: 3 * time.Second}) {
		t.Errorf("clock with an increment %+v, want 4m43s and 3s", got)
	}
	// White's own time control (TW) before the game's.
	if got := clock(g, map[string]string{"TW": "1:00", "TB": "9:00"}); got != (engine.Clock{Game: 40 * time.Second}) {
		t.Errorf("clock of TW[1:00] %+v, want 40s", got)
	}
	g.Info.TimeControl = ""
	if got := clock(g, nil); got != (engine.Clock{}) {
		t.Errorf("no time control: clock %+v", got)
	}
	for _, bad := range []string{"x", "-5", "1:x", "//"} {
		g.Info.TimeControl = bad
		if got := clock(g, nil); got != (engine.Clock{}) {
			t.Errorf("time control %q: clock %+v", bad, got)
		}
	}
}

func TestTimeTags(t *testing.T) {
	got := timeTags("(;GM[Othello]PB[a]TB[05:00//02:00] TW[1:00]C[TB[9:00]]BO[8 *];)")
	if got["TB"] != "05:00//02:00" || got["TW"] != "1:00" {
		t.Errorf("time tags %q", got)
	}
	if got := timeTags("(;GM[Othello]C[xTB[9:00]];)"); len(got) != 0 {
		t.Errorf("a tag inside a value: %q", got)
	}
}

func FuzzCommand(f *testing.F) {
	for _, s := range []string{"nboard 2", "set depth 3", "set game " + startGGF, "move f5/1.2/3", "move PA", "hint 2", "ping 1", "set contempt 100", "learn", "go", "set game (;GM[Othello];)", "analyze"} {
		f.Add(s)
	}
	// Lines over the limit (4 KB here): an error that says so.
	const maxLine = 4096
	f.Add("set game " + startGGF + strings.Repeat(" ", maxLine))
	f.Add(strings.Repeat("\x00", maxLine+2))
	e := newEngine(f, engine.Options{Eval: eval.Discs{}, HashMB: 1})
	f.Fuzz(func(t *testing.T, line string) {
		var out strings.Builder
		line = strings.ReplaceAll(line, "\n", " ")
		in := "nboard 2\nset depth 1\nset game " + startGGF + "\n" + line + "\nping 9\n"
		err := Serve(context.Background(), strings.NewReader(in), &out, e, Options{Depth: 1, MaxLine: maxLine})
		// Room for maxLine bytes and "\r\n": longer is refused.
		switch long := len(line)+1 > maxLine+2; {
		case long && (err == nil || !strings.Contains(err.Error(), "command line 4 is longer than 4096 bytes")):
			t.Fatalf("a line of %d bytes: %v", len(line), err)
		case long:
			return
		case err != nil:
			t.Fatalf("%q: %v", line, err)
		}
		if !strings.HasSuffix(out.String(), "pong 9\n") {
			t.Fatalf("%q: the session did not end with the pong: %q", line, out.String())
		}
	})
}

func parseTestGame(text string) (*game.Game, error) { return ggf.ParseGame(text) }

// TestLongCommandLines: a command line longer than the limit ends the
// session with an error that names the line and the limit, after reading
// little more than the limit, even from a GUI that never ends the line;
// a line up to the limit is read. The error does not start with
// "nboard:": the command that runs Serve says which protocol it speaks
// ("reversi nboard: reading commands: ...", not "reversi nboard: nboard:
// ...").
func TestLongCommandLines(t *testing.T) {
	e := newEngine(t, engine.Options{Eval: eval.Discs{}, HashMB: 1})
	for _, max := range []int{0, 5000} {
		limit := cmp.Or(max, DefaultMaxLine)
		in := endless.New('a', 64<<20)
		var out strings.Builder
		err := Serve(context.Background(), io.MultiReader(strings.NewReader("nboard 2\nping 1\n"), in), &out, e, Options{MaxLine: max})
		want := fmt.Sprintf("reading commands: command line 3 is longer than %d bytes, the limit of a line", limit)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("MaxLine %d: error %v, want prefix %q", max, err, want)
		}
		if !strings.Contains(out.String(), "pong 1\n") {
			t.Errorf("MaxLine %d: the lines before were not answered: %q", max, out.String())
		}
		if in.Served() > 2*int64(limit)+64<<10 {
			t.Errorf("MaxLine %d: read %d bytes to refuse a line of more than %d", max, in.Served(), limit)
		}
	}

	var out strings.Builder
	long := "set game " + startGGF + strings.Repeat(" ", 5000-len("set game "+startGGF))
	if err := Serve(context.Background(), strings.NewReader(long+"\r\nping 2\n"), &out, e, Options{MaxLine: 5000}); err != nil || !strings.HasSuffix(out.String(), "pong 2\n") {
		t.Errorf("a line of 5000 bytes with a limit of 5000: %v; %q", err, out.String())
	}
}
