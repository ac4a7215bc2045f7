package account

import (
	"errors"
	"testing"

	"github.com/reversi-engine/reversi/store"
)

func TestNewPersonAndBot(t *testing.T) {
	ada, err := NewPerson("Ada", "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if ada.Kind != store.Person || ada.Name != "Ada" || len(ada.ID) != 26 || ada.Owner != "" || NeedsRehash(ada.PasswordHash, DefaultParams) {
		t.Errorf("person %+v", ada)
	}
	if _, err := NewPerson("x", "correct horse"); !errors.Is(err, ErrName) {
		t.Errorf("a bad name: %v", err)
	}
	if _, err := NewPerson("grace", "short"); !errors.Is(err, ErrPassword) {
		t.Errorf("a bad password: %v", err)
	}
	r2, err := NewBot("r2d2", ada)
	if err != nil || r2.Kind != store.BotAccount || r2.Owner != ada.ID || r2.PasswordHash != "" || r2.ID == ada.ID {
		t.Errorf("bot %+v, %v", r2, err)
	}
	if _, err := NewBot("r3d3", r2); err == nil {
		t.Error("a bot's bot made")
	}
	if _, err := NewBot("root", ada); !errors.Is(err, ErrName) {
		t.Errorf("a bot with a reserved name: %v", err)
	}
}

func TestLogin(t *testing.T) {
	ada := &store.Account{ID: "a", Kind: store.Person, Name: "ada", PasswordHash: cheap.Hash("correct horse")}
	current := &store.Account{ID: "c", Kind: store.Person, Name: "cur", PasswordHash: HashPassword("correct horse")}
	disabled := *current
	disabled.Disabled = true
	bot := &store.Account{ID: "b", Kind: store.BotAccount, Name: "r2", Owner: "a"}
	damaged := &store.Account{ID: "d", Kind: store.Person, Name: "dam", PasswordHash: "$argon2id$junk"}
	tests := []struct {
		name       string
		a          *store.Account
		password   string
		ok, rehash bool
		err        error
	}{
		{"right, old parameters", ada, "correct horse", true, true, nil},
		{"right, current parameters", current, "correct horse", true, false, nil},
		{"wrong", current, "correct horsE", false, false, nil},
		{"no account", nil, "correct horse", false, false, nil},
		{"a bot", bot, "", false, false, nil},
		{"disabled", &disabled, "correct horse", false, false, store.ErrDisabled},
		{"damaged hash", damaged, "correct horse", false, false, ErrHash},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, rehash, err := Login(tt.a, tt.password)
			if ok != tt.ok || rehash != tt.rehash || (tt.err == nil) != (err == nil) || tt.err != nil && !errors.Is(err, tt.err) {
				t.Errorf("got %v, %v, %v; want %v, %v, %v", ok, rehash, err, tt.ok, tt.rehash, tt.err)
			}
		})
	}
}
