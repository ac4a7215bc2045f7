// Tag values: game type, board, moves with evaluation and time, result.

package ggf

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/clip"
)

// parseType checks a TY value: [s]<size>[k][r<n>][b|w], size 8.
func parseType(v string) error {
	t := strings.ToLower(strings.TrimSpace(v))
	t = strings.TrimPrefix(t, "s")
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return errors.New("the game type does not start with a board size, e.g. 8 or 8kr20")
	}
	if size, err := strconv.Atoi(t[:i]); err != nil || size != 8 {
		return fmt.Errorf("board size %s: only 8x8 Othello is supported", t[:i])
	}
	for i < len(t) {
		switch c := t[i]; c {
		case 'k', 'b', 'w':
			i++
		case 'r':
			i++
			for i < len(t) && t[i] >= '0' && t[i] <= '9' {
				i++
			}
		case 'a':
			return errors.New("anti Othello (a) is not supported: its winner has fewer discs")
		default:
			return fmt.Errorf("unknown game type letter %q: want k (komi), r (random), b or w (colour), a (anti)", rune(c))
		}
	}
	return nil
}

// parseBoard reads a BO value: the size, 64 squares and the side to move.
func parseBoard(v string) (board.Position, error) {
	t := strings.TrimSpace(v)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return board.Position{}, errors.New("the board does not start with its size, e.g. 8")
	}
	if size, err := strconv.Atoi(t[:i]); err != nil || size != 8 {
		return board.Position{}, fmt.Errorf("board size %s: only 8x8 Othello is supported", clip.Text(t[:i], quoted))
	}
	if i == len(t) || !isSpace(t[i]) {
		return board.Position{}, errors.New("the board size must be followed by a space and the squares")
	}
	return board.ParsePosition(t[i:])
}

// formatBoard writes a BO value: "8", the rows separated by spaces ('*'
// black, 'O' white, '-' empty) and the side to move.
func formatBoard(p board.Position) string {
	var b strings.Builder
	b.WriteString("8")
	for sq := board.Square(0); sq < 64; sq++ {
		if sq%8 == 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(cell(p.At(sq)))
	}
	b.WriteByte(' ')
	b.WriteByte(cell(p.Turn))
	return b.String()
}

func cell(c board.Color) byte {
	switch c {
	case board.Black:
		return '*'
	case board.White:
		return 'O'
	}
	return '-'
}

// move is a B or W value: square/eval/time.
type move struct {
	square  board.Square
	eval    float64
	hasEval bool
	time    time.Duration
}

// parseMove reads "square[/eval[/time]]"; an empty eval or time is absent.
func parseMove(v string) (move, error) {
	parts := strings.Split(strings.TrimSpace(v), "/")
	if len(parts) > 3 {
		return move{}, errors.New("too many '/': want square/eval/time")
	}
	var m move
	var err error
	if m.square, err = board.ParseSquare(parts[0]); err != nil {
		return move{}, err
	}
	if len(parts) > 1 && strings.TrimSpace(parts[1]) != "" {
		e, err := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
		if err != nil || math.IsInf(e, 0) || math.IsNaN(e) {
			return move{}, fmt.Errorf("evaluation %q is not a number", clip.Text(parts[1], quoted))
		}
		m.eval, m.hasEval = e, true
	}
	if len(parts) > 2 && strings.TrimSpace(parts[2]) != "" {
		if m.time, err = parseSeconds(strings.TrimSpace(parts[2])); err != nil {
			return move{}, err
		}
	}
	return m, nil
}

// maxSeconds bounds the times read, far above any game's clock.
const maxSeconds = 1_000_000_000

// parseSeconds reads a time: seconds with an optional fraction, or m:ss
// or h:mm:ss with one. Digits after the ninth of the fraction are
// dropped (time.Duration counts nanoseconds).
func parseSeconds(t string) (time.Duration, error) {
	bad := fmt.Errorf("time %q is not a number of seconds (or m:ss, h:mm:ss)", clip.Text(t, quoted))
	whole, frac, _ := strings.Cut(t, ".")
	fields := strings.Split(whole, ":")
	if len(fields) > 3 {
		return 0, bad
	}
	var secs int64
	for _, f := range fields {
		if f == "" || len(f) > 10 || strings.Trim(f, "0123456789") != "" {
			return 0, bad
		}
		n, _ := strconv.ParseInt(f, 10, 64)
		secs = secs*60 + n
		if secs > maxSeconds {
			return 0, fmt.Errorf("time %q is too long", clip.Text(t, quoted))
		}
	}
	if strings.Trim(frac, "0123456789") != "" {
		return 0, bad
	}
	var ns int64
	for i := 0; i < 9; i++ {
		ns *= 10
		if i < len(frac) {
			ns += int64(frac[i] - '0')
		}
	}
	return time.Duration(secs)*time.Second + time.Duration(ns), nil
}

// formatSeconds writes a time in seconds with at least two decimals and
// as many as needed to be exact, e.g. "0.01", "12.50", "3.000000001".
func formatSeconds(d time.Duration) string {
	s := fmt.Sprintf("%d.%09d", d/time.Second, d%time.Second)
	for strings.HasSuffix(s, "0") && len(s)-strings.IndexByte(s, '.') > 3 {
		s = s[:len(s)-1]
	}
	return s
}

// formatMove writes a B or W value: "D3", "D3/2.39", "D3//0.01" or
// "D3/2.39/0.01".
func formatMove(sq board.Square, eval float64, hasEval bool, d time.Duration) string {
	s := sq.String()
	if hasEval || d != 0 {
		s += "/"
	}
	if hasEval {
		s += strconv.FormatFloat(eval, 'f', -1, 64)
	}
	if d != 0 {
		s += "/" + formatSeconds(d)
	}
	return s
}

// result is an RE value.
type result struct {
	known bool
	score float64 // Black's score
	flag  byte    // 0, 'r', 't' or 's'
}

// parseResult reads "?" or "<score>[:flag]".
func parseResult(v string) (result, error) {
	t := strings.TrimSpace(v)
	if t == "?" || t == "" {
		return result{}, nil
	}
	num, flag, hasFlag := strings.Cut(t, ":")
	r := result{known: true}
	s, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || math.IsInf(s, 0) || math.IsNaN(s) {
		return result{}, fmt.Errorf("score %q is not a number: want Black's result, e.g. +2.000 or -64.00:r, or ?", clip.Text(num, quoted))
	}
	r.score = s
	if hasFlag {
		switch f := strings.TrimSpace(flag); f {
		case "r", "t", "s":
			r.flag = f[0]
		default:
			return result{}, fmt.Errorf("flag %q: want r (resignation), t (timeout) or s (agreed score)", clip.Text(f, quoted))
		}
	}
	return r, nil
}
