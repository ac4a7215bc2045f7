package arena

import (
	"math"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

func TestCheckNamesAndAnchor(t *testing.T) {
	for _, tc := range []struct {
		names             []string
		anchor, want      string
		namesOK, anchorOK bool
	}{
		{[]string{"greedy", "random"}, "", "random", true, true},
		{[]string{"greedy", "roxanne"}, "", "", true, true},
		{[]string{"greedy", "random"}, "greedy", "greedy", true, true},
		{[]string{"greedy", "random"}, "engine", "", true, false},
		{[]string{"greedy", "random", "greedy"}, "", "random", false, true},
	} {
		if err := CheckNames(tc.names); (err == nil) != tc.namesOK {
			t.Errorf("CheckNames(%q) = %v, want ok %v", tc.names, err, tc.namesOK)
		}
		got, err := Anchor(tc.names, tc.anchor)
		if (err == nil) != tc.anchorOK || got != tc.want {
			t.Errorf("Anchor(%q, %q) = %q, %v; want %q, ok %v", tc.names, tc.anchor, got, err, tc.want, tc.anchorOK)
		}
	}
}

// TestMatchCount: the count adds A's results whatever its colour, stops
// the match when the sequential test decides, and summarizes both.
func TestMatchCount(t *testing.T) {
	// result is a game that Black won by 10 discs (34-24 with 6 empties: a
	// tournament margin of 16), with A as Black or White.
	result := func(aBlack bool) Result {
		res := game.Result{Reason: game.Normal, Winner: board.Black, Black: 34, White: 24}
		g := game.NewStandard()
		g.Result = res
		return Result{ABlack: aBlack, Game: g}
	}
	sprt, err := ParseSPRT("elo0=0,elo1=200")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		sprt  *SPRT
		games int // played before Add returns false (0: never)
	}{{"no test", nil, 0}, {"SPRT", &sprt, 0}} {
		c := MatchCount{SPRT: tc.sprt}
		played, wins := 0, 0
		for i := range 40 {
			played++
			aBlack := i%4 != 3 // A wins three games of four
			if aBlack {
				wins++
			}
			if !c.Add(result(aBlack)) {
				break
			}
		}
		switch {
		case tc.sprt == nil && (played != 40 || c.Decision != Continue):
			t.Errorf("%s: stopped after %d games (%v), want 40", tc.name, played, c.Decision)
		case tc.sprt != nil && (played == 40 || c.Decision != AcceptH1):
			t.Errorf("%s: %d games, %v; want H1 accepted before 40 games", tc.name, played, c.Decision)
		}
		if c.Score.Wins != wins || c.Score.Losses != played-wins || c.Score.Margin != 16*(wins-(played-wins)) {
			t.Errorf("%s: score %+v after %d games, %d won by 16, the others lost by 16", tc.name, c.Score, played, wins)
		}
		var s Summary
		c.Summarize(&s, nil)
		if s.Wins != wins || s.Played != played {
			t.Errorf("%s: summary %+v", tc.name, s)
		}
		if tc.sprt == nil && (s.LLR != 0 || s.Decision != "") || tc.sprt != nil && (math.Abs(s.LLR-sprt.LLR(c.Score)) > 1e-12 || s.Decision != AcceptH1.String()) {
			t.Errorf("%s: summary LLR %v, decision %q", tc.name, s.LLR, s.Decision)
		}
	}
}

// TestMatchCountRuleLosses: the count and the summary say how many games
// each player lost on time and by illegal moves, whatever its colour.
func TestMatchCountRuleLosses(t *testing.T) {
	lost := func(reason game.Reason, by board.Color, aBlack bool) Result {
		g := game.NewStandard()
		g.Result = game.NewResult(g.Position(), reason, by)
		return Result{ABlack: aBlack, Game: g}
	}
	results := []Result{
		lost(game.Timeout, board.Black, true),       // A on time
		lost(game.Timeout, board.Black, false),      // B on time
		lost(game.Timeout, board.White, true),       // B on time
		lost(game.IllegalMoves, board.White, false), // A by illegal moves
		lost(game.Resignation, board.White, false),  // A resigned: neither
	}
	var c MatchCount
	for _, r := range results {
		c.Add(r)
	}
	if c.OnTime != [2]int{1, 2} || c.Illegal != [2]int{1, 0} {
		t.Errorf("count: on time %v, illegal moves %v; want [1 2], [1 0]", c.OnTime, c.Illegal)
	}
	if got, want := c.RuleLosses([2]string{"a", "b"}), "lost on time: a 1, b 2; by illegal moves: a 1, b 0"; got != want {
		t.Errorf("RuleLosses = %q, want %q", got, want)
	}
	var s Summary
	c.Summarize(&s, results)
	if s.LostOnTime != [2]int{1, 2} || s.LostByIllegal != [2]int{1, 0} {
		t.Errorf("summary: on time %v, illegal moves %v; want [1 2], [1 0]", s.LostOnTime, s.LostByIllegal)
	}
}

// TestMatchCountStatusAndReport: a match's status line names the rule
// losses once there are some; its report gives the score, the rule
// losses, the repeats and the sequential test's decision.
func TestMatchCountStatusAndReport(t *testing.T) {
	names := [2]string{"a", "b"}
	sprt, err := ParseSPRT("elo0=0,elo1=400")
	if err != nil {
		t.Fatal(err)
	}
	won := func(aBlack bool, reason game.Reason) Result {
		g := game.NewStandard()
		g.Result = game.Result{Reason: reason, Winner: board.Black, Black: 34, White: 24, By: board.White}
		return Result{ABlack: aBlack, Game: g}
	}
	for _, tc := range []struct {
		name       string
		sprt       *SPRT
		results    []Result
		status     string
		report     []string
		reportNone []string
	}{
		{"one game", nil, []Result{won(true, game.Normal)}, "W 1 D 0 L 0",
			[]string{"a vs b: 1 game: W 1 D 0 L 0", "\nlost on time: a 0, b 0; by illegal moves: a 0, b 0\n"}, []string{"SPRT", "distinct games"}},
		{"on time, repeated", nil, []Result{won(true, game.Timeout), won(true, game.Timeout)}, "; lost on time: a 0, b 2; by illegal moves: a 0, b 0",
			[]string{"a vs b: 2 games: W 2 D 0 L 0", "distinct games: 1 of 2"}, []string{"SPRT"}},
		{"sprt", &sprt, []Result{won(true, game.Normal), won(false, game.Normal)}, "W 1 D 0 L 1",
			[]string{"a vs b: 2 games: ", "\nSPRT elo0=0,elo1=400: LLR ", "(bounds ", "): continue\n"}, nil},
	} {
		c := MatchCount{SPRT: tc.sprt}
		for _, r := range tc.results {
			c.Add(r)
		}
		if got := c.Status(names); !strings.Contains(got, tc.status) {
			t.Errorf("%s: status %q, want %q in it", tc.name, got, tc.status)
		}
		s := &Summary{Players: names}
		if tc.sprt != nil {
			s.SPRT = "elo0=0,elo1=400"
		}
		c.Summarize(s, tc.results)
		got := c.Report(s)
		if !strings.HasSuffix(got, "\n") {
			t.Errorf("%s: report without its last newline: %q", tc.name, got)
		}
		for _, w := range tc.report {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in report\n%s", tc.name, w, got)
			}
		}
		for _, w := range tc.reportNone {
			if strings.Contains(got, w) {
				t.Errorf("%s: %q in report\n%s", tc.name, w, got)
			}
		}
	}
}
