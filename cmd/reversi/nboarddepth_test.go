package main

import (
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/format/obf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/testpos"
	"github.com/reversi-engine/reversi/nboard"
	"github.com/reversi-engine/reversi/player"
)

// setGame returns the "set game" line of a game that starts at pos, with
// the GGF time control ti ("" for none).
func setGame(pos board.Position, ti string) string {
	g := game.New(pos, game.Standard)
	g.Info.TimeControl = ti
	return "set game " + ggf.Format(g)
}

// goAnswers runs "reversi nboard --book off" as a separate process on the
// script, and returns, for each "go" of it, the search line before the
// move and the move.
func goAnswers(t *testing.T, script string) (searches []player.MoveStat, moves []string) {
	t.Helper()
	stdout, stderr, err := runBinary(reversiBinary(t), script, "nboard", "--threads", "1", "--hash", "16", "--book", "off")
	if err != nil {
		t.Fatalf("reversi nboard: %v\n%s\n%s", err, stdout, stderr)
	}
	var last player.MoveStat
	for _, l := range strings.Split(stdout, "\n") {
		switch {
		case strings.HasPrefix(l, "search "):
			m, err := nboard.ParseSearch(l)
			if err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			last = m
		case strings.HasPrefix(l, "=== "):
			searches = append(searches, last)
			moves = append(moves, strings.TrimPrefix(l, "=== "))
			last = player.MoveStat{}
		}
	}
	return searches, moves
}

// TestNBoardDepth60IsExact: "set depth 60" without a clock asks for the
// exact value of a position of 20 or 22 empties (FFO #40-#42): "go"
// answers with an exact solve ("100%", not a selective one such as
// "20@87%") and a best move with the file's score.
func TestNBoardDepth60IsExact(t *testing.T) {
	text, err := fforum.ReadFile("fforum-40-59.obf")
	if err != nil {
		t.Fatal(err)
	}
	problems, err := obf.Parse(strings.NewReader(string(text)))
	if err != nil {
		t.Fatal(err)
	}
	problems = problems[:3] // #40 (20 empties), #41 and #42 (22)
	if testing.Short() {
		problems = problems[:1]
	}
	script := "nboard 2\nset depth 60\n"
	for _, p := range problems {
		script += setGame(p.Position, "") + "\ngo\n"
	}
	searches, moves := goAnswers(t, script)
	if len(moves) != len(problems) {
		t.Fatalf("%d answers to %d go: %q", len(moves), len(problems), moves)
	}
	for i, p := range problems {
		best, _ := p.BestScore()
		s := searches[i]
		score, ok := p.Score(s.Move)
		if s.Source.Kind != player.Exact || !ok || score != best || s.Eval != float64(best) {
			t.Errorf("FFO #%d (%d empties), set depth 60: %v %+g (%+v), want a best move at %+d, exact", 40+i, p.Position.Board.Empties(), s.Move, s.Eval, s.Source, best)
		}
	}
}

// TestNBoardDepth60UnderAClock: "set depth 60" in a game with a clock is
// a bound, not an order. At 36 empties with 15 s on the clock, no solve
// fits in the move, so "go" plays the deepest midgame search it finished,
// not the quick 6-ply search that stands when a solve the clock stopped
// gives nothing (the engine used to spend the whole move on such a solve
// and play that quick move).
func TestNBoardDepth60UnderAClock(t *testing.T) {
	boards, err := testpos.Endgame(2, 36)
	if err != nil {
		t.Fatal(err)
	}
	script := "nboard 2\nset depth 60\n"
	for _, b := range boards {
		script += setGame(board.Position{Board: b, Turn: board.Black}, "00:15") + "\ngo\n"
	}
	searches, moves := goAnswers(t, script)
	if len(moves) != len(boards) {
		t.Fatalf("%d answers to %d go: %q", len(moves), len(boards), moves)
	}
	for i, s := range searches {
		// Depth 7 takes milliseconds at 36 empties: a move of about a
		// second reaches it on any machine.
		if s.Source.Kind != player.Selective && s.Source.Kind != player.Midgame || s.Source.Depth <= 6 {
			t.Errorf("position %d, 36 empties, 15 s: played %s after %+v; want a midgame search deeper than 6 plies", i, moves[i], s.Source)
		}
	}
}
