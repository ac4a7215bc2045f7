// From WTHOR records to game records and back: replay, names, disc counts.

package wthor

import (
	"fmt"
	"strconv"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Names holds the name tables that the indices of a [Game] refer to.
type Names struct {
	Players     []string // WTHOR.JOU, indexed by Game.Black and Game.White
	Tournaments []string // WTHOR.TRN, indexed by Game.Tournament
}

// Player returns the name of player i, or "" if the table has no such
// entry.
func (n Names) Player(i uint16) string { return lookup(n.Players, i) }

// Tournament returns the name of tournament i, or "" if the table has no
// such entry.
func (n Names) Tournament(i uint16) string { return lookup(n.Tournaments, i) }

func lookup(names []string, i uint16) string {
	if int(i) < len(names) {
		return names[i]
	}
	return ""
}

// Replay plays the moves from the standard start under the standard
// rules, inserting a pass wherever the side to move has no legal move
// (WTHOR records none). If the moves reach the end of the game the result
// is set (game.Normal); a record that stops earlier leaves the game in
// progress, with no pass added after the last move. An illegal move gives
// an *Error with the move number (Index -1: the caller knows which game it
// is).
func (g Game) Replay() (*game.Game, error) {
	rec := game.NewStandard()
	for i, sq := range g.Moves {
		rec.PassIfForced()
		if err := rec.PlaySquare(sq); err != nil {
			return nil, &Error{What: "game", Index: -1, Move: i + 1, Err: err}
		}
	}
	rec.Finish()
	return rec, nil
}

// ToGame is Replay with the metadata filled in: the player and tournament
// names from names, and the year of the games (Header.Year; 0 leaves the
// date empty). Black's recorded score is not checked against the final
// position: compare g.BlackDiscs with [FinalBlackDiscs] for that.
func (g Game) ToGame(year int, names Names) (*game.Game, error) {
	rec, err := g.Replay()
	if err != nil {
		return nil, err
	}
	rec.Info = game.Info{
		Black: names.Player(g.Black),
		White: names.Player(g.White),
		Event: names.Tournament(g.Tournament),
	}
	if year != 0 {
		rec.Info.Date = strconv.Itoa(year)
	}
	return rec, nil
}

// FinalBlackDiscs returns Black's disc count in pos as WTHOR records the
// end of a game: Black's discs plus the empty squares if Black has more
// discs than White, plus half of them for a draw (so a draw always
// scores 32).
func FinalBlackDiscs(pos board.Position) int {
	b, w := pos.Count(board.Black), pos.Count(board.White)
	e := 64 - b - w
	switch {
	case b > w:
		return b + e
	case b == w:
		return b + e/2
	}
	return b
}

// FromGame returns the WTHOR record of a game played from the standard
// start under the standard rules: its moves without the passes, and
// BlackDiscs from the current position (see [FinalBlackDiscs]). The name
// indices and Theoretical are left 0 for the caller to set. It fails for
// another start or rule, or more than MaxMoves moves. Replay gives the
// game back, except a pass after the last move, which it does not add.
func FromGame(g *game.Game) (Game, error) {
	if g.Start != board.Start() {
		return Game{}, &Error{Index: -1, Err: fmt.Errorf("the game starts from %v, WTHOR records only games from the standard start", g.Start)}
	}
	if g.Rule != game.Standard {
		return Game{}, &Error{Index: -1, Err: fmt.Errorf("the game is played under the %v rule, WTHOR records only standard games", g.Rule)}
	}
	var out Game
	for _, m := range g.Moves {
		if m.Square != board.Pass {
			out.Moves = append(out.Moves, m.Square)
		}
	}
	if len(out.Moves) > MaxMoves {
		return Game{}, &Error{Index: -1, Err: fmt.Errorf("%d moves, a record holds at most %d", len(out.Moves), MaxMoves)}
	}
	out.BlackDiscs = uint8(FinalBlackDiscs(g.Position()))
	return out, nil
}
