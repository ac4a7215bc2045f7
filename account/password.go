// Passwords: their rules, and their hashes by argon2id.

package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// The bounds of a password: at least MinPassword characters, at most
// MaxPassword bytes (so that what a request makes the server hash is
// bounded).
const (
	MinPassword = 8
	MaxPassword = 256
)

// ErrPassword is the error of every password refused; its message says
// why (never the password).
var ErrPassword = errors.New("account: bad password")

// ValidatePassword says why a password cannot be set (an error wrapping
// ErrPassword), or nil: valid UTF-8 of MinPassword characters to
// MaxPassword bytes, without control characters (spaces are allowed:
// passphrases are welcome).
func ValidatePassword(password string) error {
	switch {
	case !utf8.ValidString(password):
		return fmt.Errorf("%w: not valid UTF-8", ErrPassword)
	case utf8.RuneCountInString(password) < MinPassword:
		return fmt.Errorf("%w: a password has at least %d characters", ErrPassword, MinPassword)
	case len(password) > MaxPassword:
		return fmt.Errorf("%w: a password has at most %d bytes", ErrPassword, MaxPassword)
	case strings.IndexFunc(password, unicode.IsControl) >= 0:
		return fmt.Errorf("%w: a password has no control characters", ErrPassword)
	}
	return nil
}

// Params are the parameters of argon2id (RFC 9106).
type Params struct {
	// Memory is the memory a hash uses, in KiB.
	Memory uint32
	// Time is the number of passes over the memory.
	Time uint32
	// Threads is the parallelism (lanes).
	Threads uint8
	// SaltLen and KeyLen are the lengths of the random salt and of the
	// hash, in bytes.
	SaltLen, KeyLen uint32
}

// DefaultParams are the parameters of new hashes: argon2id with 19 MiB,
// 2 passes, 1 thread, a 16-byte salt and a 32-byte hash, the first
// configuration of OWASP's Password Storage Cheat Sheet (a hash takes
// tens of milliseconds and 19 MiB: the server bounds how many it makes at
// once). A stored hash keeps its parameters; NeedsRehash says when a
// login should hash the password again with these.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// The bounds of the parameters a stored hash may give, so that a damaged
// or hostile hash cannot make a verification take the machine.
const (
	maxMemory  = 1 << 20 // KiB: 1 GiB
	maxTime    = 64
	maxKeyLen  = 128
	maxSaltLen = 64
	minKeyLen  = 16
	minSaltLen = 8
)

// ErrHash reports a stored hash that is not one this package writes.
var ErrHash = errors.New("account: not an argon2id password hash")

// encoding is the base64 of the hash strings: standard, without padding
// (the PHC string format), strict (one text for each salt and hash).
var encoding = base64.RawStdEncoding.Strict()

// Hash returns the hash of password with the parameters p and a new
// random salt, in the PHC string format that VerifyPassword reads:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. It does not validate
// the password (ValidatePassword does).
func (p Params) Hash(password string) string {
	salt := make([]byte, p.SaltLen)
	rand.Read(salt)
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		encoding.EncodeToString(salt), encoding.EncodeToString(key))
}

// HashPassword returns the hash of password with DefaultParams.
func HashPassword(password string) string { return DefaultParams.Hash(password) }

// decoded is a hash string read.
type decoded struct {
	p         Params
	salt, key []byte
}

// decode reads a hash string, refusing parameters out of bounds.
func decode(encoded string) (decoded, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return decoded{}, ErrHash
	}
	if parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return decoded{}, fmt.Errorf("%w: version %q", ErrHash, parts[2])
	}
	var d decoded
	if n, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &d.p.Memory, &d.p.Time, &d.p.Threads); err != nil || n != 3 ||
		fmt.Sprintf("m=%d,t=%d,p=%d", d.p.Memory, d.p.Time, d.p.Threads) != parts[3] {
		return decoded{}, fmt.Errorf("%w: parameters %q", ErrHash, parts[3])
	}
	var err error
	if d.salt, err = encoding.DecodeString(parts[4]); err != nil {
		return decoded{}, fmt.Errorf("%w: salt: %v", ErrHash, err)
	}
	if d.key, err = encoding.DecodeString(parts[5]); err != nil {
		return decoded{}, fmt.Errorf("%w: hash: %v", ErrHash, err)
	}
	d.p.SaltLen, d.p.KeyLen = uint32(len(d.salt)), uint32(len(d.key))
	if d.p.Memory > maxMemory || d.p.Time < 1 || d.p.Time > maxTime || d.p.Threads < 1 || d.p.Memory < 8*uint32(d.p.Threads) ||
		d.p.KeyLen < minKeyLen || d.p.KeyLen > maxKeyLen || d.p.SaltLen < minSaltLen || d.p.SaltLen > maxSaltLen {
		return decoded{}, fmt.Errorf("%w: parameters out of bounds (%s, %d-byte salt, %d-byte hash)", ErrHash, parts[3], d.p.SaltLen, d.p.KeyLen)
	}
	return d, nil
}

// VerifyPassword reports whether password is the one encoded hashes (a
// string of Params.Hash), comparing the hashes in constant time. An
// error says the stored hash is not one it can read (ErrHash).
func VerifyPassword(encoded, password string) (bool, error) {
	d, err := decode(encoded)
	if err != nil {
		return false, err
	}
	key := argon2.IDKey([]byte(password), d.salt, d.p.Time, d.p.Memory, d.p.Threads, d.p.KeyLen)
	return subtle.ConstantTimeCompare(key, d.key) == 1, nil
}

// absent is the hash VerifyAbsent checks against, made at its first
// call (not when a program starts).
var absent = sync.OnceValue(func() string { return DefaultParams.Hash("no account has this password") })

// VerifyAbsent does the work of a VerifyPassword with DefaultParams and
// fails: a login to a name without an account (or to a bot) takes as
// long as one with a wrong password, so that its time does not tell
// which names exist.
func VerifyAbsent(password string) {
	VerifyPassword(absent(), password)
}

// NeedsRehash reports whether a stored hash was made with other
// parameters than p (or cannot be read): after a successful login the
// server hashes the password again with p and stores it.
func NeedsRehash(encoded string, p Params) bool {
	d, err := decode(encoded)
	return err != nil || d.p != p
}
