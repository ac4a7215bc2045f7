// The lobby's stream (GET /api/lobby/ws): the open seeks as they come
// and go, for anyone; the challenges to and from the caller's account
// and the games started for it, for an account (a person by the session
// cookie, a bot by its key). Each stream reads the lobby from the store
// every lobbyEvery, and at once when this server changes it, and sends
// what changed since it last read: so it learns the changes made through
// other servers on the same database too, within lobbyEvery. A bot that
// holds the stream is online (lobby.go's seeBot and autoAccept).

package server

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/store"
)

// lobbyEvery is how often a lobby stream reads the lobby from the store.
const lobbyEvery = time.Second

// LobbyEvent is a message of the lobby's stream. Type is "seek" (a seek
// opened: Offer), "seek_gone" (ID: accepted, cancelled or expired),
// "challenge" (a challenge to or from the caller opened: Offer),
// "challenge_gone" (ID), "game" (a game started for the caller: Game,
// and the Color it plays) or, once the first state has been sent,
// "ready" (Account: the caller's name, "" anonymous).
type LobbyEvent struct {
	Type    string     `json:"type"`
	Offer   *OfferView `json:"offer,omitempty"`
	ID      string     `json:"id,omitempty"`
	Game    string     `json:"game,omitempty"`
	Color   string     `json:"color,omitempty"`
	Account *string    `json:"account,omitempty"`
}

// news wakes the lobby's streams of this server when it changes the
// lobby.
type news struct {
	mu sync.Mutex
	ch chan struct{}
}

// wait returns a channel closed at the next change.
func (n *news) wait() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.ch == nil {
		n.ch = make(chan struct{})
	}
	return n.ch
}

// changed wakes the streams.
func (n *news) changed() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.ch != nil {
		close(n.ch)
	}
	n.ch = make(chan struct{})
}

func (s *Server) handleLobbySocket(w http.ResponseWriter, r *http.Request) {
	lobby := s.lobbyStore()
	if lobby == nil {
		accountError(w, http.StatusNotImplemented, CodeNoAccounts, errNoAccounts.Error())
		return
	}
	client := s.clientOf(r)
	if !s.limiter.allow(client) {
		s.metrics.limited.Inc()
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, CodeRateLimited, "too many requests: slow down")
		return
	}
	r, ok := s.authenticateBot(w, r) // a bot's key: 401 if it does not work
	if !ok {
		return
	}
	who, ok := s.seatAccount(w, r)
	if !ok {
		return
	}
	c, ctx, cancel, closed, ok := s.openSocket(w, r, client)
	if !ok {
		return
	}
	defer closed()
	// The stream says; the client says nothing (what it sends is read
	// and dropped, at most socketRate messages a second).
	go func() {
		defer cancel()
		rate := newLimiter(socketRate, socketBurst)
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
			if !rate.allow("") {
				c.Close(websocket.StatusPolicyViolation, tooManyMessages)
				return
			}
		}
	}()
	st := &lobbyWatch{seeks: map[string]bool{}, challenges: map[string]bool{}, games: map[string]bool{}}
	send := func(e LobbyEvent) error {
		wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
		defer wcancel()
		return wsjson.Write(wctx, c, e)
	}
	tick := time.NewTicker(lobbyEvery)
	defer tick.Stop()
	first := true
	for {
		wake := s.lobbyNews.wait()
		events, err := s.lobbyChanges(ctx, lobby, who, st, first)
		if err != nil && ctx.Err() == nil {
			s.log.Error("the lobby's stream could not read the lobby", "err", err)
		}
		if err == nil && first {
			name := ""
			if who != nil {
				name = who.Name
			}
			events = append(events, LobbyEvent{Type: "ready", Account: &name})
			first = false
		}
		for _, e := range events {
			if err := send(e); err != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			c.Close(websocket.StatusNormalClosure, "")
			return
		case <-wake:
		case <-tick.C:
		}
	}
}

// lobbyWatch is what a lobby stream has sent: the open seeks and
// challenges, and the caller's games.
type lobbyWatch struct {
	seeks, challenges, games map[string]bool
}

// lobbyChanges reads the lobby and returns the events since st (which it
// brings up to date): on the first read, the open offers, and no games
// (those in play already are not news). A bot's read is its poll too: it
// is online, and the scheduler accepts for it the offers it takes.
func (s *Server) lobbyChanges(ctx context.Context, lobby store.Lobby, who *store.Account, st *lobbyWatch, first bool) ([]LobbyEvent, error) {
	now := time.Now()
	var events []LobbyEvent
	diff := func(kind store.OfferKind, account string, sent map[string]bool, added, gone string) error {
		offers, err := lobby.OpenOffers(ctx, store.OfferFilter{Kind: kind, Account: account, Now: now})
		if err != nil {
			return err
		}
		open := map[string]bool{}
		for i := range offers {
			o := &offers[i]
			open[o.ID] = true
			if !sent[o.ID] {
				v := s.viewOffer(ctx, o)
				events = append(events, LobbyEvent{Type: added, Offer: &v})
				sent[o.ID] = true
			}
		}
		for id := range sent {
			if !open[id] {
				events = append(events, LobbyEvent{Type: gone, ID: id})
				delete(sent, id)
			}
		}
		return nil
	}
	if err := diff(store.Seek, "", st.seeks, "seek", "seek_gone"); err != nil {
		return nil, err
	}
	if who == nil {
		return events, nil
	}
	if err := diff(store.Challenge, who.ID, st.challenges, "challenge", "challenge_gone"); err != nil {
		return nil, err
	}
	games, err := s.accountsStore().AccountGames(ctx, who.ID, store.ListOptions{Live: true, Limit: 500})
	if err != nil {
		return nil, err
	}
	if who.Kind == store.BotAccount {
		s.seeBot(ctx, who) // online: the scheduler accepts for it what it takes
	}
	for _, g := range games {
		if !st.games[g.ID] {
			st.games[g.ID] = true
			if !first {
				events = append(events, LobbyEvent{Type: "game", Game: g.ID, Color: board.Color(g.Color).String()})
			}
		}
	}
	return events, nil
}
