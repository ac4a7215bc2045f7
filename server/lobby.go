// The lobby: accounts offer games (a seek, open to any account whose
// rating in the game's class is in its range; a challenge, to one named
// account), and the game is made when another accepts (createPairing),
// rated or casual as offered. An offer is settled once, whichever server
// settles it (store.Lobby's conditional write): of two accepts at once,
// one makes the game and the other is told the offer is taken.

package server

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// Bounds of the lobby.
const (
	// maxOpenOffers is the most open offers an account may have.
	maxOpenOffers = 10
	// defaultOfferLife and maxOfferLife bound how long an offer waits.
	defaultOfferLife = 30 * time.Minute
	maxOfferLife     = 24 * time.Hour
)

// OfferRequest makes a seek (POST /api/lobby/seeks) or a challenge (POST
// /api/lobby/challenges, To naming the account challenged).
type OfferRequest struct {
	To string `json:"to,omitempty"`
	// The game's clock, as CreateRequest's.
	Time      string `json:"time,omitempty"`
	GameTime  string `json:"game_time,omitempty"`
	Increment string `json:"increment,omitempty"`
	Rated     bool   `json:"rated,omitempty"`
	// Color is the colour the offerer plays: "black", "white" or
	// "random" (the default).
	Color string `json:"color,omitempty"`
	// MinRating and MaxRating bound a seek's acceptor's rating in the
	// game's class (0: none).
	MinRating float64 `json:"min_rating,omitempty"`
	MaxRating float64 `json:"max_rating,omitempty"`
	// Expires is how long the offer waits ("30m" by default, at most
	// 24h).
	Expires string `json:"expires,omitempty"`
}

// OfferView is an offer as the API shows it.
type OfferView struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind"`
	From      string    `json:"from"`
	To        string    `json:"to,omitempty"`
	MoveTime  string    `json:"time"`
	GameTime  string    `json:"game_time"`
	Increment string    `json:"increment"`
	Class     string    `json:"class"`
	Rated     bool      `json:"rated"`
	Color     string    `json:"color"`
	MinRating float64   `json:"min_rating,omitempty"`
	MaxRating float64   `json:"max_rating,omitempty"`
	State     string    `json:"state"`
	By        string    `json:"by,omitempty"`
	Game      string    `json:"game,omitempty"`
	Created   time.Time `json:"created"`
	Expires   time.Time `json:"expires"`
}

func (s *Server) lobbyRoutes(api func(pattern, route string, h http.HandlerFunc)) {
	api("POST /api/lobby/seeks", "seek", s.handleNewOffer(store.Seek))
	api("GET /api/lobby/seeks", "seeks", s.handleSeeks)
	api("POST /api/lobby/challenges", "challenge", s.handleNewOffer(store.Challenge))
	api("GET /api/lobby/challenges", "challenges", s.handleChallenges)
	api("GET /api/lobby/offers/{id}", "offer", s.handleOffer)
	api("POST /api/lobby/offers/{id}/accept", "offer_accept", s.handleAccept)
	api("POST /api/lobby/offers/{id}/decline", "offer_decline", s.handleSettle(store.OfferDeclined))
	api("POST /api/lobby/offers/{id}/cancel", "offer_cancel", s.handleSettle(store.OfferCancelled))
}

// lobbyStore returns the store's lobby, or nil if it keeps none (or no
// accounts).
func (s *Server) lobbyStore() store.Lobby {
	if s.accountsStore() == nil {
		return nil
	}
	l, _ := s.cfg.Store.(store.Lobby)
	return l
}

// lobbyCaller returns the lobby and the caller's account (by its session
// or its bot's key), or answers 501 or 401 (403 disabled) and nil.
func (s *Server) lobbyCaller(w http.ResponseWriter, r *http.Request) (store.Lobby, *store.Account) {
	lobby := s.lobbyStore()
	if lobby == nil {
		accountError(w, http.StatusNotImplemented, CodeNoAccounts, errNoAccounts.Error())
		return nil, nil
	}
	a, ok := s.seatAccount(w, r)
	if !ok {
		return nil, nil
	}
	if a == nil {
		accountError(w, http.StatusUnauthorized, CodeNotLoggedIn, "not logged in (or the session ended): log in, or send the bot's API key")
		return nil, nil
	}
	return lobby, a
}

// offerOf checks a request and returns the offer it makes.
func (s *Server) offerOf(req OfferRequest, kind store.OfferKind, from string, now time.Time) (*store.Offer, error) {
	o := &store.Offer{ID: live.NewID(8), Kind: kind, From: from, Rated: req.Rated, Color: req.Color, MinRating: req.MinRating, MaxRating: req.MaxRating,
		MoveTime: 60 * time.Second}
	// The clock as a game's: its checks are the game's.
	g, _, err := s.newClock(CreateRequest{Time: req.Time, GameTime: req.GameTime, Increment: req.Increment})
	if err != nil {
		return nil, err
	}
	o.MoveTime, o.GameTime, o.Increment = g.MoveTime, g.GameTime, g.Increment
	switch o.Color {
	case "":
		o.Color = "random"
	case "black", "white", "random":
	default:
		return nil, fmt.Errorf("color: %q: want black, white or random", clipName(o.Color))
	}
	if o.MinRating < 0 || o.MaxRating < 0 || o.MinRating > 4000 || o.MaxRating > 4000 || o.MaxRating > 0 && o.MaxRating < o.MinRating {
		return nil, errors.New("min_rating, max_rating: want 0 (none) or 1 to 4000, the least first")
	}
	if kind == store.Challenge && (o.MinRating > 0 || o.MaxRating > 0) {
		return nil, errors.New("min_rating, max_rating: a challenge names its player: no rating range")
	}
	life := defaultOfferLife
	if req.Expires != "" {
		d, err := time.ParseDuration(req.Expires)
		if err != nil || d < time.Minute || d > maxOfferLife {
			return nil, fmt.Errorf("expires: %q: want a duration from 1m to %v", clipName(req.Expires), maxOfferLife)
		}
		life = d
	}
	o.Expires = now.Add(life)
	return o, nil
}

// newClock reads a request's clock as newGame does, and nothing else.
func (s *Server) newClock(req CreateRequest) (*store.Game, map[string]string, error) {
	req.Black, req.White = SeatRequest{Kind: "bot"}, SeatRequest{Kind: "bot"}
	req.Opening, req.Board, req.Transcript, req.GGF = "", "", "", ""
	return s.newGame(req)
}

// viewOffer shows an offer, its accounts by name.
func (s *Server) viewOffer(ctx context.Context, o *store.Offer) OfferView {
	v := OfferView{ID: o.ID, Kind: string(o.Kind), From: s.accountName(ctx, o.From), MoveTime: durationText(o.MoveTime), GameTime: durationText(o.GameTime),
		Increment: durationText(o.Increment), Class: string(account.Classify(o.MoveTime, o.GameTime, o.Increment)), Rated: o.Rated, Color: o.Color,
		MinRating: o.MinRating, MaxRating: o.MaxRating, State: string(o.State), Game: o.Game, Created: o.Created, Expires: o.Expires}
	if o.To != "" {
		v.To = s.accountName(ctx, o.To)
	}
	if o.By != "" {
		v.By = s.accountName(ctx, o.By)
	}
	if o.State == store.OfferOpen && !o.Expires.After(time.Now()) {
		v.State = string(store.OfferExpired)
	}
	return v
}

func (s *Server) handleNewOffer(kind store.OfferKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lobby, a := s.lobbyCaller(w, r)
		if a == nil {
			return
		}
		var req OfferRequest
		if !readBody(w, r, &req) {
			return
		}
		ctx, now := r.Context(), time.Now()
		o, err := s.offerOf(req, kind, a.ID, now)
		if err != nil {
			writeError(w, http.StatusBadRequest, CodeBadOffer, err.Error())
			return
		}
		if kind == store.Challenge {
			to, err := s.accountsStore().AccountByName(ctx, req.To)
			if errors.Is(err, store.ErrNoAccount) || req.To == "" {
				writeError(w, http.StatusNotFound, CodeNoSuchAccount, fmt.Sprintf("to: no account named %q", clipName(req.To)))
				return
			}
			if err != nil {
				s.accountsFailed(w, r, err)
				return
			}
			if to.ID == a.ID {
				writeError(w, http.StatusBadRequest, CodeBadOffer, "to: a challenge is to another account")
				return
			}
			if to.Disabled {
				accountError(w, http.StatusForbidden, CodeAccountDisabled, to.Name+" is disabled")
				return
			}
			o.To = to.ID
		}
		n, err := lobby.CountOpenOffers(ctx, a.ID, now)
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		if n >= maxOpenOffers {
			writeError(w, http.StatusTooManyRequests, CodeTooManyOffers, fmt.Sprintf("you have %d open offers, the most an account may have: cancel one", n))
			return
		}
		if err := lobby.CreateOffer(ctx, o); err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, s.viewOffer(ctx, o))
	}
}

// writeOffers answers a list of offers.
func (s *Server) writeOffers(w http.ResponseWriter, r *http.Request, offers []store.Offer) {
	out := []OfferView{}
	for i := range offers {
		out = append(out, s.viewOffer(r.Context(), &offers[i]))
	}
	writeJSON(w, http.StatusOK, map[string]any{"offers": out})
}

// handleSeeks lists the open seeks: anyone may read them.
func (s *Server) handleSeeks(w http.ResponseWriter, r *http.Request) {
	lobby := s.lobbyStore()
	if lobby == nil {
		accountError(w, http.StatusNotImplemented, CodeNoAccounts, errNoAccounts.Error())
		return
	}
	offers, err := lobby.OpenOffers(r.Context(), store.OfferFilter{Kind: store.Seek, Now: time.Now()})
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	s.writeOffers(w, r, offers)
}

// handleChallenges lists the open challenges to and from the caller.
func (s *Server) handleChallenges(w http.ResponseWriter, r *http.Request) {
	lobby, a := s.lobbyCaller(w, r)
	if a == nil {
		return
	}
	offers, err := lobby.OpenOffers(r.Context(), store.OfferFilter{Kind: store.Challenge, Account: a.ID, Now: time.Now()})
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	s.writeOffers(w, r, offers)
}

// requestedOffer reads the request's offer, or answers 404 (503) and nil.
func (s *Server) requestedOffer(w http.ResponseWriter, r *http.Request, lobby store.Lobby) *store.Offer {
	id := r.PathValue("id")
	o, err := lobby.Offer(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || len(id) > 64 {
		writeError(w, http.StatusNotFound, CodeNoOffer, "no such offer")
		return nil
	}
	if err != nil {
		s.accountsFailed(w, r, err)
		return nil
	}
	return o
}

// handleOffer shows an offer: a seek to anyone, a challenge to its two
// accounts (others get 404).
func (s *Server) handleOffer(w http.ResponseWriter, r *http.Request) {
	lobby := s.lobbyStore()
	if lobby == nil {
		accountError(w, http.StatusNotImplemented, CodeNoAccounts, errNoAccounts.Error())
		return
	}
	o := s.requestedOffer(w, r, lobby)
	if o == nil {
		return
	}
	if o.Kind == store.Challenge {
		a, ok := s.seatAccount(w, r)
		if !ok {
			return
		}
		if a == nil || a.ID != o.From && a.ID != o.To {
			writeError(w, http.StatusNotFound, CodeNoOffer, "no such offer")
			return
		}
	}
	writeJSON(w, http.StatusOK, s.viewOffer(r.Context(), o))
}

// offerClosed answers the refusal of an offer that is not open.
func (s *Server) offerClosed(w http.ResponseWriter, r *http.Request, lobby store.Lobby, id string) {
	state := "not open"
	if o, err := lobby.Offer(r.Context(), id); err == nil {
		state = s.viewOffer(r.Context(), o).State
	}
	writeError(w, http.StatusConflict, CodeOfferClosed, "the offer is "+state)
}

// handleAccept accepts an offer for the caller: the game is made between
// the two accounts, and the answer names it and the caller's colour.
func (s *Server) handleAccept(w http.ResponseWriter, r *http.Request) {
	lobby, a := s.lobbyCaller(w, r)
	if a == nil {
		return
	}
	o := s.requestedOffer(w, r, lobby)
	if o == nil {
		return
	}
	ctx, now := r.Context(), time.Now()
	switch {
	case o.Kind == store.Challenge && o.To != a.ID && o.From != a.ID:
		writeError(w, http.StatusNotFound, CodeNoOffer, "no such offer")
		return
	case o.From == a.ID:
		writeError(w, http.StatusForbidden, CodeNotYours, "this is your own offer: another account accepts it")
		return
	case o.State != store.OfferOpen || !o.Expires.After(now):
		s.offerClosed(w, r, lobby, o.ID)
		return
	}
	from, err := s.accountsStore().Account(ctx, o.From)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	if from.Disabled {
		writeError(w, http.StatusConflict, CodeOfferClosed, "the offer's account is disabled")
		return
	}
	class := string(account.Classify(o.MoveTime, o.GameTime, o.Increment))
	if o.MinRating > 0 || o.MaxRating > 0 {
		mine, err := s.entrant(ctx, a, class)
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		rating := mine.Rating
		if rating == 0 {
			rating = 1500 // a player new to the class
		}
		if rating < o.MinRating || o.MaxRating > 0 && rating > o.MaxRating {
			writeError(w, http.StatusForbidden, CodeOutOfRange, fmt.Sprintf("your %s rating, %.0f, is outside the seek's range", class, rating))
			return
		}
	}
	game := live.NewID(8)
	if err := lobby.SettleOffer(ctx, o.ID, store.OfferAccepted, a.ID, game, now); errors.Is(err, store.ErrConflict) {
		s.offerClosed(w, r, lobby, o.ID)
		return
	} else if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, CodeNoOffer, "no such offer")
		return
	} else if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	fromBlack := o.Color == "black" || o.Color == "random" && rand.IntN(2) == 0
	players := [2]*store.Account{from, a}
	if !fromBlack {
		players = [2]*store.Account{a, from}
	}
	_, err = s.createPairing(ctx, Pairing{ID: game, Accounts: players, Rated: o.Rated, Client: s.clientOf(r),
		Game: CreateRequest{Time: durationText(o.MoveTime), GameTime: durationText(o.GameTime), Increment: durationText(o.Increment)}})
	if err != nil {
		// The offer is open again for another try (or another player).
		if rerr := lobby.ReopenOffer(context.WithoutCancel(ctx), o.ID, a.ID, game); rerr != nil {
			s.log.Error("an offer whose game could not be made stays accepted", "offer", o.ID, "err", rerr)
		}
		var ce *live.CapError
		if errors.As(err, &ce) {
			s.refuse(w, r, err, http.StatusTooManyRequests, CodeClientCap)
			return
		}
		s.unavailable(w, r, fmt.Errorf("the offer's game: %w", err))
		return
	}
	color := "white"
	if players[0] == a {
		color = "black"
	}
	s.log.Info("offer accepted", "offer", o.ID, "game", game, "by", a.Name)
	writeJSON(w, http.StatusOK, map[string]string{"game": game, "color": color, "url": "/game/" + game})
}

// handleSettle declines (the challenged account) or cancels (its maker)
// an offer.
func (s *Server) handleSettle(state store.OfferState) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lobby, a := s.lobbyCaller(w, r)
		if a == nil {
			return
		}
		o := s.requestedOffer(w, r, lobby)
		if o == nil {
			return
		}
		if o.Kind == store.Challenge && o.From != a.ID && o.To != a.ID {
			writeError(w, http.StatusNotFound, CodeNoOffer, "no such offer")
			return
		}
		allowed := state == store.OfferCancelled && o.From == a.ID || state == store.OfferDeclined && o.To == a.ID
		if !allowed {
			who := "its maker cancels an offer"
			if state == store.OfferDeclined {
				who = "the account challenged declines a challenge"
			}
			writeError(w, http.StatusForbidden, CodeNotYours, who)
			return
		}
		err := lobby.SettleOffer(r.Context(), o.ID, state, a.ID, "", time.Now())
		if errors.Is(err, store.ErrConflict) {
			s.offerClosed(w, r, lobby, o.ID)
			return
		}
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		o, err = lobby.Offer(r.Context(), o.ID)
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, s.viewOffer(r.Context(), o))
	}
}
