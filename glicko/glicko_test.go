package glicko

import (
	"errors"
	"math"
	"testing"
)

// TestGlickmansExample: the worked example of Glickman's "Example of the
// Glicko-2 system": a player of 1500 (deviation 200, volatility 0.06)
// beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300), tau 0.5:
// 1464.06, deviation 151.52, volatility 0.05999.
func TestGlickmansExample(t *testing.T) {
	p := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	results := []Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: 0},
	}
	got, err := Update(p, results, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b, tol float64) bool { return math.Abs(a-b) <= tol }
	if !near(got.Rating, 1464.06, 0.01) || !near(got.Deviation, 151.52, 0.01) || !near(got.Volatility, 0.05999, 0.00001) {
		t.Errorf("got %+v, want 1464.06, 151.52, 0.05999", got)
	}
}

// TestUpdateDirections: a win raises the rating and a loss lowers it, by
// more against a surer opponent's equal; every game makes the rating
// surer; a draw between equals changes nothing but the deviation.
func TestUpdateDirections(t *testing.T) {
	equal := New()
	tests := []struct {
		name  string
		score float64
		want  func(before, after Rating) bool
	}{
		{"win", 1, func(b, a Rating) bool { return a.Rating > b.Rating }},
		{"loss", 0, func(b, a Rating) bool { return a.Rating < b.Rating }},
		{"draw between equals", 0.5, func(b, a Rating) bool { return math.Abs(a.Rating-b.Rating) < 1e-9 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			after, err := Update(equal, []Result{{Opponent: equal, Score: tt.score}}, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !tt.want(equal, after) || after.Deviation >= equal.Deviation {
				t.Errorf("%+v -> %+v", equal, after)
			}
		})
	}
	sure := Rating{Rating: 1500, Deviation: 50, Volatility: 0.06}
	vsSure, _ := Update(equal, []Result{{Opponent: sure, Score: 1}}, 0)
	vsNew, _ := Update(equal, []Result{{Opponent: equal, Score: 1}}, 0)
	if vsSure.Rating <= vsNew.Rating {
		t.Errorf("a win over a sure 1500 gives %.2f, over a new 1500 %.2f: want more", vsSure.Rating, vsNew.Rating)
	}
}

// TestIdle: a period without games leaves the rating and makes it less
// sure, never beyond a new player's deviation.
func TestIdle(t *testing.T) {
	r := Rating{Rating: 1720, Deviation: 60, Volatility: 0.06}
	got, err := Update(r, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rating != r.Rating || got.Deviation <= r.Deviation || got != r.Idle() {
		t.Errorf("idle %+v -> %+v", r, got)
	}
	if n := New().Idle(); n.Deviation != DefaultDeviation {
		t.Errorf("a new player idle: %+v", n)
	}
	if !New().Provisional() || r.Provisional() {
		t.Error("a new player is provisional, one of deviation 60 is not")
	}
}

// TestUpdateRefusesBadInput: the error says what is wrong and the rating
// comes back unchanged.
func TestUpdateRefusesBadInput(t *testing.T) {
	p := New()
	bad := []struct {
		name    string
		r       Rating
		results []Result
		tau     float64
	}{
		{"score above 1", p, []Result{{Opponent: p, Score: 1.5}}, 0},
		{"negative score", p, []Result{{Opponent: p, Score: -1}}, 0},
		{"NaN score", p, []Result{{Opponent: p, Score: math.NaN()}}, 0},
		{"zero deviation", Rating{Rating: 1500, Volatility: 0.06}, nil, 0},
		{"opponent's infinite rating", p, []Result{{Opponent: Rating{Rating: math.Inf(1), Deviation: 100, Volatility: 0.06}, Score: 1}}, 0},
		{"negative tau", p, []Result{{Opponent: p, Score: 1}}, -1},
		{"zero volatility", Rating{Rating: 1500, Deviation: 100}, nil, 0},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Update(tt.r, tt.results, tt.tau)
			if err == nil {
				t.Fatalf("no error: %+v", got)
			}
			if got != tt.r {
				t.Errorf("changed %+v to %+v", tt.r, got)
			}
		})
	}
	if _, err := Update(p, []Result{{Opponent: p, Score: 2}}, 0); !errors.Is(err, ErrScore) {
		t.Errorf("a score of 2: %v, want ErrScore", err)
	}
}

// TestExpected: even between equals, more for the stronger, and nearer
// one half against an unsure opponent.
func TestExpected(t *testing.T) {
	a, b := New(), Rating{Rating: 1700, Deviation: 50, Volatility: 0.06}
	if e := Expected(a, a); math.Abs(e-0.5) > 1e-12 {
		t.Errorf("equals: %v", e)
	}
	unsure := b
	unsure.Deviation = 350
	if eb, eu := Expected(a, b), Expected(a, unsure); !(eb < eu && eu < 0.5) {
		t.Errorf("against a sure 1700 %v, an unsure one %v", eb, eu)
	}
}
