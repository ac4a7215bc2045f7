// The engine's opening book: a move from the book, before any search.

package engine

import (
	"math"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// BookOptions say how a Player plays from an opening book.
type BookOptions struct {
	// Book is the book (nil: none; every move is searched).
	Book *book.Book
	// Random is the variety of its choices, in discs: the player picks
	// uniformly among the book moves within Random discs of the best (0:
	// among the best alone). A level with noise (Level.Noise) chooses
	// its book moves instead as it chooses its searched ones, where it
	// adds noise (see Level.NoiseMoves): each move's value plus a random
	// part of the noise, the best after it; so a beginner's level plays
	// the book as loosely as the rest, and a match from the start between
	// two levels with the same noise, one with a book, compares like with
	// like.
	Random float64
	// Note, if not empty, says why there is no book (a shipped book that
	// is damaged, say): the player reports it with its first move.
	Note string
}

// SetBook makes the player play from a book while the position has book
// moves (see BookOptions), in games under the standard rule only (see
// BookMoves): a game under another rule, or a request that carries no
// game and so no rule, is searched. Analyses (player.Request.Analyze)
// search all the same.
func (p *Player) SetBook(o BookOptions) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.book = o
	p.bookNoted = false
}

// bookTolerance is the rounding of the book's values (hundredths of a
// disc), with room.
const bookTolerance = 0.015

// BookMoves returns the moves of b that a Player with the book plays from
// in the position of g, best first (book.Book.Moves with g's legal
// moves), and none: without a book (b nil); without a game (g nil: its
// rule unknown) or in a game under another rule than the standard one;
// out of the book; or in a position worth more than its best book move (a
// book that 'reversi book build' made values each position by its own
// search too, book.NegamaxSearched: a position worth more has a better
// move out of the book, which only a search finds). A book's values are
// those of the standard game, every reply allowed: under another rule
// (game.NoAdjacent) a book move may be forbidden, and the values of the
// others rest on replies that may be. A program that answers from a book
// as the Player plays from it (an NBoard session's go and hint) asks it.
func BookMoves(b *book.Book, g *game.Game) []book.Move {
	moves := standardBookMoves(b, g)
	if len(moves) == 0 {
		return nil
	}
	if e, ok := b.Lookup(g.Position().Board); ok && e.Value > moves[0].Value+bookTolerance {
		// The position's own search found a better move than its book
		// moves: a move out of the book.
		return nil
	}
	return moves
}

// standardBookMoves returns the moves of b for the position of g, best
// first: none if b or g is nil, or if g is not played under the standard
// rule, the only one the book's values hold for (see BookMoves).
func standardBookMoves(b *book.Book, g *game.Game) []book.Move {
	if b == nil || g == nil || g.Rule != game.Standard {
		return nil
	}
	return b.Moves(g.Position().Board, g.Legal())
}

// bookMove returns the player's move from the book for req, and false if
// the request is an analysis or if the book has no move to play from in
// the game of req (BookMoves: none out of the book, in a position whose
// best move is out of it, or in a game under another rule than the
// standard one).
func (p *Player) bookMove(req player.Request) (player.Reply, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.book.Book == nil || req.Analyze {
		return player.Reply{}, false
	}
	moves := BookMoves(p.book.Book, req.Game)
	if len(moves) == 0 {
		return player.Reply{}, false
	}
	var chosen book.Move
	if p.level.noisyAt(64 - req.Position.Board.Empties()) {
		// The level's noise, as its searched moves get it (noisyChoice):
		// each move's value plus a random part of the noise, the best
		// after it.
		best := math.Inf(-1)
		for _, m := range moves {
			if v := m.Value + p.rng.Float64()*p.level.Noise; v > best {
				best, chosen = v, m
			}
		}
	} else {
		var choices []book.Move
		for _, m := range moves {
			if m.Value >= moves[0].Value-max(p.book.Random, 0) {
				choices = append(choices, m)
			}
		}
		chosen = choices[p.rng.IntN(len(choices))]
	}
	t := &player.Thinking{
		Eval: chosen.Value, HasEval: true, Unit: player.UnitDiscs,
		Source: player.Source{Kind: player.Book, Depth: chosen.Depth},
		PV:     []board.Square{chosen.Square},
		Note:   "book",
	}
	for _, m := range moves {
		t.Moves = append(t.Moves, player.MoveStat{Move: m.Square, Eval: m.Value, HasEval: true, Unit: player.UnitDiscs,
			Source: player.Source{Kind: player.Book, Depth: m.Depth}, PV: []board.Square{m.Square}})
	}
	return player.Reply{Move: chosen.Square, Thinking: t}, true
}

// bookNote returns the note of a player without its book, once.
func (p *Player) bookNote() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bookNoted || p.book.Note == "" {
		return ""
	}
	p.bookNoted = true
	return p.book.Note
}

// WithBook returns the analysis t of the position of g with the
// position's book moves merged in (none under another rule than the
// standard one, for which alone the book's values hold): the book moves
// first, best first, each with the book's value, the source Book at the
// depth of the book's search and the book's line (the move, then the best
// book move of each position that follows while there is one), then t's
// other moves as t gave them; the analysis's value, source and line
// become those of the best book move. It reports whether the position
// has book moves; if not, or if t's values are not discs (a heuristic's
// points, a win rate), it returns t itself, unchanged. t is never
// changed: the merged analysis is a copy.
func WithBook(t *player.Thinking, b *book.Book, g *game.Game) (*player.Thinking, bool) {
	if t == nil || t.Unit != player.UnitDiscs {
		return t, false
	}
	moves := standardBookMoves(b, g)
	if len(moves) == 0 {
		return t, false
	}
	out := *t
	out.Moves = make([]player.MoveStat, 0, len(t.Moves)+len(moves))
	inBook := uint64(0)
	for _, m := range moves {
		inBook |= m.Square.Bit()
		out.Moves = append(out.Moves, player.MoveStat{Move: m.Square, Eval: m.Value, HasEval: true, Unit: player.UnitDiscs,
			Source: player.Source{Kind: player.Book, Depth: m.Depth}, PV: bookLine(b, g.Position().Board, m.Square)})
	}
	for _, m := range t.Moves {
		if m.Move.Bit()&inBook == 0 {
			out.Moves = append(out.Moves, m)
		}
	}
	best := out.Moves[0]
	out.Eval, out.HasEval, out.Source, out.Stopped, out.PV = best.Eval, true, best.Source, false, best.PV
	return &out, true
}

// bookLine returns the line of the book that starts with the move sq of
// pos: sq, then the best book move of each position that follows, while
// the book has one (at most to the end of the board).
func bookLine(b *book.Book, pos board.Board, sq board.Square) []board.Square {
	line := []board.Square{sq}
	for p := pos.Play(sq); len(line) < 60; {
		next := b.Moves(p, p.Moves())
		if len(next) == 0 {
			break
		}
		line = append(line, next[0].Square)
		p = p.Play(next[0].Square)
	}
	return line
}
