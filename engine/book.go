// The engine's opening book: a move from the book, before any search.

package engine

import (
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/player"
)

// BookOptions say how a Player plays from an opening book.
type BookOptions struct {
	// Book is the book (nil: none; every move is searched).
	Book *book.Book
	// Random is the variety of its choices, in discs: the player picks
	// uniformly among the book moves within Random discs of the best (0:
	// among the best alone). A level with noise (Level.Noise) picks
	// within its noise if that is more, so that a beginner's level plays
	// the book as loosely as it plays the rest.
	Random float64
	// Note, if not empty, says why there is no book (a shipped book that
	// is damaged, say): the player reports it with its first move.
	Note string
}

// SetBook makes the player play from a book while the position has book
// moves (see BookOptions). Analyses (player.Request.Analyze) search all
// the same.
func (p *Player) SetBook(o BookOptions) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.book = o
	p.bookNoted = false
}

// bookMove returns the player's move from the book for req, and false if
// the book has none for the position (or the request is an analysis).
func (p *Player) bookMove(req player.Request) (player.Reply, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.book.Book == nil || req.Analyze {
		return player.Reply{}, false
	}
	moves := p.book.Book.Moves(req.Position.Board, req.Legal)
	if len(moves) == 0 {
		return player.Reply{}, false
	}
	var choices []book.Move
	within := max(p.book.Random, p.level.Noise, 0)
	for _, m := range moves {
		if m.Value >= moves[0].Value-within {
			choices = append(choices, m)
		}
	}
	chosen := choices[p.rng.IntN(len(choices))]
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
