// Beginnings: the opening lines of the shipped WTHOR games, as the
// openings of a match.

package train

import (
	"fmt"
	"sort"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Beginning is a position that real games reached after a few moves: the
// moves of the first game that reached it, and how many games did.
type Beginning struct {
	// Moves is the transcript, e.g. "f5d6c3d3c4b3".
	Moves string
	// Games is the number of games that reached the position, in any of
	// its eight images.
	Games int
}

// WTHORBeginnings returns the positions after plies moves (passes
// included) of the shipped WTHOR games of HeldOutYear (heldOut) or of
// every other year, that at least minGames of them reached: each position
// once up to symmetry, most played first (then in the order of the
// transcripts). Games of fewer moves are left out, and so are positions
// where the game is over, which no game can start from.
//
// The beginnings of the held-out games are openings that the opening book
// was not built from: a match from them with the book against no book
// measures the book on real openings, each a different game.
func WTHORBeginnings(heldOut bool, plies, minGames int) ([]Beginning, error) {
	if plies < 1 || plies > 60 {
		return nil, fmt.Errorf("%d moves: want 1 to 60", plies)
	}
	if minGames < 1 {
		return nil, fmt.Errorf("at least %d games: want 1 or more", minGames)
	}
	games, err := WTHORGames(heldOut, 1, 0)
	if err != nil {
		return nil, err
	}
	index := map[board.Position]int{}
	var all []Beginning
	for _, g := range games {
		if len(g.Moves) < plies {
			continue
		}
		p := g.PositionAt(plies)
		if !p.Board.HasMoves() && !p.Board.Pass().HasMoves() {
			continue // the game is over: no opening
		}
		c, _ := p.Board.Canonical()
		key := board.Position{Board: c, Turn: p.Turn}
		if i, ok := index[key]; ok {
			all[i].Games++
			continue
		}
		first := game.Game{Moves: g.Moves[:plies]} // its transcript alone is read
		index[key] = len(all)
		all = append(all, Beginning{Moves: first.Transcript(), Games: 1})
	}
	out := all[:0]
	for _, b := range all {
		if b.Games >= minGames {
			out = append(out, b)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Moves < out[j].Moves
	})
	return out, nil
}

// OpeningsFile returns the file of openings that reversi book openings
// writes of the beginnings all (WTHORBeginnings after plies moves, reached
// by at least minGames of the held-out games, or of the training ones):
// three comment lines that say so, then a transcript a line. It returns
// the number of games that reached them too.
func OpeningsFile(all []Beginning, plies, minGames int, training bool) (text string, games int) {
	which := fmt.Sprintf("the held-out WTHOR games (%d)", HeldOutYear)
	if training {
		which = fmt.Sprintf("the WTHOR games of every year but %d", HeldOutYear)
	}
	for _, b := range all {
		games += b.Games
	}
	var w strings.Builder
	fmt.Fprintf(&w, "# reversi book openings --plies %d --min-games %d", plies, minGames)
	if training {
		w.WriteString(" --training")
	}
	fmt.Fprintf(&w, "\n# the %d positions after %d moves of %s reached by at least %d of them\n", len(all), plies, which, minGames)
	fmt.Fprintf(&w, "# (%d games in all), each once up to symmetry, most played first\n", games)
	for _, b := range all {
		w.WriteString(b.Moves)
		w.WriteByte('\n')
	}
	return w.String(), games
}
