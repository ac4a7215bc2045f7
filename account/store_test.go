package account_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// TestWithAStore: the package's accounts, secrets and Rater as a server
// uses them on a real store (SQLite): register, log in by name in
// another case, a session, a bot's key, a rated game rated once.
func TestWithAStore(t *testing.T) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	ada, err := account.NewPerson("Ada", "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	bob, _ := account.NewPerson("bob", "battery staple")
	for _, a := range []*store.Account{ada, bob} {
		if err := s.CreateAccount(ctx, a, ""); err != nil {
			t.Fatal(err)
		}
	}
	found, err := s.AccountByName(ctx, "ADA")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, err := account.Login(found, "correct horse"); !ok || err != nil {
		t.Fatalf("login: %v, %v", ok, err)
	}
	token, hash := account.NewSessionToken()
	if err := s.CreateSession(ctx, &store.Session{Hash: hash, Account: found.ID, Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, who, err := s.SessionAccount(ctx, account.HashToken(token), time.Now()); err != nil || who.ID != ada.ID {
		t.Fatalf("the session's account: %+v, %v", who, err)
	}

	bot, _ := account.NewBot("ada-bot", ada)
	if err := s.CreateAccount(ctx, bot, ""); err != nil {
		t.Fatal(err)
	}
	key := account.NewAPIKey()
	if err := s.CreateAPIKey(ctx, &store.APIKey{ID: account.NewID(), Hash: key.Hash, Prefix: key.Prefix, Bot: bot.ID}); err != nil {
		t.Fatal(err)
	}
	if _, who, err := s.APIKeyAccount(ctx, account.HashToken(key.Key)); err != nil || who.ID != bot.ID {
		t.Fatalf("the key's bot: %+v, %v", who, err)
	}

	g := &store.Game{ID: "g", Rule: "standard", Start: "---------------------------OX------XO--------------------------- X", GameTime: 5 * time.Minute, Increment: 3 * time.Second}
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	class := account.ClassOf(g)
	if class != account.Blitz {
		t.Fatalf("5+3 is %s", class)
	}
	if err := s.LinkGame(ctx, "g", store.GameLink{Accounts: [2]string{ada.ID, bob.ID}, Rated: true, Class: string(class)}); err != nil {
		t.Fatal(err)
	}
	for i, sq := range []string{"F5", "D6", "C3"} {
		if err := s.AppendMove(ctx, "g", store.Move{Ply: i, Color: i % 2, Square: sq}); err != nil {
			t.Fatal(err)
		}
	}
	res := store.Result{Reason: "resignation", Winner: "black", By: "white"}
	done, err := s.FinishRated(ctx, "g", res, account.DefaultRater.Rate)
	if err != nil || !done.Rated {
		t.Fatalf("finish: %+v, %v", done, err)
	}
	wantB, wantW, _ := account.RateGame(account.Glicko(store.Rating{}), account.Glicko(store.Rating{}), 1, 0)
	rs, _ := s.Ratings(ctx, ada.ID)
	if len(rs) != 1 || rs[0].Class != "blitz" || rs[0].Rating != wantB.Rating || rs[0].Deviation != wantB.Deviation || rs[0].Games != 1 {
		t.Errorf("Ada's ratings %+v, want blitz %+v", rs, wantB)
	}
	if rs, _ := s.Ratings(ctx, bob.ID); len(rs) != 1 || rs[0].Rating != wantW.Rating {
		t.Errorf("Bob's ratings %+v, want %+v", rs, wantW)
	}
	if _, err := s.FinishRated(ctx, "g", res, account.DefaultRater.Rate); !errors.Is(err, store.ErrConflict) {
		t.Errorf("rated again: %v", err)
	}
	if rs, _ := s.Ratings(ctx, ada.ID); rs[0].Games != 1 {
		t.Errorf("after a second finish, %d games", rs[0].Games)
	}
}
