// The shipped opening book and the openings' names, as the GUI shows
// them: a position's book moves with their values, the opening reached;
// the random starts of a game (XOT, random moves).

package server

import (
	"errors"
	"math/rand/v2"
	"sync"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/opening"
	"github.com/reversi-engine/reversi/store"
)

// BookMoveView is a book move of a position: a legal move to a position
// of the shipped book, with its value for the side that plays it (the
// final disc margin expected), the depth of the book's search and the
// number of games of the book's source that played it.
type BookMoveView struct {
	Move  string  `json:"move"`
	Eval  float64 `json:"eval"`
	Depth int     `json:"depth"`
	Count int     `json:"count"`
}

// bookMoves returns the book moves of the position a game stands at,
// best first: none when the game is over, when it is played under
// another rule than the standard one (the book's values are the
// standard game's) or when the build ships no book.
func bookMoves(g *game.Game) []BookMoveView {
	if g.Rule != game.Standard || g.Over() {
		return nil
	}
	b, err := book.Shipped()
	if err != nil {
		return nil
	}
	var out []BookMoveView
	for _, m := range b.Moves(g.Position().Board, g.Legal()) {
		out = append(out, BookMoveView{Move: m.Square.String(), Eval: m.Value, Depth: m.Depth, Count: m.Count})
	}
	return out
}

// openingNames are the names of the opening a game has reached: with its
// other names in brackets ("Aubrey (Tanaka)"), and alone ("Aubrey", the
// key the GUI translates it by); both "" if it has reached none.
func openingNames(g *game.Game) (full, name string) {
	if o, ok := opening.Of(g); ok {
		return o.String(), o.Name
	}
	return "", ""
}

// summaryOpening names the opening of a game in a list, from its first
// moves (store.Summary.FirstMoves), as openingNames does from the game.
func summaryOpening(g store.Summary) (full, name string) {
	start, err := board.ParsePosition(g.Start)
	if err != nil || start != board.Start() {
		return "", ""
	}
	moves := make([]board.Square, 0, len(g.FirstMoves))
	for _, m := range g.FirstMoves {
		sq, err := board.ParseSquare(m)
		if err != nil {
			break
		}
		moves = append(moves, sq)
	}
	if o, ok := opening.OfMoves(moves); ok {
		return o.String(), o.Name
	}
	return "", ""
}

// xotOpenings are the XOT openings, read once.
var xotOpenings = sync.OnceValues(arena.XOT)

// randomPlies is the length of a random start.
const randomPlies = 8

// randomOpening picks the first moves of a game, as a transcript: kind
// "xot" one of the XOT openings (standard rule only: their balance is the
// standard game's), "random" randomPlies random legal moves under rule.
func randomOpening(kind string, rule game.Rule) (string, error) {
	switch kind {
	case "xot":
		if rule != game.Standard {
			return "", errors.New("the XOT openings are for the standard rule")
		}
		all, err := xotOpenings()
		if err != nil {
			return "", err
		}
		return all[rand.IntN(len(all))].Moves, nil
	case "random":
		o := arena.RandomOpenings(1, randomPlies, rule, rand.Uint64())
		if len(o) == 0 {
			return "", errors.New("no random opening found")
		}
		return o[0].Moves, nil
	}
	return "", errors.New("want xot or random")
}
