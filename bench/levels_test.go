package bench

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/engine"
)

func TestLevelPositions(t *testing.T) {
	positions, err := LevelPositions()
	if err != nil {
		t.Fatal(err)
	}
	games, err := ntestGames()
	if err != nil {
		t.Fatal(err)
	}
	if want := len(games) * len(levelEmpties); len(positions) != want {
		t.Fatalf("%d positions, want %d (every game at every stage)", len(positions), want)
	}
	for i, b := range positions {
		stage := levelEmpties[i%len(levelEmpties)]
		if e := b.Empties(); e > stage || e < stage-2 || !b.HasMoves() {
			t.Errorf("position %d: %d empties (want about %d), moves %v", i, e, stage, b.HasMoves())
		}
	}
}

func TestLevelTimes(t *testing.T) {
	var calls int
	figs, err := LevelTimes(context.Background(), []int{1, 2}, 1, func(level, done, total int) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 2 || figs[0].Level != 1 || figs[1].Level != 2 {
		t.Fatalf("figures %+v, want levels 1 and 2", figs)
	}
	for _, f := range figs {
		if f.Positions == 0 || f.Nodes == 0 || f.Median > f.Max || f.Max > f.Total || f.Mean() > f.Max {
			t.Errorf("level %d: inconsistent figure %+v", f.Level, f)
		}
	}
	if calls != figs[0].Positions*2 {
		t.Errorf("%d progress calls, want %d", calls, figs[0].Positions*2)
	}
	if _, err := LevelTimes(context.Background(), []int{engine.MaxLevel + 1}, 1, nil); err == nil {
		t.Error("level 61 timed without an error")
	}
}
