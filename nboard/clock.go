// The game clock that "set game" gives: GGF time controls (TI, TB, TW)
// read and checked, and what is left of them after the side's moves.

package nboard

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/clip"
)

// quoted is the most bytes of a text quoted in a message (clip.Text).
const quoted = 40

// maxClock bounds every part of a time control (main time, increment,
// extension) and the time of a move: a day, far above any game an
// engine plays, far below the hours a typo ("100:00:00") would give.
const maxClock = 24 * time.Hour

// timeControl is a GGF time control, "main/increment/extension".
type timeControl struct {
	main, increment, extension time.Duration
}

// parseTimeControl reads a GGF time control: "main[/increment[/extension]]",
// each part a time as parseTime reads it or empty (no increment, no
// extension; the main time may not be empty), each with GGS's optional
// flags after a comma ("05:00,N", letters only) ignored. "05:00//02:00"
// is 5 minutes, no increment, 2 minutes of extension. A part over
// maxClock, more than three parts, or any other form is an error.
func parseTimeControl(text string) (timeControl, error) {
	parts := strings.Split(strings.TrimSpace(text), "/")
	if len(parts) > 3 {
		return timeControl{}, fmt.Errorf("%d parts: want main/increment/extension", len(parts))
	}
	var d [3]time.Duration
	for i, p := range parts {
		p, flags, _ := strings.Cut(p, ",")
		if strings.Trim(flags, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != "" {
			return timeControl{}, fmt.Errorf("flags %q: want letters", flags)
		}
		p = strings.TrimSpace(p)
		if p == "" && i > 0 {
			continue
		}
		v, err := parseTime(p)
		if err != nil {
			return timeControl{}, err
		}
		d[i] = v
	}
	return timeControl{main: d[0], increment: d[1], extension: d[2]}, nil
}

// parseTime reads a GGF time, "[[hh:]mm:]ss[.fff]": seconds, minutes and
// seconds, or hours, minutes and seconds, the first field of any size,
// the others under 60, and a fraction of a second. It is at most
// maxClock.
func parseTime(t string) (time.Duration, error) {
	bad := fmt.Errorf("time %q: want [[hh:]mm:]ss[.fff]", clip.Text(t, quoted))
	whole, frac, dot := strings.Cut(t, ".")
	fields := strings.Split(whole, ":")
	if len(fields) > 3 || dot && (frac == "" || !digits(frac)) {
		return 0, bad
	}
	var secs int64
	for i, f := range fields {
		if f == "" || !digits(f) {
			return 0, bad
		}
		if len(strings.TrimLeft(f, "0")) > 9 { // more seconds than any clock
			return 0, fmt.Errorf("time %q: more than %v", clip.Text(t, quoted), maxClock)
		}
		n, _ := strconv.ParseInt(f, 10, 64)
		if i > 0 && n >= 60 {
			return 0, bad
		}
		if secs = secs*60 + n; secs > int64(maxClock/time.Second) {
			return 0, fmt.Errorf("time %q: more than %v", clip.Text(t, quoted), maxClock)
		}
	}
	var ns int64
	for i := range 9 {
		ns *= 10
		if i < len(frac) {
			ns += int64(frac[i] - '0')
		}
	}
	d := time.Duration(secs)*time.Second + time.Duration(ns)
	if d > maxClock {
		return 0, fmt.Errorf("time %q: more than %v", clip.Text(t, quoted), maxClock)
	}
	return d, nil
}

// digits reports whether s is made of ASCII digits only.
func digits(s string) bool { return strings.Trim(s, "0123456789") == "" }

// control returns the time control of the side to move of g: its own (the
// GGF tags TB and TW, in tags, as "set game" gave them) if it has one,
// else the game's (TI); "" if neither.
func control(g *game.Game, tags map[string]string) string {
	own := "TB"
	if g.Turn() == board.White {
		own = "TW"
	}
	if t := tags[own]; strings.TrimSpace(t) != "" {
		return t
	}
	return g.Info.TimeControl
}

// clock returns the game clock of the side to move: what is left of it
// and its increment (zero if the game has no clock, or a time control
// that parseTimeControl refuses). The time control is the side's own or
// the game's (see control). The increment is added after each move, as
// a Fischer clock: what is left is the main time plus the increments of
// the side's moves, less their times. The extension, which GGS grants at
// a cost, is not counted.
func clock(g *game.Game, tags map[string]string) engine.Clock {
	tc, err := parseTimeControl(control(g, tags))
	if err != nil || tc.main <= 0 {
		return engine.Clock{}
	}
	turn := g.Turn()
	left := tc.main
	for i, m := range g.Moves {
		if g.PositionAt(i).Turn == turn {
			left += tc.increment - m.Time
		}
	}
	return engine.Clock{Game: max(left, time.Millisecond), Increment: tc.increment}
}

// badControls returns what is wrong with the time controls of a game
// that "set game" gave (TI, and the tags TB and TW): one text per
// control that is there and cannot be read, none if all can.
func badControls(g *game.Game, tags map[string]string) []string {
	var bad []string
	for _, c := range []struct{ tag, text string }{{"TI", g.Info.TimeControl}, {"TB", tags["TB"]}, {"TW", tags["TW"]}} {
		if strings.TrimSpace(c.text) == "" {
			continue
		}
		if _, err := parseTimeControl(c.text); err != nil {
			bad = append(bad, fmt.Sprintf("%s[%s]: %v", c.tag, clip.Text(c.text, quoted), err))
		}
	}
	return bad
}

// parseMove reads the argument of a "move" command,
// "<square>[/<eval>[/<time>]]", as "set game" reads the moves of a GGF
// game: the square (PA for a pass), the mover's evaluation in discs (a
// finite number; empty: none) and the time the move took (a time as
// parseTime reads it; empty: unknown).
func parseMove(text string) (game.Move, error) {
	parts := strings.Split(text, "/")
	if len(parts) > 3 {
		return game.Move{}, errors.New("too many '/': want <square>[/<eval>[/<time>]]")
	}
	sq, err := board.ParseSquare(parts[0])
	if err != nil {
		return game.Move{}, err
	}
	m := game.Move{Square: sq}
	if len(parts) > 1 && parts[1] != "" {
		v, err := strconv.ParseFloat(parts[1], 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return game.Move{}, fmt.Errorf("evaluation %q is not a number of discs", clip.Text(parts[1], quoted))
		}
		m.Eval, m.HasEval = v, true
	}
	if len(parts) > 2 && parts[2] != "" {
		if m.Time, err = parseTime(parts[2]); err != nil {
			return game.Move{}, err
		}
	}
	return m, nil
}

// timeTags returns the values of the players' time tags (TB and TW) of a
// GGF game text, which the game record does not keep.
func timeTags(text string) map[string]string {
	tags := map[string]string{}
	for _, name := range []string{"TB", "TW"} {
		for i := 0; ; {
			j := strings.Index(text[i:], name+"[")
			if j < 0 {
				break
			}
			j += i
			i = j + len(name) + 1
			// A tag starts the text or follows ']' or ';' (spaces between).
			before := strings.TrimRight(text[:j], " \t\r\n")
			if before != "" && !strings.HasSuffix(before, "]") && !strings.HasSuffix(before, ";") {
				continue
			}
			end := strings.IndexByte(text[i:], ']')
			if end < 0 {
				break
			}
			tags[name] = text[i : i+end]
			break
		}
	}
	return tags
}
