// The named openings and their lookup by position.

package opening

import (
	"fmt"
	"strings"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Opening is a named opening.
type Opening struct {
	// Name is the opening's usual name, e.g. "Tiger".
	Name string
	// Aliases are its other traditional names, e.g. "Tanaka" for the
	// Aubrey.
	Aliases []string
	// Moves is its line from the start, a transcript beginning with f5.
	Moves string
}

// String returns the name, with the aliases in brackets: "Aubrey
// (Tanaka)".
func (o Opening) String() string {
	if len(o.Aliases) == 0 {
		return o.Name
	}
	return o.Name + " (" + strings.Join(o.Aliases, ", ") + ")"
}

// Plies returns the number of moves of the opening's line.
func (o Opening) Plies() int { return len(o.Moves) / 2 }

// All returns the named openings, a fresh copy each call.
func All() []Opening {
	out := make([]Opening, len(table))
	for i, o := range table {
		out[i] = o
		out[i].Aliases = append([]string(nil), o.Aliases...)
	}
	return out
}

// index maps the canonical board at the end of each named line to its
// opening; it is built once, on first use, and never changed after.
var index = sync.OnceValue(func() map[board.Board]int {
	m := make(map[board.Board]int, len(table))
	for i, o := range table {
		g, err := game.ParseTranscript(o.Moves)
		if err != nil {
			panic(fmt.Sprintf("opening %q: %v", o.Name, err)) // the table's test checks every line
		}
		c, _ := g.Position().Board.Canonical()
		if _, dup := m[c]; !dup {
			m[c] = i
		}
	}
	return m
})

// maxPlies is the length of the longest named line: no game reaches a
// named position later.
var maxPlies = sync.OnceValue(func() int {
	n := 0
	for _, o := range table {
		n = max(n, o.Plies())
	}
	return n
})

// Of returns the opening of a game from the standard start: the longest
// named line whose position the game has reached, in any symmetry, and
// true; or false if it has reached none (or starts elsewhere).
func Of(g *game.Game) (Opening, bool) {
	if g == nil || g.Start != board.Start() {
		return Opening{}, false
	}
	moves := make([]board.Square, len(g.Moves))
	for i, m := range g.Moves {
		moves[i] = m.Square
	}
	return OfMoves(moves)
}

// OfMoves returns the opening of the moves from the standard start (Pass
// for a pass), as Of does. Moves after an illegal one are not looked at;
// a pass is legal only when the side to move has no move and the game is
// not over.
func OfMoves(moves []board.Square) (Opening, bool) {
	idx := index()
	b := board.StartBoard()
	found := -1
	for i, sq := range moves {
		if i >= maxPlies() || !b.IsLegal(sq) {
			break // not a game from here: what follows is not looked at
		}
		b = b.Play(sq)
		c, _ := b.Canonical()
		if k, ok := idx[c]; ok {
			found = k
		}
	}
	if found < 0 {
		return Opening{}, false
	}
	return All()[found], true
}

// OfTranscript returns the opening of a transcript from the standard
// start, such as "f5d6c3d3c4": the same as Of, or an error if the
// transcript is not a legal game.
func OfTranscript(text string) (Opening, bool, error) {
	g, err := game.ParseTranscript(text)
	if err != nil {
		return Opening{}, false, err
	}
	o, ok := Of(g)
	return o, ok, nil
}
