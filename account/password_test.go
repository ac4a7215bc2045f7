package account

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// cheap are parameters that hash in microseconds, for the tests that
// hash many times.
var cheap = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestValidatePassword(t *testing.T) {
	tests := []struct {
		name, password string
		ok             bool
	}{
		{"eight characters", "12345678", true},
		{"a passphrase", "correct horse battery staple", true},
		{"eight characters of two bytes", "éééééééé", true},
		{"MaxPassword bytes", strings.Repeat("x", MaxPassword), true},
		{"seven characters", "1234567", false},
		{"seven characters in more bytes", "ééééééé", false},
		{"one byte too many", strings.Repeat("x", MaxPassword+1), false},
		{"empty", "", false},
		{"not UTF-8", "12345678\xff", false},
		{"a newline", "1234\n5678", false},
		{"a NUL", "1234\x005678", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidatePassword(tt.password)
			if tt.ok != (err == nil) || err != nil && !errors.Is(err, ErrPassword) {
				t.Errorf("got %v, want ok %v", err, tt.ok)
			}
			if err != nil && len(tt.password) > 3 && strings.Contains(err.Error(), tt.password) {
				t.Errorf("the error %q shows the password", err)
			}
		})
	}
}

func TestHashAndVerify(t *testing.T) {
	h := DefaultParams.Hash("correct horse")
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %s", h)
	}
	if h2 := DefaultParams.Hash("correct horse"); h2 == h {
		t.Error("two hashes of one password are the same: no salt")
	}
	for _, tt := range []struct {
		password string
		want     bool
	}{
		{"correct horse", true},
		{"correct horsE", false},
		{"correct hors", false},
		{"", false},
	} {
		ok, err := VerifyPassword(h, tt.password)
		if err != nil || ok != tt.want {
			t.Errorf("verify %q: %v, %v; want %v", tt.password, ok, err, tt.want)
		}
	}
}

func TestNeedsRehash(t *testing.T) {
	h := cheap.Hash("pw")
	more := cheap
	more.Time = 2
	tests := []struct {
		name    string
		encoded string
		p       Params
		want    bool
	}{
		{"same parameters", h, cheap, false},
		{"more passes now", h, more, true},
		{"the default now", h, DefaultParams, true},
		{"unreadable", "$2a$10$bcrypt", cheap, true},
	}
	for _, tt := range tests {
		if got := NeedsRehash(tt.encoded, tt.p); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestVerifyRefusesBadHashes: a hash that is not argon2id, is damaged,
// or asks for parameters beyond the bounds is an error, not a
// computation.
func TestVerifyRefusesBadHashes(t *testing.T) {
	good := cheap.Hash("pw")
	parts := strings.Split(good, "$")
	with := func(i int, v string) string {
		p := append([]string(nil), parts...)
		p[i] = v
		return strings.Join(p, "$")
	}
	bad := map[string]string{
		"empty":            "",
		"bcrypt":           "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
		"argon2i":          with(1, "argon2i"),
		"old version":      with(2, "v=16"),
		"no parameters":    with(3, ""),
		"parameters extra": with(3, "m=64,t=1,p=1,x=2"),
		"leading zero":     with(3, "m=064,t=1,p=1"),
		"huge memory":      with(3, "m=4194304,t=1,p=1"),
		"many passes":      with(3, "m=64,t=1000,p=1"),
		"no threads":       with(3, "m=64,t=1,p=0"),
		"salt not base64":  with(4, "!!!"),
		"short salt":       with(4, "AAAA"),
		"short hash":       with(5, "AAAA"),
		"hash not base64":  with(5, "***"),
		"missing part":     strings.Join(parts[:5], "$"),
	}
	for name, h := range bad {
		t.Run(name, func(t *testing.T) {
			ok, err := VerifyPassword(h, "pw")
			if ok || !errors.Is(err, ErrHash) {
				t.Errorf("%q: %v, %v; want ErrHash", h, ok, err)
			}
		})
	}
}

// FuzzValidatePassword: a password accepted keeps every rule and
// verifies against its hash; one refused says so with ErrPassword.
func FuzzValidatePassword(f *testing.F) {
	for _, s := range []string{"12345678", "correct horse battery staple", "1234567", "éééééééé", "a\nbcdefgh", "12345678\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pw string) {
		err := ValidatePassword(pw)
		if err != nil {
			if !errors.Is(err, ErrPassword) {
				t.Fatalf("%v does not wrap ErrPassword", err)
			}
			return
		}
		if !utf8.ValidString(pw) || utf8.RuneCountInString(pw) < MinPassword || len(pw) > MaxPassword {
			t.Fatalf("%q accepted", pw)
		}
		if ok, err := VerifyPassword(cheap.Hash(pw), pw); !ok || err != nil {
			t.Fatalf("%q does not verify against its hash: %v", pw, err)
		}
	})
}

// FuzzDecodeHash: a stored hash is read or refused with ErrHash, never
// with parameters beyond the bounds; one read writes back the same.
func FuzzDecodeHash(f *testing.F) {
	f.Add(cheap.Hash("pw"))
	f.Add("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA")
	f.Add("$argon2id$v=19$m=4194304,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA")
	f.Add("$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy")
	f.Fuzz(func(t *testing.T, encoded string) {
		d, err := decode(encoded)
		if err != nil {
			if !errors.Is(err, ErrHash) {
				t.Fatalf("%q: %v does not wrap ErrHash", encoded, err)
			}
			return
		}
		p := d.p
		if p.Memory > maxMemory || p.Time < 1 || p.Time > maxTime || p.Threads < 1 || p.KeyLen < minKeyLen || p.KeyLen > maxKeyLen ||
			p.SaltLen < minSaltLen || p.SaltLen > maxSaltLen {
			t.Fatalf("%q read with parameters %+v", encoded, p)
		}
		again := fmt.Sprintf("$argon2id$v=19$m=%d,t=%d,p=%d$%s$%s", p.Memory, p.Time, p.Threads, encoding.EncodeToString(d.salt), encoding.EncodeToString(d.key))
		if again != encoded {
			t.Fatalf("%q read as %q", encoded, again)
		}
	})
}
