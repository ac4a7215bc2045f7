package accuracy

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/internal/testpos"
)

func TestLeastSquares(t *testing.T) {
	a, b := LeastSquares([]float64{1, 2, 3, 4}, []float64{3, 5, 7, 9})
	if math.Abs(a-2) > 1e-9 || math.Abs(b-1) > 1e-9 {
		t.Errorf("a, b = %v, %v; want 2, 1", a, b)
	}
	if a, b := LeastSquares([]float64{5, 5}, []float64{2, 4}); a != 0 || b != 3 {
		t.Errorf("constant x: a, b = %v, %v; want 0, the mean 3", a, b)
	}
}

func TestErrors(t *testing.T) {
	mae, rmse := Errors([]float64{10, -20}, []float64{12, -16}, false)
	if mae != 3 || math.Abs(rmse-math.Sqrt(10)) > 1e-9 {
		t.Errorf("MAE %v RMSE %v; want 3, sqrt(10)", mae, rmse)
	}
	values := []float64{10, -20}
	Errors(values, []float64{12, -16}, false)
	if m := MeanError(values, []float64{12, -16}); m != -3 { // (10-12 + -20+16) / 2
		t.Errorf("mean error %v; want -3", m)
	}
	mae, rmse = Errors([]float64{1, 2, 3}, []float64{10, 20, 30}, true) // scaled exactly
	if mae > 1e-9 || rmse > 1e-9 {
		t.Errorf("scaled: MAE %v RMSE %v; want 0", mae, rmse)
	}
}

// TestSolveKeepsEverySolve: the solves are kept in the file, and a second
// run finds them there.
func TestSolveKeepsEverySolve(t *testing.T) {
	boards, err := testpos.Endgame(4, 10)
	if err != nil {
		t.Fatal(err)
	}
	items := make([]Item, len(boards))
	for i, b := range boards {
		items[i] = Item{Position: board.Position{Board: b, Turn: board.Black}, Board: b}
	}
	name := filepath.Join(t.TempDir(), "solved.obf")
	s, err := OpenSolved(name)
	if err != nil {
		t.Fatal(err)
	}
	todo, filled := s.Fill(items)
	if len(todo) != 4 || filled != 0 {
		t.Fatalf("a new file: todo %v, filled %d", todo, filled)
	}
	var mu sync.Mutex
	var reported []int
	err = Solve(context.Background(), items, todo, SolveOptions{Threads: 1, Concurrency: 2, HashMB: 4, Keep: s, Solved: func(i int, move board.Square) error {
		if _, known := s.Score(items[i].Board); !known {
			t.Errorf("item %d reported before it was kept", i)
		}
		mu.Lock()
		defer mu.Unlock()
		reported = append(reported, i)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Sort(reported); !slices.Equal(reported, todo) {
		t.Errorf("reported %v, want %v", reported, todo)
	}
	s.Close()
	again, err := OpenSolved(name)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	fresh := make([]Item, len(items))
	for i, it := range items {
		fresh[i] = Item{Position: it.Position, Board: it.Board}
	}
	todo, filled = again.Fill(fresh)
	if len(todo) != 0 || filled != 4 {
		t.Fatalf("reopened: todo %v, filled %d; want all 4 filled", todo, filled)
	}
	for i := range items {
		if !items[i].Known || fresh[i].Score != items[i].Score {
			t.Errorf("item %d: solved %d (known %v), from the file %d", i, items[i].Score, items[i].Known, fresh[i].Score)
		}
	}
}

// TestSolveKeepError: a solve that cannot be kept (the file closed) stops
// the solves with a *KeepError naming the file.
func TestSolveKeepError(t *testing.T) {
	boards, err := testpos.Endgame(2, 8)
	if err != nil {
		t.Fatal(err)
	}
	items := []Item{{Position: board.Position{Board: boards[0], Turn: board.Black}, Board: boards[0]}}
	name := filepath.Join(t.TempDir(), "solved.obf")
	s, err := OpenSolved(name)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	called := false
	err = Solve(context.Background(), items, []int{0}, SolveOptions{Threads: 1, Concurrency: 1, HashMB: 4, Keep: s,
		Solved: func(int, board.Square) error { called = true; return nil }})
	var ke *KeepError
	if !errors.As(err, &ke) || ke.File != name || ke.Err == nil || !strings.Contains(err.Error(), name) {
		t.Fatalf("error %v (%T), want a *KeepError of %s", err, err, name)
	}
	if called {
		t.Error("Solved called for a solve that was not kept")
	}
}

// TestMeasure: Measure is Values then Errors and MeanError against the
// scores, for a disc evaluation and one scaled by least squares.
func TestMeasure(t *testing.T) {
	boards, err := testpos.Endgame(6, 10)
	if err != nil {
		t.Fatal(err)
	}
	items := make([]Item, len(boards))
	for i, b := range boards {
		items[i] = Item{Board: b, Score: 2*i - 5, Known: true}
	}
	ctx := context.Background()
	for _, ev := range []eval.Evaluator{eval.Discs{}, eval.Course{}} {
		values, err := Values(ctx, items, ev, SearchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var want Measurement
		want.MAE, want.RMSE = Errors(values, Scores(items), ev.DiscUnit() <= 0)
		want.Mean = MeanError(values, Scores(items))
		got, err := Measure(ctx, items, ev, SearchOptions{})
		if err != nil || got != want || got.MAE <= 0 {
			t.Errorf("%s: Measure = %+v, %v; want %+v", ev.Name(), got, err, want)
		}
	}
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Measure(stopped, items, eval.Discs{}, SearchOptions{Depth: 2}); err == nil {
		t.Error("Measure: no error once the context ended")
	}
}

// TestValuesInDiscs: the static evaluation is put in discs by the
// evaluation's unit; a search to or beyond the end of the game (depth at
// least the empty squares) gives the exact score, in discs, and Measure
// finds no error in it. It was divided by the unit again: an MAE of 23
// discs at 10 empties and --depth 10 where --depth 9 gave 1.7.
func TestValuesInDiscs(t *testing.T) {
	const empties = 8
	boards, err := testpos.Endgame(6, empties)
	if err != nil {
		t.Fatal(err)
	}
	items := make([]Item, len(boards))
	todo := make([]int, len(boards))
	for i, b := range boards {
		items[i], todo[i] = Item{Board: b}, i
	}
	ctx := context.Background()
	if err := Solve(ctx, items, todo, SolveOptions{Threads: 1, Concurrency: 1, HashMB: 4}); err != nil {
		t.Fatal(err)
	}
	scores := Scores(items)
	for _, ev := range []eval.Evaluator{engine.DefaultEvaluator(), eval.Discs{}} {
		static, err := Values(ctx, items, ev, SearchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i, it := range items {
			if want := float64(ev.Evaluate(it.Board)) / float64(ev.DiscUnit()); static[i] != want {
				t.Errorf("%s: static value of item %d: %v discs, want %v", ev.Name(), i, static[i], want)
			}
		}
		for _, depth := range []int{empties, empties + 1, 60} {
			o := SearchOptions{Depth: depth, Threads: 1}
			values, err := Values(ctx, items, ev, o)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(values, scores) {
				t.Errorf("%s, depth %d at %d empties: values %v, want the exact scores %v", ev.Name(), depth, empties, values, scores)
			}
			m, err := Measure(ctx, items, ev, o)
			if err != nil || m != (Measurement{}) {
				t.Errorf("%s, depth %d at %d empties: Measure = %+v, %v; want no error at all", ev.Name(), depth, empties, m, err)
			}
		}
	}
}

// TestSearchThreads: the search of Values has the threads it is given
// (it had all the cores whatever --threads said).
func TestSearchThreads(t *testing.T) {
	for _, tt := range []struct{ threads, want int }{{0, 1}, {1, 1}, {3, 3}} {
		eng, err := newSearch(eval.Discs{}, SearchOptions{Depth: 4, Threads: tt.threads})
		if err != nil {
			t.Fatal(err)
		}
		if got := eng.Threads(); got != tt.want {
			t.Errorf("Threads %d: the search has %d threads, want %d", tt.threads, got, tt.want)
		}
	}
}

// TestTableMB: one table a solver, no more solvers than positions.
func TestTableMB(t *testing.T) {
	tests := []struct {
		o       SolveOptions
		n, want int
	}{
		{SolveOptions{Concurrency: 100}, 1000, 100 * DefaultHashMB},
		{SolveOptions{Concurrency: 100, HashMB: 4}, 3, 12},
		{SolveOptions{Concurrency: 2, HashMB: 16}, 10, 32},
		{SolveOptions{}, 10, DefaultHashMB},
	}
	for _, tt := range tests {
		if got := tt.o.TableMB(tt.n); got != tt.want {
			t.Errorf("%+v.TableMB(%d) = %d, want %d", tt.o, tt.n, got, tt.want)
		}
	}
}
