// The board as text.

package textboard

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Options says what to draw besides the discs. The zero Options draws the
// bare board.
type Options struct {
	// Legal marks these squares with '*' (the legal moves, usually).
	Legal uint64
	// Highlight shows these squares in brackets, e.g. [X]: the last move,
	// usually.
	Highlight uint64
	// Status adds a line per side: name, discs, the time of its last move
	// and its total time, the names in a column as wide as the longer.
	Status bool
	// Names of the players, indexed by board.Color ("black", "white" if
	// empty).
	Names [2]string
	// LastTime and TotalTime per colour, for the status lines.
	LastTime, TotalTime [2]time.Duration
}

// ForGame returns options for the current position of g: its legal moves
// marked, its last move, and the status lines with each side's times taken
// from the record.
func ForGame(g *game.Game, names [2]string) Options {
	opt := Options{Legal: g.Legal(), Highlight: g.LastMove().Bit(), Status: true, Names: names}
	if g.Finished() {
		opt.Legal = 0
	}
	for _, m := range g.Moves {
		if m.Color == board.Black || m.Color == board.White {
			opt.LastTime[m.Color] = m.Time
			opt.TotalTime[m.Color] += m.Time
		}
	}
	return opt
}

// String returns the drawing of pos (see Render).
func String(pos board.Position, opt Options) string {
	var b strings.Builder
	Render(&b, pos, opt)
	return b.String()
}

// Render draws pos to w:
//
//	    A B C D E F G H
//	1   . . . . . . . .
//	2   . . . . . . . .
//	3   . . . * . . . .
//	4   . . * O X . . .
//	5   . . . X O * . .
//	6   . . . . * . . .
//	7   . . . . . . . .
//	8   . . . . . . . .
//	X black   2 discs  last 0.0s  total 0.0s  <- to move
//	O white   2 discs  last 0.0s  total 0.0s
func Render(w io.Writer, pos board.Position, opt Options) error {
	var b strings.Builder
	b.WriteString("    A B C D E F G H\n")
	for row := 0; row < 8; row++ {
		fmt.Fprintf(&b, "%d  ", row+1)
		for col := 0; col < 8; col++ {
			sq := board.SquareAt(row, col)
			c := cell(pos, sq, opt.Legal)
			switch {
			case opt.Highlight&sq.Bit() != 0:
				fmt.Fprintf(&b, "[%c", c)
			case col > 0 && opt.Highlight&board.SquareAt(row, col-1).Bit() != 0:
				fmt.Fprintf(&b, "]%c", c)
			default:
				fmt.Fprintf(&b, " %c", c)
			}
		}
		if opt.Highlight&board.SquareAt(row, 7).Bit() != 0 {
			b.WriteByte(']')
		}
		b.WriteByte('\n')
	}
	if opt.Status {
		names := opt.Names
		width := 12 // the names' column, wider if a name is longer
		for c, name := range names {
			if name == "" {
				names[c] = board.Color(c).String()
			}
			width = max(width, utf8.RuneCountInString(names[c]))
		}
		for _, c := range []board.Color{board.Black, board.White} {
			n := pos.Count(c)
			discs := "discs"
			if n == 1 {
				discs = "disc "
			}
			fmt.Fprintf(&b, "%c %-*s %2d %s  last %s  total %s", c.Letter(), width, names[c], n, discs,
				seconds(opt.LastTime[c]), seconds(opt.TotalTime[c]))
			if c == pos.Turn && opt.Legal != 0 {
				b.WriteString("  <- to move")
			}
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func cell(pos board.Position, sq board.Square, legal uint64) byte {
	switch c := pos.At(sq); {
	case c != board.NoColor:
		return c.Letter()
	case legal&sq.Bit() != 0:
		return '*'
	}
	return '.'
}

// seconds formats a duration as seconds with one decimal, e.g. "12.3s".
func seconds(d time.Duration) string { return fmt.Sprintf("%.1fs", d.Seconds()) }
