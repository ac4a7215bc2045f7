// The contract of store.Accounts.

package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/store"
)

// AccountStore is a game store with the accounts of the rated arena.
type AccountStore interface {
	store.Store
	store.Accounts
}

// RunAccounts runs the contract tests of store.Accounts on the stores
// that open returns, a fresh (empty) store for each test.
func RunAccounts(t *testing.T, open func(t *testing.T) AccountStore) {
	runGroup(t, "Accounts", open, []namedTest[AccountStore]{
		{"Create", testAccountCreate},
		{"ConcurrentNames", testConcurrentNames},
		{"PasswordDisabled", testPasswordDisabled},
		{"Sessions", testSessions},
		{"APIKeys", testAPIKeys},
		{"Invitations", testInvitations},
		{"LinkGame", testLinkGame},
		{"CreateLinked", testCreateLinked},
		{"FinishRated", testFinishRated},
		{"RaterDeclines", testRaterDeclines},
		{"ConcurrentFinishRated", func(t *testing.T, s AccountStore) { RaceFinishRated(t, s, s) }},
		{"ConcurrentRatedGames", testConcurrentRatedGames},
		{"PruneSessions", testPruneSessions},
		{"Leaderboard", testLeaderboard},
		{"AccountGames", testAccountGames},
	})
}

// person creates a person named name (id "p-"+name) or fails the test.
func person(t *testing.T, s store.Accounts, name string) *store.Account {
	t.Helper()
	a := &store.Account{ID: "p-" + name, Kind: store.Person, Name: name, PasswordHash: "$argon2id$hash-of-" + name}
	if err := s.CreateAccount(context.Background(), a, ""); err != nil {
		t.Fatalf("creating %s: %v", name, err)
	}
	return a
}

// bot creates a bot named name (id "b-"+name) owned by owner or fails
// the test.
func bot(t *testing.T, s store.Accounts, name, owner string) *store.Account {
	t.Helper()
	a := &store.Account{ID: "b-" + name, Kind: store.BotAccount, Name: name, Owner: owner}
	if err := s.CreateAccount(context.Background(), a, ""); err != nil {
		t.Fatalf("creating bot %s: %v", name, err)
	}
	return a
}

func testAccountCreate(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada := person(t, s, "Ada")
	if ada.Created.IsZero() || time.Since(ada.Created) > time.Minute {
		t.Errorf("created at %v", ada.Created)
	}
	for _, lookup := range []func() (*store.Account, error){
		func() (*store.Account, error) { return s.Account(ctx, "p-Ada") },
		func() (*store.Account, error) { return s.AccountByName(ctx, "ada") },
		func() (*store.Account, error) { return s.AccountByName(ctx, "ADA") },
	} {
		got, err := lookup()
		if err != nil || *got != *ada {
			t.Errorf("read back %+v, %v; stored %+v", got, err, ada)
		}
	}
	if _, err := s.Account(ctx, "nobody"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("an unknown id: %v", err)
	}
	if _, err := s.AccountByName(ctx, "nobody"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("an unknown name: %v", err)
	}
	r2 := bot(t, s, "r2", ada.ID)
	bot(t, s, "r3", ada.ID)
	refused := []struct {
		name string
		a    store.Account
		want error
	}{
		{"name in another case", store.Account{ID: "x1", Kind: store.Person, Name: "aDA"}, store.ErrNameTaken},
		{"bot's name in another case", store.Account{ID: "x2", Kind: store.BotAccount, Name: "R2", Owner: ada.ID}, store.ErrNameTaken},
		{"bot owned by a bot", store.Account{ID: "x3", Kind: store.BotAccount, Name: "r4", Owner: r2.ID}, store.ErrNoAccount},
		{"bot owned by nobody known", store.Account{ID: "x4", Kind: store.BotAccount, Name: "r5", Owner: "nobody"}, store.ErrNoAccount},
		{"id taken", store.Account{ID: ada.ID, Kind: store.Person, Name: "other"}, nil},
		{"bot without owner", store.Account{ID: "x5", Kind: store.BotAccount, Name: "r6"}, nil},
		{"person with owner", store.Account{ID: "x6", Kind: store.Person, Name: "p6", Owner: ada.ID}, nil},
		{"unknown kind", store.Account{ID: "x7", Kind: "robot", Name: "p7"}, nil},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			err := s.CreateAccount(ctx, &tt.a, "")
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
	if _, err := s.AccountByName(ctx, "other"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("an account refused for its id was stored: %v", err)
	}
	bots, err := s.Bots(ctx, ada.ID)
	if err != nil || len(bots) != 2 || bots[0].Name != "r2" || bots[1].Name != "r3" || bots[0].Owner != ada.ID || bots[0].Kind != store.BotAccount {
		t.Errorf("Ada's bots: %+v, %v", bots, err)
	}
	if bots, err := s.Bots(ctx, r2.ID); err != nil || len(bots) != 0 {
		t.Errorf("a bot's bots: %+v, %v", bots, err)
	}
}

// testConcurrentNames: of accounts made at once with one name in several
// cases, exactly one is made.
func testConcurrentNames(t *testing.T, s AccountStore) {
	ctx := context.Background()
	names := []string{"grace", "Grace", "GRACE", "gRACE", "GrAcE", "graCE"}
	var made, taken atomic.Int32
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			err := s.CreateAccount(ctx, &store.Account{ID: fmt.Sprint("g", i), Kind: store.Person, Name: name}, "")
			switch {
			case err == nil:
				made.Add(1)
			case errors.Is(err, store.ErrNameTaken):
				taken.Add(1)
			default:
				t.Errorf("%s: %v", name, err)
			}
		})
	}
	wg.Wait()
	if made.Load() != 1 || taken.Load() != int32(len(names)-1) {
		t.Errorf("%d made, %d refused as taken; want 1 and %d", made.Load(), taken.Load(), len(names)-1)
	}
}

func testPasswordDisabled(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada := person(t, s, "ada")
	r2 := bot(t, s, "r2", ada.ID)
	if err := s.SetPassword(ctx, ada.ID, "$argon2id$new"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDisabled(ctx, ada.ID, true); err != nil {
		t.Fatal(err)
	}
	got, err := s.Account(ctx, ada.ID)
	if err != nil || got.PasswordHash != "$argon2id$new" || !got.Disabled {
		t.Errorf("after a new password and disabling: %+v, %v", got, err)
	}
	if err := s.SetDisabled(ctx, ada.ID, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Account(ctx, ada.ID); got.Disabled {
		t.Errorf("still disabled after enabling")
	}
	if err := s.SetPassword(ctx, r2.ID, "x"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("a bot's password set: %v", err)
	}
	if err := s.SetPassword(ctx, "nobody", "x"); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("an unknown account's password: %v", err)
	}
	if err := s.SetDisabled(ctx, "nobody", true); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("an unknown account disabled: %v", err)
	}
}

func testSessions(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada := person(t, s, "ada")
	now := time.Now()
	for _, h := range []string{"s1", "s2", "s3"} {
		sess := &store.Session{Hash: h, Account: ada.ID, Expires: now.Add(time.Hour)}
		if err := s.CreateSession(ctx, sess); err != nil || sess.Created.IsZero() {
			t.Fatalf("session %s: %v (created %v)", h, err, sess.Created)
		}
	}
	if err := s.CreateSession(ctx, &store.Session{Hash: "old", Account: ada.ID, Expires: now.Add(-time.Second)}); err != nil {
		t.Fatal(err)
	}
	r2 := bot(t, s, "r2", ada.ID)
	for _, id := range []string{r2.ID, "nobody"} {
		if err := s.CreateSession(ctx, &store.Session{Hash: "x-" + id, Account: id, Expires: now.Add(time.Hour)}); !errors.Is(err, store.ErrNoAccount) {
			t.Errorf("a session of %s: %v, want ErrNoAccount", id, err)
		}
	}
	sess, a, err := s.SessionAccount(ctx, "s1", now)
	if err != nil || sess.Account != ada.ID || a.ID != ada.ID || a.Name != "ada" || !sess.Expires.After(now) {
		t.Fatalf("a live session: %+v, %+v, %v", sess, a, err)
	}
	for _, tt := range []struct {
		name, hash string
		at         time.Time
	}{
		{"unknown", "nope", now},
		{"expired", "old", now},
		{"at its expiry", "s1", now.Add(time.Hour)},
	} {
		if _, _, err := s.SessionAccount(ctx, tt.hash, tt.at); !errors.Is(err, store.ErrNoCredential) {
			t.Errorf("%s session: %v, want ErrNoCredential", tt.name, err)
		}
	}
	if err := s.RevokeSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionAccount(ctx, "s1", now); !errors.Is(err, store.ErrNoCredential) {
		t.Errorf("a revoked session: %v", err)
	}
	if err := s.RevokeSession(ctx, "nope"); err != nil {
		t.Errorf("revoking an unknown session: %v", err)
	}
	if err := s.SetDisabled(ctx, ada.ID, true); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionAccount(ctx, "s2", now); !errors.Is(err, store.ErrDisabled) {
		t.Errorf("a disabled account's session: %v", err)
	}
	s.SetDisabled(ctx, ada.ID, false)
	n, err := s.RevokeSessions(ctx, ada.ID, "s3")
	if err != nil || n != 2 { // s2 and the expired one
		t.Errorf("revoking all but s3: %d, %v; want 2", n, err)
	}
	if _, _, err := s.SessionAccount(ctx, "s2", now); !errors.Is(err, store.ErrNoCredential) {
		t.Errorf("s2 after revoking the others: %v", err)
	}
	if _, _, err := s.SessionAccount(ctx, "s3", now); err != nil {
		t.Errorf("the session kept: %v", err)
	}
}

func testAPIKeys(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada := person(t, s, "ada")
	r2, r3 := bot(t, s, "r2", ada.ID), bot(t, s, "r3", ada.ID)
	for _, k := range []*store.APIKey{
		{ID: "k1", Hash: "h1", Prefix: "rvk_aaaa", Bot: r2.ID},
		{ID: "k2", Hash: "h2", Prefix: "rvk_bbbb", Bot: r2.ID},
		{ID: "k3", Hash: "h3", Prefix: "rvk_cccc", Bot: r3.ID},
	} {
		if err := s.CreateAPIKey(ctx, k); err != nil || k.Created.IsZero() {
			t.Fatalf("key %s: %v", k.ID, err)
		}
	}
	if err := s.CreateAPIKey(ctx, &store.APIKey{ID: "k4", Hash: "h4", Bot: ada.ID}); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("a person's key: %v", err)
	}
	k, a, err := s.APIKeyAccount(ctx, "h2")
	if err != nil || k.ID != "k2" || k.Prefix != "rvk_bbbb" || a.ID != r2.ID || !k.Revoked.IsZero() {
		t.Fatalf("key h2: %+v, %+v, %v", k, a, err)
	}
	if _, _, err := s.APIKeyAccount(ctx, "nope"); !errors.Is(err, store.ErrNoCredential) {
		t.Errorf("an unknown key: %v", err)
	}
	if err := s.RevokeAPIKey(ctx, r3.ID, "k1"); !errors.Is(err, store.ErrNoCredential) {
		t.Errorf("revoking another bot's key: %v", err)
	}
	if err := s.RevokeAPIKey(ctx, r2.ID, "k1"); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeAPIKey(ctx, r2.ID, "k1"); err != nil {
		t.Errorf("revoking again: %v", err)
	}
	if _, _, err := s.APIKeyAccount(ctx, "h1"); !errors.Is(err, store.ErrNoCredential) {
		t.Errorf("a revoked key: %v", err)
	}
	keys, err := s.APIKeys(ctx, r2.ID)
	if err != nil || len(keys) != 2 || keys[0].ID != "k1" || keys[0].Revoked.IsZero() || keys[1].ID != "k2" || !keys[1].Revoked.IsZero() {
		t.Errorf("r2's keys: %+v, %v", keys, err)
	}
	s.SetDisabled(ctx, r2.ID, true)
	if _, _, err := s.APIKeyAccount(ctx, "h2"); !errors.Is(err, store.ErrDisabled) {
		t.Errorf("a disabled bot's key: %v", err)
	}
	s.SetDisabled(ctx, ada.ID, true)
	if _, _, err := s.APIKeyAccount(ctx, "h3"); !errors.Is(err, store.ErrDisabled) {
		t.Errorf("the key of a disabled person's bot: %v", err)
	}
}

func testInvitations(t *testing.T, s AccountStore) {
	ctx := context.Background()
	now := time.Now()
	for _, inv := range []*store.Invitation{
		{Hash: "i1"},
		{Hash: "i2", By: "op", Expires: now.Add(time.Hour)},
		{Hash: "late", Expires: now.Add(-time.Second)},
	} {
		if err := s.CreateInvitation(ctx, inv); err != nil || inv.Created.IsZero() {
			t.Fatalf("invitation %s: %v", inv.Hash, err)
		}
	}
	for _, code := range []string{"nope", "late"} {
		err := s.CreateAccount(ctx, &store.Account{ID: "p1", Kind: store.Person, Name: "ada"}, code)
		if !errors.Is(err, store.ErrInvitation) {
			t.Errorf("invitation %s: %v, want ErrInvitation", code, err)
		}
	}
	if _, err := s.AccountByName(ctx, "ada"); !errors.Is(err, store.ErrNoAccount) {
		t.Fatalf("an account made without a valid invitation: %v", err)
	}
	if err := s.CreateAccount(ctx, &store.Account{ID: "p1", Kind: store.Person, Name: "ada"}, "i2"); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAccount(ctx, &store.Account{ID: "p2", Kind: store.Person, Name: "bob"}, "i2"); !errors.Is(err, store.ErrInvitation) {
		t.Errorf("an invitation used twice: %v", err)
	}
	list, err := s.Invitations(ctx)
	if err != nil || len(list) != 3 {
		t.Fatalf("invitations: %+v, %v", list, err)
	}
	used := map[string]string{}
	for _, inv := range list {
		used[inv.Hash] = inv.UsedBy
		if inv.Hash == "i2" && (inv.By != "op" || inv.UsedAt.IsZero() || inv.Expires.IsZero()) {
			t.Errorf("the used invitation: %+v", inv)
		}
	}
	if used["i1"] != "" || used["i2"] != "p1" || used["late"] != "" {
		t.Errorf("used by: %v", used)
	}
}

// ratedGame creates a game between two accounts and links it rated in
// class blitz.
func ratedGame(t *testing.T, s AccountStore, id string, black, white *store.Account) {
	t.Helper()
	ctx := context.Background()
	g := newGame(id)
	g.Seats[0] = store.Seat{Kind: store.Human, Name: black.Name, TokenHash: "t" + id}
	g.Seats[1] = store.Seat{Kind: store.Human, Name: white.Name, TokenHash: "u" + id}
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.LinkGame(ctx, id, store.GameLink{Accounts: [2]string{black.ID, white.ID}, Rated: true, Class: "blitz"}); err != nil {
		t.Fatal(err)
	}
}

func testLinkGame(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada, bob := person(t, s, "ada"), person(t, s, "bob")
	s.Create(ctx, newGame("g"))
	if l, err := s.GameLink(ctx, "g"); err != nil || l != (store.GameLink{}) {
		t.Errorf("an unlinked game: %+v, %v", l, err)
	}
	refused := []struct {
		name string
		game string
		link store.GameLink
		want error
	}{
		{"rated with one account", "g", store.GameLink{Accounts: [2]string{ada.ID, ""}, Rated: true, Class: "blitz"}, nil},
		{"rated against oneself", "g", store.GameLink{Accounts: [2]string{ada.ID, ada.ID}, Rated: true, Class: "blitz"}, nil},
		{"rated without a class", "g", store.GameLink{Accounts: [2]string{ada.ID, bob.ID}, Rated: true}, nil},
		{"unknown account", "g", store.GameLink{Accounts: [2]string{ada.ID, "nobody"}}, store.ErrNoAccount},
		{"unknown game", "nope", store.GameLink{Accounts: [2]string{ada.ID, ""}}, store.ErrNotFound},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.LinkGame(ctx, tt.game, tt.link); err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
	casual := store.GameLink{Accounts: [2]string{"", ada.ID}}
	if err := s.LinkGame(ctx, "g", casual); err != nil {
		t.Fatal(err)
	}
	if l, err := s.GameLink(ctx, "g"); err != nil || l != casual {
		t.Errorf("a casual link read back %+v, %v", l, err)
	}
	rated := store.GameLink{Accounts: [2]string{ada.ID, bob.ID}, Rated: true, Class: "blitz"}
	if err := s.LinkGame(ctx, "g", rated); err != nil {
		t.Fatal(err)
	}
	if err := s.SwapSeats(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.GameLink(ctx, "g"); l.Accounts != [2]string{bob.ID, ada.ID} || !l.Rated || l.Class != "blitz" {
		t.Errorf("after swapping the seats: %+v", l)
	}
	if err := s.Finish(ctx, "g", store.Result{Reason: "normal end", Winner: "black", By: "none"}); !errors.Is(err, store.ErrRated) {
		t.Errorf("a rated game finished without its ratings: %v", err)
	}
	if g, _ := s.Get(ctx, "g"); g.Result != nil {
		t.Errorf("the rated game refused by Finish is over: %+v", g.Result)
	}
	s.LinkGame(ctx, "g", casual)
	if err := s.Finish(ctx, "g", store.Result{Reason: "normal end", Winner: "black", By: "none"}); err != nil {
		t.Fatalf("a casual game: %v", err)
	}
	if err := s.LinkGame(ctx, "g", rated); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a finished game linked: %v", err)
	}
}

// testCreateLinked: a game created with its link (Game.Link) has it
// at once, read back by GameLink; a link the store refuses (an unknown
// account, a rated one against oneself) stores no game at all.
func testCreateLinked(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada, bob := person(t, s, "ada"), person(t, s, "bob")
	rated := store.GameLink{Accounts: [2]string{ada.ID, bob.ID}, Rated: true, Class: "blitz"}
	g := newGame("g")
	g.Link = &rated
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if l, err := s.GameLink(ctx, "g"); err != nil || l != rated {
		t.Errorf("the link of a game created linked: %+v, %v", l, err)
	}
	if games, err := s.AccountGames(ctx, bob.ID, store.ListOptions{}); err != nil || len(games) != 1 || games[0].ID != "g" || games[0].Color != 1 {
		t.Errorf("bob's games: %+v, %v", games, err)
	}
	for _, tt := range []struct {
		id   string
		link store.GameLink
		want error
	}{
		{"unknown", store.GameLink{Accounts: [2]string{ada.ID, "nobody"}}, store.ErrNoAccount},
		{"self", store.GameLink{Accounts: [2]string{ada.ID, ada.ID}, Rated: true, Class: "blitz"}, nil},
	} {
		g := newGame(tt.id)
		g.Link = &tt.link
		if err := s.Create(ctx, g); err == nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: created with %v, want %v", tt.id, err, tt.want)
		}
		if _, err := s.Get(ctx, tt.id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: a game whose link was refused is stored: %v", tt.id, err)
		}
	}
}

// plusTen is a Rater for the tests: a new player is 1500, the winner
// gains 10 and the loser loses 10, a draw changes nothing; every game
// takes 10 off the deviation (from 350).
func plusTen(in store.RateInput) ([2]store.Rating, bool, error) {
	var out [2]store.Rating
	for i, r := range in.Ratings {
		if r.Games == 0 {
			r.Rating, r.Deviation, r.Volatility = 1500, 350, 0.06
		}
		switch {
		case in.Result.Winner == [2]string{"black", "white"}[i]:
			r.Rating += 10
		case in.Result.Winner != "none":
			r.Rating -= 10
		}
		r.Deviation -= 10
		out[i] = r
	}
	return out, true, nil
}

var blackWins = store.Result{Reason: "normal end", Winner: "black", By: "none", Black: 40, White: 24}

func testFinishRated(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada, bob := person(t, s, "ada"), person(t, s, "bob")
	ratedGame(t, s, "r1", ada, bob)
	calls := 0
	rate := func(in store.RateInput) ([2]store.Rating, bool, error) {
		calls++
		if in.Game != "r1" || in.Class != "blitz" || in.Result != blackWins || in.Ratings[0].Account != ada.ID || in.Ratings[1].Account != bob.ID ||
			in.Ratings[0].Games != 0 || in.Ratings[0].Rating != 0 {
			t.Errorf("the Rater got %+v", in)
		}
		return plusTen(in)
	}
	got, err := s.FinishRated(ctx, "r1", blackWins, rate)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Rated || got.After[0].Rating != 1510 || got.After[1].Rating != 1490 || got.After[0].Games != 1 || got.After[0].Account != ada.ID {
		t.Errorf("finished %+v", got)
	}
	if g, _ := s.Get(ctx, "r1"); g.Result == nil || *g.Result != blackWins {
		t.Errorf("the game's result: %+v", g.Result)
	}
	// Again, by either way of finishing: nothing changes.
	if _, err := s.FinishRated(ctx, "r1", blackWins, rate); !errors.Is(err, store.ErrConflict) {
		t.Errorf("rated twice: %v", err)
	}
	if err := s.Finish(ctx, "r1", blackWins); !errors.Is(err, store.ErrConflict) && !errors.Is(err, store.ErrRated) {
		t.Errorf("finished again: %v", err)
	}
	if calls != 1 {
		t.Errorf("the Rater ran %d times", calls)
	}
	checkRated(t, s, ada.ID, 1510, 1)
	checkRated(t, s, bob.ID, 1490, 1)
	if l, _ := s.GameLink(ctx, "r1"); l.RatedAt.IsZero() {
		t.Errorf("the link is not marked rated: %+v", l)
	}
	// A second game, colours reversed, white wins: Ada gains again.
	ratedGame(t, s, "r2", bob, ada)
	if _, err := s.FinishRated(ctx, "r2", store.Result{Reason: "resignation", Winner: "white", By: "black"}, plusTen); err != nil {
		t.Fatal(err)
	}
	checkRated(t, s, ada.ID, 1520, 2)
	hist, err := s.RatingHistory(ctx, ada.ID, "blitz")
	if err != nil || len(hist) != 2 || hist[0].Game != "r1" || hist[0].Rating != 1510 || hist[1].Game != "r2" || hist[1].Rating != 1520 || hist[1].Deviation != 330 {
		t.Errorf("Ada's history: %+v, %v", hist, err)
	}
	if hist, err := s.RatingHistory(ctx, ada.ID, "bullet"); err != nil || len(hist) != 0 {
		t.Errorf("a class never played: %+v, %v", hist, err)
	}
	// A casual game: finished, the Rater not asked.
	s.Create(ctx, newGame("c"))
	s.LinkGame(ctx, "c", store.GameLink{Accounts: [2]string{ada.ID, bob.ID}, Class: "blitz"})
	got, err = s.FinishRated(ctx, "c", blackWins, func(store.RateInput) ([2]store.Rating, bool, error) {
		t.Error("the Rater ran for a casual game")
		return [2]store.Rating{}, false, nil
	})
	if err != nil || got.Rated {
		t.Errorf("a casual game: %+v, %v", got, err)
	}
	checkRated(t, s, ada.ID, 1520, 2)
	// A game without a link, and no Rater.
	s.Create(ctx, newGame("plain"))
	if got, err := s.FinishRated(ctx, "plain", blackWins, nil); err != nil || got.Rated {
		t.Errorf("a game without a link: %+v, %v", got, err)
	}
	if g, _ := s.Get(ctx, "plain"); g.Result == nil || *g.Result != blackWins {
		t.Errorf("the game without a link ended %+v", g.Result)
	}
	// A Rater's error: the game goes on, nothing is rated.
	ratedGame(t, s, "r3", ada, bob)
	if _, err := s.FinishRated(ctx, "r3", blackWins, func(store.RateInput) ([2]store.Rating, bool, error) {
		return [2]store.Rating{}, false, errors.New("no")
	}); err == nil {
		t.Error("a Rater's error was not returned")
	}
	if g, _ := s.Get(ctx, "r3"); g.Result != nil {
		t.Errorf("the game ended though its Rater failed: %+v", g.Result)
	}
	checkRated(t, s, ada.ID, 1520, 2)
	if _, err := s.FinishRated(ctx, "nope", blackWins, plusTen); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown game: %v", err)
	}
}

// checkRated checks an account's one rating, in blitz.
func checkRated(t *testing.T, s AccountStore, account string, rating float64, games int) {
	t.Helper()
	rs, err := s.Ratings(context.Background(), account)
	if err != nil || len(rs) != 1 || rs[0].Class != "blitz" || rs[0].Rating != rating || rs[0].Games != games || rs[0].Account != account || rs[0].Updated.IsZero() {
		t.Errorf("the ratings of %s: %+v, %v; want blitz %v after %d games", account, rs, err, rating, games)
	}
	hist, err := s.RatingHistory(context.Background(), account, "blitz")
	if err != nil || len(hist) != games {
		t.Errorf("the history of %s: %d points, %v; want %d", account, len(hist), err, games)
	}
}

// testRaterDeclines: a rated game that its Rater does not rate is
// finished, and nobody is rated.
func testRaterDeclines(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada, bob := person(t, s, "ada"), person(t, s, "bob")
	ratedGame(t, s, "r", ada, bob)
	got, err := s.FinishRated(ctx, "r", store.Result{Reason: "abandoned", Winner: "none", By: "black"}, func(in store.RateInput) ([2]store.Rating, bool, error) {
		if in.Plies != 0 {
			t.Errorf("the Rater saw %d plies", in.Plies)
		}
		return [2]store.Rating{}, false, nil
	})
	if err != nil || got.Rated {
		t.Fatalf("declined: %+v, %v", got, err)
	}
	if g, _ := s.Get(ctx, "r"); g.Result == nil {
		t.Error("the game is not over")
	}
	if rs, err := s.Ratings(ctx, ada.ID); err != nil || len(rs) != 0 {
		t.Errorf("ratings after a game not rated: %+v, %v", rs, err)
	}
	if l, _ := s.GameLink(ctx, "r"); !l.RatedAt.IsZero() {
		t.Errorf("the link says rated: %+v", l)
	}
}

// RaceFinishRated checks that of many FinishRated of one game at once,
// through the stores a and b (two processes on one database, or the same
// store twice), exactly one finishes and rates it and the others find it
// over, and both ratings count the game once.
func RaceFinishRated(t *testing.T, a, b AccountStore) {
	t.Helper()
	ctx := context.Background()
	ada, bob := person(t, a, "ada"), person(t, a, "bob")
	ratedGame(t, a, "race", ada, bob)
	const n = 8
	var rated, over atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		s := []AccountStore{a, b}[i%2]
		wg.Go(func() {
			got, err := s.FinishRated(ctx, "race", blackWins, plusTen)
			switch {
			case err == nil && got.Rated:
				rated.Add(1)
			case errors.Is(err, store.ErrConflict):
				over.Add(1)
			default:
				t.Errorf("finish %d: %+v, %v", i, got, err)
			}
		})
	}
	wg.Wait()
	if rated.Load() != 1 || over.Load() != n-1 {
		t.Errorf("%d finishes rated the game, %d found it over; want 1 and %d", rated.Load(), over.Load(), n-1)
	}
	for _, s := range []AccountStore{a, b} {
		checkRated(t, s, ada.ID, 1510, 1)
		checkRated(t, s, bob.ID, 1490, 1)
	}
}

// testConcurrentRatedGames: games of the same players rated at once, in
// both colours, all count (none locks another out or is lost).
func testConcurrentRatedGames(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada, bob := person(t, s, "ada"), person(t, s, "bob")
	const n = 6
	for i := range n {
		if i%2 == 0 {
			ratedGame(t, s, fmt.Sprint("g", i), ada, bob)
		} else {
			ratedGame(t, s, fmt.Sprint("g", i), bob, ada)
		}
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			// Ada wins every game.
			winner := [2]string{"black", "white"}[i%2]
			if _, err := s.FinishRated(ctx, fmt.Sprint("g", i), store.Result{Reason: "normal end", Winner: winner, By: "none"}, plusTen); err != nil {
				t.Errorf("game %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	checkRated(t, s, ada.ID, 1500+10*n, n)
	checkRated(t, s, bob.ID, 1500-10*n, n)
}

func testPruneSessions(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada := person(t, s, "ada")
	now := time.Now()
	for _, sess := range []*store.Session{
		{Hash: "live", Account: ada.ID, Expires: now.Add(time.Hour)},
		{Hash: "expired", Account: ada.ID, Expires: now.Add(-time.Minute)},
		{Hash: "revoked", Account: ada.ID, Expires: now.Add(time.Hour)},
	} {
		if err := s.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
	}
	s.RevokeSession(ctx, "revoked")
	n, err := s.PruneSessions(ctx, now)
	if err != nil || n != 2 {
		t.Errorf("pruned %d, %v; want 2", n, err)
	}
	if _, _, err := s.SessionAccount(ctx, "live", now); err != nil {
		t.Errorf("the live session after pruning: %v", err)
	}
	if n, err := s.PruneSessions(ctx, now); err != nil || n != 0 {
		t.Errorf("pruned again %d, %v; want 0", n, err)
	}
}

func testLeaderboard(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada, bob, cy := person(t, s, "ada"), person(t, s, "bob"), person(t, s, "cy")
	// Ada beats Bob, Bob beats Cy: Ada 1510, Bob 1500, Cy 1490.
	ratedGame(t, s, "g1", ada, bob)
	s.FinishRated(ctx, "g1", blackWins, plusTen)
	ratedGame(t, s, "g2", bob, cy)
	s.FinishRated(ctx, "g2", blackWins, plusTen)
	names := func(rs []store.Rating) []string {
		var out []string
		for _, r := range rs {
			out = append(out, fmt.Sprintf("%s %.0f", r.Account, r.Rating))
		}
		return out
	}
	for _, tt := range []struct {
		class string
		limit int
		want  string
	}{
		{"blitz", 0, "[p-ada 1510 p-bob 1500 p-cy 1490]"},
		{"blitz", 2, "[p-ada 1510 p-bob 1500]"},
		{"bullet", 0, "[]"},
	} {
		got, err := s.Leaderboard(ctx, tt.class, tt.limit)
		if err != nil || fmt.Sprint(names(got)) != tt.want {
			t.Errorf("%s, limit %d: %v, %v; want %s", tt.class, tt.limit, names(got), err, tt.want)
		}
	}
	s.SetDisabled(ctx, ada.ID, true)
	if got, _ := s.Leaderboard(ctx, "blitz", 0); fmt.Sprint(names(got)) != "[p-bob 1500 p-cy 1490]" {
		t.Errorf("without the disabled: %v", names(got))
	}
}

func testAccountGames(t *testing.T, s AccountStore) {
	ctx := context.Background()
	ada, bob := person(t, s, "ada"), person(t, s, "bob")
	ratedGame(t, s, "g1", ada, bob)
	if err := s.AppendMove(ctx, "g1", store.Move{Ply: 0, Color: 0, Square: "F5"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.FinishRated(ctx, "g1", blackWins, plusTen); err != nil {
		t.Fatal(err)
	}
	s.Create(ctx, newGame("g2"))
	if err := s.LinkGame(ctx, "g2", store.GameLink{Accounts: [2]string{"", ada.ID}}); err != nil {
		t.Fatal(err)
	}
	s.Create(ctx, newGame("other"))
	s.LinkGame(ctx, "other", store.GameLink{Accounts: [2]string{bob.ID, ""}})
	s.AppendMove(ctx, "g2", store.Move{Ply: 0, Color: 0, Square: "D3"}) // g2 is the newest now
	list := func(opts store.ListOptions) string {
		got, err := s.AccountGames(ctx, ada.ID, opts)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range got {
			out = append(out, fmt.Sprintf("%s:%d:%v:%s:%v:%v", g.ID, g.Color, g.Link.Rated, g.Link.Class, g.Finished, g.FirstMoves))
		}
		return strings.Join(out, " ")
	}
	for _, tt := range []struct {
		name string
		opts store.ListOptions
		want string
	}{
		{"all", store.ListOptions{}, "g2:1:false::false:[] g1:0:true:blitz:true:[]"},
		{"first moves", store.ListOptions{FirstMoves: true}, "g2:1:false::false:[D3] g1:0:true:blitz:true:[F5]"},
		{"live", store.ListOptions{Live: true}, "g2:1:false::false:[]"},
		{"finished", store.ListOptions{Finished: true}, "g1:0:true:blitz:true:[]"},
		{"limit", store.ListOptions{Limit: 1}, "g2:1:false::false:[]"},
	} {
		if got := list(tt.opts); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
	if got, err := s.AccountGames(ctx, "nobody", store.ListOptions{}); err != nil || len(got) != 0 {
		t.Errorf("an unknown account's games: %+v, %v", got, err)
	}
}
