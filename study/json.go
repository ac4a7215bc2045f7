// The study's JSON, the lossless form the game server keeps and serves.

package study

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// The JSON's format name and version ("format" and "version").
const (
	FormatName = "reversi-study"
	Version    = 1
)

type wireStudy struct {
	Format  string    `json:"format,omitempty"`
	Version int       `json:"version,omitempty"`
	Title   string    `json:"title,omitempty"`
	Rule    string    `json:"rule,omitempty"`
	Start   string    `json:"start"`
	Root    *wireNode `json:"root"`
}

type wireNode struct {
	Move     string      `json:"move,omitempty"`
	Comment  string      `json:"comment,omitempty"`
	Marks    []wireMark  `json:"marks,omitempty"`
	Children []*wireNode `json:"children,omitempty"`
}

type wireMark struct {
	Square string `json:"square"`
	Mark   string `json:"mark"`
	Label  string `json:"label,omitempty"`
}

// MarshalJSON writes the study's JSON (see the package documentation),
// after checking it (Validate).
func (s *Study) MarshalJSON() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	w := wireStudy{Format: FormatName, Version: Version, Title: s.Title, Start: s.Start.String(), Root: toWire(s.Root)}
	if s.Rule != game.Standard {
		w.Rule = s.Rule.String()
	}
	return json.Marshal(w)
}

// Marshal returns the study's JSON (MarshalJSON).
func (s *Study) Marshal() ([]byte, error) { return s.MarshalJSON() }

func toWire(n *Node) *wireNode {
	w := &wireNode{Comment: n.Comment}
	if n.Move != board.NoSquare {
		w.Move = n.Move.String()
	}
	for _, m := range n.Marks {
		w.Marks = append(w.Marks, wireMark{Square: m.Square.String(), Mark: string(m.Kind), Label: m.Label})
	}
	for _, c := range n.Children {
		w.Children = append(w.Children, toWire(c))
	}
	return w
}

// UnmarshalJSON reads a study's JSON, refusing unknown fields, and checks
// it (Validate): a study it reads is legal and within the limits. It
// reads at most MaxText bytes. JSON's null leaves s as it is (the
// convention of json.Unmarshaler).
func (s *Study) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	if len(data) > MaxText {
		return fmt.Errorf("study: the JSON is %d bytes, more than %d", len(data), MaxText)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var w wireStudy
	if err := dec.Decode(&w); err != nil {
		return fmt.Errorf("study: not the JSON of a study: %v", err)
	}
	if dec.More() {
		return errors.New("study: more than one JSON value")
	}
	got, err := fromWire(&w)
	if err != nil {
		return err
	}
	*s = *got
	return nil
}

// Parse reads a study's JSON (UnmarshalJSON); null is no study.
func Parse(data []byte) (*Study, error) {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil, errors.New("study: null is not a study")
	}
	s := &Study{}
	if err := s.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return s, nil
}

// Decode reads a study's JSON from r, at most MaxText bytes of it.
func Decode(r io.Reader) (*Study, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxText+1))
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	if len(data) > MaxText {
		return nil, fmt.Errorf("study: the JSON is longer than %d bytes", MaxText)
	}
	return Parse(data)
}

// fromWire makes a study of its JSON form and checks it.
func fromWire(w *wireStudy) (*Study, error) {
	if w.Format != "" && w.Format != FormatName {
		return nil, fmt.Errorf("study: format %q: want %q", clipped(w.Format), FormatName)
	}
	if w.Version != 0 && w.Version != Version {
		return nil, fmt.Errorf("study: version %d: this program reads version %d", w.Version, Version)
	}
	rule, err := game.ParseRule(w.Rule)
	if err != nil {
		return nil, fmt.Errorf("study: %v", err)
	}
	start := board.Start()
	if w.Start != "" {
		if start, err = board.ParsePosition(w.Start); err != nil {
			return nil, fmt.Errorf("study: the start: %v", err)
		}
	}
	s := &Study{Title: w.Title, Rule: rule, Start: start}
	if w.Root == nil {
		s.Root = &Node{Move: board.NoSquare}
	} else {
		if w.Root.Move != "" {
			return nil, fmt.Errorf("study: the root has a move (%q): the start's node has none", clipped(w.Root.Move))
		}
		count := 0
		if s.Root, err = nodeOf(w.Root, nil, &count); err != nil {
			return nil, err
		}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// nodeOf makes the node of a JSON node below the moves of line, counting
// the nodes made in count.
func nodeOf(w *wireNode, line []board.Square, count *int) (*Node, error) {
	*count++
	if *count > MaxNodes {
		return nil, fmt.Errorf("study: more than %d nodes", MaxNodes)
	}
	n := &Node{Move: board.NoSquare, Comment: w.Comment}
	for _, m := range w.Marks {
		sq, err := board.ParseSquare(m.Square)
		if err != nil || !sq.OnBoard() {
			return nil, fmt.Errorf("study: %s: a mark on %q, which is not a square", where(line), clipped(m.Square))
		}
		n.Marks = append(n.Marks, Mark{Square: sq, Kind: MarkKind(m.Mark), Label: m.Label})
	}
	sortMarks(n.Marks)
	if len(w.Children) > 0 && len(line) >= MaxDepth {
		return nil, fmt.Errorf("study: %s: a line longer than %d moves", where(line), MaxDepth)
	}
	for i, cw := range w.Children {
		if cw == nil {
			return nil, fmt.Errorf("study: %s: child %d is null", where(line), i)
		}
		if cw.Move == "" {
			return nil, fmt.Errorf("study: %s: child %d has no move", where(line), i)
		}
		sq, err := board.ParseSquare(cw.Move)
		if err != nil {
			return nil, fmt.Errorf("study: %s: child %d: %v", where(line), i, err)
		}
		c, err := nodeOf(cw, append(line, sq), count)
		if err != nil {
			return nil, err
		}
		c.Move = sq
		n.Children = append(n.Children, c)
	}
	return n, nil
}
