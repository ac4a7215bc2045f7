package account

import (
	"strings"
	"testing"
)

func TestSecrets(t *testing.T) {
	seen := map[string]bool{}
	fresh := func(what, s string) {
		t.Helper()
		if seen[s] {
			t.Errorf("%s %s made twice", what, s)
		}
		seen[s] = true
	}
	for range 20 {
		id := NewID()
		if len(id) != 26 || strings.ToLower(id) != id {
			t.Errorf("id %q", id)
		}
		fresh("id", id)
		tok, hash := NewSessionToken()
		if len(tok) != 52 || hash != HashToken(tok) || len(hash) != 64 {
			t.Errorf("session token %q, hash %q", tok, hash)
		}
		fresh("token", tok)
		k := NewAPIKey()
		if !LooksLikeAPIKey(k.Key) || len(k.Key) != 56 || k.Prefix != k.Key[:12] || !strings.HasPrefix(k.Prefix, "rvk_") || k.Hash != HashToken(k.Key) {
			t.Errorf("API key %+v", k)
		}
		fresh("key", k.Key)
		code, h := NewInvitation()
		if len(code) != 26 || h != InvitationHash(code) || h != InvitationHash(" "+strings.ToUpper(code)+"\n") {
			t.Errorf("invitation %q, hash %q", code, h)
		}
		fresh("invitation", code)
	}
}

func TestLooksLikeAPIKey(t *testing.T) {
	k := NewAPIKey().Key
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{k, true},
		{k[:len(k)-1], false},
		{k + "a", false},
		{"rvk_" + strings.Repeat("A", 52), false},
		{"rvk_" + strings.Repeat("1", 52), false},
		{"xyz_" + k[4:], false},
		{"", false},
	} {
		if got := LooksLikeAPIKey(tt.s); got != tt.want {
			t.Errorf("%q: %v", tt.s, got)
		}
	}
}
