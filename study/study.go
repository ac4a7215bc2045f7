// The tree of a study: its nodes, marks and limits, its checks, and the
// operations that change it at a node.

package study

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// The limits of a study: what a study may hold, so that one read from a
// client takes a bounded memory. A legal line is never longer than
// MaxDepth (60 moves and the passes between them).
const (
	MaxNodes   = 2000      // nodes, the root included
	MaxDepth   = 128       // moves (passes included) from the start to a leaf
	MaxComment = 2000      // bytes of UTF-8 in a node's comment
	MaxTitle   = 200       // bytes of UTF-8 in the title
	MaxLabel   = 3         // characters of a label mark
	MaxText    = 256 << 10 // bytes of a study's JSON or SGF text read
)

// MarkKind is a kind of mark on a square.
type MarkKind string

// The kinds of marks, as the JSON writes them.
const (
	MarkCircle   MarkKind = "circle"
	MarkCross    MarkKind = "cross"
	MarkTriangle MarkKind = "triangle"
	MarkSquare   MarkKind = "square"
	MarkLabel    MarkKind = "label" // a text of 1 to MaxLabel characters, such as "A"
)

// MarkKinds lists the kinds of marks.
var MarkKinds = []MarkKind{MarkCircle, MarkCross, MarkTriangle, MarkSquare, MarkLabel}

// Mark is a mark on a square of a node's position.
type Mark struct {
	Square board.Square
	Kind   MarkKind
	// Label is the text of a MarkLabel, empty for the other kinds.
	Label string
}

// Node is a node of a study's tree.
type Node struct {
	// Move is the move that leads to the node from its parent's position
	// (board.Pass for a pass); board.NoSquare at the root.
	Move    board.Square
	Comment string
	// Marks are the node's marks, at most one a square (in the order of
	// their squares in a study decoded or set by SetMarks).
	Marks []Mark
	// Children are the moves tried from the node's position: the first
	// is the main line, the others its variations.
	Children []*Node
}

// Study is a tree of variations from a start position.
type Study struct {
	Title string
	Rule  game.Rule
	// Start is the position of the root.
	Start board.Position
	// Root is the start's node (its Move is board.NoSquare).
	Root *Node
}

// New returns an empty study (its root alone) from start under rule.
func New(start board.Position, rule game.Rule) *Study {
	return &Study{Rule: rule, Start: start, Root: &Node{Move: board.NoSquare}}
}

// FromGame returns a study of a game record: its start, its rule, and its
// moves as the main line. It fails only for a game longer than the
// limits allow.
func FromGame(g *game.Game) (*Study, error) {
	s := New(g.PositionAt(0), g.Rule)
	n := s.Root
	for _, m := range g.Moves {
		c := &Node{Move: m.Square}
		n.Children = append(n.Children, c)
		n = c
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// Path names a node by the indexes of the children from the root to it
// (nil or empty: the root). Its text is the indexes joined by dots, "0.0.1".
type Path []int

// String returns the path's text: "0.0.1", "" for the root.
func (p Path) String() string {
	parts := make([]string, len(p))
	for i, k := range p {
		parts[i] = strconv.Itoa(k)
	}
	return strings.Join(parts, ".")
}

// ParsePath reads a path's text (see Path.String).
func ParsePath(text string) (Path, error) {
	if text == "" {
		return Path{}, nil
	}
	parts := strings.Split(text, ".")
	if len(parts) > MaxDepth {
		return nil, fmt.Errorf("study: path %q: longer than %d", clipped(text), MaxDepth)
	}
	p := make(Path, len(parts))
	for i, s := range parts {
		k, err := strconv.Atoi(s)
		if err != nil || k < 0 || k >= MaxNodes || s != strconv.Itoa(k) {
			return nil, fmt.Errorf("study: path %q: %q is not a child's index", clipped(text), clipped(s))
		}
		p[i] = k
	}
	return p, nil
}

// clipped shortens a text quoted in an error.
func clipped(s string) string {
	if len(s) <= 40 {
		return s
	}
	cut := 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// where names a node by the moves that lead to it.
func where(line []board.Square) string {
	if len(line) == 0 {
		return "at the start"
	}
	var b strings.Builder
	b.WriteString("after")
	for _, m := range line {
		b.WriteByte(' ')
		b.WriteString(m.String())
	}
	return b.String()
}

// MoveError is a move of a study that cannot be played where it stands.
type MoveError struct {
	// Line is the moves from the start to the move's parent.
	Line []board.Square
	// Move is the move refused.
	Move board.Square
	// Err says why (a *game.IllegalMoveError for a move the rules forbid).
	Err error
}

// Ply returns the move's number in its line, from 1.
func (e *MoveError) Ply() int { return len(e.Line) + 1 }

func (e *MoveError) Error() string {
	return fmt.Sprintf("study: %s, move %d (%s): %v", where(e.Line), e.Ply(), e.Move, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// ErrNoNode is the error of a path that names no node.
var ErrNoNode = errors.New("study: no such node")

// At returns the node at path p.
func (s *Study) At(p Path) (*Node, error) {
	n := s.Root
	for i, k := range p {
		if k < 0 || k >= len(n.Children) {
			return nil, fmt.Errorf("%w: %s has %d children, no child %d (path %s)", ErrNoNode, where(s.lineOf(p[:i])), len(n.Children), k, p)
		}
		n = n.Children[k]
	}
	return n, nil
}

// lineOf returns the moves along p, as far as p names nodes.
func (s *Study) lineOf(p Path) []board.Square {
	var line []board.Square
	n := s.Root
	for _, k := range p {
		if k < 0 || k >= len(n.Children) {
			break
		}
		n = n.Children[k]
		line = append(line, n.Move)
	}
	return line
}

// Line returns the moves from the start to the node at p.
func (s *Study) Line(p Path) ([]board.Square, error) {
	if _, err := s.At(p); err != nil {
		return nil, err
	}
	return s.lineOf(p), nil
}

// Game returns the game from the study's start along the moves to the
// node at p (the study holds only legal moves: see Validate).
func (s *Study) Game(p Path) (*game.Game, error) {
	line, err := s.Line(p)
	if err != nil {
		return nil, err
	}
	g := game.New(s.Start, s.Rule)
	for i, m := range line {
		if err := g.PlaySquare(m); err != nil {
			return nil, &MoveError{Line: line[:i], Move: m, Err: err}
		}
	}
	return g, nil
}

// Position returns the position of the node at p.
func (s *Study) Position(p Path) (board.Position, error) {
	g, err := s.Game(p)
	if err != nil {
		return board.Position{}, err
	}
	return g.Position(), nil
}

// Count returns the number of nodes, the root included.
func (s *Study) Count() int {
	n := 0
	var walk func(*Node)
	walk = func(x *Node) {
		n++
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(s.Root)
	return n
}

// Lines returns every line of the tree, from the start to each leaf, in
// the order of the tree (the main line first, then each variation after
// the lines of the moves before it). A study without moves has one line,
// empty.
func (s *Study) Lines() [][]board.Square {
	var out [][]board.Square
	var walk func(n *Node, line []board.Square)
	walk = func(n *Node, line []board.Square) {
		if len(n.Children) == 0 {
			out = append(out, slices.Clone(line))
			return
		}
		for _, c := range n.Children {
			walk(c, append(line, c.Move))
		}
	}
	walk(s.Root, nil)
	return out
}

// Validate checks the whole study: the title, every move legal where it
// stands, no two children of a node with the same move, every comment
// and mark, and the limits. The error names the node.
func (s *Study) Validate() error {
	if err := checkTitle(s.Title); err != nil {
		return err
	}
	switch s.Rule {
	case game.Standard, game.NoAdjacent:
	default:
		return fmt.Errorf("study: rule %d unknown", s.Rule)
	}
	if _, err := board.NewPosition(s.Start.Black(), s.Start.White(), s.Start.Turn); err != nil {
		return fmt.Errorf("study: the start: %v", err)
	}
	if s.Root == nil {
		return errors.New("study: no root node")
	}
	if s.Root.Move != board.NoSquare {
		return fmt.Errorf("study: the root has a move (%s): the start's node has none", s.Root.Move)
	}
	g := game.New(s.Start, s.Rule)
	count := 0
	var line []board.Square
	var walk func(n *Node) error
	walk = func(n *Node) error {
		count++
		if count > MaxNodes {
			return fmt.Errorf("study: more than %d nodes", MaxNodes)
		}
		if err := checkNode(n, line); err != nil {
			return err
		}
		if len(n.Children) > 0 && len(line) >= MaxDepth {
			return fmt.Errorf("study: %s: a line longer than %d moves", where(line), MaxDepth)
		}
		for i, c := range n.Children {
			if c == nil {
				return fmt.Errorf("study: %s: child %d is missing", where(line), i)
			}
			for _, d := range n.Children[:i] {
				if d.Move == c.Move {
					return fmt.Errorf("study: %s: %s is there twice (children %d and %d)", where(line), c.Move, slices.Index(n.Children, d), i)
				}
			}
			if err := g.PlaySquare(c.Move); err != nil {
				return &MoveError{Line: slices.Clone(line), Move: c.Move, Err: err}
			}
			line = append(line, c.Move)
			err := walk(c)
			line = line[:len(line)-1]
			g.Undo()
			if err != nil {
				return err
			}
		}
		return nil
	}
	return walk(s.Root)
}

// checkTitle checks a title.
func checkTitle(title string) error {
	switch {
	case len(title) > MaxTitle:
		return fmt.Errorf("study: the title is %d bytes, more than %d", len(title), MaxTitle)
	case !utf8.ValidString(title):
		return errors.New("study: the title is not UTF-8")
	case strings.ContainsFunc(title, unicode.IsControl):
		return errors.New("study: the title holds a control character")
	}
	return nil
}

// checkNode checks a node's comment and marks (line names it).
func checkNode(n *Node, line []board.Square) error {
	if err := checkComment(n.Comment); err != nil {
		return fmt.Errorf("study: %s: %v", where(line), err)
	}
	if err := checkMarks(n.Marks); err != nil {
		return fmt.Errorf("study: %s: %v", where(line), err)
	}
	return nil
}

// cleanTitle makes a title of a text read from a file: its control
// characters spaces, invalid UTF-8 dropped, cut to MaxTitle bytes
// between characters.
func cleanTitle(text string) string {
	text = strings.ToValidUTF8(text, "")
	text = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, text)
	if len(text) > MaxTitle {
		cut := MaxTitle
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut]
	}
	return text
}

// checkComment checks a comment: UTF-8, at most MaxComment bytes, no
// control characters but line breaks and tabs.
func checkComment(c string) error {
	switch {
	case len(c) > MaxComment:
		return fmt.Errorf("the comment is %d bytes, more than %d", len(c), MaxComment)
	case !utf8.ValidString(c):
		return errors.New("the comment is not UTF-8")
	case strings.ContainsFunc(c, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }):
		return errors.New("the comment holds a control character (only line breaks and tabs may be in one)")
	}
	return nil
}

// checkMarks checks a node's marks: squares of the board, one mark a
// square, known kinds, a label only on a label mark.
func checkMarks(marks []Mark) error {
	var seen uint64
	for _, m := range marks {
		if !m.Square.OnBoard() {
			return fmt.Errorf("a mark on %s, which is not a square", m.Square)
		}
		if seen&m.Square.Bit() != 0 {
			return fmt.Errorf("two marks on %s", m.Square)
		}
		seen |= m.Square.Bit()
		if !slices.Contains(MarkKinds, m.Kind) {
			return fmt.Errorf("mark %q on %s: not a kind of mark (circle, cross, triangle, square, label)", clipped(string(m.Kind)), m.Square)
		}
		if m.Kind != MarkLabel {
			if m.Label != "" {
				return fmt.Errorf("a %s on %s has a label: only a label mark has one", m.Kind, m.Square)
			}
			continue
		}
		if err := checkLabel(m.Label); err != nil {
			return fmt.Errorf("the label on %s: %v", m.Square, err)
		}
	}
	return nil
}

// sortMarks puts marks in the order of their squares, the order in
// which the decoders and SetMarks keep them.
func sortMarks(marks []Mark) []Mark {
	slices.SortStableFunc(marks, func(a, b Mark) int { return int(a.Square) - int(b.Square) })
	return marks
}

// checkLabel checks a label's text.
func checkLabel(l string) error {
	switch n := utf8.RuneCountInString(l); {
	case !utf8.ValidString(l):
		return errors.New("not UTF-8")
	case strings.TrimSpace(l) == "":
		return errors.New("empty")
	case n > MaxLabel:
		return fmt.Errorf("%d characters, more than %d", n, MaxLabel)
	case strings.ContainsFunc(l, unicode.IsControl):
		return errors.New("it holds a control character")
	}
	return nil
}

// AddMove plays move sq at the node at p and returns the path of the
// node it leads to: the child that has the move already, or a new last
// child (the main line if the node had none). The move must be legal
// there, and the study stay within its limits.
func (s *Study) AddMove(p Path, sq board.Square) (Path, error) {
	n, err := s.At(p)
	if err != nil {
		return nil, err
	}
	for i, c := range n.Children {
		if c.Move == sq {
			return append(slices.Clone(p), i), nil
		}
	}
	g, err := s.Game(p)
	if err != nil {
		return nil, err
	}
	if err := g.PlaySquare(sq); err != nil {
		return nil, &MoveError{Line: s.lineOf(p), Move: sq, Err: err}
	}
	if len(p) >= MaxDepth {
		return nil, fmt.Errorf("study: %s: a line longer than %d moves", where(s.lineOf(p)), MaxDepth)
	}
	if s.Count() >= MaxNodes {
		return nil, fmt.Errorf("study: more than %d nodes", MaxNodes)
	}
	n.Children = append(n.Children, &Node{Move: sq})
	return append(slices.Clone(p), len(n.Children)-1), nil
}

// AddLine plays the moves of line one after the other from the node at
// p (AddMove) and returns the path of the last.
func (s *Study) AddLine(p Path, line []board.Square) (Path, error) {
	for _, sq := range line {
		var err error
		if p, err = s.AddMove(p, sq); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Delete removes the node at p and everything below it (not the root).
func (s *Study) Delete(p Path) error {
	if len(p) == 0 {
		return errors.New("study: the root cannot be deleted")
	}
	parent, err := s.At(p[:len(p)-1])
	if err != nil {
		return err
	}
	if _, err := s.At(p); err != nil {
		return err
	}
	parent.Children = slices.Delete(parent.Children, p[len(p)-1], p[len(p)-1]+1)
	return nil
}

// Promote makes the node at p the first of its parent's children: the
// main line there, the former main line its first variation.
func (s *Study) Promote(p Path) error {
	if len(p) == 0 {
		return errors.New("study: the root has no siblings")
	}
	parent, err := s.At(p[:len(p)-1])
	if err != nil {
		return err
	}
	n, err := s.At(p)
	if err != nil {
		return err
	}
	k := p[len(p)-1]
	parent.Children = slices.Insert(slices.Delete(parent.Children, k, k+1), 0, n)
	return nil
}

// SetComment sets the comment of the node at p ("" removes it).
func (s *Study) SetComment(p Path, comment string) error {
	n, err := s.At(p)
	if err != nil {
		return err
	}
	if err := checkComment(comment); err != nil {
		return fmt.Errorf("study: %s: %v", where(s.lineOf(p)), err)
	}
	n.Comment = comment
	return nil
}

// SetMarks sets the marks of the node at p (nil removes them).
func (s *Study) SetMarks(p Path, marks []Mark) error {
	n, err := s.At(p)
	if err != nil {
		return err
	}
	if err := checkMarks(marks); err != nil {
		return fmt.Errorf("study: %s: %v", where(s.lineOf(p)), err)
	}
	n.Marks = sortMarks(slices.Clone(marks))
	return nil
}

// SetTitle sets the title.
func (s *Study) SetTitle(title string) error {
	if err := checkTitle(title); err != nil {
		return err
	}
	s.Title = title
	return nil
}

// Clone returns a deep copy of the study.
func (s *Study) Clone() *Study {
	c := *s
	var copyNode func(n *Node) *Node
	copyNode = func(n *Node) *Node {
		if n == nil {
			return nil
		}
		m := &Node{Move: n.Move, Comment: n.Comment, Marks: slices.Clone(n.Marks)}
		for _, ch := range n.Children {
			m.Children = append(m.Children, copyNode(ch))
		}
		return m
	}
	c.Root = copyNode(s.Root)
	return &c
}
