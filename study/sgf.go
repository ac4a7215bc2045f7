// A study as SGF (FF[4], GM[2]: Othello): nested variations, comments
// and marks, written and read.

package study

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// sgfPoint writes a square as SGF's point: column then row, "a" to "h".
func sgfPoint(sq board.Square) string {
	return string([]byte{'a' + byte(sq.Col()), 'a' + byte(sq.Row())})
}

// sgfEscape escapes a text value: ']', '\' and, for a label's composed
// value, ':'.
func sgfEscape(s string, colon bool) string {
	var b strings.Builder
	for _, r := range s {
		if r == ']' || r == '\\' || (colon && r == ':') {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// sgfMarks are the SGF properties of the marks but labels.
var sgfMarks = []struct {
	kind MarkKind
	prop string
}{{MarkCircle, "CR"}, {MarkCross, "MA"}, {MarkTriangle, "TR"}, {MarkSquare, "SQ"}}

// WriteSGF writes the study as one SGF game tree (see the package
// documentation).
func (s *Study) WriteSGF(w io.Writer) error {
	if err := s.Validate(); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("(;FF[4]GM[2]SZ[8]CA[UTF-8]AP[reversi]")
	if s.Title != "" {
		b.WriteString("GN[" + sgfEscape(s.Title, false) + "]")
	}
	if s.Rule != game.Standard {
		b.WriteString("RU[" + s.Rule.String() + "]")
	}
	for _, set := range []struct {
		prop string
		mask uint64
	}{{"AB", s.Start.Black()}, {"AW", s.Start.White()}} {
		if set.mask == 0 {
			continue
		}
		b.WriteString(set.prop)
		for _, sq := range board.Squares(set.mask) {
			b.WriteString("[" + sgfPoint(sq) + "]")
		}
	}
	b.WriteString(map[board.Color]string{board.Black: "PL[B]", board.White: "PL[W]"}[s.Start.Turn])
	writeSGFProps(&b, s.Root)
	writeSGFChildren(&b, s.Root, s.Start.Turn)
	b.WriteString(")\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSGFChildren writes what follows node n, whose position has turn
// to move: its one child's sequence, or a game tree for each child.
func writeSGFChildren(b *strings.Builder, n *Node, turn board.Color) {
	for len(n.Children) == 1 {
		n = n.Children[0]
		writeSGFMove(b, n, turn)
		turn = turn.Other()
	}
	for _, c := range n.Children {
		b.WriteByte('(')
		writeSGFMove(b, c, turn)
		writeSGFChildren(b, c, turn.Other())
		b.WriteByte(')')
	}
}

// writeSGFMove writes node n, a move of colour turn, with its comment
// and marks.
func writeSGFMove(b *strings.Builder, n *Node, turn board.Color) {
	b.WriteString(";" + map[board.Color]string{board.Black: "B", board.White: "W"}[turn] + "[")
	if n.Move != board.Pass {
		b.WriteString(sgfPoint(n.Move))
	}
	b.WriteByte(']')
	writeSGFProps(b, n)
}

// writeSGFProps writes a node's comment and marks.
func writeSGFProps(b *strings.Builder, n *Node) {
	if n.Comment != "" {
		b.WriteString("C[" + sgfEscape(n.Comment, false) + "]")
	}
	for _, k := range sgfMarks {
		first := true
		for _, m := range n.Marks {
			if m.Kind != k.kind {
				continue
			}
			if first {
				b.WriteString(k.prop)
				first = false
			}
			b.WriteString("[" + sgfPoint(m.Square) + "]")
		}
	}
	first := true
	for _, m := range n.Marks {
		if m.Kind != MarkLabel {
			continue
		}
		if first {
			b.WriteString("LB")
			first = false
		}
		b.WriteString("[" + sgfPoint(m.Square) + ":" + sgfEscape(m.Label, true) + "]")
	}
}

// sgfValue is a property value: its text, unescaped, and where its
// first unescaped ':' was (-1: none), for a composed value.
type sgfValue struct {
	text  string
	colon int
}

// sgfProp is a property of a node.
type sgfProp struct {
	name   string
	values []sgfValue
}

// sgfReader reads SGF text.
type sgfReader struct {
	text string
	i    int
}

func (r *sgfReader) skipSpace() {
	for r.i < len(r.text) && strings.IndexByte(" \t\r\n\f\v", r.text[r.i]) >= 0 {
		r.i++
	}
}

func (r *sgfReader) errorf(format string, args ...any) error {
	return fmt.Errorf("study: SGF at byte %d: %s", r.i, fmt.Sprintf(format, args...))
}

// node reads the properties of a node (after its ';').
func (r *sgfReader) node() ([]sgfProp, error) {
	var props []sgfProp
	for {
		r.skipSpace()
		start := r.i
		var name strings.Builder
		for r.i < len(r.text) && unicode.IsLetter(rune(r.text[r.i])) && r.text[r.i] < 0x80 {
			if c := r.text[r.i]; c >= 'A' && c <= 'Z' { // FF[3]'s lower-case letters are left out
				name.WriteByte(c)
			}
			r.i++
		}
		if r.i == start {
			return props, nil
		}
		if name.Len() == 0 || name.Len() > 8 {
			r.i = start
			return nil, r.errorf("%q is not a property's name", clipped(r.text[start:min(len(r.text), start+10)]))
		}
		p := sgfProp{name: name.String()}
		for {
			r.skipSpace()
			if r.i >= len(r.text) || r.text[r.i] != '[' {
				break
			}
			v, err := r.value()
			if err != nil {
				return nil, err
			}
			p.values = append(p.values, v)
		}
		if len(p.values) == 0 {
			return nil, r.errorf("property %s has no value", p.name)
		}
		props = append(props, p)
	}
}

// value reads a value in brackets: escapes taken out, a soft line break
// (a backslash before a line break) dropped, line breaks as "\n".
func (r *sgfReader) value() (sgfValue, error) {
	r.i++ // '['
	var b strings.Builder
	v := sgfValue{colon: -1}
	for r.i < len(r.text) {
		c := r.text[r.i]
		switch {
		case c == ']':
			r.i++
			v.text = b.String()
			return v, nil
		case c == '\\' && r.i+1 < len(r.text):
			r.i++
			c = r.text[r.i]
			if c == '\r' || c == '\n' {
				r.i++
				if r.i < len(r.text) && (r.text[r.i] == '\r' || r.text[r.i] == '\n') && r.text[r.i] != c {
					r.i++
				}
				continue
			}
			b.WriteByte(c)
		case c == '\r':
			b.WriteByte('\n')
			if r.i+1 < len(r.text) && r.text[r.i+1] == '\n' {
				r.i++
			}
		case c == ':' && v.colon < 0:
			v.colon = b.Len()
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
		r.i++
	}
	return v, r.errorf("a value without its closing ']'")
}

// sgfSquare reads a point: SGF's two letters ("fe"), or a square ("f5").
func sgfSquare(text string) (board.Square, error) {
	if len(text) == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= 'a' && text[1] <= 'h' {
		return board.SquareAt(int(text[1]-'a'), int(text[0]-'a')), nil
	}
	sq, err := board.ParseSquare(text)
	if err != nil || !sq.OnBoard() {
		return board.NoSquare, fmt.Errorf("%q is not a point of the board", clipped(text))
	}
	return sq, nil
}

// sgfSquares reads a list of points, a rectangle "aa:cc" among them.
func sgfSquares(values []sgfValue) (uint64, error) {
	var mask uint64
	for _, v := range values {
		if v.colon < 0 {
			sq, err := sgfSquare(v.text)
			if err != nil {
				return 0, err
			}
			mask |= sq.Bit()
			continue
		}
		a, err := sgfSquare(v.text[:v.colon])
		if err != nil {
			return 0, err
		}
		b, err := sgfSquare(v.text[v.colon+1:])
		if err != nil {
			return 0, err
		}
		for row := min(a.Row(), b.Row()); row <= max(a.Row(), b.Row()); row++ {
			for col := min(a.Col(), b.Col()); col <= max(a.Col(), b.Col()); col++ {
				mask |= board.SquareAt(row, col).Bit()
			}
		}
	}
	return mask, nil
}

// sgfText is a text value made fit for a study: valid UTF-8, control
// characters but line breaks and tabs made spaces.
func sgfText(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\n' && r != '\t' {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// sgfFrame is where a game tree of the text hangs: the node its first
// node follows, and the game at that node.
type sgfFrame struct {
	node *Node
	line []board.Square
	game *game.Game
}

// ReadSGF reads a study from SGF text (see the package documentation):
// one game tree of Othello, at most MaxText bytes.
func ReadSGF(rd io.Reader) (*Study, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxText+1))
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	if len(data) > MaxText {
		return nil, fmt.Errorf("study: the SGF is longer than %d bytes", MaxText)
	}
	r := &sgfReader{text: string(data)}
	r.skipSpace()
	if r.i >= len(r.text) || r.text[r.i] != '(' {
		return nil, r.errorf("no game tree: an SGF text starts with \"(;\"")
	}
	r.i++
	r.skipSpace()
	if r.i >= len(r.text) || r.text[r.i] != ';' {
		return nil, r.errorf("a game tree without a node")
	}
	r.i++
	rootProps, err := r.node()
	if err != nil {
		return nil, err
	}
	s, err := sgfRoot(rootProps)
	if err != nil {
		return nil, err
	}
	count := 1
	cur := sgfFrame{node: s.Root, game: game.New(s.Start, s.Rule)}
	var stack []sgfFrame
	afterTree := false // a game tree just ended: only another, or the end of this one, may follow
	// The root node's own move, if it has one, is its first child.
	if err := sgfMove(s, &cur, rootProps, &count); err != nil {
		return nil, err
	}
	for {
		r.skipSpace()
		if r.i >= len(r.text) {
			return nil, r.errorf("the game tree is not closed: a ')' is missing")
		}
		switch r.text[r.i] {
		case ';':
			if afterTree {
				return nil, r.errorf("a node after a variation: variations come last in a game tree")
			}
			r.i++
			props, err := r.node()
			if err != nil {
				return nil, err
			}
			for _, p := range props {
				switch p.name {
				case "AB", "AW", "AE", "PL":
					return nil, r.errorf("set-up (%s) after the first node is not read", p.name)
				}
			}
			if err := sgfMove(s, &cur, props, &count); err != nil {
				return nil, err
			}
		case '(':
			if len(stack) >= MaxDepth {
				return nil, r.errorf("variations nested more than %d deep", MaxDepth)
			}
			r.i++
			stack = append(stack, cur)
			cur = sgfFrame{node: cur.node, line: slices.Clone(cur.line), game: cur.game.Clone()}
			afterTree = false
			r.skipSpace()
			if r.i >= len(r.text) || r.text[r.i] != ';' {
				return nil, r.errorf("a game tree without a node")
			}
		case ')':
			r.i++
			if len(stack) == 0 {
				r.skipSpace()
				if r.i < len(r.text) {
					return nil, r.errorf("more than one game tree: a study is one")
				}
				sortAllMarks(s.Root)
				if err := s.Validate(); err != nil {
					return nil, err
				}
				return s, nil
			}
			cur, stack = stack[len(stack)-1], stack[:len(stack)-1]
			afterTree = true
		default:
			return nil, r.errorf("%q where a node, a variation or its end should be", clipped(r.text[r.i:min(len(r.text), r.i+10)]))
		}
	}
}

// sgfRoot makes a study of the properties of the first node: the start
// (AB, AW, AE and PL; none: the standard start), the rule (RU), the
// title (GN), its comment and marks (those of the start, unless the node
// also has a move).
func sgfRoot(props []sgfProp) (*Study, error) {
	rule := game.Standard
	var black, white, empty uint64
	turn, setUp := board.Black, false
	title := ""
	for _, p := range props {
		v := p.values[0].text
		var err error
		switch p.name {
		case "GM":
			if strings.TrimSpace(v) != "2" {
				return nil, fmt.Errorf("study: GM[%s] is not Othello (GM[2])", clipped(v))
			}
		case "SZ":
			if s := strings.TrimSpace(v); s != "8" && s != "8:8" {
				return nil, fmt.Errorf("study: SZ[%s]: the board is 8 by 8", clipped(v))
			}
		case "RU":
			if rule, err = game.ParseRule(strings.TrimSpace(v)); err != nil {
				return nil, fmt.Errorf("study: RU[%s]: %v", clipped(v), err)
			}
		case "GN":
			title = cleanTitle(v)
		case "AB", "AW", "AE":
			mask, err := sgfSquares(p.values)
			if err != nil {
				return nil, fmt.Errorf("study: %s: %v", p.name, err)
			}
			setUp = true
			switch p.name {
			case "AB":
				black |= mask
			case "AW":
				white |= mask
			default:
				empty |= mask
			}
		case "PL":
			switch strings.ToUpper(strings.TrimSpace(v)) {
			case "B", "1":
				turn = board.Black
			case "W", "2":
				turn = board.White
			default:
				return nil, fmt.Errorf("study: PL[%s]: want B or W", clipped(v))
			}
		}
	}
	start := board.Start()
	if setUp {
		var err error
		if start, err = board.NewPosition(black&^empty, white&^empty, turn); err != nil {
			return nil, fmt.Errorf("study: the set-up: %v", err)
		}
	} else if turn == board.White {
		start, _ = board.NewPosition(start.Black(), start.White(), turn)
	}
	s := New(start, rule)
	s.Title = title
	return s, nil
}

// sgfMove applies a node's properties at cur: its move (B or W; a pass
// of the side to move inserted where the other colour moves and the side
// to move has none) as a child of cur's node, which cur then names, and
// its comment and marks on that node (on cur's node if it has no move).
func sgfMove(s *Study, cur *sgfFrame, props []sgfProp, count *int) error {
	for _, p := range props {
		if p.name != "B" && p.name != "W" {
			continue
		}
		color := map[string]board.Color{"B": board.Black, "W": board.White}[p.name]
		text := strings.TrimSpace(p.values[0].text)
		sq := board.Pass
		if text != "" && text != "tt" {
			var err error
			if sq, err = sgfSquare(text); err != nil {
				return fmt.Errorf("study: %s, move %d: %s[%s]: %v", where(cur.line), len(cur.line)+1, p.name, clipped(text), err)
			}
		}
		if color != cur.game.Turn() && sq != board.Pass && cur.game.MustPass() {
			if err := sgfPlay(cur, board.Pass, count); err != nil {
				return err
			}
		}
		if color != cur.game.Turn() {
			return fmt.Errorf("study: %s, move %d: a move of %s where %s is to move", where(cur.line), len(cur.line)+1, color, cur.game.Turn())
		}
		if err := sgfPlay(cur, sq, count); err != nil {
			return err
		}
		break // one move a node
	}
	n := cur.node
	for _, p := range props {
		switch p.name {
		case "C":
			c := sgfText(p.values[0].text)
			if n.Comment != "" {
				c = n.Comment + "\n" + c
			}
			if err := checkComment(c); err != nil {
				return fmt.Errorf("study: %s: %v", where(cur.line), err)
			}
			n.Comment = c
		case "CR", "MA", "TR", "SQ":
			kind := MarkCircle
			for _, k := range sgfMarks {
				if k.prop == p.name {
					kind = k.kind
				}
			}
			mask, err := sgfSquares(p.values)
			if err != nil {
				return fmt.Errorf("study: %s: %s: %v", where(cur.line), p.name, err)
			}
			for _, sq := range board.Squares(mask) {
				n.Marks = setMark(n.Marks, Mark{Square: sq, Kind: kind})
			}
		case "LB":
			for _, v := range p.values {
				if v.colon < 0 {
					return fmt.Errorf("study: %s: LB[%s]: want a point, ':' and a text", where(cur.line), clipped(v.text))
				}
				sq, err := sgfSquare(v.text[:v.colon])
				if err != nil {
					return fmt.Errorf("study: %s: LB: %v", where(cur.line), err)
				}
				label := sgfText(v.text[v.colon+1:])
				if err := checkLabel(label); err != nil {
					return fmt.Errorf("study: %s: the label on %s: %v", where(cur.line), sq, err)
				}
				n.Marks = setMark(n.Marks, Mark{Square: sq, Kind: MarkLabel, Label: label})
			}
		}
	}
	return nil
}

// sortAllMarks sorts the marks of every node below n, n's included.
func sortAllMarks(n *Node) {
	sortMarks(n.Marks)
	for _, c := range n.Children {
		sortAllMarks(c)
	}
}

// setMark puts m in marks, instead of a mark on its square.
func setMark(marks []Mark, m Mark) []Mark {
	for i := range marks {
		if marks[i].Square == m.Square {
			marks[i] = m
			return marks
		}
	}
	return append(marks, m)
}

// sgfPlay plays sq at cur: to the child of cur's node with that move,
// or a new one.
func sgfPlay(cur *sgfFrame, sq board.Square, count *int) error {
	if err := cur.game.PlaySquare(sq); err != nil {
		return &MoveError{Line: slices.Clone(cur.line), Move: sq, Err: err}
	}
	cur.line = append(cur.line, sq)
	for _, c := range cur.node.Children {
		if c.Move == sq {
			cur.node = c
			return nil
		}
	}
	*count++
	if *count > MaxNodes {
		return fmt.Errorf("study: more than %d nodes", MaxNodes)
	}
	if len(cur.line) > MaxDepth {
		return errors.New("study: a line longer than the limit")
	}
	c := &Node{Move: sq}
	cur.node.Children = append(cur.node.Children, c)
	cur.node = c
	return nil
}
