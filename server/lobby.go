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
	"slices"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/internal/clip"
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
	api("PUT /api/account/accepts", "accepts_set", s.handleSetAccepts)
	api("GET /api/account/accepts", "accepts", s.handleAccepts)
	api("DELETE /api/account/accepts", "accepts_delete", s.handleDeleteAccepts)
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
		return nil, fmt.Errorf("color: %q: want black, white or random", clip.Text(o.Color, quoted))
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
			return nil, fmt.Errorf("expires: %q: want a duration from 1m to %v", clip.Text(req.Expires, quoted), maxOfferLife)
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
				writeError(w, http.StatusNotFound, CodeNoSuchAccount, fmt.Sprintf("to: no account named %q", clip.Text(req.To, quoted)))
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
		s.kickTournaments() // a bot may take it
		s.lobbyNews.changed()
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
	s.seeBot(r.Context(), a)
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
	v := s.viewOffer(r.Context(), o)
	if v.Game != "" {
		// An acceptance is written before its game is made: until the
		// game is there, the offer names none (a client that goes to it
		// finds it).
		if _, err := s.cfg.Store.Get(r.Context(), v.Game); err != nil {
			v.Game = ""
		}
	}
	writeJSON(w, http.StatusOK, v)
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
	game, color, err := s.acceptOffer(ctx, lobby, o, a, s.clientOf(r))
	var refused *offerRefusal
	var ce *live.CapError
	switch {
	case errors.As(err, &refused):
		writeError(w, refused.status, refused.code, refused.msg)
		return
	case errors.As(err, &ce):
		s.refuse(w, r, err, http.StatusTooManyRequests, CodeClientCap)
		return
	case err != nil:
		s.unavailable(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"game": game, "color": color, "url": "/game/" + game})
}

// offerRefusal is why an offer cannot be accepted: an answer's status,
// code and message.
type offerRefusal struct {
	status int
	code   Code
	msg    string
}

func (e *offerRefusal) Error() string { return e.msg }

// acceptOffer accepts the open offer o for the account a (whose request
// came from client), makes its game and returns it and a's colour; an
// *offerRefusal says why it cannot (the offer's maker disabled, a rating
// out of range, another accepted first), a *live.CapError the caps on
// live games, any other error the store's failure. An offer whose game
// cannot be made is open again.
func (s *Server) acceptOffer(ctx context.Context, lobby store.Lobby, o *store.Offer, a *store.Account, client string) (string, string, error) {
	now := time.Now()
	from, err := s.accountsStore().Account(ctx, o.From)
	if err != nil {
		return "", "", err
	}
	if from.Disabled {
		return "", "", &offerRefusal{http.StatusConflict, CodeOfferClosed, "the offer's account is disabled"}
	}
	class := string(account.Classify(o.MoveTime, o.GameTime, o.Increment))
	if o.MinRating > 0 || o.MaxRating > 0 {
		rating, err := s.classRating(ctx, a, class)
		if err != nil {
			return "", "", err
		}
		if rating < o.MinRating || o.MaxRating > 0 && rating > o.MaxRating {
			return "", "", &offerRefusal{http.StatusForbidden, CodeOutOfRange, fmt.Sprintf("your %s rating, %.0f, is outside the seek's range", class, rating)}
		}
	}
	game := live.NewID(8)
	switch err := lobby.SettleOffer(ctx, o.ID, store.OfferAccepted, a.ID, game, now); {
	case errors.Is(err, store.ErrConflict):
		state := "not open"
		if o, err := lobby.Offer(ctx, o.ID); err == nil {
			state = s.viewOffer(ctx, o).State
		}
		return "", "", &offerRefusal{http.StatusConflict, CodeOfferClosed, "the offer is " + state}
	case errors.Is(err, store.ErrNotFound):
		return "", "", &offerRefusal{http.StatusNotFound, CodeNoOffer, "no such offer"}
	case err != nil:
		return "", "", err
	}
	fromBlack := o.Color == "black" || o.Color == "random" && rand.IntN(2) == 0
	players := [2]*store.Account{from, a}
	if !fromBlack {
		players = [2]*store.Account{a, from}
	}
	_, err = s.createPairing(ctx, Pairing{ID: game, Accounts: players, Rated: o.Rated, Client: client,
		Game: CreateRequest{Time: durationText(o.MoveTime), GameTime: durationText(o.GameTime), Increment: durationText(o.Increment)}})
	if err != nil {
		// The offer is open again for another try (or another player).
		if rerr := lobby.ReopenOffer(context.WithoutCancel(ctx), o.ID, a.ID, game); rerr != nil {
			s.log.Error("an offer whose game could not be made stays accepted", "offer", o.ID, "err", rerr)
		}
		return "", "", fmt.Errorf("the offer's game: %w", err)
	}
	color := "white"
	if players[0] == a {
		color = "black"
	}
	s.log.Info("offer accepted", "offer", o.ID, "game", game, "by", a.Name)
	s.lobbyNews.changed()
	return game, color, nil
}

// classRating is an account's rating in a class: 1500 for one new to it.
func (s *Server) classRating(ctx context.Context, a *store.Account, class string) (float64, error) {
	p, err := s.entrant(ctx, a, class)
	if err != nil {
		return 0, err
	}
	if p.Rating == 0 {
		return 1500, nil
	}
	return p.Rating, nil
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
		if err == nil {
			s.lobbyNews.changed()
		}
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

// botOnline is how long a bot counts as online after it was last seen
// (a request of /api/account/games, the lobby's lists or its accepts):
// the server accepts offers for it meanwhile.
const botOnline = 30 * time.Second

// maxGamesAtOnce bounds the games a bot may ask to be given at once.
const maxGamesAtOnce = 8

// AcceptsRequest is what a bot accepts of the lobby by itself (PUT
// /api/account/accepts), while it is online: the offers of the classes
// it names (none: every class), rated, casual or both, from accounts
// whose rating in the class is in its range (0: no bound), while it has
// fewer than MaxGames games in play (1 to 8; default 1).
type AcceptsRequest struct {
	Classes   []string `json:"classes"`
	Rated     bool     `json:"rated"`
	Casual    bool     `json:"casual"`
	MinRating float64  `json:"min_rating,omitempty"`
	MaxRating float64  `json:"max_rating,omitempty"`
	MaxGames  int      `json:"max_games,omitempty"`
}

// acceptsView shows a declaration.
func acceptsView(a store.Accepts) AcceptsRequest {
	v := AcceptsRequest{Classes: a.Classes, Rated: a.Rated, Casual: a.Casual, MinRating: a.MinRating, MaxRating: a.MaxRating, MaxGames: a.MaxGames}
	if v.Classes == nil {
		v.Classes = []string{}
	}
	return v
}

// botCaller returns the lobby and the bot of the request's key, or
// answers (401, 403 for a person) and nil.
func (s *Server) botCaller(w http.ResponseWriter, r *http.Request) (store.Lobby, *store.Account) {
	lobby, a := s.lobbyCaller(w, r)
	if a == nil {
		return nil, nil
	}
	if a.Kind != store.BotAccount {
		writeError(w, http.StatusForbidden, CodeNotYours, "only a bot, by its API key, declares what it accepts")
		return nil, nil
	}
	return lobby, a
}

func (s *Server) handleSetAccepts(w http.ResponseWriter, r *http.Request) {
	lobby, a := s.botCaller(w, r)
	if a == nil {
		return
	}
	var req AcceptsRequest
	if !readBody(w, r, &req) {
		return
	}
	if req.MaxGames == 0 {
		req.MaxGames = 1
	}
	switch {
	case req.MaxGames < 1 || req.MaxGames > maxGamesAtOnce:
		writeError(w, http.StatusBadRequest, CodeBadOffer, fmt.Sprintf("max_games: want 1 to %d", maxGamesAtOnce))
		return
	case !req.Rated && !req.Casual:
		writeError(w, http.StatusBadRequest, CodeBadOffer, "rated, casual: accept one of them at least (or DELETE to accept nothing)")
		return
	case req.MinRating < 0 || req.MaxRating < 0 || req.MaxRating > 0 && req.MaxRating < req.MinRating:
		writeError(w, http.StatusBadRequest, CodeBadOffer, "min_rating, max_rating: want 0 (none) or a range, the least first")
		return
	case len(req.Classes) > len(account.Classes):
		writeError(w, http.StatusBadRequest, CodeBadOffer, "classes: too many")
		return
	}
	for _, c := range req.Classes {
		if !slices.Contains(account.Classes, account.Class(c)) {
			writeError(w, http.StatusBadRequest, CodeBadOffer, fmt.Sprintf("classes: %q is not a class", clip.Text(c, quoted)))
			return
		}
	}
	d := store.Accepts{Account: a.ID, Classes: req.Classes, Rated: req.Rated, Casual: req.Casual, MinRating: req.MinRating, MaxRating: req.MaxRating,
		MaxGames: req.MaxGames, Seen: time.Now()}
	if err := lobby.SetAccepts(r.Context(), d); err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	s.kickTournaments()
	writeJSON(w, http.StatusOK, acceptsView(d))
}

func (s *Server) handleAccepts(w http.ResponseWriter, r *http.Request) {
	lobby, a := s.botCaller(w, r)
	if a == nil {
		return
	}
	d, err := lobby.Accepts(r.Context(), a.ID)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusOK, AcceptsRequest{Classes: []string{}})
		return
	}
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	s.seeBot(r.Context(), a)
	writeJSON(w, http.StatusOK, acceptsView(d))
}

func (s *Server) handleDeleteAccepts(w http.ResponseWriter, r *http.Request) {
	lobby, a := s.botCaller(w, r)
	if a == nil {
		return
	}
	if err := lobby.DeleteAccepts(r.Context(), a.ID); err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, AcceptsRequest{Classes: []string{}})
}

// seeBot notes that a bot is online (at most every few seconds a bot,
// a write each).
func (s *Server) seeBot(ctx context.Context, a *store.Account) {
	lobby := s.lobbyStore()
	if lobby == nil || a == nil || a.Kind != store.BotAccount {
		return
	}
	now := time.Now()
	s.seenMu.Lock()
	last, ok := s.seen[a.ID]
	if ok && now.Sub(last) < botOnline/6 {
		s.seenMu.Unlock()
		return
	}
	if s.seen == nil || len(s.seen) > 10000 {
		s.seen = map[string]time.Time{}
	}
	s.seen[a.ID] = now
	s.seenMu.Unlock()
	if err := lobby.SeenBot(ctx, a.ID, now); err != nil {
		s.log.Warn("a bot's presence could not be noted", "account", a.ID, "err", err)
	}
}

// takes says whether a declaration takes an offer: its class, rated or
// casual.
func takes(d store.Accepts, o store.Offer) bool {
	class := string(account.Classify(o.MoveTime, o.GameTime, o.Increment))
	if len(d.Classes) > 0 && !slices.Contains(d.Classes, class) {
		return false
	}
	return o.Rated && d.Rated || !o.Rated && d.Casual
}

// autoAccept accepts, for each bot online that declared what it takes,
// the open offers it takes (a challenge only if it is the bot's), from
// accounts in its range, while it has fewer games in play than it
// allows. Several servers may do it at once: an offer is settled once.
func (s *Server) autoAccept(ctx context.Context) {
	lobby, accounts := s.lobbyStore(), s.accountsStore()
	if lobby == nil {
		return
	}
	now := time.Now()
	bots, err := lobby.OnlineAcceptors(ctx, now.Add(-botOnline))
	if err != nil || len(bots) == 0 {
		return
	}
	offers, err := lobby.OpenOffers(ctx, store.OfferFilter{Now: now, Limit: 500})
	if err != nil {
		return
	}
	playing := map[string]int{} // the games in play of each bot
	for i := range offers {
		o := &offers[i]
		for _, d := range bots {
			if d.Account == o.From || o.Kind == store.Challenge && o.To != d.Account || !takes(d, *o) {
				continue
			}
			n, ok := playing[d.Account]
			if !ok {
				games, err := accounts.AccountGames(ctx, d.Account, store.ListOptions{Live: true, Limit: maxGamesAtOnce + 1})
				if err != nil {
					return
				}
				n = len(games)
				playing[d.Account] = n
			}
			if n >= d.MaxGames {
				continue
			}
			bot, err := accounts.Account(ctx, d.Account)
			if err != nil {
				return
			}
			if d.MinRating > 0 || d.MaxRating > 0 {
				from, err := accounts.Account(ctx, o.From)
				if err != nil {
					return
				}
				rating, err := s.classRating(ctx, from, string(account.Classify(o.MoveTime, o.GameTime, o.Increment)))
				if err != nil {
					return
				}
				if rating < d.MinRating || d.MaxRating > 0 && rating > d.MaxRating {
					continue
				}
			}
			game, _, err := s.acceptOffer(ctx, lobby, o, bot, "lobby:"+bot.ID)
			var refused *offerRefusal
			if errors.As(err, &refused) && refused.code != CodeOutOfRange {
				break // the offer is gone: the next one
			}
			if err == nil {
				playing[d.Account]++
				s.log.Info("offer accepted for a bot", "offer", o.ID, "bot", bot.Name, "game", game)
				break
			}
		}
	}
}
