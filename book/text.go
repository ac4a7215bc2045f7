// The text format: one position a line, for export, import and reading.

package book

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/clip"
)

// quoted is the most bytes of a text quoted in a message (clip.Text).
const quoted = 77

// textHeader opens the text format.
const textHeader = "# reversi opening book, text format 1"

// WriteText writes the book in the text format, in the book's order.
func (b *Book) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, textHeader)
	fmt.Fprintln(bw, "# board (side to move X) value(discs, side to move) depth games")
	b.All(func(k board.Board, e Entry) bool {
		fmt.Fprintf(bw, "%s %s %d %d\n", positionText(k), valueText(e.Value), e.Depth, e.Count)
		return true
	})
	return bw.Flush()
}

// positionText writes a side-relative board as a position with the side
// to move as black (X).
func positionText(b board.Board) string {
	return board.Position{Board: b, Turn: board.Black}.String()
}

// maxLine bounds a line of a position in the text format (such a line
// takes about 80 bytes); a comment may be of any length.
const maxLine = 1 << 10

// byteOrderMark is the UTF-8 byte order mark that some editors write at
// the start of a text file; ReadText skips it there.
const byteOrderMark = "\ufeff"

// ReadText reads a book in the text format, skipping a UTF-8 byte order
// mark at its very start. It refuses, with an error
// that names the line and what is wrong with it, a line that is not a
// position (see parseLine), a position given twice (in the same image or
// two: the error names both lines), and a text of no position at all;
// nothing is returned with an error. A binary book is refused with an
// error that says it is one.
func ReadText(r io.Reader) (Set, error) {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(len(binaryMagic)); string(head) == binaryMagic {
		return nil, fmt.Errorf("already a binary book (it starts with %q), not the text format: it needs no import", binaryMagic)
	}
	if head, _ := br.Peek(len(byteOrderMark)); string(head) == byteOrderMark {
		br.Discard(len(byteOrderMark))
	}
	s := NewSet()
	lines := map[board.Board]int{} // the line of each position
	var buf []byte
	for n := 1; ; n++ {
		var long bool
		var err error
		buf, long, err = readLine(br, buf)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		line := strings.TrimSpace(string(buf))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if long {
			return nil, fmt.Errorf("line %d: too long (more than %d bytes; a position takes about 80): %q", n, maxLine, clip.Text(line, quoted))
		}
		pos, e, err := parseLine(line, true)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		c, _ := pos.Canonical()
		if first, ok := lines[c]; ok {
			return nil, fmt.Errorf("line %d: the position of line %d again (the same up to symmetry): give each position once", n, first)
		}
		lines[c] = n
		s.Put(pos, e)
	}
	if len(s) == 0 {
		return nil, errors.New("no positions (only blank lines and comments)")
	}
	return s, nil
}

// readLine returns the next line of br, without its end of line, in buf
// (reused): its first maxLine bytes, and whether it has more. At the end
// of the input it returns io.EOF and no line.
func readLine(br *bufio.Reader, buf []byte) ([]byte, bool, error) {
	buf = buf[:0]
	total := 0 // the bytes of the line and of its end
	for {
		frag, err := br.ReadSlice('\n')
		total += len(frag)
		room := max(0, maxLine+2-len(buf)) // the line and "\r\n"
		buf = append(buf, frag[:min(len(frag), room)]...)
		if err == bufio.ErrBufferFull {
			continue // a line longer than br's buffer
		}
		if err != nil && (err != io.EOF || total == 0) {
			return nil, false, err
		}
		break // a whole line, or the last one without an end of line
	}
	if total > len(buf) {
		return buf[:maxLine], true, nil
	}
	buf = bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
	if len(buf) > maxLine {
		return buf[:maxLine], true, nil
	}
	return buf, false, nil
}

// parseLine reads a line of the text format, "<64 squares> <side> value
// depth games", or with games unset a line of a work file, which has no
// count of games. The board must be one that a game reaches
// (boardFault), the value a plain decimal number (parseValue), the depth
// 0 to 255 and the count 0 to 2^32-1, both in plain digits (no sign).
func parseLine(line string, games bool) (board.Board, Entry, error) {
	f := strings.Fields(line)
	want, fields := 5, "board, side to move, value, depth, games"
	if !games {
		want, fields = 4, "board, side to move, value, depth"
	}
	if len(f) != want {
		return board.Board{}, Entry{}, fmt.Errorf("%q: want %d fields (%s), have %d", clip.Text(line, quoted), want, fields, len(f))
	}
	pos, err := board.ParsePosition(f[0] + " " + f[1])
	if err != nil {
		return board.Board{}, Entry{}, err
	}
	if fault := boardFault(pos.Board); fault != "" {
		return board.Board{}, Entry{}, fmt.Errorf("board %s: %s", f[0], fault)
	}
	v, err := parseValue(f[2])
	if err != nil {
		return board.Board{}, Entry{}, err
	}
	d, err := strconv.Atoi(f[3])
	if err != nil || !decimalDigits(f[3]) || d > 255 {
		return board.Board{}, Entry{}, fmt.Errorf("depth %q: want 0 to 255, in plain digits", f[3])
	}
	e := Entry{Value: v, Depth: d}
	if games {
		c, err := strconv.ParseUint(f[4], 10, 32)
		if err != nil || !decimalDigits(f[4]) {
			return board.Board{}, Entry{}, fmt.Errorf("games %q: want a count from 0 to %d, in plain digits", f[4], uint32(1<<32-1))
		}
		e.Count = int(c)
	}
	return pos.Board, e, nil
}

// parseValue reads a value in discs: a plain decimal number, a sign
// or none, digits, and a fraction or none ("+1.25", "-3", "0.5"), from
// -64 to +64. It refuses what strconv.ParseFloat takes beyond that:
// "NaN", "Inf", exponents, hexadecimal ("0x1p5"), underscores ("1_0").
func parseValue(text string) (float64, error) {
	digits := strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-")
	if len(digits) < len(text)-1 {
		digits = "" // two signs
	}
	whole, frac, _ := strings.Cut(digits, ".")
	if whole+frac == "" || !decimalDigits(whole) || !decimalDigits(frac) {
		return 0, fmt.Errorf("value %q: not a plain decimal number of discs (such as +1.25)", text)
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || v < -64 || v > 64 {
		return 0, fmt.Errorf("value %q: want discs from -64 to +64", text)
	}
	return v, nil
}

// decimalDigits reports whether s is made of the digits 0 to 9 alone
// (the empty string is).
func decimalDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}
