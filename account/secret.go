// Random secrets: ids, session tokens, API keys, invitation codes, and
// their stored hashes.

package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
)

// APIKeyPrefix begins every API key, so that a key is recognised (in a
// log, a leaked file, a secret scanner) for what it is.
const APIKeyPrefix = "rvk_"

// VisiblePrefix is how many characters of an API key (APIKeyPrefix
// included) are stored in clear and shown to its owner to tell the keys
// apart: 8 random characters, 40 bits, too few to guess the rest by.
const VisiblePrefix = len(APIKeyPrefix) + 8

// random returns n*128 bits of randomness as lower-case base32
// (26 characters a block), from crypto/rand.
func random(n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(strings.ToLower(rand.Text()))
	}
	return b.String()
}

// NewID returns a new random id for an account or a key: 128 bits, 26
// characters of base32.
func NewID() string { return random(1) }

// HashToken is the hash of a secret (session token, API key) as the
// store keeps it: the SHA-256 of its bytes, in hex. The secrets are
// random with 128 bits or more, so a fast hash suffices: nobody can
// guess one from its hash.
func HashToken(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// SessionLifetime is how long a session lasts from its login unless
// its person logs out: long enough not to ask a regular player for the
// password often, short enough that a forgotten login ends.
const SessionLifetime = 30 * 24 * time.Hour

// NewSessionToken returns a new session token (256 random bits, 52
// characters of base32, for a cookie) and its hash, which is all the
// store keeps.
func NewSessionToken() (token, hash string) {
	token = random(2)
	return token, HashToken(token)
}

// APIKey is a new API key: Key is shown to its owner once, then only
// its Prefix is; the store keeps Prefix and Hash.
type APIKey struct {
	Key, Prefix, Hash string
}

// NewAPIKey returns a new API key: APIKeyPrefix and 256 random bits (56
// characters in all).
func NewAPIKey() APIKey {
	key := APIKeyPrefix + random(2)
	return APIKey{Key: key, Prefix: key[:VisiblePrefix], Hash: HashToken(key)}
}

// LooksLikeAPIKey reports whether s has the form of a key of NewAPIKey,
// so that a request with something else is refused before the store is
// asked.
func LooksLikeAPIKey(s string) bool {
	rest, ok := strings.CutPrefix(s, APIKeyPrefix)
	return ok && len(rest) == 52 && strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz234567") == ""
}

// NewInvitation returns a new invitation code (128 random bits, 26
// characters of base32, to be passed on by hand) and the hash the store
// keeps (InvitationHash).
func NewInvitation() (code, hash string) {
	code = random(1)
	return code, InvitationHash(code)
}

// InvitationHash is the hash of an invitation code as typed: spaces
// around it and the letters' case do not count.
func InvitationHash(code string) string {
	return HashToken(strings.ToLower(strings.TrimSpace(code)))
}
