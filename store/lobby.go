// The lobby of the rated arena, as the store keeps it: offers of games
// (a seek, open to any account; a challenge, to one), each settled once,
// whichever process settles it.

package store

import (
	"context"
	"time"
)

// OfferKind is what an offer is.
type OfferKind string

// The kinds of offers.
const (
	Seek      OfferKind = "seek"      // open to any account in its rating range
	Challenge OfferKind = "challenge" // to one account
)

// OfferState is where an offer stands.
type OfferState string

// The states of an offer; every one but Open is final.
const (
	OfferOpen      OfferState = "open"
	OfferAccepted  OfferState = "accepted"
	OfferDeclined  OfferState = "declined"
	OfferCancelled OfferState = "cancelled"
	OfferExpired   OfferState = "expired"
)

// Offer is an offer of a game made in the lobby.
type Offer struct {
	ID   string
	Kind OfferKind
	// From is the account that offers; To the one a challenge is for
	// ("" for a seek).
	From, To string
	// The game's clock (as Game's).
	MoveTime, GameTime, Increment time.Duration
	Rated                         bool
	// Color is the colour From plays: "black", "white" or "random".
	Color string
	// MinRating and MaxRating bound a seek's acceptor's rating in the
	// game's class (0: no bound).
	MinRating, MaxRating float64
	State                OfferState
	// By is the account that settled it (accepted, declined or
	// cancelled it); Game the game an acceptance made.
	By, Game string
	Created  time.Time
	Expires  time.Time
	Settled  time.Time
}

// OfferFilter chooses offers: the open ones (not expired at Now) of a
// kind ("" both), to or from an account ("" any).
type OfferFilter struct {
	Kind    OfferKind
	Account string
	Now     time.Time
	Limit   int // 0: 200
}

// Lobby keeps the offers of games. Implementations are safe for
// concurrent use, also by several processes on one database.
type Lobby interface {
	// CreateOffer stores a new open offer (Created is set).
	CreateOffer(ctx context.Context, o *Offer) error
	// Offer returns an offer by id; ErrNotFound if none.
	Offer(ctx context.Context, id string) (*Offer, error)
	// OpenOffers returns the open offers f chooses, the newest first.
	OpenOffers(ctx context.Context, f OfferFilter) ([]Offer, error)
	// CountOpenOffers counts an account's open offers (made by it) at
	// now.
	CountOpenOffers(ctx context.Context, account string, now time.Time) (int, error)
	// SettleOffer moves an open, unexpired (at at) offer to state, by
	// account by, with game (an acceptance's), in one conditional
	// write: ErrConflict if it is not open any more (another settled it
	// first, in any process) or expired, ErrNotFound if there is no such
	// offer.
	SettleOffer(ctx context.Context, id string, state OfferState, by, game string, at time.Time) error
	// ReopenOffer takes back an acceptance whose game could not be made
	// (accepted by by, with game) : the offer is open again.
	ReopenOffer(ctx context.Context, id, by, game string) error
	// PruneOffers deletes the offers that ended before before: settled
	// then, or open but expired then. It returns how many.
	PruneOffers(ctx context.Context, before time.Time) (int, error)

	// SetAccepts stores what a bot accepts by itself (replacing what it
	// declared before); ErrNoAccount if a.Account is not a bot.
	SetAccepts(ctx context.Context, a Accepts) error
	// Accepts returns what a bot declared; ErrNotFound if nothing.
	Accepts(ctx context.Context, account string) (Accepts, error)
	// DeleteAccepts forgets what a bot declared.
	DeleteAccepts(ctx context.Context, account string) error
	// SeenBot notes that a bot that declared what it accepts was online
	// at at (nothing if it declared nothing).
	SeenBot(ctx context.Context, account string, at time.Time) error
	// OnlineAcceptors returns the declarations of the bots seen since
	// since, their accounts enabled.
	OnlineAcceptors(ctx context.Context, since time.Time) ([]Accepts, error)
}

// Accepts is what a bot accepts of the lobby by itself, while it is
// online: the offers of the classes it names (none: every class), rated
// or casual as it says, from accounts whose rating in the class is in
// its range (0: no bound), while it has fewer than MaxGames games in
// play.
type Accepts struct {
	Account              string
	Classes              []string
	Rated, Casual        bool
	MinRating, MaxRating float64
	MaxGames             int
	Seen                 time.Time
	Updated              time.Time
}
