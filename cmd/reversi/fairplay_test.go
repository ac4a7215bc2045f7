package main

// Fair play in the real "reversi serve" process: no engine help to the
// seats of a game between players while it goes on, unless it was
// created as an analysis game.

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFairPlayNoHelp: in a live game between two people (past its first
// six moves), the state has no book moves and says so (no_help), and
// nobody gets an analysis of its position or its book from
// /api/position; the same position in a game against the computer has its
// book, in a game created with "analysis": true too; once the game is
// over, its position is analysed. Before, the live state carried the
// book's moves and /api/analyze answered for the current position.
func TestFairPlayNoHelp(t *testing.T) {
	url, _ := startServer(t, filepath.Join(t.TempDir(), "fair.db"), "--rate", "1000")
	const tiger = "f5d6c3d3c4f4" // Tiger: black to move, in the book
	people := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"human"},"white":{"kind":"human"},"transcript":"`+tiger+`"}`, nil)
	id := people["id"].(string)
	s := getState(t, url+"/api/games/"+id)
	if s["book"] != nil || s["no_help"] != true {
		t.Errorf("a live game between people: book %v, no_help %v; want no book, no_help", s["book"], s["no_help"])
	}
	wantStatus(t, 403, "POST", url+"/api/analyze", `{"transcript":"`+tiger+`"}`, []string{"game in progress between players"})
	if _, p := call(t, "POST", url+"/api/position", `{"transcript":"`+tiger+`"}`); p["book"] != nil {
		t.Errorf("/api/position gives the book of the live game's position: %v", p["book"])
	}
	// Against the computer, or created as an analysis game: helped.
	computer := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"human"},"white":{"kind":"builtin","spec":"random"},"transcript":"`+tiger+`"}`, nil)
	if s := getState(t, url+"/api/games/"+computer["id"].(string)); s["book"] == nil || s["no_help"] != nil {
		t.Errorf("a game against the computer: book %v, no_help %v; want the book", s["book"], s["no_help"])
	}
	const rose = "f5d6c5f4e3f6" // another opening: no live game without help there
	analysis := wantStatus(t, 201, "POST", url+"/api/games", `{"black":{"kind":"human"},"white":{"kind":"bot"},"analysis":true,"transcript":"`+rose+`"}`, nil)
	if s := getState(t, url+"/api/games/"+analysis["id"].(string)); s["book"] == nil || s["no_help"] != nil || s["analysis"] != true {
		t.Errorf("an analysis game: book %v, no_help %v, analysis %v; want the book", s["book"], s["no_help"], s["analysis"])
	}
	wantStatus(t, 200, "POST", url+"/api/analyze", `{"transcript":"`+rose+`","player":"alphabeta:depth=2"}`, nil)
	// Over: analysed.
	token := people["tokens"].(map[string]any)["black"].(string)
	wantStatus(t, 200, "POST", url+"/api/games/"+id+"/resign", `{"token":"`+token+`"}`, nil)
	waitFor(t, url, id, patience, "the resignation", func(s map[string]any) bool { return s["status"] == "finished" })
	out := wantStatus(t, 200, "POST", url+"/api/analyze", `{"transcript":"`+tiger+`","player":"alphabeta:depth=2"}`, nil)
	if !strings.Contains(out["_text"].(string), `"best"`) {
		t.Errorf("the analysis after the end: %s", out["_text"])
	}
}
