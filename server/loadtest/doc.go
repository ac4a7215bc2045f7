// Package loadtest plays many games at once between scripted bots on a
// running game server, as real bots would: each bot watches its game on
// a WebSocket and plays a random legal move through the HTTP API when it
// is its turn. It measures the time from a move's submission to its
// broadcast to the opponent, and checks at the end that every game
// finished with exactly the moves the server acknowledged. Spectators
// (Config.Spectators) watch each game on WebSockets of their own, and
// their latency is measured apart.
//
// [Run] plays the games of a [Config] and returns a [Report]. [Local]
// starts a server of its own on a store, and [LocalOn] on a database it
// names (a new SQLite file in a temporary folder by default), for a test
// without a running server:
//
//	url, db, stop, err := loadtest.LocalOn(ctx, "", 100)
//	...
//	defer stop()
//	rep, err := loadtest.Run(ctx, loadtest.Config{URL: url, Games: 100, Think: time.Second})
//
// It imports the server (its API types and, for Local, the server
// itself), store/open and the WebSocket client; reversi loadtest is its
// command.
package loadtest
