package server

import "testing"

// TestGameViewNamesTheOpening: the game's JSON names its opening once it
// has reached one, from any first move, and leaves the field out before.
func TestGameViewNamesTheOpening(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	for _, tc := range []struct{ transcript, want string }{
		{"f5", ""},
		{"f5d6c3d3c4", "Tiger"},
		{"c4e3f6e6f5", "Tiger"},
		{"e6f4c3c4d3c2", "Aubrey (Tanaka)"},
		{"f5f6e6f4e3", "Cow"},
	} {
		g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "human", Name: "bob"}, Transcript: tc.transcript, Time: "0"})
		if got := ts.state(g.ID).Opening; got != tc.want {
			t.Errorf("%s: opening %q, want %q", tc.transcript, got, tc.want)
		}
	}
}
