// The accounts of the rated arena and what they keep: people and bots,
// sessions, API keys, invitations, ratings per class and the seats of
// rated games.

package store

import (
	"context"
	"errors"
	"time"
)

// Errors of the accounts.
var (
	// ErrNoAccount: no account has that id or name.
	ErrNoAccount = errors.New("store: no such account")
	// ErrNameTaken: another account has the name, in any case.
	ErrNameTaken = errors.New("store: the name is taken")
	// ErrInvitation: no unused, unexpired invitation has that code.
	ErrInvitation = errors.New("store: no such invitation, or it was used or has expired")
	// ErrNoCredential: no live session or API key has that hash (none
	// was made, or it expired or was revoked).
	ErrNoCredential = errors.New("store: no such session or key, or it expired or was revoked")
	// ErrDisabled: the account (or the person owning the bot) is
	// disabled.
	ErrDisabled = errors.New("store: the account is disabled")
	// ErrRated: the game is rated and can only be finished with
	// Accounts.FinishRated, which rates it in the same transaction.
	ErrRated = errors.New("store: the game is rated: finish it with FinishRated")
)

// AccountKind says whether an account is a person or a bot.
type AccountKind string

// The kinds of accounts.
const (
	// Person: someone who logs in with a name and a password.
	Person AccountKind = "person"
	// BotAccount: a program that plays with an API key, owned by a
	// person.
	BotAccount AccountKind = "bot"
)

// Account is a person or a bot of the arena.
type Account struct {
	// ID is the account's permanent id, chosen by the caller (random).
	ID   string
	Kind AccountKind
	// Name is the name it is shown by, unique among the accounts
	// regardless of case (compared as strings.ToLower compares).
	Name string
	// Owner is the id of the person who owns a bot; "" for a person.
	Owner string
	// PasswordHash is a person's password hash (the encoded argon2id
	// string of package account); "" for a bot. It is never encoded to
	// JSON nor printed (see String).
	PasswordHash string `json:"-"`
	// Disabled: an operator disabled it; its sessions and keys (and its
	// bots' keys) no longer authenticate.
	Disabled bool
	Created  time.Time
}

// String names the account for logs and messages: its kind, name and
// id, never its password hash (%v and %+v print this).
func (a Account) String() string {
	s := string(a.Kind) + " " + a.Name + " (" + a.ID
	if a.Owner != "" {
		s += ", owned by " + a.Owner
	}
	if a.Disabled {
		s += ", disabled"
	}
	return s + ")"
}

// Session is a person's login: the hash of the token in its cookie.
type Session struct {
	// Hash is the SHA-256 (hex) of the session's token; the token itself
	// is never stored.
	Hash    string
	Account string
	Created time.Time
	// Expires is when it stops authenticating.
	Expires time.Time
	// Revoked: logged out.
	Revoked bool
}

// APIKey is a key a bot plays with.
type APIKey struct {
	// ID names the key (random, chosen by the caller) to list and revoke
	// it.
	ID string
	// Hash is the SHA-256 (hex) of the key; the key itself is never
	// stored.
	Hash string
	// Prefix is the key's first characters, shown to its owner to tell
	// the keys apart.
	Prefix string
	// Bot is the bot account's id.
	Bot     string
	Created time.Time
	// Revoked is when it was revoked; zero while it works.
	Revoked time.Time
}

// Invitation is a code that lets one person register on an
// invitation-only instance.
type Invitation struct {
	// Hash is the SHA-256 (hex) of the code.
	Hash string
	// By is the id of the account that made it ("" for the operator).
	By      string
	Created time.Time
	// Expires is when it stops working; zero: never.
	Expires time.Time
	// UsedBy is the id of the account it made, "" while unused.
	UsedBy string
	UsedAt time.Time
}

// Rating is an account's Glicko-2 rating in a time-control class. The
// zero Rating (Games 0) is an account never rated in the class: the
// Rater takes it for a new player's.
type Rating struct {
	Account, Class                string
	Rating, Deviation, Volatility float64
	// Games counts the rated games of the class.
	Games   int
	Updated time.Time
}

// RatingPoint is an account's rating after a rated game: a point of its
// rating history.
type RatingPoint struct {
	Game                          string
	Rating, Deviation, Volatility float64
	At                            time.Time
}

// GameLink ties a stored game's seats to accounts, and says whether the
// game is rated.
type GameLink struct {
	// Accounts are the accounts at Black's and White's seats ("" for a
	// seat without one: anonymous, built-in, open).
	Accounts [2]string
	// Rated: the game's result moves the ratings of both accounts in
	// Class (both accounts given, not the same).
	Rated bool
	// Class is the time-control class the game is rated in.
	Class string
	// RatedAt is when its ratings were updated; zero until then (and for
	// a casual game, or a rated game its Rater did not rate).
	RatedAt time.Time
}

// AccountGame is a game of an account's list: the game, the colour the
// account played (0 Black, 1 White) and the game's link.
type AccountGame struct {
	Summary
	Color int
	Link  GameLink
}

// RateInput is what a Rater decides from: the game's result and move
// count, its class, and both accounts' ratings in it before the game.
type RateInput struct {
	Game   string
	Result Result
	Plies  int
	Class  string
	// Ratings are Black's and White's (the zero Rating, but for Account
	// and Class, for an account new to the class).
	Ratings [2]Rating
}

// Rater gives both players' ratings after a rated game (their Rating,
// Deviation and Volatility: the store sets Account, Class, Games and
// Updated), or rate false to leave them as they are (a game aborted
// before it began, say). It runs inside the store's transaction: it
// computes and nothing more. An error rolls the finish back.
type Rater func(in RateInput) (after [2]Rating, rate bool, err error)

// RatedFinish is what FinishRated did.
type RatedFinish struct {
	// Rated: the ratings were updated (a rated game whose Rater rated
	// it).
	Rated bool
	// Before and After are Black's and White's ratings around the game
	// (After as stored, with Games counted); zero unless Rated.
	Before, After [2]Rating
}

// Accounts keeps the accounts of the rated arena, their credentials,
// their ratings, and the link of games to them. A store that implements
// it implements Store too: FinishRated finishes a game. Implementations
// are safe for concurrent use, also by several processes on one
// database.
type Accounts interface {
	// CreateAccount stores a new account (Created is set); its ID must
	// be new, its name free (ErrNameTaken). With an invitation hash it
	// uses the invitation in the same transaction (ErrInvitation if
	// there is no unused, unexpired one, and no account is made).
	// A bot's owner must be a person.
	CreateAccount(ctx context.Context, a *Account, invitation string) error
	// Account returns an account by id; ErrNoAccount if none.
	Account(ctx context.Context, id string) (*Account, error)
	// AccountByName returns an account by name, in any case;
	// ErrNoAccount if none.
	AccountByName(ctx context.Context, name string) (*Account, error)
	// Bots returns the bots a person owns, oldest first.
	Bots(ctx context.Context, owner string) ([]Account, error)
	// SetPassword replaces a person's password hash; ErrNoAccount if
	// there is no such person.
	SetPassword(ctx context.Context, id, hash string) error
	// SetDisabled disables or enables an account; ErrNoAccount if none.
	SetDisabled(ctx context.Context, id string, disabled bool) error

	// CreateSession stores a new session (Created is set); ErrNoAccount
	// if its account is not a person.
	CreateSession(ctx context.Context, sess *Session) error
	// SessionAccount returns the live session of that hash at now and
	// its account: ErrNoCredential if there is none (or it expired or
	// was revoked), ErrDisabled if its account is disabled.
	SessionAccount(ctx context.Context, hash string, now time.Time) (*Session, *Account, error)
	// RevokeSession ends a session (logout); revoking one ended or
	// unknown does nothing.
	RevokeSession(ctx context.Context, hash string) error
	// PruneSessions deletes the sessions that expired before before and
	// those revoked, and returns how many.
	PruneSessions(ctx context.Context, before time.Time) (int, error)
	// RevokeSessions ends every session of an account (a changed
	// password, a disabled account) but the one of hash keep (""
	// none), and returns how many it ended.
	RevokeSessions(ctx context.Context, account, keep string) (int, error)

	// CreateAPIKey stores a new key of a bot (Created is set);
	// ErrNoAccount if the bot is not a bot account.
	CreateAPIKey(ctx context.Context, k *APIKey) error
	// APIKeys returns a bot's keys, revoked ones too, oldest first.
	APIKeys(ctx context.Context, bot string) ([]APIKey, error)
	// APIKeyAccount returns the unrevoked key of that hash and its bot:
	// ErrNoCredential if there is none, ErrDisabled if the bot or its
	// owner is disabled.
	APIKeyAccount(ctx context.Context, hash string) (*APIKey, *Account, error)
	// RevokeAPIKey revokes a key of a bot by its id; ErrNoCredential if
	// the bot has no such key. Revoking it again changes nothing.
	RevokeAPIKey(ctx context.Context, bot, id string) error

	// CreateInvitation stores a new invitation (Created is set).
	CreateInvitation(ctx context.Context, inv *Invitation) error
	// Invitations returns the invitations, newest first.
	Invitations(ctx context.Context) ([]Invitation, error)

	// Ratings returns an account's ratings, a class each, by class.
	Ratings(ctx context.Context, account string) ([]Rating, error)
	// Leaderboard returns the ratings of a class, highest first, at most
	// limit (0: 100), without disabled accounts.
	Leaderboard(ctx context.Context, class string, limit int) ([]Rating, error)
	// RatingHistory returns an account's ratings after each of its rated
	// games of a class, oldest first.
	RatingHistory(ctx context.Context, account, class string) ([]RatingPoint, error)

	// LinkGame ties a game in play to accounts (replacing any link it
	// had). ErrNotFound if there is no such game, ErrConflict if it is
	// over, ErrNoAccount if an account does not exist; a rated link needs
	// two different accounts and a class.
	LinkGame(ctx context.Context, game string, link GameLink) error
	// GameLink returns a game's link; the zero GameLink if it has none.
	GameLink(ctx context.Context, game string) (GameLink, error)
	// AccountGames returns the games linked to an account, the most
	// recently updated first, at most opts.Limit (0: 100); opts.Live and
	// opts.Finished filter as in List, opts.FirstMoves fills the first
	// moves.
	AccountGames(ctx context.Context, account string, opts ListOptions) ([]AccountGame, error)
	// FinishRated records the result of a game as Finish does and, if the
	// game is rated, in the same transaction, both ratings after it as
	// rate gives them: the new ratings, a history point each, the games
	// counted, and the link marked rated. It happens once: a second
	// call, in any process, finds the game over (ErrConflict) and changes
	// nothing. A casual or unlinked game is finished as Finish does,
	// without calling rate (which may then be nil).
	FinishRated(ctx context.Context, game string, r Result, rate Rater) (RatedFinish, error)
}
