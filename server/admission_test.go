package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
)

// TestGameCaps: a new game over the server's cap on live games is
// refused 503 (try again in a while), one over a client's cap 429, and
// one over a client's new games in the period 429 saying when to try
// again.
func TestGameCaps(t *testing.T) {
	bots := CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}}
	for _, tt := range []struct {
		name   string
		cfg    Config
		status int
		// retry is the least Retry-After wanted, in seconds (0: none).
		retry int
	}{
		{"the server's cap", Config{MaxGames: 1}, http.StatusServiceUnavailable, 1},
		{"a client's cap", Config{MaxGamesPerClient: 1}, http.StatusTooManyRequests, 0},
		{"a client's new games", Config{NewGamesPerClient: 1}, http.StatusTooManyRequests, 60},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, "", tt.cfg)
			if code := ts.call("POST", "/api/games", bots, nil); code != http.StatusCreated {
				t.Fatalf("the first game: %d", code)
			}
			body, _ := json.Marshal(bots)
			resp, err := http.Post(ts.http.URL+"/api/games", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			var e apiError
			json.NewDecoder(resp.Body).Decode(&e)
			resp.Body.Close()
			if resp.StatusCode != tt.status || e.Error == "" {
				t.Fatalf("the second game: %d %q, want %d with a reason", resp.StatusCode, e.Error, tt.status)
			}
			after := resp.Header.Get("Retry-After")
			if tt.retry == 0 {
				if after != "" {
					t.Errorf("Retry-After %q, want none", after)
				}
				return
			}
			if n, err := strconv.Atoi(after); err != nil || n < tt.retry {
				t.Errorf("Retry-After %q, want at least %d", after, tt.retry)
			}
		})
	}
}
