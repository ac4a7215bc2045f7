// Fixed positions of real games.

package testpos

import (
	"bytes"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/format/wthor"
)

// source is the WTHOR file the positions come from: games of 2004.
const source = "wthor/WTH_2004.wtb"

// Midgame returns n positions of real tournament games (WTHOR, 2004) with
// 20 to 40 discs, where the side to move has a legal move: the position
// after 16 + (i % 21) moves of the i-th usable game, every 97th game.
func Midgame(n int) ([]board.Board, error) {
	return positions(n, func(i int) int { return 16 + i%21 })
}

// Endgame returns n positions of real games with the given number of
// empty squares, where the side to move has a legal move.
func Endgame(n, empties int) ([]board.Board, error) {
	return positions(n, func(int) int { return 60 - empties })
}

// positions takes the position after plies(i) moves of every 97th game.
func positions(n int, plies func(i int) int) ([]board.Board, error) {
	text, err := data.ReadFile(source)
	if err != nil {
		return nil, err
	}
	_, games, err := wthor.ReadGames(bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	var out []board.Board
	for g := 0; g < len(games) && len(out) < n; g += 97 {
		rec, err := games[g].Replay()
		if err != nil {
			continue
		}
		// Count moves, not passes: find the position with the wanted
		// number of discs.
		want := 4 + plies(len(out))
		for i := 0; i <= len(rec.Moves); i++ {
			p := rec.PositionAt(i)
			if 64-p.Board.Empties() == want && p.Board.HasMoves() {
				out = append(out, p.Board)
				break
			}
		}
	}
	if len(out) < n {
		return nil, fmt.Errorf("testpos: only %d of %d positions in %s", len(out), n, source)
	}
	return out, nil
}
