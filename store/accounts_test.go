package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestAccountHidesItsHash: an account printed or encoded to JSON does
// not show its password hash.
func TestAccountHidesItsHash(t *testing.T) {
	const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"
	a := Account{ID: "x1", Kind: Person, Name: "ada", PasswordHash: hash, Disabled: true}
	b := Account{ID: "x2", Kind: BotAccount, Name: "r2d2", Owner: "x1"}
	for _, tt := range []struct {
		name, got, want string
	}{
		{"%v", fmt.Sprintf("%v", a), "person ada (x1, disabled)"},
		{"%+v", fmt.Sprintf("%+v", a), "person ada (x1, disabled)"},
		{"%v of a pointer", fmt.Sprintf("%v", &a), "person ada (x1, disabled)"},
		{"a bot", b.String(), "bot r2d2 (x2, owned by x1)"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	j, err := json.Marshal(a)
	if err != nil || strings.Contains(string(j), "argon2id") || !strings.Contains(string(j), `"Name":"ada"`) {
		t.Errorf("JSON %s, %v", j, err)
	}
}
