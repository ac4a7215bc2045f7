package nboard

import (
	"bufio"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

// timedGame returns the GGF of the game f5 d6 c3 d3 c4 f4 f6 f3 e6 e7
// (Black to move) under the time control ti, its moves inside the game
// with Black's at 6 s and White's at 1 s if timed, none if not.
func timedGame(ti string, timed bool) string {
	g := game.NewStandard()
	g.Info.TimeControl = ti
	if timed {
		for i, sq := range []string{"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"} {
			d := time.Second
			if i%2 == 0 {
				d = 6 * time.Second
			}
			g.Play(game.Move{Square: board.MustParseSquare(sq), Time: d})
		}
	}
	return ggf.Format(g)
}

// TestMoveTimesCountOnTheClock: the time of "move <sq>/<eval>/<time>"
// counts on the mover's clock as the time of a move inside "set game"
// does: with TI[00:30] and Black's five moves at 6 s, Black has nothing
// left either way (the reviewer's game, where the moves sent one by one
// left the engine believing it had its whole clock).
func TestMoveTimesCountOnTheClock(t *testing.T) {
	thinking := func(commands ...string) string {
		c := start(t)
		c.send("nboard 2", "set depth 4")
		c.until("set myname")
		c.send(commands...)
		c.send("go")
		l, _ := c.until("status thinking")
		c.until("===")
		return l
	}
	inGame := thinking("set game " + timedGame("00:30", true))
	if inGame != "status thinking (at most 0.001 s)" {
		t.Errorf("moves inside set game: %q, want the clock spent", inGame)
	}
	oneByOne := []string{"set game " + timedGame("00:30", false)}
	for i, sq := range []string{"F5", "D6", "C3", "D3", "C4", "F4", "F6", "F3", "E6", "E7"} {
		tm := "1"
		if i%2 == 0 {
			tm = "6"
		}
		oneByOne = append(oneByOne, "move "+sq+"/0/"+tm)
	}
	if got := thinking(oneByOne...); got != inGame {
		t.Errorf("moves sent one by one: %q, want %q as inside set game", got, inGame)
	}
}

// TestMoveKeepsEvalAndTime: "move" keeps the evaluation and time it
// carries in the game, as "set game" keeps a GGF move's; a malformed
// evaluation or time refuses the move with a status line and changes
// nothing.
func TestMoveKeepsEvalAndTime(t *testing.T) {
	var out strings.Builder
	s := &session{game: game.NewStandard(), out: &lineWriter{w: bufio.NewWriter(&out)}}
	for _, arg := range []string{"f5/-1.25/6.5", "D6", "c3//1:02", "d3/0.5"} {
		s.move([]string{arg})
	}
	sq := board.MustParseSquare
	want := []game.Move{
		{Square: sq("F5"), Color: board.Black, Time: 6500 * time.Millisecond, Eval: -1.25, HasEval: true},
		{Square: sq("D6"), Color: board.White},
		{Square: sq("C3"), Color: board.Black, Time: 62 * time.Second},
		{Square: sq("D3"), Color: board.White, Eval: 0.5, HasEval: true},
	}
	if len(s.game.Moves) != len(want) {
		t.Fatalf("moves %+v, want %+v (said %q)", s.game.Moves, want, out.String())
	}
	for i, m := range s.game.Moves {
		if m != want[i] {
			t.Errorf("move %d: %+v, want %+v", i, m, want[i])
		}
	}
	for _, bad := range []string{"c4/x", "c4/1/x", "c4/1/-2", "c4/NaN", "c4/1/2/3", "c4//1e3", "c4//25:00:00", "c4/+Inf"} {
		out.Reset()
		s.move([]string{bad})
		if len(s.game.Moves) != len(want) || !strings.HasPrefix(out.String(), "status move "+bad+": ") {
			t.Errorf("move %s: %d moves, said %q; want it refused with a status line", bad, len(s.game.Moves), out.String())
		}
	}
}

// TestTimeControls: the GGF time controls read, "[[hh:]mm:]ss[.fff]"
// for each part of main/increment/extension, and those refused.
func TestTimeControls(t *testing.T) {
	for text, want := range map[string]timeControl{
		"05:00//02:00":          {main: 5 * time.Minute, extension: 2 * time.Minute},
		"30":                    {main: 30 * time.Second},
		" 00:30 ":               {main: 30 * time.Second},
		"1:00:00":               {main: time.Hour},
		"05:00/00:03/02:00":     {main: 5 * time.Minute, increment: 3 * time.Second, extension: 2 * time.Minute},
		"05:00,N//02:00":        {main: 5 * time.Minute, extension: 2 * time.Minute},
		"0:30.5":                {main: 30500 * time.Millisecond},
		"120:00.000//":          {main: 2 * time.Hour}, // as Client writes it
		"00:00.300/00:00.300/":  {main: 300 * time.Millisecond, increment: 300 * time.Millisecond},
		"10:00/5":               {main: 10 * time.Minute, increment: 5 * time.Second},
		"24:00:00":              {main: 24 * time.Hour},
		"1440:00":               {main: 24 * time.Hour},
		"0":                     {},
		"12:34:56.789/0:01/0:2": {main: 12*time.Hour + 34*time.Minute + 56789*time.Millisecond, increment: time.Second, extension: 2 * time.Second},
	} {
		got, err := parseTimeControl(text)
		if err != nil || got != want {
			t.Errorf("parseTimeControl(%q) = %+v, %v; want %+v", text, got, err, want)
		}
	}
	for _, bad := range []string{
		"1:00:00:00", "1e3", "5:60", "1:61:00", "1:x", "-5", "+5", "//", "", "1/2/3/4", "25:00:00", "1441:00",
		"86401", "5.", ".5", "1:5:", ":30", "0x10", "5:00,1", "99999999999", "1.5:00", "5 00", "Inf", "5:00/1e3/",
	} {
		if got, err := parseTimeControl(bad); err == nil {
			t.Errorf("parseTimeControl(%q) = %+v, want an error", bad, got)
		}
	}
}

// TestBadTimeControlIgnored: a "set game" whose time control is not a
// GGF time (TI[1:00:00:00], once read as 60 hours, TI[1e3]) or is over a
// day is accepted with a status line that says its clock is ignored;
// "go" then plays to the depth set, with no budget, as in a game without
// a clock. A side's own bad TB or TW leaves that side without a clock,
// not on the game's TI.
func TestBadTimeControlIgnored(t *testing.T) {
	tests := []struct {
		name, ti, tags, status string
	}{
		{"four fields", "1:00:00:00", "", `status set game: time control TI[1:00:00:00]: time "1:00:00:00": want [[hh:]mm:]ss[.fff]; ignored`},
		{"an exponent", "1e3", "", `status set game: time control TI[1e3]: time "1e3": want [[hh:]mm:]ss[.fff]; ignored`},
		{"over a day", "100:00:00", "", `status set game: time control TI[100:00:00]: time "100:00:00": more than 24h0m0s; ignored`},
		{"ten digits", "90000000000", "", `status set game: time control TI[90000000000]: time "90000000000": more than 24h0m0s; ignored`},
		{"Black's own", "05:00", "TB[5 minutes]", `status set game: time control TB[5 minutes]: time "5 minutes": want [[hh:]mm:]ss[.fff]; ignored`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := start(t)
			c.send("nboard 2", "set depth 2")
			c.until("set myname")
			text := timedGame(tt.ti, false)
			if tt.tags != "" {
				text = strings.Replace(text, "TY[", tt.tags+"TY[", 1)
			}
			c.send("set game " + text)
			got := c.sync(1)
			if len(got) != 1 || !strings.HasPrefix(got[0], tt.status) {
				t.Errorf("set game with TI[%s] %s: said %q, want %q...", tt.ti, tt.tags, got, tt.status)
			}
			c.send("go")
			if l, _ := c.until("status thinking"); l != "status thinking" {
				t.Errorf("go: %q, want no budget (no clock)", l)
			}
			c.until("===")
		})
	}
	// A good time control says nothing.
	c := start(t)
	c.send("nboard 2", "set game "+timedGame("05:00//02:00", true))
	c.until("set myname")
	if got := c.sync(1); len(got) != 0 {
		t.Errorf("set game with TI[05:00//02:00]: said %q", got)
	}
}

// TestFormatClock: the clocks the client sends are written as GGS writes
// them, whole seconds ("10:00"), which programs that read GGS's times
// (NTest: "[[days.]hours:]minutes:seconds", whole numbers, where "10:00.000"
// failed an assertion) read right; a minute or more is rounded down to
// the second, and a shorter clock keeps its milliseconds only when it has
// some. Each reads back (parseTime) as at most the clock and less than a
// second below it.
func TestFormatClock(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{10 * time.Minute, "10:00"},
		{15 * time.Second, "00:15"},
		{75*time.Minute + 3*time.Second, "75:03"},
		{14*time.Second + 500*time.Millisecond, "00:14.500"},
		{100 * time.Millisecond, "00:00.100"},
		{time.Minute + 999*time.Millisecond, "01:00"},
		{14*time.Minute + 59*time.Second + 999600*time.Microsecond, "15:00"}, // 1 ms steps: rounded to 15:00.000 first
	} {
		got := formatClock(tc.d)
		if got != tc.want {
			t.Errorf("formatClock(%v) = %q, want %q", tc.d, got, tc.want)
		}
		back, err := parseTime(got)
		if err != nil || back > tc.d.Round(time.Millisecond) || back <= tc.d-time.Second {
			t.Errorf("%q reads back as %v (%v), want at most %v and within a second of it", got, back, err, tc.d)
		}
	}
}
