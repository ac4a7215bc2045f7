package endgame

import (
	"context"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/eval/pattern"
)

// uniformCuts returns cuts of probability percent that predict the exact
// score as the shallow value plus intercept, with the margin given, at
// every number of empty squares.
func uniformCuts(percent int, intercept, margin float64) *Cuts {
	c := &Cuts{Probability: percent}
	for e := range c.Cells {
		c.Cells[e] = CutCell{Shallow: 2, Slope: 1, Intercept: intercept, Margin: margin}
	}
	return c
}

// TestSelectiveSolve: cuts that never fire (a margin beyond any score)
// give the exact scores; cuts that are far from the truth change them;
// and the bounds a selective solve leaves in the table do not pass for
// exact ones: an exact solve after it, on the same solver, is exact.
func TestSelectiveSolve(t *testing.T) {
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	problems := FForumProblems(t, "fforum-1-19.obf")[:8]
	s := mustNew(t, Options{HashMB: 16, Eval: ev})
	never := uniformCuts(87, 0, 63)
	wrong := uniformCuts(73, 40, 0) // predicts a win by 40 more than the search: cuts high everywhere
	changed := 0
	for i, p := range problems {
		b := p.Position.Board
		want, _ := p.BestScore()
		r, err := s.Search(context.Background(), b, Limits{Cuts: never}, nil)
		if err != nil || r.Score != want {
			t.Fatalf("#%d with cuts that never fire: %d (%v), want %d", i+1, r.Score, err, want)
		}
		s.Clear()
		w, err := s.Search(context.Background(), b, Limits{Cuts: wrong}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if w.Score != want {
			changed++
		}
		x, err := s.Search(context.Background(), b, Limits{}, nil) // the same table
		if err != nil || x.Score != want {
			t.Fatalf("#%d: exact solve after a selective one: %d (%v), want %d", i+1, x.Score, err, want)
		}
		all, err := s.Search(context.Background(), b, Limits{AllMoves: true}, nil)
		if err != nil || all.Score != want {
			t.Fatalf("#%d: exact solve of every move after a selective one: %d (%v), want %d", i+1, all.Score, err, want)
		}
	}
	if changed == 0 {
		t.Errorf("cuts 40 discs off the truth changed none of %d scores: the cuts do not run", len(problems))
	}
}

// TestSelectiveSolveRefuses: cuts without an evaluation, or with values
// out of range, are an error and no solve.
func TestSelectiveSolveRefuses(t *testing.T) {
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := FForumProblems(t, "fforum-1-19.obf")[0].Position.Board
	if _, err := mustNew(t, Options{HashMB: 1}).Search(context.Background(), b, Limits{Cuts: uniformCuts(87, 0, 3)}, nil); err == nil || !strings.Contains(err.Error(), "evaluation") {
		t.Errorf("cuts without an evaluation: %v", err)
	}
	bad := map[string]*Cuts{
		"probability 100": uniformCuts(100, 0, 3),
		"probability 0":   uniformCuts(0, 0, 3),
		"slope":           func() *Cuts { c := uniformCuts(87, 0, 3); c.Cells[20].Slope = 0; return c }(),
		"shallow depth":   func() *Cuts { c := uniformCuts(87, 0, 3); c.Cells[20].Shallow = maxCutShallow + 1; return c }(),
		"margin":          func() *Cuts { c := uniformCuts(87, 0, 3); c.Cells[20].Margin = -1; return c }(),
	}
	s := mustNew(t, Options{HashMB: 1, Eval: ev})
	for name, c := range bad {
		if _, err := s.Search(context.Background(), b, Limits{Cuts: c}, nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
