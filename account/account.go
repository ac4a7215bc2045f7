// New accounts: a person with a password, a bot of a person.

package account

import (
	"fmt"

	"github.com/reversi-engine/reversi/store"
)

// NewPerson returns the account of a new person, for the store's
// CreateAccount: a new id, the name and the password checked
// (ValidateName, ValidatePassword) and the password hashed with
// DefaultParams. The store refuses a name taken in any case.
func NewPerson(name, password string) (*store.Account, error) {
	if err := ValidateName(name); err != nil {
		return nil, err
	}
	if err := ValidatePassword(password); err != nil {
		return nil, err
	}
	return &store.Account{ID: NewID(), Kind: store.Person, Name: name, PasswordHash: HashPassword(password)}, nil
}

// NewBot returns the account of a new bot owned by the person owner,
// for the store's CreateAccount: a new id and the name checked. A bot has
// no password: it plays with its API keys (NewAPIKey).
func NewBot(name string, owner *store.Account) (*store.Account, error) {
	if err := ValidateName(name); err != nil {
		return nil, err
	}
	if owner == nil || owner.Kind != store.Person {
		return nil, fmt.Errorf("account: the bot %s needs a person as its owner", name)
	}
	return &store.Account{ID: NewID(), Kind: store.BotAccount, Name: name, Owner: owner.ID}, nil
}

// Login checks a person's password against the account a name found
// (nil if none, which VerifyAbsent answers in the same time as a wrong
// password): ok says it is right; rehash, that the stored hash should be
// replaced by HashPassword(password) (NeedsRehash with DefaultParams). A
// bot, a disabled account or a hash the package cannot read never logs
// in (the error says which, for the log, not for the client).
func Login(a *store.Account, password string) (ok, rehash bool, err error) {
	if a == nil || a.Kind != store.Person {
		VerifyAbsent(password)
		return false, false, nil
	}
	ok, err = VerifyPassword(a.PasswordHash, password)
	if err != nil {
		return false, false, fmt.Errorf("account %s: %w", a.ID, err)
	}
	if ok && a.Disabled {
		return false, false, fmt.Errorf("account %s: %w", a.ID, store.ErrDisabled)
	}
	return ok, ok && NeedsRehash(a.PasswordHash, DefaultParams), nil
}
