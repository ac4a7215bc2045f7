// Command bot-go is a tiny bot for reversi's game server: it creates a
// game against a built-in player and plays the first legal move of each
// turn, until the end. Run a server (go run ./cmd/reversi serve), then:
//
//	go run ./examples/bot-go -server http://127.0.0.1:8080 -opponent random
//
// It uses only the standard library and speaks the server's API
// (docs/API.md) over HTTP alone: it imports nothing of reversi, as a bot
// written in any language would.
package main
