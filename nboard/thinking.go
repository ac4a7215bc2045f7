// The protocol's text of what a search found: depths such as "12",
// "18@95%", "100%" and "100%W", and "search" and "book" lines, read into
// and written from player's typed values.

package nboard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
)

// FormatDepth writes the depth of a search line as the protocol (and
// NBoard, Edax and NTest displays) write it: plies for a midgame search
// ("12"), plies and confidence for a selective one ("18@95%"), "100%" for
// an exact endgame solve, "100%W" for a win/loss/draw solve. A book value,
// Monte Carlo playouts or an unknown kind write their depth in plies.
func FormatDepth(s player.Source) string { return s.DepthText() }

// ParseDepth reads the depth of a search line: "12" (a midgame search
// 12 plies deep), "18@95%" (a selective search 18 plies deep, right with
// 95% confidence), "95%" (a selective search of unknown depth), "100%"
// (an exact solve), "100%W" (a win/loss/draw solve) or "book". A depth at
// 100% confidence ("18@100%") is a midgame search.
func ParseDepth(text string) (player.Source, error) {
	t := strings.TrimSpace(text)
	switch strings.ToLower(t) {
	case "100%":
		return player.Source{Kind: player.Exact}, nil
	case "100%w":
		return player.Source{Kind: player.WLD}, nil
	case "book":
		return player.Source{Kind: player.Book}, nil
	}
	bad := fmt.Errorf("depth %q: want plies (12), plies@confidence (18@95%%), 100%% or 100%%W", t)
	plies, pct, selective := strings.Cut(t, "@")
	if !selective && strings.HasSuffix(t, "%") {
		plies, pct, selective = "", t, true
	} else if plies == "" {
		return player.Source{}, bad
	}
	d := 0
	if plies != "" {
		v, err := strconv.Atoi(plies)
		if err != nil || v < 0 || v > 60 {
			return player.Source{}, bad
		}
		d = v
	}
	if !selective {
		return player.Source{Kind: player.Midgame, Depth: d}, nil
	}
	p, err := strconv.Atoi(strings.TrimSuffix(pct, "%"))
	if err != nil || !strings.HasSuffix(pct, "%") || p <= 0 || p > 100 || (p == 100 && plies == "") {
		return player.Source{}, bad
	}
	if p == 100 {
		return player.Source{Kind: player.Midgame, Depth: d}, nil
	}
	return player.Source{Kind: player.Selective, Depth: d, Probability: p}, nil
}

// FormatSearch writes what a search found of a move as the protocol's
// "search <pv> <eval> 0 <depth>" line (eval in discs from the side to
// move, 0 without a value).
func FormatSearch(m player.MoveStat) string {
	pv := m.PV
	if len(pv) == 0 || pv[0] != m.Move {
		pv = append([]board.Square{m.Move}, pv...)
	}
	return fmt.Sprintf("search %s %.2f 0 %s", pvText(pv), m.Eval, FormatDepth(m.Source))
}

// FormatBook writes a book move as the protocol's "book <pv> <eval>
// <games> book depth <d>" line: the move, its value in discs for the side
// to move, the games of the book's source that played it, "book" in the
// depth field (as GUIs show a book move) and, as free text, the depth of
// the search that valued it in the book.
func FormatBook(m player.MoveStat, games int) string {
	pv := m.PV
	if len(pv) == 0 || pv[0] != m.Move {
		pv = append([]board.Square{m.Move}, pv...)
	}
	return fmt.Sprintf("book %s %.2f %d book depth %d", pvText(pv), m.Eval, max(games, 0), m.Depth)
}

// ParseSearch reads an engine's "search <pv> <eval> 0 <depth> [text]" or
// "book <pv> <eval> <games> <depth> [text]" line: the move (the first
// square of the line), its value in discs for the side to move (the first
// of a pair "v1,v2"), how it was found (a book line's source is Book, at
// the depth of its depth field or, when that says "book", of a free text
// "depth <d>" as FormatBook writes it) and its line.
func ParseSearch(line string) (player.MoveStat, error) {
	f := strings.Fields(line)
	if len(f) < 5 || (f[0] != "search" && f[0] != "book") {
		return player.MoveStat{}, fmt.Errorf("%q is not a search line: want search <pv> <eval> 0 <depth>", line)
	}
	pv, err := parsePV(f[1])
	if err != nil {
		return player.MoveStat{}, fmt.Errorf("search line %q: %v", line, err)
	}
	first, _, _ := strings.Cut(f[2], ",")
	v, err := strconv.ParseFloat(first, 64)
	if err != nil {
		return player.MoveStat{}, fmt.Errorf("search line %q: eval %q is not a number", line, f[2])
	}
	src, err := ParseDepth(f[4])
	if err != nil {
		return player.MoveStat{}, fmt.Errorf("search line %q: %v", line, err)
	}
	if f[0] == "book" {
		src = player.Source{Kind: player.Book, Depth: src.Depth}
		if strings.EqualFold(f[4], "book") && len(f) >= 7 && f[5] == "depth" {
			if d, err := strconv.Atoi(f[6]); err == nil && d >= 0 && d <= 60 {
				src.Depth = d
			}
		}
	}
	return player.MoveStat{Move: pv[0], Eval: v, HasEval: true, Unit: player.UnitDiscs, Source: src, PV: pv}, nil
}

// parsePV reads a variation written without spaces: "F5d6C3", "F5-D6-C3".
func parsePV(text string) ([]board.Square, error) {
	t := strings.ReplaceAll(text, "-", "")
	if t == "" || len(t)%2 != 0 {
		return nil, fmt.Errorf("line %q: want squares such as F5d6C3", text)
	}
	var pv []board.Square
	for i := 0; i < len(t); i += 2 {
		sq, err := board.ParseSquare(t[i : i+2])
		if err != nil {
			return nil, fmt.Errorf("line %q: %v", text, err)
		}
		pv = append(pv, sq)
	}
	return pv, nil
}
