// Games the server makes between two accounts (the lobby's accepted
// seeks and challenges, a tournament's pairings), and the list of an
// account's own games in play, which a bot polls to find its games.

package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/store"
)

// Pairing asks for a game between two accounts.
type Pairing struct {
	// ID is the game's id, chosen before (a tournament records it
	// first); "" for a new one.
	ID string
	// Accounts are Black's and White's: two different accounts.
	Accounts [2]*store.Account
	// Game gives the game's clock, rule and start as a CreateRequest
	// does (Time, GameTime, Increment, Rule, Opening, Board, Transcript,
	// GGF); its seats are ignored.
	Game CreateRequest
	// Rated: the result moves both accounts' ratings in the class of the
	// game's clock.
	Rated bool
	// Client is who the game is counted for in the caps on live games
	// (the lobby: the account that accepted; a tournament: the
	// tournament).
	Client string
}

// createPairing makes the game of p: each account at the seat of its
// kind (a person human, a bot bot), named after it, the game linked to
// both (rated if p says so, in the class of its clock), its referee
// started. No token is shown to anyone: the accounts play by their
// credentials (seatHash). It returns the game's id; an error of the
// request (withCode), a cap (*live.CapError) or the store's failure.
func (s *Server) createPairing(ctx context.Context, p Pairing) (string, error) {
	accounts := s.accountsStore()
	if accounts == nil {
		return "", errNoAccounts
	}
	if p.Accounts[0] == nil || p.Accounts[1] == nil || p.Accounts[0].ID == p.Accounts[1].ID {
		return "", errors.New("a pairing needs two different accounts")
	}
	req := p.Game
	req.Analysis = false
	for c, a := range p.Accounts {
		sr := SeatRequest{Kind: string(seatKindOf(a))}
		if c == 0 {
			req.Black = sr
		} else {
			req.White = sr
		}
	}
	rec, _, err := s.newGame(req)
	if err != nil {
		return "", err
	}
	if p.ID != "" {
		rec.ID = p.ID
	}
	for c, a := range p.Accounts {
		rec.Seats[c].Name = a.Name
	}
	link := store.GameLink{Accounts: [2]string{p.Accounts[0].ID, p.Accounts[1].ID}}
	if p.Rated {
		link.Rated, link.Class = true, string(account.ClassOf(rec))
	}
	rec.Link = &link // stored with the game, in one transaction
	done, err := s.hall.Admit(p.Client)
	if err != nil {
		return "", err
	}
	defer done()
	if err := s.hall.Create(ctx, rec, p.Client); err != nil {
		return "", err
	}
	s.log.Info("game paired", "game", rec.ID, "black", p.Accounts[0].Name, "white", p.Accounts[1].Name, "rated", p.Rated, "client", p.Client)
	return rec.ID, nil
}

// MyGameItem is a game in play of the caller's account: the game, the
// colour the account plays, and whether it is the account's turn.
type MyGameItem struct {
	AccountGameItem
	// ToMove: the account is to move (its clock may be running).
	ToMove bool `json:"to_move"`
}

// handleMyGames lists the games in play of the caller's account (a bot
// by its key, a person by the session cookie), those where it is to move
// first: a bot polls it to find the games the lobby or a tournament made
// for it.
func (s *Server) handleMyGames(w http.ResponseWriter, r *http.Request) {
	accounts := s.accounts(w)
	if accounts == nil {
		return
	}
	a, ok := s.seatAccount(w, r)
	if !ok {
		return
	}
	if a == nil {
		accountError(w, http.StatusUnauthorized, CodeNotLoggedIn, "not logged in (or the session ended): log in, or send the bot's API key")
		return
	}
	s.seeBot(r.Context(), a)
	games, err := accounts.AccountGames(r.Context(), a.ID, store.ListOptions{Live: true, Limit: 500, FirstMoves: true})
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	mine, waiting := []MyGameItem{}, []MyGameItem{}
	for _, g := range games {
		t, err := s.hall.Open(r.Context(), g.ID)
		if err != nil {
			continue // gone since the list was read
		}
		st := t.State()
		if st.Game.Finished() {
			continue
		}
		item := MyGameItem{AccountGameItem: AccountGameItem{GameItem: gameItem(g.Summary), Color: board.Color(g.Color).String(), Rated: g.Link.Rated}}
		if item.ToMove = int(st.Game.Turn()) == g.Color; item.ToMove {
			mine = append(mine, item)
		} else {
			waiting = append(waiting, item)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"account": a.Name, "games": append(mine, waiting...)})
}
