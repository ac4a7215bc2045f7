// The text format: one position a line, for export, import and reading.

package book

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
)

// textHeader opens the text format.
const textHeader = "# reversi opening book, text format 1"

// WriteText writes the book in the text format, in the book's order.
func (b *Book) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, textHeader)
	fmt.Fprintln(bw, "# board (side to move X) value(discs, side to move) depth games")
	b.All(func(k board.Board, e Entry) bool {
		fmt.Fprintf(bw, "%s %+.2f %d %d\n", positionText(k), e.Value, e.Depth, e.Count)
		return true
	})
	return bw.Flush()
}

// positionText writes a side-relative board as a position with the side
// to move as black (X).
func positionText(b board.Board) string {
	return board.Position{Board: b, Turn: board.Black}.String()
}

// maxLine bounds a line of the text format.
const maxLine = 1 << 10

// ReadText reads a book in the text format. An error names the line and
// what is wrong with it; nothing is returned with it.
func ReadText(r io.Reader) (Set, error) {
	s := NewSet()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, maxLine), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos, e, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		s.Put(pos, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", n+1, err)
	}
	return s, nil
}

// parseLine reads "<64 squares> <side> value depth count".
func parseLine(line string) (board.Board, Entry, error) {
	f := strings.Fields(line)
	if len(f) != 5 {
		return board.Board{}, Entry{}, fmt.Errorf("%q: want 5 fields (board, side to move, value, depth, games), have %d", clip(line), len(f))
	}
	pos, err := board.ParsePosition(f[0] + " " + f[1])
	if err != nil {
		return board.Board{}, Entry{}, err
	}
	v, err := strconv.ParseFloat(f[2], 64)
	if err != nil || v < -64 || v > 64 {
		return board.Board{}, Entry{}, fmt.Errorf("value %q: want discs from -64 to +64", f[2])
	}
	d, err := strconv.Atoi(f[3])
	if err != nil || d < 0 || d > 255 {
		return board.Board{}, Entry{}, fmt.Errorf("depth %q: want 0 to 255", f[3])
	}
	c, err := strconv.ParseUint(f[4], 10, 32)
	if err != nil {
		return board.Board{}, Entry{}, fmt.Errorf("games %q: want a count from 0 to %d", f[4], uint32(1<<32-1))
	}
	return pos.Board, Entry{Value: v, Depth: d, Count: int(c)}, nil
}

// clip shortens a text for an error message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
