// The end of a game in the store: rated in the same transaction when
// its link says so.

package live

import (
	"context"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
)

// finish stores a game's result: with a store that keeps accounts
// (store.Accounts), through FinishRated, which rates a rated game in
// the same transaction, once whichever process finishes it (a casual or
// unlinked game it finishes as Finish does); with another store, through
// Finish. The errors are the store's (store.ErrConflict: the game is
// over already).
func (h *Hall) finish(ctx context.Context, id string, r store.Result) error {
	a, ok := h.cfg.Store.(store.Accounts)
	if !ok {
		return h.cfg.Store.Finish(ctx, id, r)
	}
	f, err := a.FinishRated(ctx, id, r, account.DefaultRater.Rate)
	if err == nil && f.Rated {
		h.log.Info("game rated", "game", id, "class", f.After[0].Class,
			"black", f.Before[0].Account, "black_before", f.Before[0].Rating, "black_after", f.After[0].Rating,
			"white", f.Before[1].Account, "white_before", f.Before[1].Rating, "white_after", f.After[1].Rating)
	}
	return err
}
