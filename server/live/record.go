// The stored form of a live game: replaying it, its result to and from
// the store, the seats' tokens (kept as hashes) and names.

package live

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/store"
)

// HashToken returns the stored form of a seat's token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// storedResult converts a result for the store.
func storedResult(r game.Result) store.Result {
	return store.Result{Reason: r.Reason.String(), Winner: r.Winner.String(), By: r.By.String(), Black: r.Black, White: r.White, Detail: r.Detail}
}

// ResultOf reads a stored result back; the error says what is wrong
// with it.
func ResultOf(r *store.Result) (game.Result, error) {
	reason, err := game.ParseReason(r.Reason)
	if err != nil || reason == game.InProgress {
		return game.Result{}, fmt.Errorf("result: %q is not a reason a game ends for", r.Reason)
	}
	var colors [2]board.Color
	for i, text := range []string{r.Winner, r.By} {
		if colors[i], err = board.ParseColor(text); err != nil && text != "none" {
			return game.Result{}, fmt.Errorf("result: %w", err)
		}
	}
	return game.Result{Reason: reason, Winner: colors[0], By: colors[1], Black: r.Black, White: r.White, Detail: r.Detail}, nil
}

// SeatOf returns the colour of the seat whose token hash is tokenHash
// (compared in constant time), -1 if none.
func SeatOf(seats [2]store.Seat, tokenHash string) int {
	color := -1
	for c := range 2 {
		if h := seats[c].TokenHash; h != "" && subtle.ConstantTimeCompare([]byte(h), []byte(tokenHash)) == 1 {
			color = c
		}
	}
	return color
}

// SeatName is the name a seat shows.
func SeatName(seat store.Seat) string {
	if seat.Name != "" {
		return seat.Name
	}
	if seat.Kind == store.Builtin {
		return seat.Spec
	}
	return string(seat.Kind)
}

// Replay rebuilds a stored game.
func Replay(rec *store.Game) (*game.Game, error) {
	start, err := board.ParsePosition(rec.Start)
	if err != nil {
		return nil, err
	}
	rule, err := game.ParseRule(rec.Rule)
	if err != nil {
		return nil, err
	}
	g := game.New(start, rule)
	for _, m := range rec.Moves {
		sq, err := board.ParseSquare(m.Square)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", m.Ply, err)
		}
		if err := g.Play(game.Move{Square: sq, Time: m.Elapsed, Eval: m.Eval, HasEval: m.HasEval}); err != nil {
			return nil, fmt.Errorf("move %d: %w", m.Ply, err)
		}
	}
	if r := rec.Result; r != nil {
		if g.Result, err = ResultOf(r); err != nil {
			return nil, err
		}
	} else {
		g.Finish()
	}
	return g, nil
}
