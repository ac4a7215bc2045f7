// The rules of account names.

package account

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// The bounds of a name's length, in characters (every character of a
// name is one byte).
const (
	MinName = 3
	MaxName = 20
)

// ErrName is the error of every name refused; its message says why.
var ErrName = errors.New("account: bad name")

// reserved are names nobody may take, compared by NameKey: words the
// server and its pages use, and the names of the built-in players
// (package catalog), which a game shows at a seat.
var reserved = []string{
	"admin", "administrator", "anonymous", "api", "bot", "bots", "guest", "help", "lobby", "login", "logout",
	"moderator", "none", "null", "nobody", "operator", "owner", "register", "reversi", "root", "server",
	"settings", "signup", "static", "support", "system", "tournament", "tournaments", "undefined", "user", "users",
	"black", "white", "human", "open", "builtin", "computer", "draw",
	// The built-in players.
	"engine", "random", "greedy", "positional", "roxanne", "mobility", "stable", "parity", "evaporation",
	"minimax", "alphabeta", "mcts", "nboard", "gtp",
}

// NameKey is the form of a name that decides whether two names are the
// same: its lower case (a name is ASCII). The stores compare names so.
func NameKey(name string) string { return strings.ToLower(name) }

// Reserved reports whether nobody may take the name, in any case.
func Reserved(name string) bool { return slices.Contains(reserved, NameKey(name)) }

// ValidateName says why a name cannot be an account's (an error wrapping
// ErrName), or nil: MinName to MaxName characters, ASCII letters, digits,
// '-' and '_', beginning with a letter and ending with a letter or a
// digit, and not reserved. Names are unique regardless of case (NameKey);
// the store refuses one taken.
func ValidateName(name string) error {
	bad := func(why string, args ...any) error {
		return fmt.Errorf("%w %q: %s", ErrName, clipName(name), fmt.Sprintf(why, args...))
	}
	if len(name) < MinName || len(name) > MaxName {
		return bad("a name has %d to %d characters", MinName, MaxName)
	}
	for i := 0; i < len(name); i++ {
		if !nameChar(name[i]) {
			return bad("a name has only letters a-z and A-Z, digits, '-' and '_'")
		}
	}
	if !letter(name[0]) {
		return bad("a name begins with a letter")
	}
	if c := name[len(name)-1]; c == '-' || c == '_' {
		return bad("a name ends with a letter or a digit")
	}
	if Reserved(name) {
		return bad("the name is reserved")
	}
	return nil
}

func letter(c byte) bool   { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func nameChar(c byte) bool { return letter(c) || '0' <= c && c <= '9' || c == '-' || c == '_' }

// clipName is a refused name as an error quotes it: at most a few more
// characters than a name may have.
func clipName(name string) string {
	const most = MaxName + 10
	if len(name) <= most {
		return name
	}
	return strings.ToValidUTF8(name[:most], "") + "..."
}
