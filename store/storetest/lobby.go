// The contract of store.Lobby.

package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/store"
)

// LobbyStore is a game store that keeps the lobby's offers.
type LobbyStore interface {
	store.Store
	store.Lobby
}

// RunLobby runs the contract tests of store.Lobby on the stores that
// open returns, a fresh (empty) store for each test.
func RunLobby(t *testing.T, open func(t *testing.T) LobbyStore) {
	runGroup(t, "Lobby", open, []namedTest[LobbyStore]{
		{"Offers", testOffers},
		{"ConcurrentAccepts", func(t *testing.T, s LobbyStore) { RaceOfferAccepts(t, s, s) }},
		{"Accepts", testAccepts},
		{"PruneOffers", testPruneOffers},
	})
}

// newOffer is an open seek of from, expiring in an hour.
func newOffer(id, from string) *store.Offer {
	return &store.Offer{ID: id, Kind: store.Seek, From: from, MoveTime: time.Minute, Color: "random", MinRating: 1400, MaxRating: 1600,
		Expires: time.Now().Add(time.Hour)}
}

// testOffers: offers are read back as made; the open ones are listed by
// kind and account, newest first, without the expired and the settled;
// an offer is settled once (a second settlement is a conflict), an
// expired one not at all; an acceptance taken back opens it again.
func testOffers(t *testing.T, s LobbyStore) {
	ctx := context.Background()
	seek := newOffer("o1", "ada")
	seek.Rated, seek.GameTime, seek.Increment = true, 5*time.Minute, 3*time.Second
	if err := s.CreateOffer(ctx, seek); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Millisecond) // an order by creation
	challenge := &store.Offer{ID: "o2", Kind: store.Challenge, From: "bob", To: "ada", MoveTime: time.Minute, Color: "black", Expires: time.Now().Add(time.Hour)}
	if err := s.CreateOffer(ctx, challenge); err != nil {
		t.Fatal(err)
	}
	old := newOffer("o3", "ada")
	old.Expires = time.Now().Add(-time.Second)
	if err := s.CreateOffer(ctx, old); err != nil {
		t.Fatal(err)
	}
	got, err := s.Offer(ctx, "o1")
	if err != nil || got.Kind != store.Seek || got.From != "ada" || !got.Rated || got.GameTime != 5*time.Minute || got.Increment != 3*time.Second ||
		got.MinRating != 1400 || got.MaxRating != 1600 || got.State != store.OfferOpen || got.Color != "random" || !got.Settled.IsZero() {
		t.Fatalf("read back: %+v, %v", got, err)
	}
	if _, err := s.Offer(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown offer: %v", err)
	}
	ids := func(f store.OfferFilter) string {
		t.Helper()
		f.Now = time.Now()
		list, err := s.OpenOffers(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		out := ""
		for _, o := range list {
			out += o.ID + " "
		}
		return out
	}
	for _, tt := range []struct {
		f    store.OfferFilter
		want string
	}{
		{store.OfferFilter{}, "o2 o1 "},
		{store.OfferFilter{Kind: store.Seek}, "o1 "},
		{store.OfferFilter{Account: "ada"}, "o2 o1 "},
		{store.OfferFilter{Account: "bob", Kind: store.Challenge}, "o2 "},
		{store.OfferFilter{Account: "carl"}, ""},
	} {
		if got := ids(tt.f); got != tt.want {
			t.Errorf("open offers %+v: %q, want %q", tt.f, got, tt.want)
		}
	}
	if n, err := s.CountOpenOffers(ctx, "ada", time.Now()); err != nil || n != 1 {
		t.Errorf("ada's open offers: %d, %v", n, err)
	}
	if err := s.SettleOffer(ctx, "o3", store.OfferAccepted, "bob", "g0", time.Now()); !errors.Is(err, store.ErrConflict) {
		t.Errorf("an expired offer accepted: %v", err)
	}
	if err := s.SettleOffer(ctx, "o1", store.OfferAccepted, "bob", "g1", time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s.SettleOffer(ctx, "o1", store.OfferCancelled, "ada", "", time.Now()); !errors.Is(err, store.ErrConflict) {
		t.Errorf("an accepted offer cancelled: %v", err)
	}
	if err := s.SettleOffer(ctx, "nope", store.OfferCancelled, "ada", "", time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown offer settled: %v", err)
	}
	if got, _ := s.Offer(ctx, "o1"); got.State != store.OfferAccepted || got.By != "bob" || got.Game != "g1" || got.Settled.IsZero() {
		t.Errorf("accepted: %+v", got)
	}
	if got := ids(store.OfferFilter{}); got != "o2 " {
		t.Errorf("open after the acceptance: %q", got)
	}
	if err := s.ReopenOffer(ctx, "o1", "carl", "g1"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("another's acceptance taken back: %v", err)
	}
	if err := s.ReopenOffer(ctx, "o1", "bob", "g1"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Offer(ctx, "o1"); got.State != store.OfferOpen || got.By != "" || got.Game != "" {
		t.Errorf("reopened: %+v", got)
	}
}

// RaceOfferAccepts: many accepts of one offer at once, through a and b
// (two processes on one database): exactly one settles it.
func RaceOfferAccepts(t *testing.T, a, b LobbyStore) {
	ctx := context.Background()
	if err := a.CreateOffer(ctx, newOffer("race", "ada")); err != nil {
		t.Fatal(err)
	}
	raceOne(t, 16, func(i int) error {
		return []LobbyStore{a, b}[i%2].SettleOffer(ctx, "race", store.OfferAccepted, fmt.Sprintf("p%d", i), fmt.Sprintf("g%d", i), time.Now())
	})
	got, err := b.Offer(ctx, "race")
	if err != nil || got.State != store.OfferAccepted || got.Game != "g"+got.By[1:] {
		t.Errorf("the offer after the race: %+v, %v", got, err)
	}
}

// testAccepts: a bot's declaration reads back as stored and replaces
// the one before; a person declares nothing; a bot is online from when
// it is seen, while it and its person are enabled.
func testAccepts(t *testing.T, s LobbyStore) {
	ctx := context.Background()
	accounts, ok := s.(store.Accounts)
	if !ok {
		t.Skip("the store keeps no accounts")
	}
	ada := person(t, accounts, "ada")
	b := bot(t, accounts, "adabot", ada.ID)
	if _, err := s.Accepts(ctx, b.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("before any declaration: %v", err)
	}
	if err := s.SetAccepts(ctx, store.Accepts{Account: ada.ID, Casual: true, MaxGames: 1}); !errors.Is(err, store.ErrNoAccount) {
		t.Errorf("a person's declaration: %v", err)
	}
	want := store.Accepts{Account: b.ID, Classes: []string{"blitz", "rapid"}, Rated: true, MinRating: 1200, MaxRating: 1900, MaxGames: 3}
	if err := s.SetAccepts(ctx, store.Accepts{Account: b.ID, Casual: true, MaxGames: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAccepts(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Accepts(ctx, b.ID)
	if err != nil || fmt.Sprint(got.Classes) != "[blitz rapid]" || !got.Rated || got.Casual || got.MinRating != 1200 || got.MaxRating != 1900 || got.MaxGames != 3 || !got.Seen.IsZero() {
		t.Fatalf("read back: %+v, %v", got, err)
	}
	start := time.Now().Add(-time.Second)
	if online, err := s.OnlineAcceptors(ctx, start); err != nil || len(online) != 0 {
		t.Errorf("online before being seen: %+v, %v", online, err)
	}
	if err := s.SeenBot(ctx, b.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if online, err := s.OnlineAcceptors(ctx, start); err != nil || len(online) != 1 || online[0].Account != b.ID {
		t.Errorf("online once seen: %+v, %v", online, err)
	}
	if err := accounts.SetDisabled(ctx, ada.ID, true); err != nil {
		t.Fatal(err)
	}
	if online, err := s.OnlineAcceptors(ctx, start); err != nil || len(online) != 0 {
		t.Errorf("online, its person disabled: %+v, %v", online, err)
	}
	if err := s.DeleteAccepts(ctx, b.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Accepts(ctx, b.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after deleting: %v", err)
	}
}

// testPruneOffers: the offers settled or expired before the time given
// are deleted; those open and unexpired then, and those settled after,
// are kept.
func testPruneOffers(t *testing.T, s LobbyStore) {
	ctx := context.Background()
	now := time.Now()
	for _, o := range []*store.Offer{newOffer("open", "ada"), newOffer("expired", "ada"), newOffer("settled", "bob"), newOffer("recent", "cy")} {
		if o.ID == "expired" {
			o.Expires = now.Add(-2 * time.Hour)
		}
		if err := s.CreateOffer(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SettleOffer(ctx, "settled", store.OfferCancelled, "bob", "", now.Add(-2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.SettleOffer(ctx, "recent", store.OfferCancelled, "cy", "", now); err != nil {
		t.Fatal(err)
	}
	n, err := s.PruneOffers(ctx, now.Add(-time.Hour))
	if err != nil || n != 2 {
		t.Fatalf("pruned %d, %v; want the expired and the settled", n, err)
	}
	for id, kept := range map[string]bool{"open": true, "expired": false, "settled": false, "recent": true} {
		if _, err := s.Offer(ctx, id); (err == nil) != kept {
			t.Errorf("offer %s after the pruning: %v, want kept %v", id, err, kept)
		}
	}
}
