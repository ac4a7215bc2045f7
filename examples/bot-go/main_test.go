package main

import (
	"testing"

	"github.com/reversi-engine/reversi/examples/internal/serve"
)

// TestBotPlaysAGame runs the example bot against a real server to the end.
func TestBotPlaysAGame(t *testing.T) {
	url, st := serve.Start(t)
	if err := play(url, "greedy"); err != nil {
		t.Fatal(err)
	}
	serve.OneFinishedGame(t, st, "bot-go")
}
