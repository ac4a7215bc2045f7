package account_test

import (
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
)

// A person registers, logs in, and makes a bot with an API key; the key
// is shown once, and its hash and prefix are what the store keeps.
func Example() {
	ada, err := account.NewPerson("Ada", "correct horse battery staple")
	if err != nil {
		fmt.Println(err)
		return
	}
	ok, rehash, _ := account.Login(ada, "correct horse battery staple")
	fmt.Println("login:", ok, "rehash:", rehash)
	ok, _, _ = account.Login(ada, "wrong horse battery staple")
	fmt.Println("wrong password:", ok)

	bot, _ := account.NewBot("ada-bot", ada)
	key := account.NewAPIKey()
	stored := store.APIKey{ID: account.NewID(), Hash: key.Hash, Prefix: key.Prefix, Bot: bot.ID}
	fmt.Println("bot of Ada:", bot.Owner == ada.ID, "key shown once:", len(key.Key), "characters, listed as", len(stored.Prefix), "characters")
	fmt.Println("a request's key is looked up by", account.HashToken(key.Key) == stored.Hash)

	_, err = account.NewPerson("ADMIN", "correct horse battery staple")
	fmt.Println(err)
	// Output:
	// login: true rehash: false
	// wrong password: false
	// bot of Ada: true key shown once: 56 characters, listed as 12 characters
	// a request's key is looked up by true
	// account: bad name "ADMIN": the name is reserved
}

// The time-control classes of some clocks.
func ExampleClassify() {
	for _, c := range []struct{ move, game, inc time.Duration }{
		{0, time.Minute, 0},
		{0, 3 * time.Minute, 2 * time.Second},
		{0, 10 * time.Minute, 0},
		{60 * time.Second, 0, 0},
		{0, 0, 0},
	} {
		fmt.Printf("%v a move, %v + %v: %s\n", c.move, c.game, c.inc, account.Classify(c.move, c.game, c.inc))
	}
	// Output:
	// 0s a move, 1m0s + 0s: bullet
	// 0s a move, 3m0s + 2s: blitz
	// 0s a move, 10m0s + 0s: rapid
	// 1m0s a move, 0s + 0s: classical
	// 0s a move, 0s + 0s: unlimited
}

// Two new players' first rated game: Black wins; both ratings stay
// provisional.
func ExampleRater_Rate() {
	in := store.RateInput{
		Game:    "g1",
		Result:  store.Result{Reason: "normal end", Winner: "black", By: "none", Black: 40, White: 24},
		Plies:   60,
		Class:   string(account.Blitz),
		Ratings: [2]store.Rating{{Account: "ada"}, {Account: "bob"}},
	}
	after, rated, _ := account.DefaultRater.Rate(in)
	for _, r := range after {
		fmt.Printf("%s %.0f ± %.0f provisional %v\n", r.Account, r.Rating, 2*r.Deviation, account.Provisional(store.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility, Games: 1}))
	}
	fmt.Println("rated:", rated)
	// Output:
	// ada 1662 ± 581 provisional true
	// bob 1338 ± 581 provisional true
	// rated: true
}
